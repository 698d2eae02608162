"""The worked example in a real browser: login, streaming, tool steps, history, isolation between users, the
two-session memory story, the memory inspector (export, delete, delete account) and the starters.

One app server is shared; every test opens its own browser context and its own conversations. Alice's
Monday conversation and the promotion run are story fixtures, made once by whichever test needs them first.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.events import EventKind
from tests.browser.conftest import LoginAs, PromotionRun, Story, close_context, login_page, open_context
from tests.browser.helpers import (
    ASSISTANT_MSG,
    BOOK,
    DINNER,
    HOTEL,
    SEARCH,
    THREAD_LINK,
    THREAD_URL,
    TOOL_HEADER,
    USER_MSG,
    USERS,
    VEGETARIAN_FACT,
    WHAT_DO_YOU_REMEMBER,
    CliResult,
    Monday,
    Server,
    Shots,
    cli,
    expand_step,
    new_chat,
    new_page,
    open_account,
    recall_step,
    recorded_phrase,
    run_cli,
    run_monday,
    send,
    sidebar_thread_ids,
    socket_connect,
    string_values,
    submit_login,
    thread_id_of,
    tool_step,
    transcript,
)
from tests.browser.panel_helpers import download_export, fact_card, open_panel, status_says
from tests.waiting import wait_until

pytestmark = pytest.mark.browser

VEGETARIAN_NOTE = "kept to vegetarian options"


# -- 1. Monday ----------------------------------------------------------------------------------------------


def test_monday_flow_streams_replies_shows_tool_steps_and_lists_the_thread(
    anonymous_page: Page, server: Server, shots: Shots, story: Story
) -> None:
    page = anonymous_page
    page.goto(server.base_url + "/")
    page.wait_for_url(re.compile(r"/login$"))  # not logged in: the app sends us to the login page
    expect(page.locator("#email")).to_be_visible()
    shots(page, "01-login")
    submit_login(page, server.base_url, "alice", USERS["alice"])
    page.wait_for_selector("#chat-input")

    known_before = [
        r
        for r in cli(server, "memories", "list", "--user", "alice", "--json").json()
        if r["status"] == "current"
    ]
    monday = run_monday(page, shots)
    if story.monday is None:
        story.monday = monday

    # Three flights, TAP first, in a reply that arrived in pieces.
    assert "I found 3 flights" in monday.search_reply, monday.search_reply
    flights = [monday.search_reply.find(f) for f in ("TAP Air Portugal TP1343", "BA643", "U2290")]
    assert -1 not in flights, monday.search_reply
    assert flights == sorted(flights), monday.search_reply
    for reply, lengths in (
        (monday.search_reply, monday.search_stream),
        (monday.booking_reply, monday.booking_stream),
    ):
        partial = {n for n in lengths if 0 < n < len(reply) * 0.8}
        assert len(partial) >= 3, f"reply was not streamed: lengths seen {lengths} for {len(reply)} chars"

    assert re.search(r"^Booked! Reference BK-[0-9A-F]+", monday.booking_reply), monday.booking_reply
    assert HOTEL in monday.booking_reply
    assert "vegetarian meal" in monday.booking_reply

    for name in ("search_flights", "book_flight"):
        expect(tool_step(page, name).first).to_be_visible()
    # Quiet steps: a recall step only when something was recalled, titled with the count (alice may already
    # have facts if another test promoted her Monday first; bob's "nothing recalled" is checked below); the
    # context is a compact meter on each reply, with the details one click away.
    recall_steps = page.locator(TOOL_HEADER).filter(has_text="Recalled")
    if known_before:
        expect(recall_steps.first).to_have_text(re.compile(r"^\s*Recalled \d+ facts?\s*$"))
    else:
        expect(recall_steps).to_have_count(0)
    meters = page.locator(f"{ASSISTANT_MSG} .ta-meter")
    expect(meters).to_have_count(2)
    meter = meters.last.get_by_role("button")
    expect(meter).to_contain_text(re.compile(r"^Context: [\d,]+/[\d,]+ tokens \(\d+%\)$"))
    expect(meter).to_have_attribute("aria-expanded", "false")
    meter.click()
    expect(meter).to_have_attribute("aria-expanded", "true")
    expect(meters.last).to_contain_text("earlier messages in full")

    # The new conversation shows up in the sidebar, titled by its first message.
    link = page.locator(f'{THREAD_LINK}[href="/thread/{monday.thread_id}"]')
    expect(link).to_be_visible()
    expect(link).to_contain_text(SEARCH[:20])


# -- 2. History ---------------------------------------------------------------------------------------------


def _assert_monday_history(page: Page) -> None:
    expect(page.locator(ASSISTANT_MSG)).to_have_count(2)
    expect(page.locator(USER_MSG)).to_have_count(2)
    expect(tool_step(page, "book_flight")).to_be_visible()
    rows = transcript(page)
    messages = [(kind, text) for kind, text in rows if kind != "tool"]
    assert [kind for kind, _ in messages] == ["user_message", "assistant_message"] * 2, rows
    assert messages[0][1] == SEARCH, messages
    assert messages[1][1].startswith("I found 3 flights"), messages
    assert messages[2][1] == BOOK, messages
    assert messages[3][1].startswith("Booked! Reference BK-"), messages
    position = [i for i, (kind, _) in enumerate(rows) if kind != "tool"]
    tools = {
        text.removeprefix("Used ").strip(): i
        for i, (kind, text) in enumerate(rows)
        if kind == "tool" and text.endswith(("search_flights", "book_flight"))
    }
    search_step, book_step = tools.get("search_flights", -1), tools.get("book_flight", -1)
    assert position[0] < search_step < position[1] < position[2] < book_step < position[3], rows


def test_history_renders_in_order_after_reload_and_from_the_sidebar(
    login_as: LoginAs, server: Server, shots: Shots, monday: Monday
) -> None:
    page = login_as("alice")
    assert thread_id_of(page) is None
    assert monday.thread_id in sidebar_thread_ids(page)
    page.locator(f'{THREAD_LINK}[href="/thread/{monday.thread_id}"]').first.click()
    page.wait_for_url(re.compile(rf"/thread/{monday.thread_id}$"))
    _assert_monday_history(page)
    shots(page, "04-alice-history-from-sidebar")

    page.reload()
    page.wait_for_selector("#chat-input")
    _assert_monday_history(page)


# -- 3. Isolation -------------------------------------------------------------------------------------------


def test_bob_cannot_see_open_write_or_delete_alices_thread(
    login_as: LoginAs, server: Server, shots: Shots, monday: Monday
) -> None:
    alice_thread = monday.thread_id
    page = login_as("bob")
    assert alice_thread not in sidebar_thread_ids(page)
    expect(page.locator(THREAD_LINK).filter(has_text=SEARCH[:20])).to_have_count(0)

    # Straight to alice's URL: nothing of hers renders, and the page cannot attach to her thread.
    page.goto(f"{server.base_url}/thread/{alice_thread}")
    expect(page.get_by_text("Couldn't resume chat").or_(page.locator(USER_MSG)).first).to_be_visible()
    expect(page.locator(USER_MSG)).to_have_count(0)
    expect(page.locator(ASSISTANT_MSG)).to_have_count(0)
    shots(page, "05-bob-on-alices-thread-url")

    # Bob tries to write on that page anyway. Wait until the page has settled what happened to the probe (never
    # a fixed time): refused sessions have no connection, so the composer cannot send and the page says so; a
    # page that did have a session must get its answer before we look for alice's words.
    probe = "bob was here: what is in this conversation?"
    page.fill("#chat-input", probe)
    connected = page.locator("#chat-submit").is_enabled()
    page.press("#chat-input", "Enter")
    if connected:
        expect(page.locator(USER_MSG).filter(has_text=probe)).to_be_visible()
        page.wait_for_selector("#stop-button", state="detached")
    else:
        expect(page.get_by_text("Could not reach the server")).to_be_visible()
        expect(page.locator("#chat-submit")).to_be_disabled()
        expect(page.locator(USER_MSG)).to_have_count(0)
    body = page.locator("body").inner_text()
    for alice_text in (SEARCH, "Booked!", HOTEL):
        assert alice_text not in body, body

    # The same at the socket level: a session naming alice's thread gets exactly what an id that never existed
    # gets (a fresh, empty conversation; see tests/test_security.py for what it receives), nothing of hers.
    answers = [socket_connect(page, thread)[:2] for thread in (alice_thread, str(uuid.uuid4()))]
    assert answers == ["40", "40"], answers

    # And over HTTP with bob's cookies.
    request = page.context.request
    response = request.get(f"{server.base_url}/project/thread/{alice_thread}")
    assert response.status == 404, (response.status, response.text()[:300])  # as if it did not exist
    assert SEARCH not in response.text()
    response = request.delete(f"{server.base_url}/project/thread", data={"threadId": alice_thread})
    assert response.status in (401, 403, 404), (response.status, response.text()[:300])
    listed = request.post(
        f"{server.base_url}/project/threads", data={"pagination": {"first": 100}, "filter": {}}
    )
    assert listed.ok, listed.status
    assert alice_thread not in listed.text()

    alice_log, bob_log = run_cli(
        server,
        ["log", "--user", "alice", "--thread", alice_thread, "--json"],
        ["log", "--user", "bob", "--thread", alice_thread],
    )
    events = alice_log.json()  # exit 0: alice's thread survived bob's delete
    said = [e["body"].get("text") for e in events if e["kind"] == EventKind.USER]
    assert said == [SEARCH, BOOK], said
    assert not any("bob" in s.lower() for s in string_values(events)), "bob's message reached alice's log"
    assert bob_log.returncode == 1, bob_log.describe()
    assert "not found" in bob_log.stderr


def test_cross_origin_reads_are_allowed_for_the_public_origin_only(server: Server) -> None:
    """CORS answers PUBLIC_ORIGIN (the server's is http://127.0.0.1:<port>, not the checked-in Chainlit
    config's) and no other page, even one sending the user's cookies."""

    def allowed_origin(origin: str) -> str | None:
        request = urllib.request.Request(
            server.base_url + "/user", headers={"Origin": origin, "Cookie": "x=y"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                allowed: str | None = response.headers.get("access-control-allow-origin")
        except urllib.error.HTTPError as refused:  # 401 without a login: the CORS headers are still there
            allowed = refused.headers.get("access-control-allow-origin")
        return allowed

    assert allowed_origin(server.base_url) == server.base_url
    assert allowed_origin("http://evil.example") is None


# -- 4. Two sessions ----------------------------------------------------------------------------------------


def test_a_new_conversation_after_promotion_remembers_vegetarian_for_alice_only(
    login_as: LoginAs, server: Server, shots: Shots, story: Story, monday: Monday, promoted: PromotionRun
) -> None:
    assert promoted["threads_promoted"] >= 1, promoted
    assert promoted["facts_kept"] >= 1, promoted
    assert promoted["errors"] == 0, promoted

    page = login_as("alice")
    reply = send(page, DINNER)
    page.wait_for_url(THREAD_URL)
    assert thread_id_of(page) != monday.thread_id, "the dinner question went into Monday's thread"
    assert HOTEL in reply, reply
    assert VEGETARIAN_NOTE in reply, reply
    assert story.promoted_at is not None
    dates = {recorded_phrase(monday.started_at), recorded_phrase(story.promoted_at)}
    assert any(d in reply for d in dates), (dates, reply)
    expect(tool_step(page, "find_restaurants")).to_be_visible()

    header = recall_step(page).last
    recalled = expand_step(header)
    assert "Dietary needs" in recalled and "vegetarian" in recalled, recalled
    assert f"from {SEARCH}" in recalled, "the card names the source conversation by its title"
    # The block the model reads holds the canonical value, its date and source, never the user's words, nor
    # the title of the conversation it came from (an old task must not leak into a new one).
    step = header.locator("xpath=ancestor::div[@data-step-type='tool'][1]")
    step.get_by_role("button", name="What the model saw").click()
    block = step.locator("pre").inner_text()
    assert "vegetarian" in block and "By the way" not in block, block
    assert SEARCH not in block, "Monday's task leaked into the recalled facts"
    shots(page, "06-alice-dinner-recalls-vegetarian")

    bob = login_as("bob")
    bob_reply = send(bob, WHAT_DO_YOU_REMEMBER)
    bob_thread = thread_id_of(bob)
    if bob_thread:
        story.bob_threads.append(bob_thread)
    assert "vegetarian" not in bob_reply.lower(), bob_reply
    assert "don't have anything saved about you" in bob_reply, bob_reply
    expect(bob.locator(TOOL_HEADER).filter(has_text="Recalled")).to_have_count(0)  # nothing recalled for bob
    shots(bob, "07-bob-what-do-you-remember")


# -- 5. The inspector ---------------------------------------------------------------------------------------


def test_the_panel_exports_and_deletes_alices_fact(
    login_as: LoginAs,
    server: Server,
    shots: Shots,
    monday: Monday,
    promoted: PromotionRun,
    bob_chatted: list[str],
) -> None:
    page = login_as("alice")
    panel = open_panel(page, via="composer")
    veg = fact_card(panel, "vegetarian")
    expect(veg).to_contain_text("“By the way, I'm vegetarian.”")
    expect(panel.get_by_role("button", name="Promote my conversations now")).to_be_visible()  # alice: admin
    shots(page, "08-alice-memory-panel")

    # Export: one JSON file with everything about alice and nothing about bob.
    filename, export = download_export(panel)
    assert filename == "travel-assistant-export-alice.json"
    assert export["user"] == "alice"
    stores = export["stores"]
    assert monday.thread_id in {t["id"] for t in stores["threads"]}
    assert {e["thread_id"] for e in stores["events"]} >= {monday.thread_id}
    assert any(e["body"].get("text") == BOOK for e in stores["events"])
    facts = next(v for k, v in stores.items() if k.startswith("facts"))
    assert any(f["text"] == VEGETARIAN_FACT for f in facts), facts
    assert bob_chatted, "bob has data of his own"
    leaked = [s for s in string_values(export) if "bob" in s.lower() or any(t in s for t in bob_chatted)]
    assert not leaked, leaked

    # Delete the fact (after the panel's confirmation): gone from the panel, from recall, and from the store.
    veg.get_by_role("button", name=f"Delete {VEGETARIAN_FACT}").click()
    panel.get_by_role("group").get_by_role("button", name="Delete", exact=True).click()
    status_says(panel, f"Deleted “{VEGETARIAN_FACT}”")
    expect(fact_card(panel, "vegetarian")).to_have_count(0)
    shots(page, "09-alice-panel-after-delete")

    new_chat(page, server.base_url)
    reply = send(page, DINNER)
    page.wait_for_url(THREAD_URL)
    assert thread_id_of(page) != monday.thread_id
    assert HOTEL in reply, reply
    assert VEGETARIAN_NOTE not in reply, reply
    assert "you're vegetarian" not in reply, reply
    expect(page.locator(TOOL_HEADER).filter(has_text="Recalled")).to_have_count(0)
    shots(page, "10-alice-dinner-after-delete")

    rows = cli(server, "memories", "list", "--user", "alice", "--json").json()
    assert not [r for r in rows if r["value"] == "vegetarian" and r["status"] != "superseded"], rows
    assert not [r for r in rows if r["value"] == "vegetarian"], f"old versions were kept: {rows}"


# -- 6. Delete my account -----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CarolDeleted:
    """What was seen after carol deleted her account: the page, her old login, a new login, the export."""

    url: str
    inspector: str  # the panel's text before the delete
    thread: str
    me: int  # GET /user with her old cookie
    relogin_status: int
    relogin_url: str
    export: CliResult


@pytest.fixture(scope="module")
def carol_deleted(browser: Browser, server: Server, shots: Shots) -> CarolDeleted:
    """Carol chats once, opens the inspector and deletes her account; then the CLI exports what is left."""
    page = login_page(browser, server, "carol")
    try:
        send(page, "Remember that I prefer aisle seats")
        thread = thread_id_of(page)
        assert thread is not None, page.url
        panel = open_panel(page)
        expect(fact_card(panel, "aisle")).to_be_visible()
        text = panel.inner_text()
        inspector = open_account(page)
        inspector.get_by_role("button", name="Delete my account").click()
        # The logout element and the app's own auth redirect both navigate; to_have_url polls, so a navigation
        # aborted by the other one does not fail the wait.
        expect(page).to_have_url(re.compile(r"/login$"), timeout=30_000)
        expect(page.locator("#email")).to_be_visible()
        shots(page, "11-carol-logged-out-after-delete")
        url, me = page.url, page.context.request.get(f"{server.base_url}/user").status
    finally:
        close_context(page.context)  # the browser is gone: every socket of hers is closed by now
    # On disconnect Chainlit hands the chat's session to the data layer (which drops it, and logs that): wait
    # for that before looking at the stores, so anything the disconnect recreated would be in the export.
    handled = f"dropped session metadata of thread {thread}"
    wait_until(
        lambda: handled in server.log_text(), timeout=30, what="the server to handle carol's disconnect"
    )
    export = cli(server, "memories", "export", "--user", "carol")

    relogin = new_page(open_context(browser, server))
    try:
        relogin.goto(server.base_url + "/login")
        relogin.fill("#email", "carol")
        relogin.fill("#password", USERS["carol"])
        with relogin.expect_response(
            lambda r: r.request.method == "POST" and r.url.endswith("/login")
        ) as answer:
            relogin.click("button[type=submit]")
        relogin_status = answer.value.status
        expect(relogin.get_by_text("Unable to sign in")).to_be_visible()  # the refusal, as the page shows it
        relogin_url = relogin.url
    finally:
        close_context(relogin.context)
    return CarolDeleted(
        url=url,
        inspector=text,
        thread=thread,
        me=me,
        relogin_status=relogin_status,
        relogin_url=relogin_url,
        export=export,
    )


def test_delete_my_account_logs_out_and_erases_carols_data(carol_deleted: CarolDeleted) -> None:
    shown = carol_deleted.inspector.lower()  # the panel's group titles are upper-cased by CSS
    assert "aisle" in shown and "seat preference" in shown, shown
    assert carol_deleted.url.endswith("/login")
    assert carol_deleted.me == 401, "the login cookie still works after deleting the account"
    assert carol_deleted.relogin_status == 401, "carol can still log in"
    assert carol_deleted.relogin_url.endswith("/login")
    export = carol_deleted.export
    assert export.returncode == 0, export.describe()
    stores = export.json()["stores"]
    for name, rows in stores.items():
        assert rows == [], (name, rows)


def test_delete_my_account_leaves_no_user_or_thread_record(carol_deleted: CarolDeleted) -> None:
    stores = carol_deleted.export.json()["stores"]
    recreated = [t["id"] for t in stores["threads"]]
    assert recreated == [], f"threads {recreated} (her chat was {carol_deleted.thread})"
    assert stores["users"] == [], stores["users"]
    assert all(rows == [] for rows in stores.values()), stores


# -- 7. Starters --------------------------------------------------------------------------------------------


def test_starters_are_offered_and_send_their_message(login_as: LoginAs, shots: Shots, story: Story) -> None:
    page = login_as("bob")
    for label in (
        "Find flights",
        "Book and mention a diet",
        "Dinner near my hotel",
        "Remember a preference",
        "What do you remember?",
    ):
        expect(page.get_by_text(label, exact=True)).to_be_visible()
    shots(page, "12-starters")
    page.get_by_text("Find flights", exact=True).click()
    expect(page.locator(USER_MSG).filter(has_text=SEARCH)).to_be_visible()
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=ASSISTANT_MSG)
    page.wait_for_selector("#stop-button", state="detached")
    expect(page.locator(ASSISTANT_MSG).first).to_contain_text("TAP Air Portugal TP1343")
    expect(tool_step(page, "search_flights")).to_be_visible()
    page.wait_for_url(THREAD_URL)
    story.bob_threads.append(page.url.rsplit("/", 1)[-1])
    expect(page.get_by_text("Find flights", exact=True)).to_have_count(0)
