/* The game table: live updates over Server-Sent Events, decisions without reloads, keyboard
 * shortcuts, countdown, optional sound / title flash. Plain JavaScript, no build step.
 * Without JavaScript the page still works: every decision is an ordinary form. */
(function () {
  "use strict";
  var root = document.getElementById("game");
  if (!root) return;
  var seq = parseInt(root.dataset.seq, 10);
  var logSeq = -1;
  var logEl = document.getElementById("log");
  var live = document.getElementById("live");
  var busy = false, again = false, wasYours = isYours(), baseTitle = document.title, flashTimer = null;

  Array.prototype.forEach.call(logEl.querySelectorAll("li[data-seq]"), function (li) {
    logSeq = Math.max(logSeq, parseInt(li.dataset.seq, 10));
  });
  if (logSeq < 0) logSeq = seq;
  logEl.scrollTop = logEl.scrollHeight;

  function board() { return document.querySelector("#board .board"); }
  function isYours() { var b = board(); return !!b && b.dataset.yourPrompt === "1"; }
  function csrf() { var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/); return m ? decodeURIComponent(m[1]) : ""; }
  function opt(name) { try { return localStorage.getItem("rdi." + name) === "1"; } catch (e) { return false; } }

  function toast(text) {
    var t = document.createElement("p");
    t.className = "toast"; t.setAttribute("role", "alert"); t.textContent = text;
    document.body.appendChild(t);
    setTimeout(function () { t.remove(); }, 5000);
  }

  /* fetch the board (HTML rendered from our own view) and the new log lines */
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    var boardReq = fetch(root.dataset.board, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { if (!r.ok) throw new Error("board " + r.status); return r.text(); })
      .then(function (html) {
        var holder = document.getElementById("board");
        var picked = selectedDiscards(), focused = focusKey(), peeks = openPeeks();
        holder.innerHTML = html;
        reopenPeeks(peeks);
        var b = board();
        if (b) { seq = Math.max(seq, parseInt(b.dataset.seq, 10)); root.dataset.seq = String(seq); }
        restoreDiscards(picked);
        bindBoard();
        restoreFocus(focused);
        sayPrompt();
        var yours = isYours();
        if (yours && !wasYours) notifyTurn();
        if (!yours) stopFlash();
        wasYours = yours;
      });
    var logReq = fetch(root.dataset.log + "?after=" + logSeq, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : { steps: [] }; })
      .then(function (data) {
        var first = logEl.querySelector("li.muted"); if (first && data.steps.length) first.remove();
        data.steps.forEach(function (step) {
          if (step.seq <= logSeq) return;
          step.lines.forEach(function (line) {
            var li = document.createElement("li");
            li.dataset.seq = step.seq; li.textContent = line; li.className = "new";
            logEl.appendChild(li);
          });
          logSeq = step.seq;
        });
        logSeq = Math.max(logSeq, data.seq);
        while (logEl.children.length > 400) logEl.removeChild(logEl.firstChild);
        logEl.scrollTop = logEl.scrollHeight;
      });
    Promise.all([boardReq, logReq]).catch(function () { /* the next ping or the poll retries */ })
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }

  /* The board is swapped whole, so a live region inside it would not be read out: a screen
   * reader hears the player's prompt from #announce, outside it, each time the prompt changes
   * (what others do reaches it through the log, a live region of its own). */
  var announce = document.getElementById("announce"), said = promptWords();
  function promptWords() { var a = document.querySelector("#board #prompt.yours .ask"); return a ? a.textContent.trim() : ""; }
  function sayPrompt() {
    var now = promptWords();
    if (now && now !== said && announce) {
      announce.textContent = "";      /* emptied first: the same words again are news again */
      setTimeout(function () { announce.textContent = now; }, 50);
    }
    said = now;
  }

  /* live updates: {game, seq} pings; the browser resumes with Last-Event-ID by itself */
  var es = null, lastPing = Date.now();
  function connect() {
    if (!window.EventSource || !root.dataset.stream) return;
    es = new EventSource(root.dataset.stream + "?last=" + seq);
    es.onopen = function () { live.classList.add("on"); live.title = "Live"; refresh(); };
    es.onmessage = function (ev) {
      lastPing = Date.now();
      var data; try { data = JSON.parse(ev.data); } catch (e) { return; }
      if (data.seq > seq) refresh();
    };
    es.onerror = function () { live.classList.remove("on"); live.title = "Reconnecting…"; };
  }
  connect();
  /* a safety net: if no ping arrived for a while, ask anyway (cheap, and survives a dead stream) */
  setInterval(function () {
    if (document.hidden) return;
    if (!es || es.readyState !== 1 || Date.now() - lastPing > 20000) { lastPing = Date.now(); refresh(); }
  }, 5000);

  /* decisions */
  function submitDecision(form, submitter) {
    var body = new FormData(form);
    /* the pick form's buttons each carry their offer: FormData leaves the pressed one out */
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    var buttons = document.querySelectorAll("#board form.decide button");
    Array.prototype.forEach.call(buttons, function (b) { b.disabled = true; });
    fetch(form.action, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrf() }
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!r.ok) toast(body.message || "That did not work; try again.");

      });
    }).catch(function () { toast("The server could not be reached; try again."); })
      .then(refresh);
  }

  function callApi(url, body) {
    fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() }
    }).then(function (r) {
      if (!r.ok) return r.json().then(function (b) { toast(b.message || "That did not work."); });
    }).catch(function () { toast("The server could not be reached; try again."); }).then(refresh);
  }

  /* a board swapped in while the player ticks cards by keyboard keeps the focus where it was */
  function focusKey() {
    var el = document.activeElement;
    if (!el || !el.closest || !el.closest("#board")) return null;
    if (el.name === "cards") return '#board input[name=cards][value="' + el.value + '"]';
    if (el.name === "offer") return '#board button[name=offer][data-words="' + el.dataset.words + '"]';
    return el.id ? "#" + el.id : null;
  }
  function restoreFocus(key) {
    var el = key && document.querySelector(key);
    if (el) el.focus();
  }

  function selectedDiscards() {
    return Array.prototype.map.call(document.querySelectorAll("#board input[name=cards]:checked"), function (i) { return i.value; });
  }
  function restoreDiscards(values) {
    values.forEach(function (v) {
      var box = document.querySelector('#board input[name=cards][value="' + v + '"]');
      if (box) box.checked = true;
    });
    updateDiscard();
  }
  function updateDiscard() {
    updatePick();
    var form = document.getElementById("discard-form");
    if (!form) return;
    var picked = selectedDiscards().map(Number).sort(function (a, b) { return a - b; });
    var offered = JSON.parse(form.dataset.from);
    var ok = picked.every(function (c) { return offered.indexOf(c) >= 0; });
    var btn = document.getElementById("discard-btn");
    btn.disabled = !ok;
    btn.textContent = picked.length ? "Discard " + picked.length + " & draw" : "Keep my hand";
    Array.prototype.forEach.call(document.querySelectorAll("#board input[name=cards]"), function (box) {
      box.closest(".card").classList.toggle("picked", box.checked);
    });
  }

  /* choose exactly N cards (a Dungeon Event's discard): each button of the pick form names
   * its option and how many are ticked of how many it needs, and waits for exactly that many */
  function updatePick() {
    var form = document.getElementById("pick-form");
    if (!form) return;
    var boxes = document.querySelectorAll('#board input[name=cards][form="pick-form"]');
    var picked = Array.prototype.filter.call(boxes, function (b) { return b.checked; }).map(function (b) { return Number(b.value); });
    Array.prototype.forEach.call(form.querySelectorAll("button[data-count]"), function (btn) {
      var need = parseInt(btn.dataset.count, 10), from = JSON.parse(btn.dataset.from);
      var ok = picked.length === need && picked.every(function (c) { return from.indexOf(c) >= 0; });
      btn.disabled = !ok;
      btn.textContent = btn.dataset.words + " " + need + " card" + (need === 1 ? "" : "s") +
        " (" + picked.length + " of " + need + " ticked)";
    });
    Array.prototype.forEach.call(boxes, function (box) {
      box.closest(".card").classList.toggle("picked", box.checked);
    });
  }

  /* On a phone the prompt bar sticks to the bottom of the screen: it keeps to the room under
     the player's own mat (which the stylesheet puts first), so at first view neither hides the
     other; a bar that needs more scrolls inside itself (issue 43 item 6). */
  function fitPrompt() {
    var p = document.querySelector("#board .prompt.yours"), m = document.querySelector("#board .seats > .mat.you");
    if (!p) return;
    if (!m || window.matchMedia("(min-width: 1000px)").matches) { p.style.maxHeight = ""; return; }
    var h = window.innerHeight, room = h - (m.getBoundingClientRect().bottom + window.scrollY) - 8;
    p.style.maxHeight = Math.round(Math.min(Math.max(room, h * 0.25), h * 0.62)) + "px";
  }
  window.addEventListener("resize", fitPrompt);
  /* what is above the bar can grow between two boards (the countdown's words wrap the status
     strip onto a second line at 360 px): fit again when the strip or the mat changes size */
  var grows = window.ResizeObserver ? new ResizeObserver(function () { fitPrompt(); }) : null;
  function watchAbovePrompt() {
    if (!grows) return;
    grows.disconnect();
    ["#board .status-strip", "#board .seats > .mat.you"].forEach(function (sel) {
      var el = document.querySelector(sel); if (el) grows.observe(el);
    });
  }
  function openPeeks() {
    return Array.prototype.map.call(document.querySelectorAll("#board details[open][data-peek]"), function (d) { return d.dataset.peek; });
  }
  function reopenPeeks(keys) {
    keys.forEach(function (k) { var d = document.querySelector('#board details[data-peek="' + k + '"]'); if (d) d.open = true; });
  }

  function bindBoard() {
    fitPrompt();
    watchAbovePrompt();
    Array.prototype.forEach.call(document.querySelectorAll("#board form.decide"), function (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var ask = form.querySelector("button[data-confirm]");    /* a team's Potion: spent for good */
        if (ask && !window.confirm(ask.dataset.confirm)) return;
        submitDecision(form, ev.submitter);
      });
    });
    Array.prototype.forEach.call(document.querySelectorAll("#board input[name=cards]"), function (box) {
      box.addEventListener("change", updateDiscard);
    });
    updateDiscard();
    var auto = document.getElementById("autopass");
    if (auto) auto.addEventListener("change", function () { callApi(auto.dataset.api, { mode: auto.value }); });
    var back = document.getElementById("take-back");
    if (back) back.addEventListener("click", function () { callApi(back.dataset.api, {}); });
    var btns = document.querySelectorAll("#choices > form button");
    Array.prototype.forEach.call(btns, function (b, i) {
      if (i < 9) b.setAttribute("aria-keyshortcuts", String(i + 1));
    });
    tick();
  }

  /* countdown to the prompt's deadline */
  function tick() {
    var el = document.getElementById("countdown");
    if (!el) return;
    var left = Math.max(0, Math.round((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
    var m = Math.floor(left / 60), s = left % 60;
    el.querySelector("span").textContent = (m ? m + ":" + (s < 10 ? "0" : "") + s : s + " s") + " left";
    el.classList.toggle("urgent", left <= 10);
  }
  setInterval(tick, 1000);

  /* your turn: optional beep and title flash (both off by default) */
  function notifyTurn() {
    if (opt("sound")) {
      try {
        var ctx = new (window.AudioContext || window.webkitAudioContext)();
        var o = ctx.createOscillator(), g = ctx.createGain();
        o.frequency.value = 660; g.gain.value = 0.08; o.connect(g); g.connect(ctx.destination);
        o.start(); o.stop(ctx.currentTime + 0.18);
      } catch (e) { /* no audio */ }
    }
    if (opt("flash") && !flashTimer) {
      var on = false;
      flashTimer = setInterval(function () { on = !on; document.title = on ? "⚑ Your move!" : baseTitle; }, 900);
    }
  }
  function stopFlash() { if (flashTimer) { clearInterval(flashTimer); flashTimer = null; document.title = baseTitle; } }
  window.addEventListener("focus", stopFlash);
  ["sound", "flash"].forEach(function (name) {
    var box = document.getElementById("opt-" + name);
    if (!box) return;
    box.checked = opt(name);
    box.addEventListener("change", function () { try { localStorage.setItem("rdi." + name, box.checked ? "1" : "0"); } catch (e) {} });
  });

  /* keyboard shortcuts */
  function clickType(type) {
    var b = document.querySelector('#choices button[data-type="' + type + '"]:not([disabled])');
    if (b) { b.click(); return true; }
    return false;
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" && ev.target.type !== "checkbox" || tag === "select" || tag === "textarea") return;
    var k = ev.key.toLowerCase();
    if (k === "p") { clickType("pass"); }
    else if (k === "d") { clickType("drink"); }
    else if (k === "k") { var b = document.getElementById("discard-btn"); if (b && !b.disabled) b.click(); }
    else if (k === "l") { logEl.focus(); logEl.scrollIntoView({ block: "nearest" }); }
    else if (/^[1-9]$/.test(k)) {
      var btns = document.querySelectorAll("#choices > form button");
      var n = parseInt(k, 10) - 1;
      if (btns[n] && !btns[n].disabled) btns[n].click();
    } else return;
    ev.preventDefault();
  });
  logEl.tabIndex = 0;
  bindBoard();
})();
