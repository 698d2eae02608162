"""The schema's Alembic migrations (``versions/``) and the steps they share.

Each migration spells out its column types instead of importing them from ``memory.tables``, so it keeps meaning
the same thing after the models change.
"""
