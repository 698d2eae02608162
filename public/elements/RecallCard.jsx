// The recall step's content: one card per fact the model was given this turn (its kind and value, when it was
// said and how long ago, said or confirmed, the conversation it came from), a note when it may be out of date
// or the user has just said otherwise, and the exact block the model saw behind a collapsed toggle. Props are
// built by travel_assistant/web/recall_view.py (recall_card_props): every sentence comes from there.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ChevronDown, ChevronRight } from "lucide-react";

function Source({ source }) {
  if (source.url) {
    return (
      <a className="ta-link" href={source.url}>
        {source.label}
      </a>
    );
  }
  return <span className="ta-deleted">{source.label}</span>;
}

export default function RecallCard() {
  const [open, setOpen] = useState(false);
  const [blockId] = useState(() => `ta-recall-${Math.random().toString(36).slice(2, 10)}`);
  return (
    <div className="ta-recall">
      <ul className="ta-recall-list">
        {props.facts.map((fact) => (
          <li key={fact.key} className={fact.note ? "ta-recall-fact ta-recall-stale" : "ta-recall-fact"}>
            <p className="ta-recall-top">
              <span className="ta-recall-type">{fact.type}</span>
              <strong className="ta-recall-value">{fact.value}</strong>
              <Badge variant="outline" className="ta-badge" title={fact.how_text}>
                {fact.how}
              </Badge>
            </p>
            <p className="ta-muted">
              <time dateTime={fact.said_at}>{fact.said_on}</time> · from <Source source={fact.source} />
            </p>
            {fact.note ? <p className="ta-recall-note">{fact.note}</p> : null}
          </li>
        ))}
      </ul>
      {props.gone ? <p className="ta-muted">{props.gone}</p> : null}
      {props.block ? (
        <div className="ta-recall-raw">
          <button
            type="button"
            className="ta-recall-toggle"
            aria-expanded={open ? "true" : "false"}
            aria-controls={blockId}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronDown aria-hidden="true" className="ta-icon" /> : <ChevronRight aria-hidden="true" className="ta-icon" />}
            What the model saw
          </button>
          {open ? (
            <pre id={blockId} className="ta-recall-block" tabIndex={0} aria-label="The memory block the model saw">
              {props.block}
            </pre>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
