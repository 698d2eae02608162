// The memory panel: what the assistant remembers about the user, why and since when; each fact's history
// with rollback; delete (one fact, or everything) with a confirmation step; export; the promotion log (what
// each checked conversation kept and rejected, in words); the demo clock. Shown in Chainlit's element
// sidebar as cl.CustomElement(name="MemoryPanel", display="side").
//
// `props` is built by travel_assistant/web/panel.py (build_panel_props): every sentence comes from there.
// Actions go through callAction({name, payload}); the callback answers with panel.action_result(...):
// {ok, message, panel, download}. Fresh props from that answer are shown at once, without a remount, so
// keyboard focus stays where it was. Chainlit may still remount the element (a first interaction moves the
// page to /thread/<id>, a server push re-sends it); the newest data seen, by `revision`, is kept in `window`
// so a remount never shows older data than the user already saw.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  Ban,
  Check,
  ChevronDown,
  ChevronRight,
  Clock,
  Download,
  History,
  RefreshCw,
  RotateCcw,
  Trash2,
} from "lucide-react";

const STORE_KEY = "__travelAssistantMemoryPanel";

function newest(a, b) {
  if (!b || b.user !== a.user) return a;
  return (b.revision || 0) > (a.revision || 0) ? b : a;
}

function slug(text, index) {
  return `ta-${String(text).replace(/[^A-Za-z0-9_-]+/g, "-")}-${index}`;
}

function typing() {
  const active = document.activeElement;
  return Boolean(active && active.matches("textarea, input:not([type='button']), [contenteditable='true']"));
}

function focusById(id) {
  window.requestAnimationFrame(() => {
    const target = id && document.getElementById(id);
    if (target) target.focus();
  });
}

function saveFile(download) {
  const blob = new Blob([download.content], { type: download.mime || "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = download.filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10000);
}

function Source({ source }) {
  if (source.url) {
    return (
      <a className="ta-link" href={source.url}>
        {source.label}
      </a>
    );
  }
  return <span className={source.deleted ? "ta-deleted" : undefined}>{source.label}</span>;
}

function Confirm({ id, prompt, confirmLabel, onConfirm, onCancel }) {
  const keepRef = useRef(null);
  useEffect(() => {
    if (keepRef.current) keepRef.current.focus();
  }, []);
  return (
    <div
      className="ta-confirm"
      role="group"
      aria-labelledby={`${id}-prompt`}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <p id={`${id}-prompt`} className="ta-confirm-text">
        {prompt}
      </p>
      <div className="ta-row">
        <Button variant="destructive" size="sm" onClick={onConfirm}>
          <Trash2 aria-hidden="true" />
          {confirmLabel}
        </Button>
        <Button ref={keepRef} variant="outline" size="sm" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </div>
  );
}

function Version({ version, run, factHeadingId }) {
  return (
    <li className="ta-version">
      <p className="ta-version-title">
        <span>Version {version.version}: </span>
        <strong>{version.value}</strong>
        {version.is_current ? (
          <Badge variant="secondary" className="ta-badge">
            in use
          </Badge>
        ) : null}
      </p>
      <p className="ta-muted">
        {version.change}; <time dateTime={version.recorded_at}>{version.recorded_on}</time> ({version.age})
        {version.superseded_by_version ? `; replaced by version ${version.superseded_by_version}` : ""}
      </p>
      {version.quote ? <blockquote className="ta-quote ta-quote-small">“{version.quote}”</blockquote> : null}
      <p className="ta-muted">
        Source: <Source source={version.source} />
      </p>
      {version.can_rollback ? (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Restore version ${version.version} (${version.value})`}
          onClick={() =>
            run("rollback_fact", { fact_id: version.fact_id, version: version.version }, factHeadingId)
          }
        >
          <RotateCcw aria-hidden="true" />
          Restore
        </Button>
      ) : null}
    </li>
  );
}

function Fact({ fact, index, run, panelHeadingId }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef(null);
  const id = slug(fact.key, index);
  const versions = fact.history.length;
  return (
    <article className={`ta-fact ta-fact-${fact.state}`} aria-labelledby={`${id}-title`}>
      <div className="ta-fact-top">
        <h4 id={`${id}-title`} className="ta-fact-value" tabIndex={-1}>
          {fact.value}
        </h4>
        {fact.state === "stale" ? <Badge variant="outline" className="ta-badge ta-badge-warn">May be out of date</Badge> : null}
        {fact.state === "retracted" ? <Badge variant="outline" className="ta-badge">Taken back</Badge> : null}
      </div>
      {fact.quote ? (
        <figure className="ta-said">
          <blockquote className="ta-quote">“{fact.quote}”</blockquote>
          <figcaption className="ta-muted">{fact.how}</figcaption>
        </figure>
      ) : null}
      <dl className="ta-meta">
        <dt>Recorded</dt>
        <dd>
          <time dateTime={fact.recorded_at}>{fact.recorded_on}</time> ({fact.age})
        </dd>
        <dt>Source</dt>
        <dd>
          <Source source={fact.source} />
        </dd>
        <dt>Kept</dt>
        <dd>{fact.expiry.summary}</dd>
      </dl>
      <div className="ta-row">
        {versions > 1 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={historyOpen ? "true" : "false"}
            aria-controls={`${id}-history`}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            {historyOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
            <History aria-hidden="true" />
            History ({versions} versions)
          </Button>
        ) : null}
        <Button
          ref={deleteRef}
          variant="ghost"
          size="sm"
          className="ta-danger"
          aria-label={`Delete ${fact.text}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
      {confirming ? (
        <Confirm
          id={`${id}-delete`}
          prompt={fact.delete_prompt}
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirming(false);
            run("forget_fact", { fact_id: fact.fact_id }, panelHeadingId);
          }}
          onCancel={() => {
            setConfirming(false);
            window.requestAnimationFrame(() => deleteRef.current && deleteRef.current.focus());
          }}
        />
      ) : null}
      {historyOpen ? (
        <ol id={`${id}-history`} className="ta-history" aria-label={`Versions of ${fact.text}, newest first`}>
          {fact.history.map((version) => (
            <Version key={version.fact_id} version={version} run={run} factHeadingId={`${id}-title`} />
          ))}
        </ol>
      ) : null}
    </article>
  );
}

function Facts({ data, run, panelHeadingId }) {
  const [confirmAll, setConfirmAll] = useState(false);
  const forgetRef = useRef(null);
  if (!data.groups.length) {
    return <p className="ta-empty">{data.empty_text}</p>;
  }
  return (
    <div className="ta-stack">
      {data.groups.map((group) => (
        <section key={group.type} className="ta-group" aria-labelledby={`ta-group-${group.type}`}>
          <h3 id={`ta-group-${group.type}`} className="ta-group-title">
            {group.label}
          </h3>
          {group.facts.map((fact, index) => (
            <Fact key={fact.key} fact={fact} index={index} run={run} panelHeadingId={panelHeadingId} />
          ))}
        </section>
      ))}
      <section className="ta-forget-all" aria-labelledby="ta-forget-all-title">
        <h3 id="ta-forget-all-title" className="ta-group-title">
          Forget everything
        </h3>
        <p className="ta-muted">
          Deletes every fact and all its earlier versions. Your conversations and bookings stay.
        </p>
        {confirmAll ? (
          <Confirm
            id="ta-forget-all"
            prompt={`Forget all ${data.summary.facts} facts and their ${data.summary.versions} stored versions? This cannot be undone.`}
            confirmLabel="Forget everything"
            onConfirm={() => {
              setConfirmAll(false);
              run("forget_all", {}, panelHeadingId);
            }}
            onCancel={() => {
              setConfirmAll(false);
              window.requestAnimationFrame(() => forgetRef.current && forgetRef.current.focus());
            }}
          />
        ) : (
          <Button ref={forgetRef} variant="outline" size="sm" className="ta-danger" onClick={() => setConfirmAll(true)}>
            <Trash2 aria-hidden="true" />
            Forget everything…
          </Button>
        )}
      </section>
    </div>
  );
}

// "Should I remember this?": what the write gate was unsure of, until the user keeps or discards it.
function Asks({ data, run, panelHeadingId }) {
  const asks = data.asks || [];
  if (!asks.length) return null;
  return (
    <section className="ta-asks" aria-labelledby="ta-asks-title">
      <h3 id="ta-asks-title" className="ta-group-title">
        {data.ask_heading}
      </h3>
      <ul className="ta-stack">
        {asks.map((ask) => (
          <li key={ask.fact_id} className="ta-ask" aria-labelledby={`ta-ask-${ask.fact_id}`}>
            <p id={`ta-ask-${ask.fact_id}`}>
              <strong>
                {ask.label}: {ask.value}
              </strong>
            </p>
            <p className="ta-muted">
              {ask.reason} Said {ask.recorded_on} in <Source source={ask.source} />.
            </p>
            <div className="ta-row">
              <Button size="sm" onClick={() => run("keep_fact", { fact_id: ask.fact_id }, panelHeadingId)}>
                <Check aria-hidden="true" />
                Keep
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => run("discard_fact", { fact_id: ask.fact_id }, panelHeadingId)}
              >
                <Ban aria-hidden="true" />
                Discard
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Verdicts({ data }) {
  if (!data.verdicts.length) {
    return (
      <p className="ta-empty">
        No conversation has been checked yet. A conversation is checked once it has been idle for a while.
      </p>
    );
  }
  return (
    <div className="ta-stack">
      {data.verdicts.map((conversation, index) => (
        <article
          key={`${conversation.thread_id}-${conversation.through_seq}`}
          className="ta-verdicts"
          aria-labelledby={`ta-verdict-${index}`}
        >
          <h3 id={`ta-verdict-${index}`} className="ta-group-title">
            <Source source={conversation.source} />
          </h3>
          <p className="ta-muted">
            Checked {conversation.promoted_on}: {conversation.summary}
          </p>
          <ul className="ta-decisions">
            {conversation.decisions.map((decision, i) => (
              <li key={i} className={decision.kept ? "ta-kept" : "ta-rejected"}>
                <span className="ta-verdict-icon" aria-hidden="true">
                  {decision.kept ? <Check /> : <Ban />}
                </span>
                <span>
                  <span className="ta-sr-only">{decision.kept ? "Kept: " : "Not kept: "}</span>
                  <strong>{decision.fact_text}</strong>
                  {" — "}
                  {decision.outcome_label}: {decision.outcome_text}
                  {decision.kept && !decision.still_remembered ? " (no longer remembered)" : ""}
                </span>
              </li>
            ))}
          </ul>
        </article>
      ))}
    </div>
  );
}

// "2026-11-12 19:30": the demo clock's reading as the Jump field shows it, the same in every browser locale
// (a datetime-local field writes it in the browser's own order, 11/12/2026 in an American one).
function jumpText(iso) {
  return iso.slice(0, 16).replace("T", " ");
}

// One line ("Demo clock: Thu 12 Nov 2026, 19:30 UTC · 3 days ahead of real time  [Change]"); the controls
// open below it. Open or closed is kept across remounts.
function DemoClock({ clock, run, store }) {
  const [open, setOpen] = useState(Boolean(store.clockOpen));
  const [jumpTo, setJumpTo] = useState(jumpText(clock.now));
  useEffect(() => {
    setJumpTo(jumpText(clock.now)); // the clock moved (+30 min, a preset): the field follows it
  }, [clock.now]);
  function toggle() {
    store.clockOpen = !open;
    setOpen(!open);
  }
  return (
    <section className="ta-clock" aria-label="Demo clock">
      <div className="ta-clock-line">
        <Clock aria-hidden="true" className="ta-icon" />
        <span>
          <span className="ta-clock-name">Demo clock: </span>
          <time dateTime={clock.now}>{clock.now_label}</time> UTC
        </span>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open ? "true" : "false"}
          aria-controls="ta-clock-controls"
          onClick={toggle}
        >
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          Change
        </Button>
      </div>
      {open ? (
        <div id="ta-clock-controls" className="ta-clock-controls">
          <p className="ta-muted">({clock.offset_label})</p>
          <div className="ta-row">
            {clock.steps.map((step) => (
              <Button
                key={step.minutes}
                variant="outline"
                size="sm"
                aria-label={`Move the clock ${step.label}`}
                onClick={() => run("clock_advance", { minutes: step.minutes })}
              >
                {step.label}
              </Button>
            ))}
            {clock.presets.map((preset) => (
              <Button key={preset.iso} variant="outline" size="sm" onClick={() => run("clock_set", { iso: preset.iso })}>
                {preset.label}
              </Button>
            ))}
            <Button variant="ghost" size="sm" onClick={() => run("clock_reset", {})}>
              Back to real time
            </Button>
          </div>
          <form
            className="ta-row ta-clock-jump"
            onSubmit={(event) => {
              event.preventDefault();
              if (jumpTo.trim()) run("clock_set", { iso: jumpTo.trim() });
            }}
          >
            <label htmlFor="ta-clock-jump-input">Jump to (UTC)</label>
            <input
              id="ta-clock-jump-input"
              className="ta-input"
              type="text"
              inputMode="numeric"
              spellCheck="false"
              autoComplete="off"
              placeholder="2026-11-12 19:30"
              aria-describedby="ta-clock-jump-hint"
              value={jumpTo}
              onChange={(event) => setJumpTo(event.target.value)}
            />
            <Button type="submit" variant="outline" size="sm">
              Jump
            </Button>
            <span id="ta-clock-jump-hint" className="ta-sr-only">
              Year-month-day hours:minutes, in UTC
            </span>
          </form>
        </div>
      ) : null}
    </section>
  );
}

// Shared by every mounted copy of the panel, and kept across remounts: the newest data, the outcome of the
// last action (shown only with the data it came with) and whether an action is running. A copy that is
// unmounted while its action runs (the page moved to /thread/<id>) still publishes the answer here, and the
// copy that replaced it shows it.
function sharedStore() {
  const store = (window[STORE_KEY] = window[STORE_KEY] || {});
  store.listeners = store.listeners || new Set();
  store.pingHandlers = store.pingHandlers || new Set();
  listenForPings(store);
  return store;
}

// The server's "memory changed" pings are window messages, heard by one listener per window that outlives
// every copy of the panel. A copy is unmounted and another mounted when the page moves to /thread/<id> (a new
// chat's first action, such as moving the demo clock, does that): a listener of the copy's own would leave a
// gap in which a ping is heard by nobody, and the panel would never say that the promotion it woke had run.
// A ping that comes while no copy is mounted is kept for the next one.
function listenForPings(store) {
  if (store.pingListener) return;
  store.pingListener = (event) => {
    const msg = event.data;
    if (event.origin !== window.location.origin || !msg || msg.source !== "travel-assistant") return;
    if (msg.type !== "memory-changed") return;
    // Every mounted copy shares the store: one of them answers for all.
    const [handler] = store.pingHandlers;
    if (handler) handler();
    else store.missedPing = true;
  };
  window.addEventListener("message", store.pingListener);
}

// The checked conversations already seen, to tell the user of every one a pass checked since (whichever
// answer brings them: the refresh after a promotion, or the answer to the action that made time pass).
function verdictKeys(data) {
  return new Set(data.verdicts.map((v) => `${v.thread_id}:${v.through_seq}`));
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// "2 conversations checked: 1 kept, 1 waiting for you. See the promotion log."
function news(store, fresh) {
  const seen = store.verdictKeys || new Set();
  const added = fresh.verdicts.filter((v) => !seen.has(`${v.thread_id}:${v.through_seq}`));
  store.verdictKeys = verdictKeys(fresh);
  if (!added.length) return "";
  const sum = (field) => added.reduce((n, v) => n + v[field], 0);
  const kept = sum("kept"), waiting = sum("waiting"), rejected = sum("rejected");
  const parts = [];
  if (kept || !waiting) parts.push(`${kept} kept`);
  if (waiting) parts.push(`${waiting} waiting for you`);
  if (rejected) parts.push(`${rejected} not kept`);
  return `${plural(added.length, "conversation")} checked: ${parts.join(", ")}. See the promotion log.`;
}

// The header's Memories button shows how many facts wait for Keep or Discard (public/app.js draws it).
function tellWaiting(data) {
  window.postMessage(
    { source: "travel-assistant", type: "memory-waiting", count: (data.asks || []).length },
    window.location.origin
  );
}

function publish(store, change) {
  Object.assign(store, change);
  store.listeners.forEach((listener) => listener());
}

export default function Memories() {
  const store = sharedStore();
  const [, rerender] = useState(0);
  const data = newest(props, store.data);
  store.data = data;
  if (store.verdictKeys === undefined) store.verdictKeys = verdictKeys(data);
  const busy = store.busy || null;
  const shownWith = data.revision === store.outcomeRevision;
  const status = shownWith ? store.status || "" : store.busy ? "Working…" : "";
  const error = shownWith ? store.error || "" : "";
  const [tab, setTab] = useState(store.tab || "facts");
  const headingId = "ta-panel-title";

  useEffect(() => {
    const listener = () => rerender((n) => n + 1);
    store.listeners.add(listener);
    return () => store.listeners.delete(listener);
  }, []);
  useEffect(() => {
    store.tab = tab;
  }, [tab]);
  useEffect(() => {
    tellWaiting(data);
  }, [data.revision]);
  useEffect(() => {
    // The panel also opens by itself (again, in a new chat, when it was open at "New chat"): a user who has
    // started typing by then keeps the composer, or the words typed next would go nowhere.
    if (!typing()) focusById(store.focusId || headingId);
    store.focusId = null;
  }, []);
  // The server says the user's memory changed (promotion ran, or a turn remembered something): fetch fresh
  // props through the refresh action (which checks the login), and say so if a conversation was checked.
  useEffect(() => {
    function onPing() {
      if (store.refreshing) {
        // The refresh in flight may have read the memory before this change: one more follows it.
        store.refreshAgain = true;
        return;
      }
      refresh();
    }
    async function refresh() {
      store.refreshing = true;
      store.refreshAgain = false;
      try {
        const answer = await callAction({ name: "refresh_memory", payload: {} });
        const result = answer && answer.response;
        if (!result || !result.panel) return;
        const fresh = newest(result.panel, store.data);
        const told = news(store, fresh);
        const change = { data: fresh };
        if (told && store.busy) {
          // The action in flight will replace the status line with its answer: the news goes with it.
          store.toldMeanwhile = told;
        } else if (told) {
          // The news joins what the last action said instead of replacing it: a promotion woken by that
          // action (the demo clock moving) reports at once, before anyone has read the action's own answer.
          const said = store.outcomeRevision === store.data.revision ? store.said || "" : "";
          Object.assign(change, {
            said,
            status: [said, told].filter(Boolean).join(" "),
            error: "",
            outcomeRevision: fresh.revision,
          });
        } else if (store.outcomeRevision === store.data.revision) change.outcomeRevision = fresh.revision;
        publish(store, change);
      } catch (failure) {
        // The panel stays as it was, and says it may be behind; the Refresh button is still there.
        publish(store, {
          status: "",
          error: "Could not load your latest memories. Press Refresh to try again.",
          outcomeRevision: store.data.revision,
        });
      } finally {
        store.refreshing = false;
        if (store.refreshAgain) refresh();
      }
    }
    store.pingHandlers.add(onPing);
    if (store.missedPing) {
      store.missedPing = false;
      onPing();
    }
    return () => store.pingHandlers.delete(onPing);
  }, []);

  async function run(name, payload, focusAfter) {
    if (store.busy) return;
    store.toldMeanwhile = "";
    publish(store, { busy: name, status: "Working…", said: "", error: "", outcomeRevision: data.revision });
    store.focusId = focusAfter || null;
    try {
      const answer = await callAction({ name, payload });
      const result = answer && answer.response;
      if (!result) throw new Error("the server did not answer");
      const fresh = result.panel ? newest(result.panel, store.data) : store.data;
      if (result.download) saveFile(result.download);
      const told = news(store, fresh) || store.toldMeanwhile;
      const said = result.ok ? result.message || "Done." : "";
      publish(store, {
        data: fresh,
        outcomeRevision: fresh.revision,
        said,
        status: [said, told].filter(Boolean).join(" "),
        error: result.ok ? "" : result.message || "That did not work.",
      });
      if (focusAfter) focusById(focusAfter);
    } catch (failure) {
      publish(store, {
        status: "",
        error: `That did not work: ${failure && failure.message ? failure.message : failure}`,
        outcomeRevision: store.data.revision,
      });
    } finally {
      store.focusId = null;
      publish(store, { busy: null });
    }
  }

  const checked = data.verdicts.length;
  return (
    <section className="ta-panel" aria-labelledby={headingId} aria-busy={busy ? "true" : "false"}>
      <header className="ta-panel-head">
        <h2 id={headingId} className="ta-panel-title" tabIndex={-1}>
          What I remember about you
        </h2>
        <p className="ta-muted">{data.summary.text}</p>
        <div className="ta-row">
          <Button variant="outline" size="sm" onClick={() => run("refresh_memory", {})}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
          <Button variant="outline" size="sm" onClick={() => run("export", {})}>
            <Download aria-hidden="true" />
            Download my data
          </Button>
          {data.is_admin ? (
            <Button size="sm" onClick={() => run("promote_now", {})}>
              Promote my conversations now
            </Button>
          ) : null}
        </div>
      </header>
      <p className="ta-status" role="status" aria-live="polite">
        {status}
      </p>
      <p className="ta-error" role="alert">
        {error}
      </p>
      {data.demo_clock.enabled ? <DemoClock clock={data.demo_clock} run={run} store={store} /> : null}
      <Asks data={data} run={run} panelHeadingId={headingId} />
      <Tabs value={tab} onValueChange={setTab} className="ta-tabs">
        <TabsList aria-label="Memory views">
          <TabsTrigger value="facts">Facts ({data.summary.facts})</TabsTrigger>
          <TabsTrigger value="log">Promotion log ({checked})</TabsTrigger>
        </TabsList>
        <TabsContent value="facts">
          <Facts data={data} run={run} panelHeadingId={headingId} />
        </TabsContent>
        <TabsContent value="log">
          <Verdicts data={data} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
