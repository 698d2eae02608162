"""What the tests and the benchmarks share: scratch databases, a forked CLI, the durability harness, the
loopback model provider (OpenAI and Anthropic wire formats), corpus harnesses, the benchmark results table.
Never installed with the app; importable from the repository root (pytest and `python -m benchmarks.X` run
there)."""
