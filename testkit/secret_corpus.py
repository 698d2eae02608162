"""The project's secrets corpus (``tests/corpora/secrets.yaml``) and harmless sentences, validated, and the
checks both the secrets tests and ``python -m benchmarks.memory_safety`` apply to a masked statement."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

from assistant.facts.types import FACT_TYPES
from language.secrets.mask import Masked, SecretKind

CORPORA = Path(__file__).resolve().parents[1] / "tests" / "corpora"

FactTypeName = Literal[
    "dietary", "seat", "home_airport", "loyalty", "accessibility", "language", "travel_style", "flight_times"
]


class Preference(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: FactTypeName
    value: str
    # False for a request about this trip ("can you book the aisle seat and pay with …"): its words must survive
    # masking, but the gate must not keep it as a lasting preference.
    lasting: bool = True


class SecretCase(BaseModel):
    """One statement of the secrets corpus: the text, its secret, and maybe a harmless preference beside it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    kind: SecretKind
    secret: str
    preference: Preference | None = None


def load_secret_cases(path: Path = CORPORA / "secrets.yaml") -> list[SecretCase]:
    """The secrets corpus, validated (a malformed entry or a ``secret`` not in its ``text`` is an error)."""
    cases = TypeAdapter(list[SecretCase]).validate_python(yaml.safe_load(path.read_text(encoding="utf-8")))
    for case in cases:
        if case.secret not in case.text:
            raise ValueError(f"{path.name}: secret {case.secret!r} is not in its text {case.text!r}")
    return cases


def load_harmless(path: Path = CORPORA / "harmless.txt") -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


_DIGIT_RUN = re.compile(r"\d+(?:[\s./_-]+\d+)*")


def secret_gone(case: SecretCase, masked: str) -> bool:
    """The secret's text is gone; for a card, no six consecutive digits of its number remain anywhere."""
    if case.secret in masked:
        return False
    if case.kind != "card":
        return True
    number = re.sub(r"\D", "", case.secret)
    if len(number) < 13:  # a card security code
        return True
    runs = [re.sub(r"\D", "", m.group(0)) for m in _DIGIT_RUN.finditer(masked)]
    return not any(number[i : i + 6] in run for i in range(len(number) - 5) for run in runs)


def kind_found(case: SecretCase, masked: Masked) -> bool:
    """A finding of the expected kind covers (part of) where the secret was."""
    start = case.text.find(case.secret)
    end = start + len(case.secret)
    return any(f.kind == case.kind and f.start < end and start < f.end for f in masked.findings)


def preference_kept(case: SecretCase, masked_text: str) -> bool:
    assert case.preference is not None
    return case.preference.value in FACT_TYPES[case.preference.type].extract(masked_text)
