"""The records of :mod:`language.reading.own_marks`: its rules, fragments and word tables
(kept as data in own_marks.yaml beside this module: see :mod:`language.lexicon`)."""

from __future__ import annotations

from language import lexicon

(
    _UP_TO_NOW,
    _REMEMBER_THIS,
    _DROPPED_I,
    _GOES_ON_ABOUT_ME,
    _POINTED_AT_AS_MINE,
    _SELF_TAG,
    _FORM_IS_MINE,
    _PROFILE_OPENER,
    SAME_LATER,
) = lexicon.rules(
    "reading.own_marks",
    "up_to_now",
    "remember_this",
    "dropped_i",
    "goes_on_about_me",
    "pointed_at_as_mine",
    "self_tag",
    "form_is_mine",
    "profile_opener",
    "same_later",
)
