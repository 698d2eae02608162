"""Secrets named in one word with what they are for: "Haustür-Code", "Zugangspasswort", "Reisepassnummer",
"Wiederherstellungscodes".

German (and people typing fast in any language) joins a secret's name to what it opens or protects, so no table
of cue phrases can list them all. The head of the word says what kind of name it is (a password's, a code's, a
document number's) and the part before it says whose: a password's head is enough; a code is a secret when
what comes before it names something a code opens (the places of :data:`ACCESS_PLACES` and
:data:`CODE_HOLDERS`) or a lost login's way back in; a "-nummer" when it names an identity document. Everything
else ("Rabattcode", "Buchungsnummer", "Dresscode") is not a cue. The value after the word is then read as the
cue's kind reads it (:mod:`language.secrets.cues`).
"""

from __future__ import annotations

from functools import cache

from language.lexicon.secrets.code_words import ACCESS_PLACES, CODE_HOLDERS
from language.lexicon.secrets.compounds import _COMPOUND, _ID, _PASSPORT, _PASSWORD_HEADS, _RECOVERY
from language.secrets.tries import phrases, unaccented
from language.secrets.vocabulary import CueKind


@cache
def _opened() -> tuple[str, ...]:
    """The one-word things a code opens, as the end of a compound's first part ("haustur", "fahrradschloss")."""
    words = phrases(ACCESS_PLACES) | phrases(CODE_HOLDERS)
    return tuple(sorted({unaccented(w).lower() for w in words if " " not in w and "-" not in w}))


def _kind(modifier: str, head: str) -> CueKind | None:
    head = head.lower()
    if head in _PASSWORD_HEADS:
        return "password"
    mod = unaccented(modifier).lower().rstrip("-")
    # The linking "s" of German compounds ("Zugangs-", "Wiederherstellungs-") is not part of the word.
    stems = (mod, mod[:-1]) if mod.endswith("s") else (mod,)
    if head == "nummer":
        if any(s.endswith(_PASSPORT) for s in stems):
            return "passport"
        return "id" if any(s.endswith(_ID) for s in stems) else None
    if any(s.endswith(_RECOVERY) for s in stems):
        return "recovery"
    if any(s.endswith("zugang") or s.endswith(_opened()) for s in stems):
        return "access_code"
    return None


def compound_cues(view: str) -> list[tuple[CueKind, int, int]]:
    """Each one-word cue in ``view``: its kind and span."""
    found: list[tuple[CueKind, int, int]] = []
    for m in _COMPOUND.finditer(view):
        kind = _kind(m.group("mod"), m.group("head"))
        if kind is not None:
            found.append((kind, m.start(), m.end()))
    return found
