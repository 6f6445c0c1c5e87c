// The replay page: step through a finished (or running) game. Every step fetches the frame
// fragment for ?at=N&as=P, swaps it in and rewrites the URL, so any moment can be shared.
(function () {
  "use strict";
  var root = document.getElementById("replay");
  if (!root) return;
  var marks = JSON.parse(document.getElementById("marks").textContent);
  var frameUrl = root.dataset.frameUrl;
  var box = document.getElementById("frame");
  var select = document.getElementById("perspective");
  var atInput = document.getElementById("at");
  var announce = document.getElementById("announce");
  var busy = null, queued = null;

  function current() {
    var body = box.querySelector(".frame-body");
    return { at: parseInt(body.dataset.at, 10), as: body.dataset.as };
  }

  function clamp(n) { return Math.max(0, Math.min(marks.last, n)); }

  function nextIn(list, at) { for (var i = 0; i < list.length; i++) if (list[i] > at) return list[i]; return null; }
  function prevIn(list, at) { for (var i = list.length - 1; i >= 0; i--) if (list[i] < at) return list[i]; return null; }

  function target(how) {
    var at = current().at;
    switch (how) {
      case "first": return 0;
      case "last": return marks.last;
      case "prev": return clamp(at - 1);
      case "next": return clamp(at + 1);
      case "prev-turn": var p = prevIn(marks.turns, at); return p === null ? 0 : p;
      case "next-turn": var n = nextIn(marks.turns, at); return n === null ? marks.last : n;
      default: return nextIn(marks[how] || [], at);
    }
  }

  function go(at, as) {
    if (at === null || at === undefined) return;
    as = as || current().as;
    if (busy) { queued = [at, as]; return; }
    var query = "?at=" + at + "&as=" + encodeURIComponent(as);
    busy = fetch(frameUrl + query, { headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.text().then(function (t) { return { ok: r.ok, text: t }; }); })
      .then(function (res) {
        if (!res.ok) { alert("Can't show that: " + res.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 300)); return; }
        box.innerHTML = res.text;
        history.replaceState(null, "", location.pathname + query);
        /* the frame is swapped whole, so a region inside it would not be read out: say the step here */
        announce.textContent = [box.querySelector(".step-head"), box.querySelector("#narration")]
          .map(function (el) { return el ? el.textContent.replace(/\s+/g, " ").trim() : ""; }).join(". ");
        refresh();
      })
      .finally(function () {
        busy = null;
        if (queued) { var q = queued; queued = null; go(q[0], q[1]); }
      });
  }

  function refresh() {
    var cur = current();
    atInput.value = cur.at;
    if (select) select.value = cur.as;
    var forkAt = document.getElementById("fork-at");
    if (forkAt) forkAt.value = cur.at;
    var data = JSON.parse(document.getElementById("frame-data").textContent);
    var fork = document.getElementById("fork");
    if (fork) { fork.disabled = !!data.fork; fork.title = data.fork || "Start a new table from this moment: you in the chosen seat, bots in the others"; }
    document.querySelectorAll("svg.chart .cursor").forEach(function (line) {
      var svg = line.ownerSVGElement, last = Math.max(1, parseInt(svg.dataset.last, 10));
      var x = 6 + (720 - 12) * cur.at / last;
      line.setAttribute("x1", x); line.setAttribute("x2", x);
    });
    markChanges(data.changes || []);
  }

  var SELECTORS = {
    fortitude: '.gauge[aria-label="Fortitude"] .gval',
    alcohol: '.gauge[aria-label="Alcohol Content"] .gval',
    gold: "dd.gold",
    status: ".margin"
  };

  var changes = [];
  function markChanges(list) {
    changes = list;
    changes.forEach(function (c, i) {
      var mat = box.querySelector('.mat[data-seat="' + c.seat + '"], .mat[data-seats~="' + c.seat + '"]');    /* a team's mat holds both seats */
      var el = mat && mat.querySelector(SELECTORS[c.stat]);
      if (!el) return;
      /* a button inside the figure (a dd or a gauge's value keeps its own role): Tab reaches it, Enter opens it */
      var b = document.createElement("button");
      b.type = "button"; b.className = "linklike changed"; b.dataset.change = i;
      b.textContent = el.textContent;
      b.title = "Was " + c.before + ": click to see why";
      b.setAttribute("aria-label", el.textContent + ", was " + c.before + ": see why");
      el.textContent = ""; el.appendChild(b);
    });
  }
  box.addEventListener("click", onExplain);
  function onExplain(e) {
      var el = e.target.closest("[data-change]");
      if (!el) return;
      var c = changes[parseInt(el.dataset.change, 10)];
      var panel = document.getElementById("explain");
      var names = { fortitude: "Fortitude", alcohol: "Alcohol Content", gold: "Gold", status: "Status" };
      panel.innerHTML = "";
      var h = document.createElement("p");
      h.innerHTML = "<strong></strong>";
      h.firstChild.textContent = names[c.stat] + " " + c.before + " → " + c.after + ", because:";
      var ol = document.createElement("ol");
      c.chain.forEach(function (line) { var li = document.createElement("li"); li.textContent = line; ol.appendChild(li); });
      panel.appendChild(h); panel.appendChild(ol);
      panel.hidden = false;
  }

  root.addEventListener("click", function (e) {
    var a = e.target.closest("[data-go]");
    if (!a) return;
    e.preventDefault();
    go(target(a.dataset.go));
  });
  if (select) select.addEventListener("change", function () { go(current().at, select.value); });
  atInput.addEventListener("change", function () { go(clamp(parseInt(atInput.value, 10) || 0)); });
  document.querySelectorAll("svg.chart").forEach(function (svg) {
    svg.addEventListener("click", function (e) {
      var r = svg.getBoundingClientRect();
      var frac = (e.clientX - r.left) / r.width;
      go(clamp(Math.round((frac * 720 - 6) / (720 - 12) * marks.last)));
    });
  });
  // the "Next ..." buttons a table option adds (a Dungeon Event) carry their own key
  var optionKeys = {};
  document.querySelectorAll("[data-go][data-key]").forEach(function (a) { optionKeys[a.dataset.key] = a.dataset.go; });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    var how = {
      ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
      ArrowUp: "prev-turn", PageUp: "prev-turn", ArrowDown: "next-turn", PageDown: "next-turn",
      d: "drinks", g: "rounds", c: "contests", e: "eliminations"
    }[e.key.length === 1 ? e.key.toLowerCase() : e.key] || optionKeys[e.key.toLowerCase()];
    if (!how) return;
    e.preventDefault();
    go(target(how));
  });
  refresh();
})();
