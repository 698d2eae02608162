// Small additions to Chainlit's UI (loaded through [UI] custom_js; no framework; one same-origin request).
//
// 1. Accessible names. Chainlit 2.12 draws several icon-only buttons whose only label is a hover tooltip, so
//    screen readers announce "button". They get an aria-label here, and the logo and the login art get the
//    alt text they should have. Nothing is renamed that already has a name.
// 2. The header's "Memories" button. It appears once the server says the memory panel is available, by a
//    window message {source: "travel-assistant", type: "memory-panel-available"} (cl.send_window_message).
//    Pressing it posts {source: "travel-assistant", type: "open-memory-panel"}; Chainlit forwards window
//    messages to the server (@cl.on_window_message), which opens the panel in the element sidebar.
//    Chainlit forwards *every* window message, so the server must ignore anything else.
// 3. The demo clock. While a demo user's clock is not real time the server says so, {source, type:
//    "demo-clock", shifted, now}, and the header shows what the clock reads, ticking on with real time.
// 4. The side view's resize handle. react-resizable-panels (in Chainlit) points the handle's aria-controls at
//    the panel's data-panel-id, which is no element's id: the reference leads nowhere (axe: a critical
//    aria-valid-attr-value). The panel gets that id. On a phone the side view is a sheet (a Radix dialog)
//    labelled by a title element Chainlit never draws; it is labelled by the side view's own title instead.
// 5. The link policy (travel_assistant/web/security/links.py). A link inside a message or a step (model
//    replies, tool results, memory text) whose origin is not the app's own or in LINK_ALLOWED_ORIGINS (from
//    GET /link-policy) is disarmed: no href (nothing can open it), its full destination shown beside it, and
//    activating it opens a notice with the full address and a copy button instead of going anywhere.
(function () {
  "use strict";

  var SOURCE = "travel-assistant";
  var BUTTON_ID = "memory-header-button";
  var LABELS = [
    ["#sidebar-trigger-button", "Show or hide past conversations"],
    ["#search-chats-button", "Search conversations"],
    ["#new-chat-button", "New chat"],
    ["#chat-submit", "Send message"],
    ["#stop-button", "Stop"],
    ["#side-view-title button", "Close panel"],
    ["#theme-toggle", "Switch between light and dark theme"],
    ["button:has(> svg.lucide-eye), button:has(> svg.lucide-eye-off)", "Show or hide the password"],
    ["button:has(> svg.lucide-copy)", "Copy message"],
    // The round arrow that appears over the conversation when it is not scrolled to the end.
    ["div.absolute.bottom-4.left-0.right-0 > button.rounded-full", "Scroll to the latest message"],
  ];
  var panelAvailable = false;
  var waiting = 0; // facts waiting for the user's Keep or Discard (the server and the panel say)
  var reopenPanel = false; // the panel was open when "New chat" was pressed: open it again in the new chat
  var CLOCK_ID = "demo-clock-indicator";
  var clock = null; // {now: ms since epoch on the demo clock, at: performance.now() when it was received}
  var CLOCK_FORMAT = new Intl.DateTimeFormat("en-GB", {
    weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
    timeZone: "UTC",
  });

  function label(root) {
    LABELS.forEach(function (pair) {
      var found;
      try {
        found = root.querySelectorAll(pair[0]);
      } catch (error) {
        return; // a browser without :has() keeps Chainlit's markup as it is
      }
      found.forEach(function (element) {
        // A name this script gave follows the control's state: React reuses one <button> for Send and Stop
        // (only its id and icon change), so a name set for one state must not outlive it.
        var ours = element.getAttribute("data-ta-named") === "1";
        if ((ours || !element.getAttribute("aria-label")) && !element.innerText.trim()) {
          if (element.getAttribute("aria-label") !== pair[1]) element.setAttribute("aria-label", pair[1]);
          element.setAttribute("data-ta-named", "1");
        }
      });
    });
    // Composer command buttons show only their icon on small screens; the command's id is its name.
    root.querySelectorAll('button[id^="command-"]').forEach(function (button) {
      if (!button.getAttribute("aria-label") && !button.innerText.trim()) {
        button.setAttribute("aria-label", button.id.slice("command-".length));
      }
    });
    // On a phone the guide's button reads "Guide" (CSS); its name stays the whole one.
    root.querySelectorAll("#readme-button:not([aria-label])").forEach(function (button) {
      button.setAttribute("aria-label", button.innerText.trim() || "Demo guide");
    });
    root.querySelectorAll("img.logo").forEach(function (img) {
      if (img.alt !== "Travel Assistant") img.alt = "Travel Assistant";
    });
    // Decoration: the login page's art (Chainlit names it "Image") and the home screen's icon above the
    // "Travel Assistant" heading (Chainlit gives it no alt at all).
    root.querySelectorAll('img[alt="Image"][src*="/public/brand/"], #welcome-screen img:not([alt])').forEach(
      function (img) {
        img.alt = "";
      }
    );
    // Chainlit wraps the whole conversation list in a <ul> whose child is a <div>: not a list at all.
    root.querySelectorAll('ul[data-sidebar="menu"]:not([role])').forEach(function (list) {
      var notItems = Array.prototype.some.call(list.children, function (child) {
        return child.tagName !== "LI";
      });
      if (notItems) list.setAttribute("role", "none");
    });
  }

  // A past conversation's options (Rename, Delete): Chainlit draws the trigger as a <div aria-haspopup> inside
  // the conversation's link, with no tabindex (axe: a critical aria-allowed-attr, and out of keyboard reach).
  // The <div> is taken out of the accessibility tree (a role would nest a control in the link), and the link
  // opens the menu instead: Delete or Shift+F10 on a focused conversation, as its description says.
  var OPTIONS_HINT_ID = "ta-thread-options-hint";
  function threadOptions(root) {
    root.querySelectorAll("#thread-options:not([aria-hidden])").forEach(function (trigger) {
      trigger.setAttribute("aria-hidden", "true");
      var link = trigger.closest("a");
      if (!link) return;
      link.setAttribute("aria-keyshortcuts", "Delete Shift+F10");
      link.setAttribute("aria-describedby", OPTIONS_HINT_ID);
    });
    if (!document.getElementById(OPTIONS_HINT_ID) && document.body) {
      var hint = document.createElement("span");
      hint.id = OPTIONS_HINT_ID;
      hint.className = "ta-sr-only";
      hint.textContent = "Press Delete for this conversation's Rename and Delete menu.";
      document.body.appendChild(hint);
    }
  }
  // A skip link, first in the page: to the past conversations (each one's menu holds Delete, see above).
  var SKIP_ID = "ta-skip-to-conversations";
  function ensureSkipLink() {
    if (document.getElementById(SKIP_ID) || !document.body) return;
    var skip = document.createElement("a");
    skip.id = SKIP_ID;
    skip.href = "#";
    skip.className = "ta-skip-link";
    skip.textContent = "Skip to past conversations";
    skip.addEventListener("click", function (event) {
      event.preventDefault();
      var first = document.querySelector('a[href^="/thread/"]');
      if (!first || !first.offsetParent) {
        var trigger = document.getElementById("sidebar-trigger-button");
        if (trigger) trigger.click();
      }
      window.setTimeout(function () {
        var link = document.querySelector('a[href^="/thread/"]');
        if (link) link.focus();
      }, 300);
    });
    document.body.insertBefore(skip, document.body.firstChild);
  }

  document.addEventListener("keydown", function (event) {
    var link = event.target instanceof Element ? event.target.closest('a[href^="/thread/"]') : null;
    if (!link || !(event.key === "Delete" || (event.key === "F10" && event.shiftKey))) return;
    var trigger = link.querySelector("#thread-options");
    if (!trigger) return;
    event.preventDefault();
    trigger.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0, pointerType: "mouse" }));
  });

  function linkResizeHandles(root) {
    root.querySelectorAll("[data-panel-resize-handle-id][aria-controls]").forEach(function (handle) {
      var target = handle.getAttribute("aria-controls");
      if (!target || document.getElementById(target)) return;
      var panel = Array.prototype.find.call(document.querySelectorAll("[data-panel-id]"), function (element) {
        return element.getAttribute("data-panel-id") === target;
      });
      if (panel && !panel.id) {
        panel.id = target;
      } else {
        handle.removeAttribute("aria-controls"); // nothing to point at: no reference rather than a broken one
      }
    });
  }

  function nameDialogs(root) {
    // Radix points a sheet's aria-describedby at a description Chainlit never draws: no reference rather than
    // a broken one.
    root.querySelectorAll('[role="dialog"][aria-describedby]').forEach(function (dialog) {
      var ids = dialog.getAttribute("aria-describedby").split(/\s+/);
      if (!ids.some(function (id) { return id && document.getElementById(id); })) {
        dialog.removeAttribute("aria-describedby");
      }
    });
    root.querySelectorAll('[role="dialog"][aria-labelledby]').forEach(function (dialog) {
      var ids = dialog.getAttribute("aria-labelledby").split(/\s+/);
      if (ids.some(function (id) { return id && document.getElementById(id); })) return;
      var title = dialog.querySelector("#side-view-title, h1, h2, h3");
      if (title && !title.id) title.id = "ta-dialog-title-" + Math.random().toString(36).slice(2, 10);
      if (title && title.textContent.trim()) {
        dialog.setAttribute("aria-labelledby", title.id);
      } else {
        dialog.removeAttribute("aria-labelledby");
        if (!dialog.getAttribute("aria-label")) dialog.setAttribute("aria-label", "Panel");
      }
    });
  }

  var BRAIN =
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" ' +
    'focusable="false"><path d="M12 5a3 3 0 1 0-5.997.125 4 4 0 0 0-2.526 5.77 4 4 0 0 0 .556 6.588A4 4 0 1 0 ' +
    '12 18Z"/><path d="M12 5a3 3 0 1 1 5.997.125 4 4 0 0 1 2.526 5.77 4 4 0 0 1-.556 6.588A4 4 0 1 1 12 18Z"/>' +
    '<path d="M15 13a4.5 4.5 0 0 1-3-4 4.5 4.5 0 0 1-3 4"/><path d="M12 18V5"/></svg>';

  function ensureMemoryButton() {
    if (!panelAvailable || document.getElementById(BUTTON_ID)) return;
    var header = document.getElementById("header");
    var group = header && header.lastElementChild;
    if (!group) return;
    var button = document.createElement("button");
    button.id = BUTTON_ID;
    button.type = "button";
    button.className = "ta-header-button";
    button.setAttribute("aria-haspopup", "dialog");
    button.innerHTML = BRAIN + '<span class="ta-header-button-text">Memories</span>' +
      '<span class="ta-header-badge" aria-hidden="true" hidden></span>';
    button.title = "What I remember about you";
    button.addEventListener("click", openPanel);
    group.insertBefore(button, group.firstChild);
    showWaiting();
  }

  // The number of facts waiting for Keep or Discard, on the Memories button (and in its name).
  function showWaiting() {
    var button = document.getElementById(BUTTON_ID);
    if (!button) return;
    var badge = button.querySelector(".ta-header-badge");
    badge.textContent = waiting > 0 ? String(waiting) : "";
    badge.hidden = waiting <= 0;
    if (waiting > 0) {
      button.setAttribute("aria-label", "Memories, " + waiting + " waiting for you");
    } else {
      button.removeAttribute("aria-label");
    }
  }

  function openPanel() {
    window.postMessage({ source: SOURCE, type: "open-memory-panel" }, window.location.origin);
  }

  // Presses that Chainlit would handle otherwise (capture phase, before React sees them):
  // - the composer's Memories command opens the panel at once (Chainlit would make it a chip in the composer
  //   and wait for a message to be sent);
  // - "New chat" starts a new chat and keeps the memory panel open if it was.
  document.addEventListener(
    "click",
    function (event) {
      var target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      if (target.closest("#command-Memories")) {
        event.preventDefault();
        event.stopPropagation();
        openPanel();
      } else if (target.closest("#new-chat-button")) {
        reopenPanel = Boolean(document.querySelector("section.ta-panel"));
      }
    },
    true
  );

  function clockText() {
    var reading = clock.now + (window.performance.now() - clock.at);
    var parts = {};
    CLOCK_FORMAT.formatToParts(new Date(reading)).forEach(function (part) {
      parts[part.type] = part.value;
    });
    // "Thu 12 Nov 2026, 19:30", as the memory panel writes dates; a phone shows "Thu, 19:30" (CSS)
    return [parts.weekday, " " + parts.day + " " + parts.month + " " + parts.year, ", " + parts.hour + ":" +
      parts.minute];
  }

  function ensureClock() {
    var shown = document.getElementById(CLOCK_ID);
    if (!clock) {
      if (shown) shown.remove();
      return;
    }
    var header = document.getElementById("header");
    var group = header && header.lastElementChild;
    if (!group) return;
    if (!shown) {
      shown = document.createElement("span");
      shown.id = CLOCK_ID;
      shown.className = "ta-header-clock";
      shown.setAttribute("role", "status");
      shown.setAttribute("aria-label", "Demo clock");
      shown.innerHTML =
        '<span class="ta-header-clock-prefix">Demo clock:</span> <time class="ta-header-clock-time"></time>' +
        '<span class="ta-header-clock-zone"> UTC</span>';
      group.insertBefore(shown, group.firstChild);
    }
    var time = shown.querySelector("time");
    var text = clockText();
    if (time.textContent !== text.join("")) {
      time.innerHTML = "";
      text.forEach(function (piece, i) {
        var span = document.createElement("span");
        span.textContent = piece;
        if (i === 1) span.className = "ta-header-clock-date"; // left out on a phone (CSS): "Thu, 19:30"
        time.appendChild(span);
      });
    }
    shown.title = "Demo clock (UTC): turns, recall and memory are dated by it";
  }

  var linkOrigins = [window.location.origin];
  var LINKS = '[data-step-type] a[href], .message-content a[href], [data-step-type] a[data-ta-href]';
  var NOTICE_ID = "external-link-notice";

  function linkAllowed(href) {
    try {
      return linkOrigins.indexOf(new URL(href, window.location.href).origin) >= 0;
    } catch (error) {
      return false;
    }
  }

  function disarmLinks(root) {
    root.querySelectorAll(LINKS).forEach(function (link) {
      var href = link.getAttribute("href");
      var kept = link.getAttribute("data-ta-href");
      if (href === null && kept !== null && linkAllowed(kept)) {
        link.setAttribute("href", kept); // the policy arrived and allows it
        link.removeAttribute("data-ta-href");
        return;
      }
      if (href === null || linkAllowed(href)) return;
      var full;
      try {
        full = new URL(href, window.location.href).href;
      } catch (error) {
        full = href;
      }
      link.removeAttribute("href");
      link.removeAttribute("target");
      link.setAttribute("data-ta-href", full);
      link.setAttribute("role", "link");
      link.setAttribute("tabindex", "0");
      link.setAttribute("title", "Link to another site, not opened: " + full);
      link.classList.add("ta-disarmed-link");
      if (link.textContent.indexOf(full) < 0 && !link.querySelector(".ta-link-destination")) {
        var shown = document.createElement("span");
        shown.className = "ta-link-destination";
        shown.textContent = " (" + full + ")";
        link.appendChild(shown);
      }
    });
  }

  function showLinkNotice(full) {
    var old = document.getElementById(NOTICE_ID);
    if (old) old.remove();
    var notice = document.createElement("div");
    notice.id = NOTICE_ID;
    notice.setAttribute("role", "dialog");
    notice.setAttribute("aria-labelledby", NOTICE_ID + "-title");
    var title = document.createElement("p");
    title.id = NOTICE_ID + "-title";
    title.textContent = "This link leads to another site and was not opened:";
    var address = document.createElement("code");
    address.textContent = full;
    var copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = "Copy address";
    copy.addEventListener("click", function () {
      if (navigator.clipboard) navigator.clipboard.writeText(full).catch(function () {});
    });
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Close";
    close.addEventListener("click", function () {
      notice.remove();
    });
    notice.addEventListener("keydown", function (event) {
      if (event.key === "Escape") notice.remove();
    });
    notice.append(title, address, copy, close);
    document.body.appendChild(notice);
    close.focus();
  }

  function guardLink(event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-ta-href]") : null;
    if (!link) return;
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    if (event.type !== "auxclick") showLinkNotice(link.getAttribute("data-ta-href"));
  }
  ["click", "auxclick", "keydown"].forEach(function (type) {
    document.addEventListener(type, guardLink, true);
  });
  window
    .fetch("/link-policy", { credentials: "same-origin" })
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (policy) {
      if (policy && Array.isArray(policy.origins)) {
        linkOrigins = linkOrigins.concat(policy.origins);
        disarmLinks(document);
      }
    })
    .catch(function () {}); // without the policy only the app's own links stay clickable

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== window.location.origin || !data || data.source !== SOURCE) return;
    if (data.type === "memory-panel-available") {
      panelAvailable = true;
      ensureMemoryButton();
      if (reopenPanel) {
        reopenPanel = false;
        openPanel();
      }
    } else if (data.type === "memory-waiting") {
      waiting = Math.max(0, Number(data.count) || 0);
      showWaiting();
    } else if (data.type === "demo-clock") {
      var reading = Date.parse(data.now);
      clock = data.shifted && !isNaN(reading) ? { now: reading, at: window.performance.now() } : null;
      ensureClock();
    }
  });
  window.setInterval(function () {
    if (clock) ensureClock();
  }, 15000);

  // Exactly one level-one heading: the home screen has Chainlit's own ("Travel Assistant"); a conversation
  // has none, so the page gets a visually hidden one that names it.
  var TITLE_ID = "ta-page-title";
  function ensureHeading() {
    var ours = document.getElementById(TITLE_ID);
    var theirs = Array.prototype.filter.call(document.querySelectorAll("h1"), function (h) {
      return h.id !== TITLE_ID;
    });
    if (theirs.length) {
      if (ours) ours.remove();
      return;
    }
    var main = document.querySelector("main") || document.getElementById("root");
    if (!main || ours) return;
    ours = document.createElement("h1");
    ours.id = TITLE_ID;
    ours.className = "ta-sr-only";
    ours.textContent = "Travel Assistant: conversation";
    main.insertBefore(ours, main.firstChild);
  }

  var pending = false;
  function refresh() {
    pending = false;
    ensureMemoryButton();
    ensureHeading();
    ensureSkipLink();
    if (clock && !document.getElementById(CLOCK_ID)) ensureClock();
  }
  new MutationObserver(function () {
    // Names at once, in the observer's microtask: a button Chainlit draws for a moment (the scroll arrow while
    // a reply streams) must never be seen nameless by a screen reader or a checker that runs before the next
    // frame. The rest can wait for the frame (at most one a frame, however many mutations).
    label(document);
    threadOptions(document);
    disarmLinks(document);
    linkResizeHandles(document);
    nameDialogs(document);
    if (!pending) {
      pending = true;
      window.requestAnimationFrame(refresh);
    }
  }).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["href"], // a link React re-points is disarmed again
  });
  label(document);
  threadOptions(document);
  disarmLinks(document);
  linkResizeHandles(document);
  nameDialogs(document);
  refresh();
})();
