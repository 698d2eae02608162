"""Number-shaped secrets: IBANs and bank accounts, passport and national ID numbers (payment cards are
:mod:`language.secrets.cards`').

A travel conversation is full of long numbers that are *not* secrets (e-tickets, booking and tracking
references, phone numbers, loyalty numbers), so a digit count alone decides nothing:

* an **IBAN** is validated by python-stdnum in any case, with spaces or dashes; "IBAN" before an IBAN-shaped
  value masks it even when the checksum fails; a **bank account** needs a sort code, routing or BSB number, or an
  "account number" with bank words and no loyalty words; a bank code said beside it (a sort code, a routing,
  BSB or transit number) settles it whatever else the sentence says;
* **passport and national ID numbers** need their words ("passport no.", "DNI", "national insurance number" …),
  except formats whose python-stdnum checksum makes them unmistakable (US SSN with dashes, Spanish DNI/NIE,
  Italian codice fiscale, Brazilian CPF with punctuation, UK National Insurance numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from stdnum import iban
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.it import codicefiscale
from stdnum.us import rtn, ssn

from language.lexicon.secrets.hits import BANK_CODE_MASK, FIXED_MASKS
from language.lexicon.secrets.numbers import (
    _ACCOUNT,
    _ALNUM,
    _ALNUM_RUN,
    _BANK_CODE,
    _BANK_WORD,
    _DIGIT,
    _IBAN_CUE,
    _IBAN_START,
    _ID_GROUPS,
    _LOYALTY_WORD,
    _MRZ,
    _NATIONAL_ID,
    _NO_DIGIT_GROUP,
    _PASSPORT,
    _PRINTED_IBAN,
    _REFERENCE_BEFORE,
    _REFERENCE_WORD,
    _SORT_AND_ACCOUNT,
    _SORT_CODE,
)
from language.secrets.hits import Hit, account_mask, iban_mask


def _iban_candidates(text: str, start: int) -> Iterator[tuple[int, str]]:
    """(end offset, compact upper-case text) of each IBAN-length prefix of the alphanumeric groups (joined by
    single spaces or dashes) that start at ``start``, longest first."""
    run = _ALNUM_RUN.match(text, start)
    if run is None:
        return
    found: list[tuple[int, str]] = []
    compact = ""
    for g in _ALNUM.finditer(text, start, run.end()):
        compact += g.group(0).upper()
        if len(compact) > 34:
            break
        if len(compact) >= 15:  # the shortest IBAN (Norway) has 15 characters
            found.append((g.end(), compact))
    yield from reversed(found)


@lru_cache(maxsize=1024)
def _valid_iban(compact: str) -> bool:
    # Cached: a long message can repeat one IBAN-like run many times, and each check costs ~10 µs.
    return bool(iban.is_valid(compact))


@lru_cache(maxsize=64)
def _bban(country: str) -> str:
    """The BBAN structure ``country`` uses ("1!a5!n5!n12!c" for Italy) per python-stdnum's IBAN registry, or ""
    for a country without IBANs (or if the registry's private layout moved)."""
    try:
        return str(iban._ibandb.info(country + "00")[0][1].get("bban", ""))
    except (AttributeError, IndexError, TypeError, KeyError):
        return ""


@lru_cache(maxsize=1024)
def _iban_shaped(compact: str) -> bool:
    """The country code, two check digits and exactly the BBAN structure that country uses. An IBAN whose check
    digits are wrong, a typo or a number made up for an example, still names somebody's account; the structure
    alone is specific enough not to occur in ordinary travel talk."""
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", compact):
        return False
    bban = _bban(compact[:2])
    try:
        return bool(bban) and iban._struct_to_re(bban).match(compact[4:]) is not None
    except AttributeError:  # the registry's private helpers moved: skip
        return False


def _iban_length(country: str) -> int | None:
    """The length of ``country``'s IBANs, or None for a country without them."""
    bban = _bban(country)
    return 4 + sum(int(n) for n in re.findall(r"\d+", bban)) if bban else None


def _printed_iban(printed: str, compact: str) -> bool:
    """Printed the way an IBAN is (in groups of four) and as long as its country's IBANs are: a mistyped IBAN
    ("IT24 4787 3185 5031 0373 8783 390", a digit where the check letter goes) still names an account."""
    return _PRINTED_IBAN.fullmatch(printed) is not None and _iban_length(compact[:2]) == len(compact)


def iban_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _IBAN_START.finditer(text):
        candidates = list(_iban_candidates(text, m.start()))
        found = next(
            (
                (end, compact)
                for end, compact in candidates
                if _valid_iban(compact)
                or _iban_shaped(compact)
                or _printed_iban(text[m.start() : end], compact)
            ),
            None,
        )
        if found is None and _IBAN_CUE.search(view, max(0, m.start() - 24), m.start()) is not None:
            # A mistyped IBAN after its name is still one: its groups up to the last that holds a digit, never
            # the words after it ("IBAN NL91 ABNA 0417 1643 00 for the refund").
            found = next(
                ((end, c) for end, c in candidates if not _NO_DIGIT_GROUP.search(text, m.start(), end)), None
            )
        if found is not None:
            yield Hit("bank_account", m.start(), found[0], iban_mask(found[1]))


def bank_hits(text: str, view: str) -> Iterator[Hit]:
    if _DIGIT.search(text) is None:
        return
    for m in _SORT_CODE.finditer(text):
        value = re.sub(r"\D", "", m.group("v"))
        # A sort code or BSB has six digits, a routing number nine; a Brazilian agência four (and a check digit).
        agency = m.group(0)[:2].lower() == "ag" and len(value) in (4, 5)
        if len(value) == 6 or agency or (len(value) == 9 and rtn.is_valid(value)):
            yield Hit("bank_account", m.start("v"), m.end("v"), BANK_CODE_MASK)
    for m in _SORT_AND_ACCOUNT.finditer(text):
        # A UK sort code beside an eight-digit account, in either order: the pair is a bank account whatever
        # it is called ("my Monzo details: 90-14-52 / 33609399", "acct 76143938 sc 05-90-67").
        yield Hit("bank_account", m.start(), m.end(), account_mask(re.sub(r"\D", "", m.group(0))[-8:]))
    for m in _ACCOUNT.finditer(text):
        # "bank account", "acct", "a/c" say it themselves; a bare "account" needs a bank code beside it, or bank
        # words and no loyalty ones.
        if m.group("cue").lower() == "account":
            window = view[max(0, m.start() - 60) : m.end() + 60]
            banked = _BANK_CODE.search(window) is not None
            if not banked and (not _BANK_WORD.search(window) or _LOYALTY_WORD.search(window)):
                continue
        yield Hit("bank_account", m.start("v"), m.end("v"), account_mask(re.sub(r"\D", "", m.group("v"))))


def id_value(text: str, pos: int, min_digits: int, max_len: int) -> tuple[int, int] | None:
    """The ID-shaped value starting at ``pos``: groups with digits, a short letter prefix or suffix allowed."""
    m = _ID_GROUPS.match(text, pos)
    if m is None:
        return None
    kept_end, digits, length = pos, 0, 0
    groups = list(re.finditer(r"[A-Za-z0-9]+", m.group(0)))
    for i, g in enumerate(groups):
        part = g.group(0)
        has_digit = any(c.isdigit() for c in part)
        short_letters = part.isalpha() and part.isupper() and len(part) <= (3 if i == 0 else 2)
        if not (has_digit or (short_letters and (i == 0 or digits))):
            break
        digits += sum(c.isdigit() for c in part)
        length += len(part)
        kept_end = pos + g.end()
    if digits < min_digits or not 5 <= length <= max_len:
        return None
    return pos, kept_end


_STANDALONE_IDS: tuple[tuple[re.Pattern[str], Callable[[str], bool]], ...] = (
    (re.compile(r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])"), ssn.is_valid),
    (re.compile(r"(?<![\w-])\d{8}-?[A-Za-z](?![\w-])"), dni.is_valid),
    (re.compile(r"(?<![\w-])[XYZxyz]-?\d{7}-?[A-Za-z](?![\w-])"), nie.is_valid),
    (
        re.compile(r"(?<![\w-])[A-Za-z]{6}\d{2}[A-Za-z]\d{2}[A-Za-z]\d{3}[A-Za-z](?![\w-])"),
        codicefiscale.is_valid,
    ),
    (re.compile(r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-])"), cpf.is_valid),
    # UK National Insurance number: the prefix letters exclude D, F, I, Q, U, V and a few reserved pairs.
    (
        re.compile(
            r"(?<![\w])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b"
        ),
        lambda _v: True,
    ),
)


def identity_hits(text: str, view: str) -> Iterator[Hit]:
    yield from _mrz_hits(text)  # a name line has no digits
    if _DIGIT.search(text) is None:
        return
    for m in _PASSPORT.finditer(view):
        found = id_value(text, m.end(), 4, 12)
        if found:
            yield Hit("passport", *found, FIXED_MASKS["passport"])
    for m in _NATIONAL_ID.finditer(view):
        # "id number 8901…" alone counts; "booking id number …", "order ID no. …" do not.
        if m.group("bare") and _REFERENCE_WORD.search(view, max(0, m.start() - 20), m.start()):
            continue
        found = id_value(text, m.end(), 5, 20)
        if found:
            yield Hit("national_id", *found, FIXED_MASKS["national_id"])
    for pattern, valid in _STANDALONE_IDS:
        for m in pattern.finditer(text):
            if valid(m.group(0)) and not _REFERENCE_BEFORE.search(view, max(0, m.start() - 40), m.start()):
                yield Hit("national_id", m.start(), m.end(), FIXED_MASKS["national_id"])


def _mrz_hits(text: str) -> Iterator[Hit]:
    if "<<" not in text:
        return
    for m in _MRZ.finditer(text):
        yield Hit("passport", m.start(), m.end(), FIXED_MASKS["passport"])
