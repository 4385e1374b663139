"""The console's German lines: what ``doko-turnier`` prints for the Turnierleiter at start, on a
failed start and at the end (``tournament.laptop``). ``{...}`` are filled in with ``format``."""

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
BANNER_LOG = "Meldungen des Programms (auch die Aktualisierung der Datenbank): {path}"
ENDED = "Doko-Turnier beendet."
HELP_EPILOG = (
    "Mit make: make run startet Doko-Turnier, make run PORT=8080 auf einem anderen Port, "
    'make run ARGS="--host 127.0.0.1" mit weiteren Angaben. Die Meldungen des Programms '
    "(auch die Aktualisierung der Datenbank) stehen in {log} im Datenordner."
)

# Backups and their restore (``tournament.backups``): the log's lines and what
# ``doko-turnier --restore`` and ``--list-backups`` print.
BANNER_BACKUPS = "Sicherungskopien (alle 5 Minuten, solange eine Runde läuft): {folder}"
BACKUP_WRITTEN = "Sicherungskopie geschrieben: {path}"
BACKUP_FAILED = "Sicherungskopie nicht geschrieben ({error}); Doko-Turnier läuft weiter."
BACKUPS_NOT_ON_POSTGRESQL = (
    "Die Datenbank ist PostgreSQL: Doko-Turnier schreibt keine Sicherungskopien, das macht "
    "pg_dump (docs/server.md)."
)
BACKUPS_NONE = "Keine Sicherungskopien in {folder}."
BACKUPS_LISTED = "Sicherungskopien in {folder} (die neueste zuletzt):"
BACKUPS_LINE = "  {name}  ({size} KB)"
BACKUPS_TAKEN = "    angelegt: {moment}"
BACKUPS_TAKEN_BY_NAME = (
    "    angelegt: {moment} laut Dateiname (die Kopie selbst nennt keine Zeit: sie stammt von "
    "einer älteren Version von Doko-Turnier)"
)
BACKUPS_TOURNAMENT = ", Turnier „{name}“"
BACKUPS_RESTORE_HINT = (
    "Wiederherstellen (Doko-Turnier vorher beenden): doko-turnier --restore DATEI"
)
RESTORE_COPY = "Sicherungskopie: {path}"
RESTORE_TAKEN = "  angelegt: {moment}"
RESTORE_TAKEN_GUESSED = (
    "  angelegt: {moment} laut Dateiname oder Dateidatum (die Kopie selbst nennt keine Zeit)"
)
RESTORE_OLDER_SCHEMA = (
    "  von einer älteren Version von Doko-Turnier; die Datenbank wird gleich aktualisiert."
)
RESTORE_NO_TOURNAMENT = "  noch kein Turnier"
RESTORE_TOURNAMENT = "  Turnier „{name}“ vom {date}: {rounds}; {games} Spiele eingetragen"
RESTORE_NO_ROUNDS = "noch keine Runde"
RESTORE_ROUND = "Runde {number} {state}"
RESTORE_SAVED = "Die bisherige Datenbank ist gesichert: {path}"
RESTORE_DONE = (
    "Wiederhergestellt: {database}. Jetzt Doko-Turnier wie gewohnt starten (doko-turnier)."
)
#: Appended to every refusal of a restore.
RESTORE_UNCHANGED = "Die Datenbank von Doko-Turnier ist unverändert."
RESTORE_MISSING = "Wiederherstellen nicht möglich: {path} gibt es nicht."
RESTORE_NOT_SQLITE = (
    "Wiederherstellen nicht möglich: {path} ist keine SQLite-Datenbank, also keine "
    "Sicherungskopie von Doko-Turnier."
)
RESTORE_DAMAGED = "Wiederherstellen nicht möglich: {path} ist beschädigt ({detail})."
RESTORE_TRUNCATED = "unvollständig: {size} statt {expected} Bytes"
RESTORE_FOREIGN = (
    "Wiederherstellen nicht möglich: {path} ist keine Datenbank von Doko-Turnier (es fehlt: "
    "{missing})."
)
RESTORE_NEWER = (
    "Wiederherstellen nicht möglich: {path} stammt von einer anderen, wohl neueren Version "
    "von Doko-Turnier (Revision {revision}). Bitte zuerst Doko-Turnier aktualisieren."
)
RESTORE_SAME_FILE = (
    "Wiederherstellen nicht möglich: {path} ist die Datenbank selbst, keine Sicherungskopie."
)
RESTORE_IN_USE = (
    "Wiederherstellen nicht möglich: die Datenbank {database} ist gerade geöffnet. Läuft "
    "Doko-Turnier noch? Bitte zuerst beenden (Strg+C), dann noch einmal."
)
RESTORE_ONLY_SQLITE = (
    "Wiederherstellen gibt es hier nur für die SQLite-Datenbank des Laptops; für PostgreSQL "
    "pg_restore (docs/server.md)."
)
RESTORE_NOT_SAVED = (
    "Wiederherstellen nicht möglich: die bisherige Datenbank ließ sich nicht sichern ({error})."
)
RESTORE_FAILED = (
    "Wiederherstellen fehlgeschlagen ({error}). Die bisherige Datenbank ist erhalten: {saved}"
)
