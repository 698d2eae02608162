"""The records of :mod:`language.values.diets`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import fragment, rule, words

_FOODS: dict[str, str] = words(
    "values.diets.foods",
    {
        "meat": "meat",
        "meats": "meat",
        "chicken": "meat",
        "beef": "meat",
        "pork": "meat",
        "lamb": "meat",
        "poultry": "meat",
        "bacon": "meat",
        "ham": "meat",
        "steak": "meat",
        "walked on land": "meat",
        "fish": "fish",
        "seafood": "fish",
        "shellfish": "fish",
        "fish sauce": "fish",
        "dairy": "dairy",
        "milk": "dairy",
        "cheese": "dairy",
        "butter": "dairy",
        "eggs": "eggs",
        "egg": "eggs",
        "honey": "honey",
        "animal products": "animal",
        "animal product": "animal",
        "from an animal": "animal",
        "animal-derived": "animal",
        # Not eating these is the diet itself: "I can't have gluten" is gluten-free, "I avoid lactose" lactose-free.
        "gluten": "gluten",
        "wheat": "gluten",
        "lactose": "lactose",
    },
    means=(
        "Food words, each to the group it stands for: meat, fish, dairy, eggs, honey, gluten or lactose, and "
        '"animal" for every animal food ("animal products", "from an animal").'
    ),
    why=(
        "A diet described by its foods is settled on these groups (language.values.diets): no meat and no fish is "
        "vegetarian, no animal products vegan. Not eating gluten or lactose is a diet itself: \"I can't have "
        'gluten" is gluten-free, "I avoid lactose" lactose-free.'
    ),
    examples=("I can't have gluten", "no meat or fish", "nothing that walked on land"),
    non_examples=("a fishing trip", "vegetables are fine"),
)

_FREE_OF = words(
    "values.diets.free_of",
    {"gluten": "gluten-free", "lactose": "lactose-free"},
    means=(
        'The food groups whose absence is a diet of its own, each to that diet: gluten → "gluten-free", lactose → '
        '"lactose-free".'
    ),
    why="Excluded and not allowed back, such a group names its diet beside any the other foods settle.",
    examples=("I can't have gluten", "no lactose please"),
    non_examples=("no dairy", "no eggs"),
)

_FOOD = fragment(
    "values.diets.food",
    "(?:" + "|".join(sorted(map(re.escape, _FOODS), key=len, reverse=True)) + ")",
    means='Any one food word of values.diets.foods, longest first ("fish sauce" before "fish").',
    why="The piece values.diets.list and values.diets.one are built from.",
    examples=("pork", "fish sauce"),
    non_examples=("fishy", "vegetables"),
)

_LIST = fragment(
    "values.diets.list",
    rf"{_FOOD}(?:(?:\s*,\s*|\s+(?:or|nor|and|&)\s+|\s*,\s*(?:or|and)\s+|\s+(?=no\s))(?:no\s+)?{_FOOD})*",
    means=(
        'Food words in a list, joined by commas, "or", "nor", "and" or "&", a later one with "no" before it or '
        'not: "meat, fish or eggs", "meat and no fish".'
    ),
    why="What values.diets.excluded and values.diets.allowed capture as the foods a sentence names.",
    examples=("meat, fish or eggs", "dairy and eggs", "meat nor fish"),
    non_examples=("meat but fish", "meat, vegetables"),
)

_EXCLUDED = rule(
    "values.diets.excluded",
    rf"\b(?:(?:don'?t|do not|dont|never|won'?t|can'?t|cannot) (?:eat|do|have|touch)(?: any)?|no|nothing|"
    rf"not even|without|avoid|zero)\s+(?:\w+\s+){{0,3}}?(?P<foods>{_LIST})\b",
    flags=re.I,
    means=(
        'Foods said as not eaten: "I don\'t eat meat or fish", "no animal products", "nothing that walked on land", '
        '"not even honey", "avoid dairy", up to three words between ("never touch any red meat").'
    ),
    why=(
        'A diet is read from its foods only when a sentence excludes some; a single food ("no pork") names no '
        "diet by itself, since it may be a dislike, a religion's rule or an allergy."
    ),
    examples=("I don't eat meat or fish", "no animal products whatsoever", "nothing that walked on land"),
    non_examples=("I eat meat and fish", "no meatballs for me"),
)

_ALLOWED = rule(
    "values.diets.allowed",
    rf"\b(?P<foods>{_LIST})\s+(?:(?:is|are)\s+(?:totally\s+|perfectly\s+|all\s+)?(?:fine|ok|okay|good)|yes)\b"
    rf"|\b(?:i|we)\s+(?:do\s+)?(?:eat|have)\s+(?P<eaten>{_LIST})\b(?!\s+(?:and|or)?\s*(?:but\s+)?not\b)",
    flags=re.I,
    means='Foods said as eaten: "dairy and eggs are fine", "seafood yes", "I do eat fish".',
    why=(
        'Taken back out of what values.diets.excluded named: "no meat or fish, but eggs are fine" stays '
        'vegetarian, "seafood yes, nothing that walked on land" is pescatarian. A food half refused is not eaten: '
        '"I eat fish but not shellfish".'
    ),
    examples=("dairy and eggs are fine", "seafood yes", "I do eat fish"),
    non_examples=("I eat fish but not shellfish", "I don't eat meat"),
)

_ONE = rule(
    "values.diets.one",
    rf"\b{_FOOD}\b",
    flags=re.I,
    means="One food word of values.diets.foods standing as a whole word.",
    why="Picks each food out of the list a description captured, to look up its group.",
    examples=("no pork", "meat, fish or eggs"),
    non_examples=("hamburger", "a fishing trip"),
)
