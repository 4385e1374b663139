"""What every feature's pages share: access checks, lookups by id or 404, refusals, forms."""
