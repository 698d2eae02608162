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
    means='What each food word stands for; "animal" stands for all of them.',
    why="",
    examples=("I can't have gluten", "I avoid lactose"),
    non_examples=("animal", "is vegetarian,"),
)

_FREE_OF = words(
    "values.diets.free_of",
    {"gluten": "gluten-free", "lactose": "lactose-free"},
    means="",
    why="",
    examples="gluten-free",
    non_examples=("is vegetarian,", "is vegan,"),
)

_FOOD = fragment(
    "values.diets.food",
    "(?:" + "|".join(sorted(map(re.escape, _FOODS), key=len, reverse=True)) + ")",
    means="",
    why="",
    examples="pork",
    non_examples="always",
)

_LIST = fragment(
    "values.diets.list",
    rf"{_FOOD}(?:(?:\s*,\s*|\s+(?:or|nor|and|&)\s+|\s*,\s*(?:or|and)\s+)(?:no\s+)?{_FOOD})*",
    means="",
    why="",
    examples="pork",
    non_examples="always",
)

_EXCLUDED = rule(
    "values.diets.excluded",
    rf"\b(?:(?:don'?t|do not|dont|never|won'?t|can'?t|cannot) (?:eat|do|have|touch)(?: any)?|no|nothing|"
    rf"not even|without|avoid|zero)\s+(?:\w+\s+){{0,3}}?(?P<foods>{_LIST})\b",
    flags=re.I,
    means="",
    why="",
    examples="no pork",
    non_examples=("is vegetarian,", "is vegan,"),
)

_ALLOWED = rule(
    "values.diets.allowed",
    rf"\b(?P<foods>{_LIST})\s+(?:(?:is|are)\s+(?:totally\s+|perfectly\s+|all\s+)?(?:fine|ok|okay|good)|yes)\b"
    rf"|\b(?:i|we)\s+(?:do\s+)?(?:eat|have)\s+(?P<eaten>{_LIST})\b(?!\s+(?:and|or)?\s*(?:but\s+)?not\b)",
    flags=re.I,
    means="",
    why="",
    examples="I eat lactose-free only",
    non_examples=("is vegetarian,", "is vegan,"),
)

_ONE = rule(
    "values.diets.one",
    rf"\b{_FOOD}\b",
    flags=re.I,
    means="",
    why="",
    examples="no pork",
    non_examples=("is vegetarian,", "is vegan,"),
)
