"""The project's one exception tree.

Every failure a caller can act on is a subclass of :class:`TravelAssistantError`. Third-party errors (litellm,
SQLAlchemy, LanceDB) are translated where they cross into our code (``raise ... from exc``) so the UI and CLI
handle a handful of documented types instead of a zoo of vendor exceptions::

    TravelAssistantError
    ├── InvalidInput            bad ids, empty/oversized messages, malformed arguments (HTTP 400-ish)
    │   └── InvalidId
    ├── AccessDenied            a thread/fact that is not the caller's (never says whose it is)
    ├── NotFound
    ├── TurnConflict            a turn id reused with a different message
    ├── ConfigurationError      settings that must not run (placeholder secrets outside development …)
    ├── ModelError              anything from the language model
    │   ├── ModelUnavailable    connection, timeout, rate limit, 5xx: worth retrying later
    │   │   └── ModelBusy       rate limited or overloaded (429, 529): the provider said when to come back
    │   ├── ModelAuthError      bad or missing provider key
    │   ├── ContextTooLong      the assembled prompt does not fit
    │   ├── ModelOutputError    the model answered, but not in the shape we asked for
    │   └── ReplayMismatch      a replayed recording (LLM_MODEL=replay/…) does not match this run's request
    ├── ToolError               a tool failed; the message is safe to show to the model
    └── StorageError            a store could not complete a write or read
"""

from __future__ import annotations

import math


class TravelAssistantError(Exception):
    """Base of every error this project raises on purpose."""

    #: A short, user-safe sentence. Subclasses keep internals (SQL, stack traces) out of it.
    def user_message(self) -> str:
        return str(self)


class InvalidInput(TravelAssistantError):
    """The caller sent something we will not process. Nothing was written."""


class InvalidId(InvalidInput):
    """An id with separators, control characters or the wrong length."""


class AccessDenied(TravelAssistantError):
    """The object exists for somebody else. The message never names the owner."""


class NotFound(TravelAssistantError):
    """No such object for this caller."""


class TurnConflict(TravelAssistantError):
    """A turn id was reused with a different user message.

    Retrying a turn must resend the same message; anything else is a client bug, and silently returning the
    old reply would answer a question the user did not ask.
    """


class ConfigurationError(TravelAssistantError):
    """Settings that must not be used as they are (e.g. a placeholder secret outside development)."""


class ModelError(TravelAssistantError):
    """The language model could not give us a usable answer."""

    def user_message(self) -> str:
        return "The assistant's language model is not available right now. Your message is saved; try again."


class ModelUnavailable(ModelError):
    """Connection failures, timeouts, rate limits and provider 5xx: transient, retry later."""


class ModelBusy(ModelUnavailable):
    """The provider is rate limiting us or is overloaded (HTTP 429, 529) and was still so when the turn's
    retries or its deadline ran out. ``retry_after`` is the provider's Retry-After when it sent one, else the
    wait our own backoff would have chosen next."""

    def __init__(self, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after

    def user_message(self) -> str:
        seconds = max(1, math.ceil(self.retry_after or 1))
        return f"The model provider is busy; try again in {seconds} s. Your message is saved."


class ModelAuthError(ModelError):
    """The provider rejected our credentials."""

    def user_message(self) -> str:
        return "The language model rejected the configured API key. Your message is saved."


class ContextTooLong(ModelError):
    """The prompt would not fit the model's context window even after windowing (the engine shrinks the
    window and asks once more when the provider is the one who says so)."""

    def user_message(self) -> str:
        return "That message is too long for the model's context window. Please shorten it."


class ModelOutputError(ModelError):
    """The model replied, but not in the structure we asked for (e.g. invalid promotion JSON).

    Never treated as "no result": a malformed extraction is an error that is retried, not an empty list.
    """


class ReplayMismatch(ModelError):
    """A run replayed from a recording asked the model something the recording does not hold.

    The message names the exchange and the first field that differs; it is the whole point, so it is shown.
    """

    def user_message(self) -> str:
        return str(self)


class ToolError(TravelAssistantError):
    """A tool could not do what was asked. The message is shown to the model so it can recover."""


class StorageError(TravelAssistantError):
    """A store failed. Raised from the storage boundary with the driver error chained."""

    def user_message(self) -> str:
        return "Storage is unavailable right now. Please try again."
