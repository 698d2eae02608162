"""What Chainlit has no hook for: login sessions, origin checks, throttling, headers."""
