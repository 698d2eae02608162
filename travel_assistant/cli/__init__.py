"""The command line (typer): one module per command family."""
