"""Secrets are masked at the door: every user message passes through :func:`mask_secrets` before anything
(the thread log, the model, tools, summaries, the UI history, long-term memory) sees it.

Memories are replayed into every future context, so a stored secret leaks for ever; card numbers must not be
stored in the clear at all (PCI DSS 3.3/3.4). Masking, not rejecting, keeps the rest of the sentence: "I prefer
window seats, and my card is 4111 1111 1111 1111" becomes "I prefer window seats, and my card is
[card ending 1111]", and the seat preference can still be remembered with that quote.

The scanners live beside this module: payment cards (the number, the code after its expiry, a number split over
two messages) in :mod:`language.secrets.cards`, other number-shaped secrets (IBANs and bank accounts, passport
and ID numbers) in :mod:`language.secrets.numbers`, machine secrets (provider keys, NAME=VALUE assignments, PEM
blocks, detect-secrets' plugins) in :mod:`language.secrets.tokens`, and secrets said in words in
:mod:`language.secrets.phrases` (passwords, PINs, codes) and :mod:`language.secrets.logins` (security answers,
credentials), both reading values with :mod:`language.secrets.values`; secrets announced by cue words in six
languages (one table, :mod:`language.secrets.vocabulary`; names written as one word with what they open in
:mod:`language.secrets.compounds`), their values read on either side of the name, in
:mod:`language.secrets.cues`; codes said with what they open or how they came in
:mod:`language.secrets.holders`; identity documents by their format or their number word in
:mod:`language.secrets.documents`; keys of unknown providers (by entropy) and seed phrases in
:mod:`language.secrets.entropy`. Every scanner reads the normalised view (:mod:`language.normalise`, with a
spoken "oh" among spelled digits read as zero: :mod:`language.secrets.reading`); here their hits are moved back
onto the original text, merged (the strongest kind wins an overlap, then the longer span) and replaced by masks;
findings keep offsets into the original text. With the user's previous message, the two are also read as one
text, so a secret split over them is found (:func:`mask_secrets`).

Masks are deterministic single-line brackets that keep only safe shape (a card's last four digits), are
recognised by :func:`has_mask`, and are never reported again: masking is idempotent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from language.lexicon.secrets.hits import MASK_RE as _MASK_RE
from language.lexicon.secrets.hits import SecretKind as SecretKind
from language.normalise import Normalised
from language.rules import remembered
from language.secrets.cards import card_hits, expiries_beside, opens_with_digits, split_card_parts
from language.secrets.cues import cued_hits
from language.secrets.documents import document_hits
from language.secrets.entropy import entropy_hits, seed_phrase_hits
from language.secrets.hits import SECRET_KINDS as SECRET_KINDS
from language.secrets.hits import Hit, blank_masks, mask_spans
from language.secrets.holders import context_code_hits, holder_hits
from language.secrets.logins import credential_hits, security_answer_hits
from language.secrets.numbers import bank_hits, iban_hits, identity_hits
from language.secrets.phrases import code_hits, password_hits, pin_hits
from language.secrets.reading import scan_view
from language.secrets.tokens import keyed_token_hits, token_hits
from language.secrets.values import password_shaped

__all__ = [
    "SECRET_KINDS",
    "Finding",
    "Masked",
    "SecretKind",
    "find_secret",
    "has_mask",
    "mask_secrets",
    "masked_notice",
    "may_continue_secret",
]


@dataclass(frozen=True, slots=True)
class Finding:
    kind: SecretKind
    start: int  # offsets in the ORIGINAL text
    end: int


@dataclass(frozen=True, slots=True)
class Masked:
    text: str  # input with each finding replaced by its mask
    findings: tuple[Finding, ...]
    split: bool = False  # a secret began in the previous message and ends in this one
    # With ``split``: the previous message with its part of the secret masked too (the log is corrected).
    earlier: str | None = None

    @property
    def kinds(self) -> tuple[SecretKind, ...]:
        """The distinct kinds found, in order of appearance."""
        return tuple(dict.fromkeys(f.kind for f in self.findings))


_STRONGEST_FIRST: tuple[SecretKind, ...] = (
    "private_key",
    "api_key",
    "bank_account",
    "card",
    "credentials",
    "passport",
    "national_id",
    "security_answer",
    "code",
    "pin",
    "password",
)
_STRENGTH: dict[SecretKind, int] = {kind: rank for rank, kind in enumerate(_STRONGEST_FIRST)}

_LABELS: dict[SecretKind, str] = {
    "card": "card number",
    "bank_account": "bank account number",
    "api_key": "API key or token",
    "private_key": "private key",
    "password": "password",
    "pin": "PIN",
    "code": "one-time code",
    "security_answer": "security answer",
    "credentials": "login credentials",
    "passport": "passport number",
    "national_id": "national ID number",
}
_NOTICE_NAMES: dict[SecretKind, str] = {
    **_LABELS,
    "card": "card details",
    "bank_account": "bank details",
    "api_key": "API key",
    "code": "verification code",
    "credentials": "login details",
    "national_id": "ID number",
}


# The scanners that read the text and its view with masks blanked, in the order their hits are offered (the
# order breaks ties between equally strong hits of one span, so it stays fixed).
_SCANNERS: tuple[Callable[[str, str], Iterable[Hit]], ...] = (
    seed_phrase_hits,
    card_hits,
    iban_hits,
    bank_hits,
    identity_hits,
    document_hits,
    credential_hits,
    security_answer_hits,
    password_hits,
    pin_hits,
    code_hits,
    cued_hits,
    context_code_hits,
    holder_hits,
)


def _hits(text: str) -> Iterable[Hit]:
    view = blank_masks(text)
    yield from token_hits(text)
    yield from entropy_hits(text, view)
    yield from keyed_token_hits(view)
    for scan in _SCANNERS:
        yield from scan(text, view)


def _in_original(hits: Iterable[Hit], read: Normalised) -> Iterator[Hit]:
    """Hits found in the normalised view, moved onto the characters of the original they were read from."""
    for hit in hits:
        start, end = read.to_original(hit.start, hit.end)
        yield Hit(hit.kind, start, end, hit.mask)


def _resolve(text: str, hits: Iterable[Hit]) -> list[Hit]:
    """Non-overlapping hits in text order: strongest kind first, then the longest span; none touching a mask.

    A weaker hit that runs past a stronger one keeps what the stronger one left: "backup codes for my Google
    account: a0x9-apw0 k2m3-d4f5" reads the first code as a login's too, and the list's second code is still a
    secret."""
    masks = mask_spans(text)
    taken: list[tuple[int, int]] = []
    kept: list[Hit] = []
    for hit in sorted(hits, key=lambda h: (_STRENGTH[h.kind], h.start - h.end, h.start)):
        if hit.end <= hit.start or any(hit.start < b and a < hit.end for a, b in masks):
            continue  # a mask already in the text (masking twice changes nothing)
        if not any(hit.start < b and a < hit.end for a, b in taken):
            taken.append((hit.start, hit.end))
            kept.append(hit)
            continue
        for start, end in _uncovered(text, hit.start, hit.end, taken):
            taken.append((start, end))
            kept.append(Hit(hit.kind, start, end, hit.mask))
    return sorted(kept, key=lambda h: h.start)


def _uncovered(text: str, start: int, end: int, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The stretches of ``start``–``end`` no earlier hit covers, trimmed to where they hold three letters or
    digits."""
    pieces, at = [], start
    for a, b in sorted(s for s in taken if s[0] < end and start < s[1]):
        if a > at:
            pieces.append((at, a))
        at = max(at, b)
    if at < end:
        pieces.append((at, end))
    out = []
    for a, b in pieces:
        while a < b and not text[a].isalnum():
            a += 1
        while b > a and not text[b - 1].isalnum():
            b -= 1
        if sum(c.isalnum() for c in text[a:b]) >= 3:
            out.append((a, b))
    return out


@remembered  # every check of a turn masks the same messages again
def mask_secrets(text: str, *, previous: str | None = None) -> Masked:
    """``text`` with every secret replaced by its mask, and what was found (offsets into ``text``).

    The scanners read the normalised view (:mod:`language.normalise`): full-width, other scripts' or
    spelled-out digits, look-alike letters and zero-width characters change nothing. The masks replace what the
    user actually wrote. ``previous`` is the user's previous message in the same thread (as logged): a secret
    split over the two ("IBAN PT50 4817 7368 |  5933 …", "my airline-app password, here it comes: | …") is
    masked in this one, :attr:`Masked.split` says so, and :attr:`Masked.earlier` is the previous message with
    its part masked too (for the log to be corrected).
    """
    read = scan_view(text)
    hits = list(_in_original(_hits(read.text), read))
    rest: list[Hit] = []
    first: list[Hit] = []
    if previous is not None:
        before = scan_view(previous)
        parts = split_card_parts(before.text, read.text)
        if parts is not None:
            first, rest = list(_in_original([parts[0]], before)), list(_in_original([parts[1]], read))
        else:
            first, rest = _across(previous, before, read)
        hits.extend(rest)
    hits.extend(expiries_beside(text, hits))
    kept = _resolve(text, hits)
    if not kept:
        return Masked(text, ())
    findings = tuple(Finding(h.kind, h.start, h.end) for h in kept)
    split = bool(first) and any(h in kept for h in rest)
    earlier = _replace(previous, first) if split and previous is not None else None
    return Masked(_replace(text, kept), findings, split=split, earlier=earlier)


def _across(previous: str, before: Normalised, read: Normalised) -> tuple[list[Hit], list[Hit]]:
    """Secrets seen only when the previous message and this one are read as one text: (the parts in the
    previous message, the parts in this one). A secret wholly in the previous message was masked when it was
    logged; one wholly in this message that needs the previous one's words (its name said there) counts here."""
    joined = before.text + " " + read.text
    offset = len(before.text) + 1
    taken = mask_spans(previous)
    first: list[Hit] = []
    rest: list[Hit] = []
    for hit in _hits(joined):
        if hit.end <= offset:
            continue
        rest.extend(
            _in_original([Hit(hit.kind, max(hit.start, offset) - offset, hit.end - offset, hit.mask)], read)
        )
        if hit.start < offset - 1:
            head = next(_in_original([Hit(hit.kind, hit.start, offset - 1, hit.mask)], before))
            if not any(head.start < b and a < head.end for a, b in taken):
                first.append(head)
    return first, rest


def _replace(text: str, hits: Sequence[Hit]) -> str:
    parts: list[str] = []
    last = 0
    for hit in sorted(hits, key=lambda h: h.start):
        parts += [text[last : hit.start], hit.mask]
        last = hit.end
    parts.append(text[last:])
    return "".join(parts)


def may_continue_secret(text: str) -> bool:
    """Whether ``text`` could finish a secret begun in the previous message (so that message is worth reading
    before masking: see ``previous`` in :func:`mask_secrets`): it opens with digits, or a word only a secret
    could be comes within its first three ("Quokka_Rottnest_19", "which is Dolphin&Coffee55")."""
    view = scan_view(text).text
    if opens_with_digits(view):
        return True
    # The value may follow what introduces it there: "which is Dolphin&Coffee55", "it's Quokka_19". A flight
    # number or a booking code ("TP1343") is not password-shaped, so those turns read nothing more.
    return any(password_shaped(t.rstrip(".,;:!?")) for t in view.split(maxsplit=3)[:3])


def find_secret(text: str) -> str | None:
    """A human label of the first secret in ``text`` (e.g. "card number"), or None. Never returns the secret."""
    findings = mask_secrets(text).findings
    return _LABELS[findings[0].kind] if findings else None


def has_mask(text: str) -> bool:
    """Whether ``text`` holds one of our masks (so a secret was removed from it)."""
    return "[" in text and _MASK_RE.search(text) is not None


def _join(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def masked_notice(kinds: Sequence[SecretKind], *, split: bool = False) -> str:
    """One sentence for the reply: what was masked and why ("" when nothing was); with ``split``, one more
    saying that the card number began in the previous message and both parts were masked."""
    distinct = list(dict.fromkeys(kinds))
    if not distinct:
        return ""
    reasons: list[str] = []
    if any(k in ("card", "bank_account") for k in distinct):
        reasons.append("payment details")
    if any(
        k in ("password", "pin", "code", "security_answer", "credentials", "api_key", "private_key")
        for k in distinct
    ):
        reasons.append("credentials")
    if any(k in ("passport", "national_id") for k in distinct):
        reasons.append("identity numbers")
    notice = (
        f"For your security I masked the {_join([_NOTICE_NAMES[k] for k in distinct])} in your message before "
        f"it was saved or used: {_join(reasons)} must never be kept in a chat history or in my memory, and I "
        "don't need them to help you."
    )
    if split:
        notice += (
            " Part of it was in your previous message; I masked both parts, there and here, so none of it stays "
            "in the chat history."
        )
    return notice
