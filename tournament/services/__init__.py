"""The service layer: every domain operation, and the only code that writes models.

Services add and change rows in the current session but never commit: the view that called
them commits once, so each request is one transaction.
"""
