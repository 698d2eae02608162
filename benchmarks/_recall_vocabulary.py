"""The recall benchmarks' vocabulary: a few hundred distinct travel facts, each with a quote in the user's words.

A travel assistant's facts repeat a lot across users, so the benchmark tables are built from this fixed
vocabulary: each distinct (fact text, evidence quote) pair is embedded once and its vector reused for every
user who holds it. Seeded, so every build draws the same quotes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import get_args

from assistant.fact_records import Authority, Fact
from assistant.fact_types import FACT_TYPES, DietaryNeed
from testkit.stored_facts import user_fact


@dataclass(frozen=True, slots=True)
class Entry:
    type: str
    value: str
    quote: str

    @property
    def text(self) -> str:
        return FACT_TYPES[self.type].render(self.value)

    @property
    def key(self) -> str:
        return FACT_TYPES[self.type].key_for(self.value)

    def fact(
        self,
        *,
        user: str,
        fact_id: str,
        thread: str,
        turn: str,
        at: datetime,
        by: Authority = Authority.USER,
        quote: str | None = None,
    ) -> Fact:
        """This entry as a user's current first-version fact, said at ``at`` (expiring by its type's TTL)."""
        return user_fact(user, self.type, self.value, fact_id=fact_id, thread=thread, turn=turn, at=at, by=by)


# Every dietary need memory can hold, then needs beyond the app's vocabulary.
_DIETARY = (
    *get_args(DietaryNeed),
    "egg allergy",
    "soy allergy",
    "sesame allergy",
    "low-sodium",
    "diabetic-friendly",
    "no pork",
)
_LOYALTY = (
    "TAP Miles&Go",
    "British Airways Avios",
    "British Airways Executive Club",
    "Flying Blue",
    "Iberia Plus",
    "Miles & More",
    "Marriott Bonvoy",
    "Hilton Honors",
    "IHG One Rewards",
    "World of Hyatt",
    "Accor Live Limitless",
    "Emirates Skywards",
    "Qatar Privilege Club",
    "Delta SkyMiles",
    "United MileagePlus",
    "American AAdvantage",
    "Turkish Miles&Smiles",
    "SAS EuroBonus",
    "Finnair Plus",
    "Aeroplan",
    "KrisFlyer",
    "Asia Miles",
    "Virgin Flying Club",
    "Etihad Guest",
    "Radisson Rewards",
    "Wyndham Rewards",
    "Best Western Rewards",
    "Sixt Loyalty",
    "Hertz Gold Plus",
    "Avis Preferred",
)
_ACCESSIBILITY = (
    "wheelchair assistance",
    "step-free access",
    "hearing assistance",
    "visual assistance",
    "travels with a guide dog",
    "travels with a service dog",
    "ground-floor rooms",
    "accessible bathroom",
    "assistance at boarding",
    "extra time for connections",
)
_STYLE = (
    "direct flights only",
    "carry-on only",
    "boutique hotels",
    "budget travel",
    "business class",
    "quiet rooms",
    "premium economy",
    "hotels with a gym",
    "hotels with a pool",
    "rooms on a high floor",
    "late check-out",
    "early check-in",
    "king-size bed",
    "twin beds",
    "non-smoking rooms",
    "hotels near the old town",
    "hotels near the train station",
    "hotels with free breakfast",
    "apartments over hotels",
    "hotels with a spa",
    "pet-friendly hotels",
    "hotels with parking",
    "rooms with a bathtub",
    "rooms with a balcony",
    "sea-view rooms",
    "train over plane for short trips",
    "airport lounge access",
    "fast-track security",
    "no low-cost airlines",
    "checked bag included",
    "flexible tickets",
    "refundable fares",
    "travel insurance on every trip",
    "automatic rental cars",
    "electric rental cars",
    "taxi from the airport",
    "public transport from the airport",
    "dinner near the hotel",
    "local cuisine",
    "Michelin-starred restaurants",
    "street food",
    "early dinners",
    "late dinners",
    "restaurants with outdoor seating",
    "wine bars",
    "coffee shops for remote work",
    "vegetarian-friendly restaurants",
    "museums on city breaks",
    "hiking",
    "beaches",
    "cycling tours",
    "live music",
    "football matches",
    "city walking tours",
    "wine tasting",
    "ski trips",
    "scuba diving",
    "travels with two children",
    "travels with a partner",
    "business trips on weekdays",
    "weekend city breaks",
    "luxury travel",
    "long layovers are fine",
    "short layovers only",
    "no overnight layovers",
    "seats together with family",
    "bassinet seat for the baby",
    "kids' club at resorts",
    "adults-only hotels",
    "all-inclusive resorts",
    "self-catering",
    "hostels",
    "eco-certified hotels",
    "contactless check-in",
    "24-hour reception",
    "room service",
    "hotels with a rooftop bar",
    "in-room coffee machine",
    "blackout curtains",
    "hypoallergenic bedding",
    "desk in the room for work",
    "fast wifi",
    "laundry service",
)
_HUBS = (
    "Frankfurt",
    "Heathrow",
    "Charles de Gaulle",
    "Istanbul",
    "Dubai",
    "Doha",
    "Madrid",
    "Zurich",
    "Munich",
    "Amsterdam",
    "Newark",
    "Atlanta",
)
_AIRLINES = (
    "TAP",
    "Lufthansa",
    "KLM",
    "Air France",
    "British Airways",
    "Iberia",
    "Swiss",
    "Austrian",
    "SAS",
    "Finnair",
    "Turkish Airlines",
    "Emirates",
    "Qatar Airways",
    "easyJet",
    "Vueling",
)
_CITIES = (
    "Lisbon",
    "Porto",
    "Madrid",
    "Barcelona",
    "Paris",
    "Amsterdam",
    "Rome",
    "Berlin",
    "Vienna",
    "Copenhagen",
    "Athens",
    "New York",
    "Edinburgh",
    "Dublin",
    "Prague",
    "Budapest",
    "Seville",
    "Florence",
    "Stockholm",
    "Oslo",
    "Kyoto",
    "Lyon",
    "Nice",
    "Krakow",
    "Valencia",
)
_SINGLE = {
    "seat": ("aisle", "window", "extra legroom", "exit row"),
    "home_airport": ("LHR", "MAN", "EDI", "DUB", "LIS", "OPO", "MAD", "BCN", "CDG", "AMS"),
    "language": ("English", "Portuguese", "Spanish", "French", "German", "Italian", "Dutch"),
    "flight_times": ("morning", "afternoon", "evening", "red-eye"),
}
_QUOTES = {
    "dietary": (
        "I'm {v}, so please keep that in mind for restaurants",
        "remember that I need {v} food",
        "just so you know: {v}",
        "I eat {v} only",
    ),
    "loyalty": ("I'm a {v} member", "please add my {v} number", "I collect {v}", "I always earn {v} points"),
    "accessibility": ("I need {v}", "please note I require {v}", "I will need {v} on this trip"),
    "travel_style": (
        "I prefer {v}",
        "{v}, always, if you can",
        "please remember: {v}",
        "for me it's {v}",
        "I really like {v} when I travel",
    ),
    "seat": ("I prefer {v} seats", "{v} seat please, always", "book me a {v} seat whenever possible"),
    "home_airport": ("I usually fly from {v}", "my home airport is {v}", "I'm based near {v}"),
    "language": ("please answer in {v}", "I prefer {v}", "can we talk in {v}?"),
    "flight_times": ("I prefer {v} flights", "{v} departures suit me best", "I like to fly in the {v}"),
}


def vocabulary() -> tuple[list[Entry], list[Entry]]:
    """(multi-valued entries, single-valued entries); values and quotes in the user's words."""
    rng = random.Random(20261109)

    def entries(ftype: str, values: Sequence[str]) -> list[Entry]:
        return [Entry(ftype, v, rng.choice(_QUOTES[ftype]).format(v=v)) for v in values]

    style = (
        list(_STYLE)
        + [f"avoids connecting through {h}" for h in _HUBS]
        + [f"prefers flying with {a}" for a in _AIRLINES]
        + [f"favourite city: {c}" for c in _CITIES]
    )
    multi = (
        entries("dietary", _DIETARY)
        + entries("loyalty", _LOYALTY)
        + entries("accessibility", _ACCESSIBILITY)
        + entries("travel_style", style)
    )
    single = [e for ftype, values in _SINGLE.items() for e in entries(ftype, values)]
    _widen_registry([*multi, *single])
    return multi, single


def _widen_registry(entries: Sequence[Entry]) -> None:
    """Benchmark users hold more distinct facts than the app's closed vocabularies have values (a few hundred
    against a few dozen), so this process's registry takes the vocabulary's values too; the stores' write
    check (``Fact.check``) then accepts them here. The app's own registry is never changed: a server reading
    these tables reads rows, it does not re-check them."""
    for name in {e.type for e in entries}:
        ftype = FACT_TYPES[name]
        extra = frozenset(e.value for e in entries if e.type == name)
        FACT_TYPES[name] = replace(ftype, values=frozenset(ftype.values) | extra)
