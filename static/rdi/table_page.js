/* The table page before the game: its seats follow the table's live stream (a ping means
   "fetch the seat list again"), so the forms keep what the player chose. Once the table
   starts, the page goes to the game. */
(function () {
  "use strict";
  var root = document.getElementById("table-page");
  if (!root) return;
  var seats = document.getElementById("table-seats");
  var forms = root.querySelector(".seat-forms");
  var version = parseInt(root.dataset.version, 10) || 0;
  var fetching = false, again = false, lastPing = Date.now();

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(root.dataset.seats, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      var game = r.headers.get("X-Game-Url");
      if (game) { window.location.assign(game); return null; }
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html === null || html === undefined) return;
      seats.innerHTML = html;
      var list = seats.querySelector(".seat-list");
      if (list) {
        version = parseInt(list.dataset.version, 10) || version;
        if (forms) forms.hidden = list.dataset.full === "1";
      }
    }).catch(function () { /* the next ping or the safety net tries again */ }).then(function () {
      fetching = false;
      if (again) { again = false; refresh(); }
    });
  }

  var es = null;
  if (window.EventSource && root.dataset.stream) {
    es = new EventSource(root.dataset.stream + "?last=" + version);
    es.onmessage = function (ev) {
      lastPing = Date.now();
      var data; try { data = JSON.parse(ev.data); } catch (e) { return; }
      if (data.version > version) refresh();
    };
  }
  /* a safety net, as on the game page: without a stream, or a silent one, ask now and then */
  setInterval(function () {
    if (document.hidden) return;
    if (!es || es.readyState !== 1 || Date.now() - lastPing > 20000) { lastPing = Date.now(); refresh(); }
  }, 5000);

  var copy = document.getElementById("copy-invite");
  var link = document.getElementById("invite-link");
  if (copy && link) {
    copy.addEventListener("click", function () {
      function done() { copy.textContent = copy.dataset.copied; setTimeout(function () { copy.textContent = "Copy link"; }, 2000); }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link.value).then(done, function () { link.select(); });
      } else {
        link.focus(); link.select();
        try { if (document.execCommand("copy")) done(); } catch (e) { /* selected: the player copies it */ }
      }
    });
    link.addEventListener("focus", function () { link.select(); });
  }
})();
