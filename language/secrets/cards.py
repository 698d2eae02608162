"""Payment cards: the number, the security code printed after it, and a number split over two messages.

A travel conversation is full of long numbers that are *not* cards (e-tickets, booking and tracking references,
phone numbers), so a digit count alone decides nothing. A number is card data when one of these holds, from the
surest down:

1. 13-19 digits in an issuer (IIN) range whose lengths fit, passing Luhn (python-stdnum);
2. the shape a card is printed in (four groups of four, or Amex's 4-6-5), passing Luhn, whatever the issuer:
   issuer ranges move, the printed shape does not ("3501  3032  9534  2725");
3. beside a card word in any of the assistant's languages (card, carte, cartão, tarjeta, Karte, carta, visa …):
   any card-shaped number, Luhn or not, because a mistyped or made-up card number is still card data
   ("the company amex is out, use 3522 7923 8311 7061").

Words saying the number is something else ("ticket", "tracking", "booking", "Buchungsnummer" …) veto 1 when no
card word is said; 2 also when the number is introduced as another thing's ("Accor Live Limitless number 3081
…") or a brand's card with no payment word ("Miles & More card number …"); and 3 whenever they are near (a card
word in the sentence does not make an e-ticket a card), or only a label right beside it for a number in an
issuer's range (a mistyped card: "pay the Lisbon flight with my card 4111 … 1112").

After a card, its expiry and then three or four digits are the security code ("…4805, 09/27, 313"): the three
things printed on a card, in the order people copy them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from stdnum import luhn

from language.lexicon.secrets.cards import (
    _AFTER_TAIL,
    _BEFORE_HEAD,
    _CARD_WORD,
    _CHAIN,
    _DIGITS,
    _EXPIRY,
    _EXPIRY_THEN_CODE,
    _LABEL_AFTER,
    _LABEL_BEFORE,
    _NAMED_NUMBER,
    _NOT_CARD_WORD,
    _OTHER_CARDS,
    _PART_LABEL,
    _PAYMENT_PRE,
)
from language.lexicon.secrets.hits import CARD_CODE_MASK, CARD_EXPIRY_MASK
from language.secrets.hits import Hit, card_mask


def _labelled_other(before: str, after: str, strict: bool) -> bool:
    """Whether words around a card-shaped number say it is something else.

    ``strict`` (a 13- or 14-digit number, of e-ticket or phone length, or a number that is card data only
    because a card word is near): any such word nearby vetoes it. Otherwise (a Luhn-valid number of card length)
    only a label right next to it does ("tracking no. 4111…", "… is my IMEI"), so travel words elsewhere in the
    sentence ("pay the Lisbon flight with 4111…") do not hide it.
    """
    if strict:
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


def _card_words(window: str) -> tuple[bool, bool, bool]:
    """(a card word, another kind of card: "loyalty card", "Oyster card" …, a card word that can only mean a
    payment card) in ``window``."""
    payment = other = firm = False
    for m in _CARD_WORD.finditer(window):
        pre = m.group("pre") or m.group("post")
        word = pre.strip().lower() if pre is not None else None
        if word in _OTHER_CARDS:
            other = True
        else:
            payment = True
            firm = firm or word is None or word in _PAYMENT_PRE
    return payment, other, firm


def _named_other(before: str) -> bool:
    named = _NAMED_NUMBER.search(before[-40:])
    return named is not None and not _CARD_WORD.fullmatch(named.group("name"))


# The groups a card number is printed in: 4-4-4-4, and Amex's 4-6-5.
_PRINTED_GROUPS = ((4, 4, 4, 4), (4, 6, 5))


def _printed(groups: tuple[int, ...], ends_chain: bool) -> bool:
    """The shape a card number is typed in: its printed groups, one run of 13-19 digits, or groups of four
    with a shorter last one that ends the number ("4314 4074 1706 3")."""
    if groups in _PRINTED_GROUPS or (len(groups) == 1 and 13 <= groups[0] <= 19):
        return True
    return ends_chain and len(groups) > 1 and all(g == 4 for g in groups[:-1]) and groups[-1] < 4


# How a number came to be read as a card, from the surest: in an issuer's range and Luhn-valid; in a card's
# printed groups and Luhn-valid; beside a card word and in an issuer's range; beside a payment-card word and
# only card-shaped.
Tier = Literal["issuer", "printed", "cued_issuer", "cued_shape"]


def _card_prefix(text: str, start: int, end: int, carded: bool, firm: bool) -> tuple[int, str, Tier] | None:
    """The leading digit groups of a chain that are a card: (end offset, digits, tier), or None. ``carded``: a
    card word is near; ``firm``: one that can only mean a payment card.

    Only prefixes count: a card is often followed by its expiry and code ("4111 … 1111 12/27 123").
    """
    digits = ""
    sizes: tuple[int, ...] = ()
    prefixes: list[tuple[int, str, tuple[int, ...]]] = []
    for g in _DIGITS.finditer(text, start, end):
        digits += g.group(0)
        sizes += (len(g.group(0)),)
        if len(digits) > 19:
            break
        if len(digits) >= 13:
            prefixes.append((g.end(), digits, sizes))
    prefixes.reverse()  # longest first
    for stop, number, _ in prefixes:
        if _iin_fits(number) and luhn.is_valid(number):
            return stop, number, "issuer"
    for stop, number, sizes in prefixes:
        if sizes in _PRINTED_GROUPS and luhn.is_valid(number):  # a card's printed groups: any issuer
            return stop, number, "printed"
    fitting = [(stop, number) for stop, number, _ in prefixes if _iin_fits(number)]
    if carded and fitting:  # a mistyped card number is still card data
        return fitting[0][0], fitting[0][1], "cued_issuer"
    shaped = [(stop, number) for stop, number, sizes in prefixes if _printed(sizes, stop == end)]
    if firm and shaped:
        return shaped[0][0], shaped[0][1], "cued_shape"
    return None


def _vetoed(tier: Tier, number: str, before: str, after: str, cue: tuple[bool, bool, bool]) -> bool:
    """Whether the words around a card-shaped number say it is not a card (see the module's docstring).
    ``cue``: (a card word, another kind of card, a word that can only mean a payment card) near it."""
    carded, other_card, firm = cue
    if tier == "cued_issuer":  # a mistyped card, unless labelled as something else right beside it
        return other_card or _labelled_other(before, after, strict=False)
    if tier == "cued_shape":
        return other_card or _named_other(before) or _labelled_other(before, after, strict=True)
    if not carded and (len(number) == 13 or other_card or _labelled_other(before, after, len(number) < 15)):
        return True
    if tier == "printed":  # "Miles & More card number is 3333 …": a brand's card, no payment word
        strict = carded and not firm
        return other_card or _named_other(before) or _labelled_other(before, after, strict=strict)
    return False


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
        carded, other_card, firm = (
            a or b for a, b in zip(_card_words(before), _card_words(after), strict=True)
        )
        found = _card_prefix(text, m.start(), m.end(), carded, firm)
        if found is None or _vetoed(found[2], found[1], before, after, (carded, other_card, firm)):
            continue
        stop, number, _tier = found
        yield Hit("card", m.start(), stop, card_mask(number))
        code = _EXPIRY_THEN_CODE.match(text, stop)
        if code is not None:
            yield Hit("card", code.start("v"), code.end("v"), CARD_CODE_MASK)


_EXPIRY_REACH = 40


def expiries_beside(text: str, hits: list[Hit]) -> list[Hit]:
    """The expiry dates a short reach after a card number or either side of a card's security code (one line
    break at most between them), as card data. Not a date before a card number: "flying on 07/28, card 4111 …"
    is a trip's date."""
    found: list[Hit] = []
    for hit in hits:
        if hit.kind != "card":
            continue
        before = _EXPIRY_REACH if hit.mask == CARD_CODE_MASK else 0
        lo, hi = max(0, hit.start - before), min(len(text), hit.end + _EXPIRY_REACH)
        for m in _EXPIRY.finditer(text, lo, hi):
            between = text[min(m.end(), hit.end) : max(m.start(), hit.start)]
            if between.count("\n") <= 1 and not any(f.start == m.start() for f in found):
                found.append(Hit("card", m.start(), m.end(), CARD_EXPIRY_MASK))
    return found


def _head(text: str) -> re.Match[str] | None:
    """The first digit groups of a message, after a few words and perhaps a part's label."""
    label = _PART_LABEL.match(text)
    start = label.end() if label is not None else 0
    head = _CHAIN.search(text, start, 120)
    if head is None or _BEFORE_HEAD.fullmatch(text, start, head.start()) is None:
        return None
    return head


def opens_with_digits(text: str) -> bool:
    """Whether a normalised message starts (after a few words at most) with fewer than 13 digits in groups: the
    shape of the second part of a split card number."""
    head = _head(text)
    return head is not None and sum(map(str.isdigit, head.group(0))) < 13


def split_card_parts(previous: str, text: str) -> tuple[Hit, Hit] | None:
    """A card number split over two messages: ``previous`` ends with digit groups (perhaps followed by a short
    aside: "(sorry, phone died)", "<- first part"), ``text`` starts with more, and together (not apart) they
    are a card: Luhn-valid in an issuer's range, or in a card's printed groups. Returns the first part's hit
    (offsets into ``previous``) and the second's (offsets into ``text``).

    Both are normalised views. Alone the first part was not a card number, so it was logged as written; once
    the second arrives, both are masked (the first by correcting the logged message: see ``ThreadLog.remask``).
    """
    window = max(0, len(previous) - 80)
    tail = next(reversed(list(_CHAIN.finditer(previous, window))), None)
    head = _head(text)
    if tail is None or head is None:
        return None
    if _AFTER_TAIL.fullmatch(previous, tail.end()) is None:
        return None
    said = previous[window:] + " " + text[: head.end() + 40]
    if _NOT_CARD_WORD.search(said) and not _card_words(said)[0]:  # "booking 1234 5678 …" then "… 9012 3456"
        return None
    first = _DIGITS.findall(tail.group(0))
    groups = list(_DIGITS.finditer(text, head.start(), head.end()))
    if sum(map(len, first)) >= 13 or sum(len(g.group(0)) for g in groups) >= 13:
        return None  # a whole number in either message is the ordinary scanner's
    number, sizes, found = "".join(first), tuple(map(len, first)), None
    for g in groups:
        number += g.group(0)
        sizes += (len(g.group(0)),)
        if len(number) > 19:
            break
        card = _iin_fits(number) or sizes in _PRINTED_GROUPS
        if len(number) >= 13 and card and luhn.is_valid(number):
            found = (head.start(), g.end(), card_mask(number))  # the longest wins
    if found is None:
        return None
    start, end, mask = found
    return Hit("card", tail.start(), tail.end(), mask), Hit("card", start, end, mask)
