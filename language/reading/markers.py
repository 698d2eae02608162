"""Words in a user's turn that take a statement back or say it is not meant as one: a joke, sarcasm, a denial
in the next sentence, indifference, a test message. Read by :mod:`language.reading.whole_turn` anywhere in the
turn after (or, for the turn-wide ones, around) the statement.
"""

from __future__ import annotations
