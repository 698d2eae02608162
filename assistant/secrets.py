"""A layered secret detector for anything headed into long-term memory.

Memories are replayed into every future context, so one stored key leaks for ever. Three layers, any of which
rejects:

1. detect-secrets' regex plugins (cloud, VCS and SaaS token formats);
2. provider key shapes detect-secrets does not know (``sk-proj-…``, ``sk-ant-…``, Google ``AIza…``) and card
   numbers and IBANs validated with python-stdnum (Luhn / ISO 13616), so a flight number is not a "card";
3. plain-language credentials: "my password is …", "PIN 1234", "security code", passport numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from stdnum import iban, luhn

_PROVIDER_KEYS = re.compile(
    r"\b(sk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{20,}|AIza[0-9A-Za-z_-]{35}|xai-[A-Za-z0-9]{20,}|"
    r"hf_[A-Za-z0-9]{30,}|glpat-[A-Za-z0-9_-]{20,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})"
)
_DIGIT_RUN = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")
_PLAIN = re.compile(
    r"\b(password|passwd|passcode|pass phrase|passphrase|pin(?: code| number)?|security code|cvv|cvc|"
    r"one[- ]time code|otp|api[ _-]?key|secret key|access token|login|username|passport (?:no|number))\b"
    r"\s*(?:is|was|:|=|-)?\s*\S+",
    re.I,
)
_DETECT_SECRETS_PLUGINS = (
    "AWSKeyDetector",
    "ArtifactoryDetector",
    "AzureStorageKeyDetector",
    "BasicAuthDetector",
    "DiscordBotTokenDetector",
    "GitHubTokenDetector",
    "GitLabTokenDetector",
    "JwtTokenDetector",
    "MailchimpDetector",
    "NpmDetector",
    "OpenAIDetector",
    "PrivateKeyDetector",
    "PypiTokenDetector",
    "SendGridDetector",
    "SlackDetector",
    "SquareOAuthDetector",
    "StripeDetector",
    "TelegramBotTokenDetector",
    "TwilioKeyDetector",
)


@cache
def _plugin_settings() -> dict[str, Any]:
    return {"plugins_used": [{"name": name} for name in _DETECT_SECRETS_PLUGINS]}


def find_secret(text: str) -> str | None:
    """The kind of the first secret found in ``text`` (e.g. "card number"), or None. Never returns the secret."""
    if _PROVIDER_KEYS.search(text):
        return "API key or token"
    for match in _DIGIT_RUN.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            return "card number"
    for match in _IBAN.finditer(text):
        if iban.is_valid(match.group(0)):
            return "bank account number"
    if _PLAIN.search(text):
        return "credential"
    return _detect_secrets(text)


def _detect_secrets(text: str) -> str | None:
    # Imported here: detect-secrets builds its plugin registry on import (~0.6 s), which the chat path should
    # only pay when something is actually being promoted.
    from detect_secrets.core.scan import scan_line
    from detect_secrets.settings import transient_settings

    with transient_settings(_plugin_settings()):
        for line in text.splitlines() or [text]:
            for found in scan_line(line):
                return str(found.type)
    return None


def redact(text: str) -> str:
    """Replace detected secrets with a marker, for reports and logs."""
    text = _PROVIDER_KEYS.sub("[redacted key]", text)
    text = _DIGIT_RUN.sub(
        lambda m: "[redacted number]" if luhn.is_valid(re.sub(r"\D", "", m.group(0))) else m.group(0), text
    )
    return _PLAIN.sub(lambda m: m.group(1) + " [redacted]", text)


# -- masking (interim: the same detectors, replacing what they find) ------------------------------------------

_MASK = re.compile(r"\[(?:[A-Za-z ]+ ending \d{1,4}|[A-Za-z ]+ masked)\]")


@dataclass(frozen=True, slots=True)
class Masked:
    text: str
    kinds: tuple[str, ...]


def has_mask(text: str) -> bool:
    return bool(_MASK.search(text))


def mask_secrets(text: str) -> Masked:
    kinds: list[str] = []

    def card(m: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", m.group(0))
        if 13 <= len(digits) <= 19 and luhn.is_valid(digits):
            kinds.append("card")
            return f"[card ending {digits[-4:]}]"
        return m.group(0)

    def key(_m: re.Match[str]) -> str:
        kinds.append("api_key")
        return "[API key masked]"

    def word(m: re.Match[str]) -> str:
        kinds.append("password")
        return m.group(1) + " [password masked]"

    out = _PROVIDER_KEYS.sub(key, text)
    out = _DIGIT_RUN.sub(card, out)
    out = _PLAIN.sub(word, out)
    return Masked(out, tuple(dict.fromkeys(kinds)))
