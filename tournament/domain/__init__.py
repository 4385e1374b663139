"""The shared domain: what more than one feature needs, below the feature packages and above
the models (docs/architecture.md)."""
