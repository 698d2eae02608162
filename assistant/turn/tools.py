"""The travel tools the model may call, with argument validation and session-bound identity.

The acting user always comes from the :class:`ToolContext` the engine builds from the session, never from the
model's arguments (an argument the schema does not declare, such as ``user_id``, is rejected). Bad arguments
produce a :class:`ToolOutcome` with an error the model can read and recover from; they never crash the turn.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.errors import ToolError
from assistant.fact_types import FACT_TYPES, DietaryNeed, MenuDiet
from assistant.ports import BookingSystem
from assistant.turns import ToolCall, ToolContext
from language.lexicon.places import AIRPORTS
from language.places import airport_code
from language.world_airports import world_code

# Diets a menu is tagged with; a model passing a remembered allergy (any ``DietaryNeed``) to a restaurant search
# must not fail validation: those are passed through as needs the search could not check, and the reply says so.
Dietary = MenuDiet
MENU_DIETS: frozenset[str] = frozenset(get_args(Dietary))
DEFAULT_ORIGIN = "LHR"
MAX_BOOKINGS_LISTED = 3


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolOutcome:
    ok: bool
    result: dict[str, Any]

    def logged_body(self, call: ToolCall) -> dict[str, Any]:
        """The tool event's body: the call as the model made it, and its result or its error."""
        body: dict[str, Any] = {
            "call_id": call.id,
            "name": call.name,
            "arguments": call.arguments,
            "ok": self.ok,
        }
        if self.ok:
            body["result"] = self.result
        else:
            body["error"] = self.result.get("error", "tool failed")
        return body


class Rememberer(Protocol):
    """Explicit "remember that …" requests, validated like promotion (see ``assistant.promotion``)."""

    def remember_now(self, ctx: ToolContext, statement: str) -> dict[str, Any]: ...


class Forgetter(Protocol):
    """Forgetting on request, after the user confirmed (see ``assistant.facts.forgetting``)."""

    def forget_now(self, ctx: ToolContext, what: str, value: str | None = None) -> dict[str, Any]: ...


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class SearchFlightsArgs(_Args):
    destination: str = Field(min_length=2, max_length=40, description="Destination city or IATA code")
    date: dt.date = Field(description="Departure date, YYYY-MM-DD")
    origin: str | None = Field(default=None, max_length=40, description="Origin city or IATA code")


class BookFlightArgs(_Args):
    flight_id: str = Field(
        pattern=r"^[A-Z0-9]{2}\d{3,4}-\d{8}-[A-Z]{6}$", description="flight_id from search_flights"
    )
    meal: Dietary | None = Field(default=None, description="Special meal to request")


class GetMyBookingsArgs(_Args):
    pass


class CancelBookingArgs(_Args):
    booking_id: str = Field(pattern=r"^BK-[0-9A-F]{8}$", description="booking_id from get_my_bookings")


class ForgetArgs(_Args):
    what: str = Field(
        pattern=r"^[a-z_]{2,20}$",
        description="'all', or the fact type to forget: " + ", ".join(FACT_TYPES),
    )
    value: str | None = Field(
        default=None,
        min_length=2,
        max_length=60,
        description="One value of that type the user named (e.g. 'vegan'); leave it out to forget the whole type",
    )


class FindRestaurantsArgs(_Args):
    hotel_id: str = Field(pattern=r"^H-[A-Z]{3}-\d$", description="hotel_id from get_my_bookings")
    dietary: list[DietaryNeed] = Field(default_factory=list, max_length=4)


class RememberArgs(_Args):
    statement: str = Field(
        min_length=3, max_length=300, description="What the user asked you to remember, in their words"
    )


_SPECS: dict[str, tuple[type[_Args], str]] = {
    "search_flights": (SearchFlightsArgs, "Search flights to a destination on a date."),
    "book_flight": (BookFlightArgs, "Book one flight option (with the partner hotel) for the user."),
    "get_my_bookings": (
        GetMyBookingsArgs,
        "List the user's bookings with flight, hotel name and hotel address.",
    ),
    "find_restaurants": (
        FindRestaurantsArgs,
        "Find restaurants near a booked hotel, optionally filtered by diet.",
    ),
    "cancel_booking": (
        CancelBookingArgs,
        "Cancel one of the user's bookings (cancelling it again changes nothing).",
    ),
    "remember_preference": (
        RememberArgs,
        "Save a lasting preference the user explicitly asked you to remember (e.g. seat, diet, home airport).",
    ),
    "forget_memory": (
        ForgetArgs,
        "Delete what you remember about the user (one fact type, one value of it the user named, or 'all'). Ask "
        "the user to confirm first; call this only after they said yes.",
    ),
}


# Tools that only read (the catalogue, the user's own bookings): running one changes nothing, so the engine may
# run such calls before their model step is durable and log the step with their results in one commit. Every
# other tool (booking, cancelling, remembering, forgetting) runs only after the step that asked for it is logged.
_READ_ONLY: frozenset[str] = frozenset({"search_flights", "get_my_bookings", "find_restaurants"})


@cache
def _all_specs() -> dict[str, str]:
    """OpenAI-format tool definitions generated from the argument models, each kept as JSON text (built once:
    schema generation is slow enough to show up in every turn's profile)."""
    specs = {}
    for name, (model, description) in _SPECS.items():
        schema = model.model_json_schema()
        schema.pop("title", None)
        spec = {
            "type": "function",
            "function": {"name": name, "description": description, "parameters": schema},
        }
        specs[name] = json.dumps(spec)
    return specs


def tool_specs(names: list[str] | None = None) -> list[dict[str, Any]]:
    """Fresh copies (a caller or provider library may change what it is handed), parsed from the kept text:
    ``copy.deepcopy`` of the same nested dicts cost ~0.5 ms before each model call."""
    return [json.loads(spec) for name, spec in _all_specs().items() if names is None or name in names]


class ToolRunner:
    def __init__(
        self, bookings: BookingSystem, rememberer: Rememberer | None, forgetter: Forgetter | None = None
    ) -> None:
        self.bookings = bookings
        self.rememberer = rememberer
        self.forgetter = forgetter

    def specs(self) -> list[dict[str, Any]]:
        missing = {"remember_preference": self.rememberer is None, "forget_memory": self.forgetter is None}
        return tool_specs([n for n in _SPECS if not missing.get(n, False)])

    @staticmethod
    def only_read(calls: Sequence[ToolCall]) -> bool:
        """True when every call is to a tool that changes nothing (see ``_READ_ONLY``)."""
        return all(call.name in _READ_ONLY for call in calls)

    def run(self, name: str, raw_arguments: str, ctx: ToolContext) -> ToolOutcome:
        try:
            spec = _SPECS.get(name)
            if spec is None:
                raise ToolError(f"unknown tool {name!r}")
            try:
                loaded = json.loads(raw_arguments or "{}")
            except json.JSONDecodeError as exc:
                raise ToolError(f"arguments are not valid JSON: {exc.msg}") from exc
            try:
                args = spec[0].model_validate(loaded)
            except ValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(map(str, e['loc'])) or 'arguments'}: {e['msg']}" for e in exc.errors()
                )
                raise ToolError(f"invalid arguments for {name}: {problems}") from exc
            return ToolOutcome(ok=True, result=self._dispatch(name, args, ctx))
        except ToolError as exc:
            return ToolOutcome(ok=False, result={"error": str(exc)})

    def _dispatch(self, name: str, args: _Args, ctx: ToolContext) -> dict[str, Any]:
        """Run the tool whose argument model ``args`` is; each tool has its own model, so the type decides."""
        match args:
            case SearchFlightsArgs():
                return self._search(args, ctx)
            case BookFlightArgs():
                booking = self.bookings.book_flight(
                    user=ctx.user,
                    flight_id=args.flight_id,
                    idempotency_key=ctx.idempotency_key,
                    meal=args.meal,
                    now=ctx.now,
                )
                return {"booking": booking.to_json()}
            case FindRestaurantsArgs():
                return self._restaurants(args, ctx)
            case RememberArgs():
                if self.rememberer is None:
                    raise ToolError("remembering is not available")
                return self.rememberer.remember_now(ctx, args.statement)
            case GetMyBookingsArgs():
                return self._bookings(ctx)
            case CancelBookingArgs():
                booking = self.bookings.cancel_booking(user=ctx.user, booking_id=args.booking_id, now=ctx.now)
                return {"booking": booking.to_json()}
            case ForgetArgs():
                if self.forgetter is None:
                    raise ToolError("forgetting is not available")
                return self.forgetter.forget_now(ctx, args.what, args.value)
            case _:
                raise ToolError(f"unknown tool {name!r}")  # registered in _SPECS without a case here

    def _bookings(self, ctx: ToolContext) -> dict[str, Any]:
        # Trips still ahead (or under way) first, soonest first; past trips after them, latest first; cancelled
        # ones last. Capped, like any booking API's first page: a long history must not flood the context window.
        bookings = self.bookings.bookings_of(ctx.user)
        live = [b for b in bookings if b.cancelled_at is None]
        today = ctx.now.date()
        ahead = [b for b in live if b.check_out >= today]
        past = sorted((b for b in live if b.check_out < today), key=lambda b: b.check_in, reverse=True)
        cancelled = [b for b in bookings if b.cancelled_at is not None]
        listed = (ahead + past + cancelled)[:MAX_BOOKINGS_LISTED]
        return {"bookings": [b.to_json() for b in listed], "total": len(bookings)}

    def _restaurants(self, args: FindRestaurantsArgs, ctx: ToolContext) -> dict[str, Any]:
        menu = [d for d in args.dietary if d in MENU_DIETS]
        found = self.bookings.find_restaurants(near_hotel=args.hotel_id, dietary=menu)
        hotel = next(
            (b.hotel for b in self.bookings.bookings_of(ctx.user) if b.hotel.hotel_id == args.hotel_id),
            None,
        )
        return {
            "hotel": {"hotel_id": args.hotel_id, "name": hotel.name, "address": hotel.address}
            if hotel
            else {"hotel_id": args.hotel_id},
            "dietary": menu,
            # Needs no menu is tagged with (allergies): the restaurants were not filtered for them.
            "unchecked": [d for d in args.dietary if d not in MENU_DIETS],
            "restaurants": [r.to_json() for r in found],
        }

    def _search(self, args: SearchFlightsArgs, ctx: ToolContext) -> dict[str, Any]:
        destination = airport_code(args.destination)
        if destination is None:
            raise ToolError(
                f"unknown destination {args.destination!r}; known: {', '.join(sorted(AIRPORTS.values()))}"
            )
        # Any airport can be where the user starts (a home airport may be anywhere); destinations are the
        # catalogue's.
        origin = (airport_code(args.origin) or world_code(args.origin)) if args.origin else DEFAULT_ORIGIN
        if origin is None:
            raise ToolError(f"unknown origin {args.origin!r}")
        if origin == destination:
            raise ToolError("origin and destination are the same airport")
        if args.date < ctx.now.date():
            raise ToolError(f"{args.date.isoformat()} is in the past")
        options = self.bookings.search_flights(origin=origin, destination=destination, day=args.date)
        return {
            "origin": origin,
            "origin_assumed": args.origin is None,
            "destination": destination,
            "date": args.date.isoformat(),
            "options": [o.to_json() for o in options],
        }
