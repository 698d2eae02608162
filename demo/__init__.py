"""The offline demo: everything that lets the app run with no API key, no network and no real travel supplier.

* ``agent`` (with ``extract``): a deterministic, rule-based travel agent that answers like a model would,
  including the extraction and summary JSON, and the plausible mistakes promotion must reject;
* ``provider``: that agent as a litellm custom provider (``LLM_MODEL=offline/travel-agent``), composed with
  litellm in ``assistant.model.llm`` so the demo takes the same code path as a real model;
* ``catalog`` and ``bookings``: an invented flight/hotel/restaurant inventory and the booking system of record
  on top of it (SQL, plus an in-memory twin).

Nothing in the engine core depends on this package except ``assistant.model.llm``, which registers the provider
when the configured model names it. Replace the model with any litellm model string and the booking system with
a real one (the ``BookingSystem`` port), and this package is no longer used.
"""
