"""The public Python API (see lit_compliance/__init__.py)."""
