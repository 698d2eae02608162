"""The words a code is said with when its own name is missing: what it opens and how it came, in the six
languages of :mod:`language.secrets.vocabulary` (read by :mod:`language.secrets.holders`).

A general word for a code ("the code", "o código", "opens with") says nothing alone: a promo code and a booking
code are codes too. It is a secret's when the sentence names what it opens (:data:`ACCESS_PLACES`) or how it
arrived (:data:`DELIVERY`); a code said right after a thing that carries no number of its own
(:data:`CODE_HOLDERS`) needs no general word at all.
"""

from __future__ import annotations

# A number followed by one of these is an amount, not a code ("they sent 1500 EUR").
AMOUNTS = (
    "eur, euro, euros, usd, dollar, dollars, gbp, pound, pounds, reais, real, chf, francs, miles, points, "
    "km, kg, nights, people, persons, pessoas, personas, personnes, personen, persone, times, photos, emails"
)
