"""litellm's exceptions as the project's own, at the boundary (``assistant.model.llm`` passes litellm in; this
module does not import it). Split from the adapter so each stays readable."""

from __future__ import annotations

from typing import Any

from assistant.errors import ContextTooLong, ModelAuthError, ModelBusy, ModelError, ModelUnavailable


class translated:
    """Map litellm's exceptions onto ours at the boundary (``raise … from exc`` keeps the original).

    Our messages name the exception class and HTTP status only: a provider's own words (which may quote the
    prompt, an account id or a key prefix) stay on the chained cause, out of what users and logs see."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: Any, exc: BaseException | None, _tb: Any) -> None:
        if exc is None or isinstance(exc, ModelError):
            return
        if isinstance(exc, TimeoutError):
            raise ModelUnavailable("the model did not answer in time") from exc
        errors = self.lib.exceptions
        said = _said(exc)
        if isinstance(exc, errors.ContextWindowExceededError):
            raise ContextTooLong(f"the provider found the prompt too long ({said})") from exc
        # Providers disagree on exception classes (litellm maps an OpenAI 403 to a bare APIError, a 502 to a
        # BadGatewayError outside its APIError tree), so the HTTP status decides where there is one.
        status = _status(exc)
        if isinstance(exc, errors.AuthenticationError | errors.PermissionDeniedError) or status in (401, 403):
            raise ModelAuthError(f"the provider refused the key ({said})") from exc
        if isinstance(exc, errors.RateLimitError) or status in (429, 529):
            raise ModelBusy(f"the provider is busy ({said})", retry_after=self._retry_after(exc)) from exc
        transient = (
            errors.APIConnectionError,
            errors.Timeout,
            errors.ServiceUnavailableError,
            errors.InternalServerError,
        )
        if (
            isinstance(exc, transient)
            or status in (408, 409, 425)
            or (isinstance(status, int) and status >= 500)
        ):
            raise ModelUnavailable(f"the provider could not answer ({said})") from exc
        if isinstance(status, int) or isinstance(exc, errors.APIError | errors.OpenAIError):
            raise ModelError(f"the provider refused the request ({said})") from exc
        if isinstance(exc, Exception):
            # Whatever else the provider stack raises (an HTTP client's protocol error, a malformed chunk the
            # stream builder trips over) is still "the model could not answer", never a traceback for the user.
            raise ModelError(f"unexpected error from the model provider ({said})") from exc

    def _retry_after(self, exc: BaseException) -> float | None:
        """The provider's Retry-After (seconds or an HTTP date), read by litellm's parser."""
        value = self.lib.utils._get_retry_after_from_exception_header(response_headers(exc))
        return float(value) if isinstance(value, int | float) and value > 0 else None


def response_headers(exc: BaseException | None) -> Any:
    return getattr(exc, "litellm_response_headers", None) or getattr(
        getattr(exc, "response", None), "headers", None
    )


def _status(exc: BaseException) -> Any:
    """The provider's HTTP status (litellm reports Anthropic's 529 "overloaded" as a 500 and keeps the 529
    as ``provider_status_code``)."""
    return getattr(exc, "provider_status_code", None) or getattr(exc, "status_code", None)


def _said(exc: BaseException) -> str:
    status = _status(exc)
    return f"{type(exc).__name__}, HTTP {status}" if isinstance(status, int) else type(exc).__name__


def detail(exc: BaseException) -> str:
    """An error in one line, for logs: our own message; the provider's words stay on the chained cause (the
    user sees ``user_message()``)."""
    return f"{type(exc).__name__}: {str(exc)[:200]}"
