"""Deterministic demo inventory for the booking system: airports, flights, partner hotels, restaurants.

The same (route, day) always yields the same options and prices, so a two-session demo can be repeated and a
test can name a flight. Names are invented; nothing here pretends to be live availability.
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, date, datetime, time, timedelta

from assistant.booking_types import FlightOption, Hotel, Restaurant
from language.lexicon.places import AIRPORTS

# The carriers flying into each destination (first one is the "home" carrier of that city).
_CARRIERS: dict[str, tuple[tuple[str, str], ...]] = {
    "LIS": (("TP", "TAP Air Portugal"), ("BA", "British Airways"), ("U2", "easyJet")),
    "OPO": (("TP", "TAP Air Portugal"), ("FR", "Ryanair"), ("U2", "easyJet")),
    "MAD": (("IB", "Iberia"), ("BA", "British Airways"), ("UX", "Air Europa")),
    "BCN": (("VY", "Vueling"), ("IB", "Iberia"), ("U2", "easyJet")),
    "CDG": (("AF", "Air France"), ("BA", "British Airways"), ("U2", "easyJet")),
    "AMS": (("KL", "KLM"), ("BA", "British Airways"), ("U2", "easyJet")),
}
_DEFAULT_CARRIERS = (("BA", "British Airways"), ("LH", "Lufthansa"), ("U2", "easyJet"))

# Departure slots: morning, midday, evening. Block time is route-dependent.
_SLOTS = (time(7, 5), time(12, 40), time(18, 55))

HOTELS: dict[str, Hotel] = {
    "LIS": Hotel("H-LIS-1", "Casa do Rio Lisboa", "Rua da Prata 112, Baixa, 1100-420 Lisbon", "Lisbon"),
    "OPO": Hotel("H-OPO-1", "Ribeira Terrace Hotel", "Rua de São João 41, 4050-552 Porto", "Porto"),
    "MAD": Hotel("H-MAD-1", "Hotel Plaza Letras", "Calle de las Huertas 18, 28012 Madrid", "Madrid"),
    "BCN": Hotel("H-BCN-1", "Hotel Mar Gòtic", "Carrer de la Palla 9, 08002 Barcelona", "Barcelona"),
    "CDG": Hotel("H-CDG-1", "Hôtel des Arts Marais", "12 Rue de Turenne, 75004 Paris", "Paris"),
    "AMS": Hotel("H-AMS-1", "Canal House Jordaan", "Prinsengracht 210, 1016 HD Amsterdam", "Amsterdam"),
}

# Restaurants near each partner hotel. Dietary tags are what the find_restaurants filter matches on.
_RESTAURANTS: dict[str, tuple[Restaurant, ...]] = {
    "H-LIS-1": (
        Restaurant(
            "Horta da Baixa", "Portuguese, vegetarian", "Rua dos Douradores 45", 3, ("vegetarian", "vegan")
        ),
        Restaurant("Tasca do Bacalhau", "Portuguese seafood", "Rua da Prata 80", 2, ("pescatarian",)),
        Restaurant("Jardim Verde", "Mediterranean", "Rua Augusta 201", 5, ("vegetarian", "gluten-free")),
        Restaurant("Churrasqueira Central", "Grill", "Rua do Ouro 150", 4, ()),
        Restaurant(
            "Prado Vivo",
            "Seasonal, plant-based",
            "Rua da Madalena 22",
            7,
            ("vegetarian", "vegan", "gluten-free"),
        ),
        Restaurant("Cervejaria Ribeira", "Seafood beer hall", "Cais do Sodré 3", 11, ("pescatarian",)),
    ),
    "H-OPO-1": (
        Restaurant("Flor da Ribeira", "Vegetarian", "Rua da Fonte Taurina 7", 2, ("vegetarian", "vegan")),
        Restaurant("Casa Tripeira", "Portuguese", "Rua de Mouzinho 60", 4, ()),
        Restaurant("Mercado Verde", "Café, bowls", "Praça da Ribeira 5", 3, ("vegetarian", "gluten-free")),
    ),
}
_GENERIC_RESTAURANTS = (
    Restaurant("Green Table", "Vegetarian bistro", "two streets from the hotel", 4, ("vegetarian", "vegan")),
    Restaurant("Harbour Grill", "Grill and seafood", "on the main square", 6, ("pescatarian",)),
    Restaurant(
        "Olive & Thyme", "Mediterranean", "next to the hotel", 1, ("vegetarian", "gluten-free", "halal")
    ),
)

_FLIGHT_ID_RE = re.compile(r"([A-Z0-9]{2})(\d{3,4})-(\d{8})-([A-Z]{3})([A-Z]{3})")


def _digest(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("|".join(parts).encode()).digest()[:8], "big")


def flights(origin: str, destination: str, day: date) -> list[FlightOption]:
    """The three daily options on a route; same inputs, same options."""
    carriers = _CARRIERS.get(destination, _DEFAULT_CARRIERS)
    block = timedelta(minutes=90 + _digest(origin, destination) % 100)
    options = []
    for slot, (code, _name) in zip(_SLOTS, carriers, strict=True):
        number = 100 + _digest(code, origin, destination, slot.isoformat()) % 1900
        depart = datetime.combine(day, slot, tzinfo=UTC)
        price = 59 + _digest(origin, destination, day.isoformat(), code) % 240
        flight_id = f"{code}{number}-{day:%Y%m%d}-{origin}{destination}"
        options.append(
            FlightOption(
                flight_id=flight_id,
                carrier=dict(carriers)[code],
                flight_no=f"{code}{number}",
                origin=origin,
                destination=destination,
                depart_at=depart,
                arrive_at=depart + block,
                price_eur=int(price),
                seats_left=1 + _digest(flight_id) % 9,
            )
        )
    return options


def flight_by_id(flight_id: str) -> FlightOption | None:
    match = _FLIGHT_ID_RE.fullmatch(flight_id)
    if not match:
        return None
    _code, _number, ymd, origin, destination = match.groups()
    if origin not in AIRPORTS or destination not in AIRPORTS:
        return None
    try:
        day = datetime.strptime(ymd, "%Y%m%d").date()
    except ValueError:
        return None
    for option in flights(origin, destination, day):
        if option.flight_id == flight_id:
            return option
    return None


def hotel_for(destination: str) -> Hotel:
    city = AIRPORTS.get(destination, destination)
    return HOTELS.get(destination) or Hotel(
        f"H-{destination}-1", f"Grand Central {city}", f"1 Station Square, {city}", city
    )


def hotel_by_id(hotel_id: str) -> Hotel | None:
    for hotel in HOTELS.values():
        if hotel.hotel_id == hotel_id:
            return hotel
    match = re.fullmatch(r"H-([A-Z]{3})-1", hotel_id)
    return hotel_for(match.group(1)) if match and match.group(1) in AIRPORTS else None


def restaurants_near(hotel_id: str) -> tuple[Restaurant, ...]:
    return _RESTAURANTS.get(hotel_id, _GENERIC_RESTAURANTS)
