// The context meter under a reply: tokens in the model's window of the usable budget, amber from 75 %
// ("high" is also written, so colour is never the only sign); the details on click. Props are built by
// travel_assistant/web/meter.py (meter_props).
import { useState } from "react";

export default function ContextMeter() {
  const [open, setOpen] = useState(false);
  const [detailsId] = useState(() => `ta-meter-${Math.random().toString(36).slice(2, 10)}`);
  const width = Math.max(2, Math.min(100, props.percent));
  return (
    <div className={props.high ? "ta-meter ta-meter-high" : "ta-meter"}>
      <button
        type="button"
        className="ta-meter-button"
        aria-expanded={open ? "true" : "false"}
        aria-controls={detailsId}
        title="How full the model's context window was on this turn"
        onClick={() => setOpen(!open)}
      >
        <span className="ta-meter-bar" aria-hidden="true">
          <span className="ta-meter-fill" style={{ width: `${width}%` }} />
        </span>
        <span>
          <span className="ta-meter-name">Context: </span>
          {props.label} ({props.percent}%){props.high ? " high" : ""}
          {props.cache ? <span className="ta-meter-cache"> · {props.cache}</span> : null}
        </span>
      </button>
      {open ? (
        <p id={detailsId} className="ta-meter-details">
          {props.details}
        </p>
      ) : null}
    </div>
  );
}
