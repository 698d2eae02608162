"""The records of :mod:`language.values.other_languages`: its rules, fragments and word tables
(see :mod:`language.rules`)."""

from __future__ import annotations

import re

from language.rules import rule, words

_ALLERGY = rule(
    "values.other_languages.allergy",
    r"\b(?:alerg|allerg|intoleran|intolleran|unvertraglich|epipen|anaphyla)\w*",
    flags=re.I,
    means=(
        'Allergies are said with the allergen apart from the word ("alérgica a todos los frutos secos", "allergique'
        ' aux crustacés", "allergic to peanuts", "crustaceans or molluscs, I\'m allergic"): an allergy word, and the'
        " allergen within a few words of it, on either side."
    ),
    why="English allergens are here too: the allergen words are one table whatever the language.",
    examples=("allergique aux crustacés", "allergic to peanuts"),
    non_examples=("alérgica a todos los frutos secos", "côté couloir"),
)

_ALLERGENS = words(
    "values.other_languages.allergens",
    {
        "nuts": "nut allergy",
        "peanuts": "nut allergy",
        "peanut": "nut allergy",
        "tree nuts": "nut allergy",
        "tree nut": "nut allergy",
        "almonds": "nut allergy",
        "cashews": "nut allergy",
        "hazelnuts": "nut allergy",
        "walnuts": "nut allergy",
        "pistachios": "nut allergy",
        "pecans": "nut allergy",
        "shellfish": "shellfish allergy",
        "crustaceans": "shellfish allergy",
        "molluscs": "shellfish allergy",
        "mollusks": "shellfish allergy",
        "shrimp": "shellfish allergy",
        "prawns": "shellfish allergy",
        "crab": "shellfish allergy",
        "lobster": "shellfish allergy",
        "mussels": "shellfish allergy",
        "oysters": "shellfish allergy",
        "clams": "shellfish allergy",
        "scallops": "shellfish allergy",
        "frutos secos": "nut allergy",
        "nozes": "nut allergy",
        "nueces": "nut allergy",
        "amendoim": "nut allergy",
        "amendoins": "nut allergy",
        "cacahuete": "nut allergy",
        "cacahuetes": "nut allergy",
        "mani": "nut allergy",
        "noix": "nut allergy",
        "noisettes": "nut allergy",
        "arachide": "nut allergy",
        "arachides": "nut allergy",
        "fruits a coque": "nut allergy",
        "nusse": "nut allergy",
        "nuesse": "nut allergy",
        "nussen": "nut allergy",
        "erdnusse": "nut allergy",
        "erdnussen": "nut allergy",
        "noci": "nut allergy",
        "arachidi": "nut allergy",
        "frutta a guscio": "nut allergy",
        "frutta secca": "nut allergy",
        "mariscos": "shellfish allergy",
        "marisco": "shellfish allergy",
        "frutos do mar": "shellfish allergy",
        "frutos del mar": "shellfish allergy",
        "crustaceos": "shellfish allergy",
        "crustaces": "shellfish allergy",
        "fruits de mer": "shellfish allergy",
        "meeresfruchte": "shellfish allergy",
        "schalentiere": "shellfish allergy",
        "krustentiere": "shellfish allergy",
        "frutti di mare": "shellfish allergy",
        "crostacei": "shellfish allergy",
        "camarao": "shellfish allergy",
        "gambas": "shellfish allergy",
        "crevettes": "shellfish allergy",
        "gluten": "gluten-free",
        "glutine": "gluten-free",
    },
    means="",
    why="",
    examples="gluten-free",
    non_examples=("côté couloir", "cote couloir"),
)

_ALLERGEN = rule(
    "values.other_languages.allergen",
    r"\b(" + "|".join(re.escape(k) for k in sorted(_ALLERGENS, key=len, reverse=True)) + r")\b",
    flags=re.I,
    means="",
    why="",
    examples="gluten-free",
    non_examples=("côté couloir", "cote couloir"),
)
