"""Number-shaped secrets: payment cards, IBANs and bank accounts, passport and national ID numbers.

A travel conversation is full of long numbers that are *not* secrets (e-tickets, booking and tracking
references, phone numbers), so a digit count alone decides nothing:

* a **card** is 13-19 digits in groups with any separators, in an issuer (IIN) range whose lengths fit, passing
  Luhn (python-stdnum); "ticket", "tracking", "booking", "call" … next to it and no card word mean it is not a
  card; a 13-digit number (e-ticket length) is a card only when a card word says so; a card word lets a
  Luhn-failing number in an issuer range through, because a mistyped card number is still card data;
* an **IBAN** is validated by python-stdnum in any case, with spaces or dashes; "IBAN" before an IBAN-shaped
  value masks it even when the checksum fails; a **bank account** needs a sort code, routing or BSB number, or an
  "account number" with bank words, and no loyalty words;
* **passport and national ID numbers** need their words ("passport no.", "DNI", "national insurance number" …),
  except formats whose python-stdnum checksum makes them unmistakable (US SSN with dashes, Spanish DNI/NIE,
  Italian codice fiscale, Brazilian CPF with punctuation, UK National Insurance numbers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from stdnum import iban, luhn
from stdnum.br import cpf
from stdnum.es import dni, nie
from stdnum.it import codicefiscale
from stdnum.us import rtn, ssn

from assistant.secrets.hits import (
    BANK_CODE_MASK,
    FIXED_MASKS,
    Hit,
    account_mask,
    card_mask,
    iban_mask,
    word_set,
)

# Digit groups with any separators people type between them: spaces, dots, dashes, slashes, commas, mixed
# ("4111.1111-1111 1111", "4111 / 1111 / …"); the text is already normalised (NFKC, ASCII digits).
_CHAIN = re.compile(
    r"(?<![A-Za-z0-9+])\d+(?:(?:[ \t]{0,2}[-./_,|\\~][ \t]{0,2}|[ \t]{1,3})\d+)*(?![A-Za-z0-9])"
)
_DIGITS = re.compile(r"\d+")
_DIGIT = re.compile(r"\d")
_CARD_WORD = re.compile(
    r"\b(?:credit|debit|cc|mastercard|master\s?card|amex|american\s+express|maestro|discover|diners|jcb|"
    r"union\s?pay|visa\s+(?:card|debit|credit|electron)|cvv2?|cvc2?|expiry|expires?|exp|valid\s+thru|pan|"
    r"payment\s+card|pay(?:ing)?\s+with|charge|charged|tarjeta|kreditkarte|karte|cart[ãa]o|carte\s+bancaire|"
    r"carte\s+bleue|carte(?!\s+d['’](?:embarquement|identit))|carta\s+di\s+credito|(?P<pre>[\w-]{1,30}\s+)?card)\b",
    re.I,
)
# "card" after one of these is not a payment card ("boarding card 0123…", "Oyster card …").
_OTHER_CARDS = word_set(
    "boarding gift loyalty membership member rail railcard oyster sim key id identity landing green "
    "post greeting library student discount club reward rewards points tourist city museum metro transit bus "
    "sd memory lounge priority frequent flyer insurance health ehic ghic vaccination yellow smart access hotel "
    "room door scratch sim-card e-sim esim photo"
)
_NOT_CARD_WORD = re.compile(
    r"\b(?:e-?tickets?|etkt|tkt|tickets?|tracking|track|parcel|package|shipment|courier|delivery|bookings?|booked|"
    r"reservations?|orders?|ref|reference|confirmation|conf|pnr|locator|itinerary|phone|call|ring|tel|"
    r"telephone|mobile|cell|whatsapp|fax|flights?|invoice|receipt|members?|membership|loyalty|frequent|"
    r"flyer|flier|miles|avios|bonvoy|honors|points|policy|claim|case|voucher|imei|serial|isbn|barcode|ean|upc|"
    r"customer|passenger|baggage|bag|luggage|tag|awb|waybill|container|transaction|trip|application|"
    r"rail|train|railcard|tax|vat|insurance|number\s+to\s+call|hotline|contact|fone|telefone|teléfono|"
    r"téléphone|billet|billete|bilhete)\b",
    re.I,
)


# A label of another kind of number just before it: "tracking no. 4111…", "the booking number on my email is
# 5425…"; a few words may stand between the label and the number only when a connector ends them.
_LABEL_TAIL = (
    r"(?:(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#|id|ref|is|was|:|=|-))*"
    r"|(?:\s+[\w'’-]+){1,6}?\s*(?:\bis|\bwas|:|=|-|\bwould\s+be))\s*$"
)
_LABEL_BEFORE = re.compile(_NOT_CARD_WORD.pattern + _LABEL_TAIL, re.I)
_LABEL_AFTER = re.compile(
    r"^\W{0,3}(?:\s*(?:is|was|=|-))?(?:\s+(?:my|the|our|your|a|an))?(?:\s+[\w-]+)?\s+"
    + _NOT_CARD_WORD.pattern,
    re.I,
)


def _labelled_other(before: str, after: str, length: int) -> bool:
    """Whether words around an unlabelled card-shaped number say it is something else.

    A 13- or 14-digit number (e-ticket, phone length) is vetoed by any such word nearby; a card-length one
    (15-19 digits, Luhn-valid, in an issuer's range) only by a label right next to it ("tracking no. 4111…",
    "… is my IMEI"), so travel words elsewhere in the sentence ("pay the Lisbon flight with 4111…") do not
    hide it.
    """
    if length < 15:
        return bool(_NOT_CARD_WORD.search(before) or _NOT_CARD_WORD.search(after))
    return bool(_LABEL_BEFORE.search(before[-40:]) or _LABEL_AFTER.match(after))


def _iin_fits(d: str) -> bool:
    """Whether a digit string lies in a card issuer's range with a length that issuer uses."""
    n, p2, p3, p4, p6 = len(d), int(d[:2]), int(d[:3]), int(d[:4]), int(d[:6])
    if d[0] == "4":  # Visa
        return n in (13, 16, 19)
    if 51 <= p2 <= 55 or 2221 <= p4 <= 2720:  # Mastercard
        return n == 16
    if p2 in (34, 37):  # American Express
        return n == 15
    if 300 <= p3 <= 305 or p2 in (36, 38, 39) or p4 == 3095:  # Diners Club
        return 14 <= n <= 19
    if 3528 <= p4 <= 3589 or 2200 <= p4 <= 2204 or 979200 <= p6 <= 979289:  # JCB, Mir, Troy
        return 16 <= n <= 19
    # Discover, UnionPay, Maestro, RuPay, Verve: 16-19 (Maestro's rare 12/13-digit cards are e-ticket length)
    return (p2 == 50 or 56 <= p2 <= 69) and 16 <= n <= 19


def _card_words(window: str) -> tuple[bool, bool]:
    """(a payment-card word, another kind of card: "loyalty card", "Oyster card" …) in ``window``."""
    payment = other = False
    for m in _CARD_WORD.finditer(window):
        pre = m.group("pre")
        if pre is not None and pre.strip().lower() in _OTHER_CARDS:
            other = True
        else:
            payment = True
    return payment, other


def _card_prefix(text: str, start: int, end: int, card_context: bool) -> tuple[int, str] | None:
    """The longest run of leading digit groups of a chain that is a card (end offset, digits), or None.

    Only prefixes count: a card is often followed by its expiry and code ("4111 … 1111 12/27 123").
    """
    digits = ""
    prefixes: list[tuple[int, str]] = []
    for g in _DIGITS.finditer(text, start, end):
        digits += g.group(0)
        if len(digits) > 19:
            break
        if len(digits) >= 13:
            prefixes.append((g.end(), digits))
    fitting = [(stop, number) for stop, number in reversed(prefixes) if _iin_fits(number)]
    valid = [(stop, number) for stop, number in fitting if luhn.is_valid(number)]
    if valid:
        return valid[0]
    return fitting[0] if fitting and card_context else None


def card_hits(text: str, view: str) -> Iterator[Hit]:
    if sum(map(str.isdigit, text)) < 13:
        return
    chains = list(_CHAIN.finditer(text))
    for i, m in enumerate(chains):
        if sum(map(str.isdigit, m.group(0))) < 13:
            continue
        # Context stops at the neighbouring numbers: "ticket 125…, card 4111…" gives each its own words.
        lo = max(chains[i - 1].end() if i else 0, m.start() - 64)
        hi = min(chains[i + 1].start() if i + 1 < len(chains) else len(text), m.end() + 32)
        before, after = view[lo : m.start()], view[m.end() : hi]
        (pay_before, other_before), (pay_after, other_after) = _card_words(before), _card_words(after)
        carded, other_card = pay_before or pay_after, other_before or other_after
        found = _card_prefix(text, m.start(), m.end(), carded)
        if found is None:
            continue
        stop, number = found
        luhn_ok = luhn.is_valid(number)
        if not carded and (len(number) == 13 or not luhn_ok):
            continue
        if not carded and (other_card or _labelled_other(before, after, len(number))):
            continue
        yield Hit("card", m.start(), stop, card_mask(number))


_IBAN_START = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?=[ -]?[A-Za-z0-9])")
_IBAN_CUE = re.compile(r"\bIBAN\b", re.I)
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{1,34}(?:[ -][A-Za-z0-9]{1,34}){0,16}")
_ALNUM = re.compile(r"[A-Za-z0-9]+")


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


@lru_cache(maxsize=1024)
def _iban_shaped(compact: str) -> bool:
    """The country code, two check digits and exactly the BBAN structure that country uses (python-stdnum's IBAN
    registry). An IBAN whose check digits are wrong, a typo or a number made up for an example, still names
    somebody's account; the structure alone is specific enough not to occur in ordinary travel talk."""
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", compact):
        return False
    try:
        bban = iban._ibandb.info(compact)[0][1].get("bban", "")
        return bool(bban) and iban._struct_to_re(bban).match(compact[4:]) is not None
    except (AttributeError, IndexError, TypeError, KeyError):  # the registry's private layout moved: skip
        return False


def iban_hits(text: str, view: str) -> Iterator[Hit]:
    for m in _IBAN_START.finditer(text):
        labelled = _IBAN_CUE.search(view, max(0, m.start() - 24), m.start()) is not None
        for end, compact in _iban_candidates(text, m.start()):
            if labelled or _valid_iban(compact) or _iban_shaped(compact):
                yield Hit("bank_account", m.start(), end, iban_mask(compact))
                break


_CONNECT = r"(?:\s*(?:number|no\.?|num|nr\.?|n[°º]|#))?(?:\s*(?:is|was|:|=|-|'s|’s)(?:\s*:)?)?\s*"
_SORT_CODE = re.compile(
    r"\b(?:sort[ -]?code|s/c|bsb|routing|aba|rtn|transit)"
    + _CONNECT
    + r"(?P<v>\d{2,3}[- ]?\d{2,3}(?:[- ]?\d{2,5})?)\b",
    re.I,
)
_ACCOUNT = re.compile(
    r"\b(?P<cue>(?:(?:bank|checking|cheque|current|savings|business)\s+)?(?:account|acct|acc|a/c))"
    + _CONNECT
    + r"(?P<v>\d(?:[ -]?\d){5,16})(?![\d])",
    re.I,
)
_BANK_WORD = re.compile(
    r"\b(?:bank|banking|sort[ -]?code|routing|bsb|iban|swift|bic|checking|cheque|current\s+account|savings|"
    r"transfer|wire|deposit|refund|direct\s+debit|standing\s+order|payee|acct|a/c)\b",
    re.I,
)
_LOYALTY_WORD = re.compile(
    r"\b(?:loyalty|member|membership|frequent|flyer|flier|miles|avios|bonvoy|honors|points|rewards?|club|"
    r"customer|booking|reservation|airline|hotel|programme|program|executive|tap|flying\s+blue)\b",
    re.I,
)


def bank_hits(text: str, view: str) -> Iterator[Hit]:
    if _DIGIT.search(text) is None:
        return
    for m in _SORT_CODE.finditer(text):
        value = re.sub(r"\D", "", m.group("v"))
        if len(value) == 6 or (len(value) == 9 and rtn.is_valid(value)):
            yield Hit("bank_account", m.start("v"), m.end("v"), BANK_CODE_MASK)
    for m in _ACCOUNT.finditer(text):
        # "bank account", "acct", "a/c" say it themselves; a bare "account" needs bank words and no loyalty ones.
        if m.group("cue").lower() == "account":
            window = view[max(0, m.start() - 60) : m.end() + 60]
            if not _BANK_WORD.search(window) or _LOYALTY_WORD.search(window):
                continue
        yield Hit("bank_account", m.start("v"), m.end("v"), account_mask(re.sub(r"\D", "", m.group("v"))))


_ID_GROUPS = re.compile(r"[A-Za-z0-9]+(?:[ .\-/][A-Za-z0-9]+){0,5}")
_PASSPORT = re.compile(
    r"\b(?:passports?|reisepass(?:nummer)?|passeport|pasaporte|passaporto|paspoort|passaporte)"
    r"(?:\s+(?:number|no\.?|num|nr\.?|n[°º]|#|id|details|n[úu]mero|num[ée]ro|nummer))?"
    r"(?:\s+(?:for|on|in)\s+[^\n.,;:!?\d]{1,25}?(?=\s*:|\s+is\s))?"
    r"(?:\s+(?:is|was|reads|es|est|ist|é)(?:\s*:)?|\s*[:=#-]|'s|’s|\?\s*(?:it's|it is))?\s*",
    re.I,
)
_NATIONAL_ID = re.compile(
    r"\b(?:national\s+insurance(?:\s+(?:number|no\.?))?|ni\s+(?:number|no\.?)|nino|social\s+security"
    r"(?:\s+(?:number|no\.?))?|ssn|social\s+insurance\s+number|sin|(?:national|personal|government|citizen)\s+id"
    r"(?:entity)?(?:\s+(?:card|number|no\.?))?|id(?:entity)?\s+card(?:\s+(?:number|no\.?))?|identity\s+number|"
    r"(?:my|your)\s+id(?:\s+(?:number|no\.?|#))?|(?P<bare>id)\s+(?:number|no\.?|#)|"
    r"dni|nie|nif|cpf|codice\s+fiscale|bsn|burgerservicenummer|"
    r"pesel|personnummer|aadhaa?r(?:\s+(?:number|no\.?))?|tax\s+file\s+number|tfn|pps(?:n|\s+number)?|"
    r"steuer-?id|steueridentifikationsnummer|personalausweis(?:nummer)?|carte\s+d'identit[ée]|"
    r"num[ée]ro\s+de\s+s[ée]curit[ée]\s+sociale|cart[ãa]o\s+de\s+cidad[ãa]o|nric|mykad|emirates\s+id|"
    r"driv(?:er'?s|ing)\s+licen[cs]e(?:\s+(?:number|no\.?))?)"
    r"(?:\s+(?:is|was|reads)(?:\s*:)?|\s*[:=#-]|'s|’s|\?\s*(?:it's|it is))?\s*",
    re.I,
)
_REFERENCE_WORD = re.compile(
    r"\b(?:booking|order|transaction|reservation|member|trip|user|session|ticket|passenger|customer|flight|"
    r"tracking|reference|confirmation|loyalty|account|device|employee|staff|student|event|conference|group|"
    r"apple|google|wi-?fi|player|registration|application)\W*$",
    re.I,
)
_REFERENCE_BEFORE = re.compile(
    r"\b(?:booking|ref|reference|order|ticket|tracking|confirmation|pnr|reservation|invoice|flight)\b[^.\n]{0,12}$",
    re.I,
)


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


# The machine-readable lines of a passport's photo page: "P<GBRSMITH<<JOHN<<<…" and the number line after it.
_MRZ = re.compile(
    r"P[A-Z<][A-Z]{3}[A-Z<]{20,90}(?:\s*\n?\s*[A-Z0-9<]{9}\d[A-Z]{3}\d{6}[0-9<]\w?[A-Z0-9<]{0,30})?"
)


def _mrz_hits(text: str) -> Iterator[Hit]:
    if "<<" not in text:
        return
    for m in _MRZ.finditer(text):
        yield Hit("passport", m.start(), m.end(), FIXED_MASKS["passport"])


_AFTER_TAIL = re.compile(r"[\s.,;:!?…-]*")
_BEFORE_HEAD = re.compile(r"[^\d\n]{0,24}")


def opens_with_digits(text: str) -> bool:
    """Whether a normalised message starts (after a few words at most) with fewer than 13 digits in groups: the
    shape of the second part of a split card number."""
    head = _CHAIN.search(text, 0, 120)
    return (
        head is not None
        and _BEFORE_HEAD.fullmatch(text, 0, head.start()) is not None
        and sum(map(str.isdigit, head.group(0))) < 13
    )


def split_card_hit(previous: str, text: str) -> Hit | None:
    """The second part of a card number split over two messages (see :func:`split_card_parts`)."""
    parts = split_card_parts(previous, text)
    return None if parts is None else parts[1]


def split_card_parts(previous: str, text: str) -> tuple[Hit, Hit] | None:
    """A card number split over two messages: ``previous`` ends with digit groups, ``text`` starts with more,
    and together (not apart) they are a Luhn-valid number in an issuer's range. Returns the first part's hit
    (offsets into ``previous``) and the second's (offsets into ``text``).

    Both are normalised views. Alone the first part was not a card number, so it was logged as written; once
    the second arrives, both are masked (the first by correcting the logged message: see ``ThreadLog.remask``).
    """
    window = max(0, len(previous) - 80)
    tail = next(reversed(list(_CHAIN.finditer(previous, window))), None)
    head = _CHAIN.search(text, 0, 120)
    if tail is None or head is None or _BEFORE_HEAD.fullmatch(text, 0, head.start()) is None:
        return None
    if _AFTER_TAIL.fullmatch(previous, tail.end()) is None:
        return None
    first = "".join(_DIGITS.findall(tail.group(0)))
    groups = list(_DIGITS.finditer(text, head.start(), head.end()))
    if len(first) >= 13 or sum(len(g.group(0)) for g in groups) >= 13:
        return None  # a whole number in either message is the ordinary scanner's
    number, found = first, None
    for g in groups:
        number += g.group(0)
        if len(number) > 19:
            break
        if len(number) >= 13 and _iin_fits(number) and luhn.is_valid(number):
            found = (head.start(), g.end(), card_mask(number))  # the longest wins
    if found is None:
        return None
    start, end, mask = found
    return Hit("card", tail.start(), tail.end(), mask), Hit("card", start, end, mask)
