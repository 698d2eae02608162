"""One turn: the engine, its context window, tools, transcript and summary."""
