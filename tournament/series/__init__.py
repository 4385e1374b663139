"""The season series (Jahreswertung): its pages for the Turnierleitung and the public."""
