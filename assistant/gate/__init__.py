"""The memory write gate: what the user asserted, in whose words, and the verdict."""
