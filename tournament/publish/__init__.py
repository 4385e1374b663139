"""Results outside the hall: the standings as CSV and PDF, the public pages as a static site."""
