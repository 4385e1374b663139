"""The audit log: every change recorded with who made it, and the page that lists them."""
