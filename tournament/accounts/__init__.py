"""Accounts: the set-up of a fresh installation, login, and the Turnierleitung's account pages."""
