"""``travel-assistant explain``: the gate's verdict on a message and the rules that decided it.

Reading a wrong verdict starts here: each rule id names a record in ``language/lexicon/`` (what it means, why it
exists, its examples), so a tester who finds a miss can say which rule missed and a developer can change that
record and see its pinned corpus rows move (``python -m testkit.pin --check``).
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

import typer

from assistant.errors import InvalidInput
from assistant.fact_types import FACT_TYPES
from travel_assistant.cli.common import JsonOption, emit_json, guarded


def explain(
    text: Annotated[str, typer.Argument(help="What the user said")],
    type_name: Annotated[
        str | None, typer.Option("--type", help="The fact type to judge (default: every type it names)")
    ] = None,
    quote: Annotated[
        str | None, typer.Option(help="The part a model would propose (default: the whole message)")
    ] = None,
    after: Annotated[
        str, typer.Option("--after", help="The assistant's turn just before, when the message answers it")
    ] = "",
    as_json: JsonOption = False,
) -> None:
    """Show the write gate's verdict on a message and the rule records that decided it, and what the secret
    masker masked and by which rules."""
    from assistant.gate.explain import explain_masking, explain_verdict, types_mentioned

    def body() -> None:
        if type_name is not None and type_name not in FACT_TYPES:
            raise InvalidInput(f"unknown fact type {type_name!r}; one of: {', '.join(FACT_TYPES)}")
        masking = explain_masking(text)
        types = [type_name] if type_name else types_mentioned(text)
        verdicts = [explain_verdict(text, t, quote=quote, before=after) for t in types]
        if as_json:
            emit_json({"masking": asdict(masking), "verdicts": [asdict(v) for v in verdicts]})
            return
        if masking.kinds:
            typer.echo(f"masked ({', '.join(masking.kinds)}): {masking.masked}")
            typer.echo(f"  rules: {', '.join(masking.rules)}")
        else:
            typer.echo("masked: nothing")
        if not verdicts:
            typer.echo("no fact type's value is named in it")
        for v in verdicts:
            said = f"{v.outcome} {v.value}" if v.value else v.outcome
            typer.echo(f"{v.type}: {said}" + (f" ({v.reason})" if v.reason else ""))
            typer.echo(f"  rules: {', '.join(v.rules) or '(none matched)'}")

    guarded(body)


def register(app: typer.Typer) -> None:
    app.command("explain")(explain)
