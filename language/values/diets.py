"""A diet said by what the user eats and does not eat, rather than by its name: "I don't eat meat or fish, but
dairy and eggs are fine" is vegetarian, "no animal products whatsoever" is vegan, "seafood yes, nothing that
walked on land" is pescatarian.

The foods are read as a set: what the sentence excludes ("no …", "don't eat …", "nothing that …", "not even …")
and what it allows ("… are fine", "… yes", "I (do) eat …"). A diet is named only when the sets settle it; a
single food ("no pork") names none, since it may be a dislike, a religion's rule or an allergy. The span
returned runs over the whole description, so the write gate judges it (whose it is, for how long) as it judges
a diet said by name. The gate reads one clause at a time, so a description split over two ("I eat fish but no
meat") is not read yet.
"""

from __future__ import annotations

from language.lexicon.values.diets import _ALLOWED, _EXCLUDED, _FOODS, _FREE_OF, _ONE


def _foods(said: str) -> set[str]:
    return {_FOODS[m.group(0).lower()] for m in _ONE.finditer(said)}


def diet_descriptions(text: str) -> list[tuple[str, int, int]]:
    """(diet, start, end) of a diet described by its foods in ``text``, or nothing when the foods do not settle
    one."""
    excluded: set[str] = set()
    allowed: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in _EXCLUDED.finditer(text):
        excluded |= _foods(m.group("foods"))
        spans.append(m.span())
    if not excluded:
        return []
    for m in _ALLOWED.finditer(text):
        allowed |= _foods(m.group("foods") or m.group("eaten") or "")
        spans.append(m.span())
    excluded -= allowed
    diets = [_FREE_OF[food] for food in sorted(excluded & _FREE_OF.keys())]
    if "animal" in excluded or {"meat", "fish", "dairy", "eggs"} <= excluded:
        diets.append("vegan")
    elif {"meat", "fish"} <= excluded:
        diets.append("vegetarian")
    elif "meat" in excluded and "fish" in allowed:
        diets.append("pescatarian")
    return [(diet, min(a for a, _ in spans), max(b for _, b in spans)) for diet in diets]
