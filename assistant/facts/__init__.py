"""Long-term memory: fact records, their types and versioning rules, batches, recall and search."""
