"""The console's German lines: what ``doko-turnier`` prints for the Turnierleiter at start, on a
failed start and at the end (``tournament.serve``). ``{...}`` are filled in with ``format``."""

from __future__ import annotations

BANNER_RUNNING = "Doko-Turnier läuft (beenden mit Strg+C)."
BANNER_HALL = "Adresse für die Telefone im Saal: {url}"
BANNER_ALSO = "  auch erreichbar unter: {urls}"
BANNER_HERE = "Auf diesem Computer: {url}"
BANNER_PROXY = "Hinter dem Reverse-Proxy {proxy}: die Adresse nennt der Proxy."
BANNER_LOCAL_ONLY = (
    "Nur auf diesem Computer erreichbar: {url} – die Telefone im Saal erreichen diese "
    "Adresse nicht. Dafür Doko-Turnier ohne --host 127.0.0.1 starten."
)
BANNER_NO_NETWORK = (
    "Kein Netzwerk gefunden: die Telefone erreichen Doko-Turnier nicht. Bitte mit dem "
    "Saal-WLAN verbinden und Doko-Turnier neu starten."
)
PORT_TAKEN = (
    "Doko-Turnier startet nicht: Port {port} ist schon belegt. Läuft Doko-Turnier schon? "
    "Sonst einen anderen Port wählen, z. B. --port 8080."
)
CANNOT_LISTEN = "Doko-Turnier startet nicht: {host}:{port} geht nicht ({error})."
BANNER_DATA = "Die Daten liegen im Ordner {folder}"
ENDED = "Doko-Turnier beendet."
