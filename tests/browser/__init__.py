"""Browser tests: the Chainlit app, started with ``travel-assistant serve``, driven in headless Chromium."""
