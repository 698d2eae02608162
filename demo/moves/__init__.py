"""The offline model's moves, one module per move, each with its phrasings as a table of patterns.

A move has a first step (``first(view)``: a tool call, a reply, or None when the message is not its business)
and, where it calls tools, a step after their results (``after(view)``). ``demo.agent`` tries them in a fixed
order; with an encoder installed, ``demo.intents`` picks the move by meaning first. Every phrasing in a
module's tables has a test in ``tests/test_offline_moves.py``.

    forget.answer       "yes" / "no" to our "shall I forget …?"
    answers             any other bare "yes, go ahead" / "no, keep it", against the question last asked
    recall_me           "what do you remember about me?"
    remember            "remember that I prefer aisle seats", "don't forget I'm vegan"
    forget              "forget my seat preference", "forget everything" (asks first)
    change              "cancel my booking", "cancel BK-…", "change my booking to the 16th"
    book                "book option 2", "I'll take the cheapest", "book TP1343", one option per leg
    search              "flights from Manchester to Lisbon on 14 Dec", "… next Friday", multi-leg, return
    dinner              "any dinner suggestions near my hotel?", "show my bookings"
    smalltalk           greetings, thanks, and the fallback that says what the model can do
    statements          "I prefer aisle seats and I always fly from Heathrow", "actually …", "no longer …":
                        acknowledged with the same gate promotion uses (and appended to other moves' replies)
"""
