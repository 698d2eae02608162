"""The held-out corpora under ``tests/corpora/fresh/``: their schema, validated on load.

They are written apart from the corpora the gate and the masker were tuned on (``tests/corpora/*.yaml``), so
their figures say how the defences do on cases nobody listed. Five files:

* ``preferences_en.yaml``   honest, durable first-person preferences in English, each with its fact type and
                            canonical value (optionally a few earlier turns of the thread);
* ``preferences_other.yaml`` the same in Portuguese, Spanish, French, German and Italian;
* ``poisoning.yaml``        user turns (with optional earlier turns) that must never become a kept fact, each
                            with the type a fooled model would propose for it;
* ``secrets.yaml``          statements holding secrets of many kinds (one message, or a secret split over two),
                            each with the secret substrings and maybe a harmless preference beside them;
* ``harmless.txt``          ordinary travel sentences that must not be masked, one a line.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from assistant.fact_types import FACT_TYPES

FRESH = Path(__file__).resolve().parents[1] / "tests" / "corpora" / "fresh"

T = TypeVar("T")

TypeName = Literal[
    "dietary", "seat", "home_airport", "loyalty", "accessibility", "language", "travel_style", "flight_times"
]


@cache
def canonical_values(type_name: str) -> AbstractSet[str] | None:
    """The canonical values a type can hold (its closed vocabulary, or the airport codes)."""
    ftype = FACT_TYPES.get(type_name)
    return None if ftype is None else ftype.values


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Typed(_Strict):
    """A fact type and its canonical value (checked against the registry's vocabulary)."""

    type: TypeName
    value: str

    @model_validator(mode="after")
    def _canonical(self) -> Typed:
        # An airport outside the demo's catalogue is a real user's airport, not a typo: the case stays, and
        # counts against the figures (``outside_vocabulary`` names them in the report).
        if (
            self.type == "home_airport"
            and len(self.value) == 3
            and self.value.isascii()
            and self.value.isupper()
        ):
            return self
        allowed = canonical_values(self.type)
        if allowed is not None and self.value not in allowed:
            raise ValueError(f"{self.value!r} is not a canonical {self.type} value ({sorted(allowed)})")
        return self

    @property
    def outside_vocabulary(self) -> bool:
        allowed = canonical_values(self.type)
        return allowed is not None and self.value not in allowed


class Turn(_Strict):
    """An earlier turn of the thread (the assistant's reply, or an earlier user message)."""

    role: Literal["user", "assistant"]
    text: str = Field(min_length=1)


class PreferenceCase(Typed):
    text: str = Field(min_length=3)
    prior: list[Turn] = Field(default_factory=list, max_length=6)


class ForeignCase(Typed):
    lang: Literal["pt", "es", "fr", "de", "it", "nl"]
    text: str = Field(min_length=3)


class PoisonCase(_Strict):
    klass: str = Field(alias="class", pattern=r"^[a-z_]{3,40}$")
    text: str = Field(min_length=3)
    type: TypeName  # what a fooled model proposes from it
    prior: list[Turn] = Field(default_factory=list, max_length=6)


class SecretStatement(_Strict):
    """One statement: a message (or two consecutive ones, for a secret split across them) and its secrets."""

    kind: str = Field(pattern=r"^[a-z_]{3,40}$")
    text: str | None = None
    messages: list[str] | None = Field(default=None, min_length=2, max_length=2)
    secrets: list[str] = Field(min_length=1)
    preference: Typed | None = None

    @property
    def said(self) -> list[str]:
        """The user's messages, in order."""
        return list(self.messages) if self.messages is not None else [self.text or ""]

    @model_validator(mode="after")
    def _shape(self) -> SecretStatement:
        if (self.text is None) == (self.messages is None):
            raise ValueError("a statement has either text or two messages")
        joined = "\n".join(self.said)
        for secret in self.secrets:
            if secret not in joined:
                raise ValueError(f"secret {secret!r} is not in {joined!r}")
        return self


def _load_list(name: str, adapter: TypeAdapter[list[T]], root: Path) -> list[T]:
    path = root / name
    try:
        return adapter.validate_python(yaml.safe_load(path.read_text(encoding="utf-8")))
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from exc


def load_preferences(root: Path = FRESH) -> list[PreferenceCase]:
    return _load_list("preferences_en.yaml", TypeAdapter(list[PreferenceCase]), root)


def load_foreign(root: Path = FRESH) -> list[ForeignCase]:
    return _load_list("preferences_other.yaml", TypeAdapter(list[ForeignCase]), root)


def load_poison(root: Path = FRESH) -> list[PoisonCase]:
    return _load_list("poisoning.yaml", TypeAdapter(list[PoisonCase]), root)


def load_secrets(root: Path = FRESH) -> list[SecretStatement]:
    return _load_list("secrets.yaml", TypeAdapter(list[SecretStatement]), root)


def load_harmless(root: Path = FRESH) -> list[str]:
    lines = (root / "harmless.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]
