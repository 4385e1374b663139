"""What every feature's pages share: access checks, lookups by id or 404, error pages, form
bases, live pages (the layer between the features and the domain: docs/architecture.md)."""
