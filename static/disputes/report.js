// "Report a problem at this moment": open the dialog on the event being shown.
(function () {
  "use strict";
  function currentSeq() {
    var at = document.getElementById("at");            // replay page: the event input
    if (at && at.value !== "") return at.value;
    var game = document.getElementById("game");        // live table: the latest seq
    if (game && game.dataset.seq) return game.dataset.seq;
    return document.getElementById("report-seq").value;
  }
  function init() {
    var open = document.getElementById("report-open"), dialog = document.getElementById("report-dialog");
    if (!open || !dialog) return;
    open.addEventListener("click", function () {
      var seq = currentSeq();
      document.getElementById("report-seq").value = seq;
      document.getElementById("report-seq-shown").textContent = seq;
      if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
      document.getElementById("report-text").focus();
    });
    document.getElementById("report-cancel").addEventListener("click", function () { dialog.close(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
