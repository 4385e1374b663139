"""The DDV ranking report (Ranglistenmeldung): the Turnierleitung's page with the checks and
the files for the DDV (``docs/ddv-report.md``)."""
