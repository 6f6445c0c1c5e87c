// The lobby's Create table form: says before submitting which characters may take your seat in
// the chosen game. Where every seat is a Boss (Two-Headed Boss Battle, Boss Versus Boss) a
// hero can't play, so heroes are greyed out with the reason; the server refuses them anyway.
// The player counts a game can't be played with are greyed out too, and so are the table
// options it refuses (Otto in a team game), with the engine's sentence.
(function () {
  "use strict";
  var form = document.getElementById("create-table");
  var data = document.getElementById("lobby-variants");
  if (!form || !data) return;
  var info = JSON.parse(data.textContent);
  var variant = form.querySelector("select[name=variant]");
  var select = form.querySelector("select[name=character]");
  var note = document.getElementById("character-note");
  var players = form.querySelector("select[name=player_count]");
  var playersNote = document.getElementById("players-note");
  var optionsNote = document.getElementById("options-note");
  var NOT = " — not a villain";
  var SAID = {
    "boss-battle": "A villain you choose is the Boss (seat 1); a hero is a Challenger. Random casts a villain Boss.",
    "leaders-and-lackeys": "A villain you choose leads Team A (seat 1); a hero is its Lackey (seat 2). Random casts a villain Leader.",
    "two-headed-boss-battle": "Every seat is a Boss, and a Boss must be a villain: heroes can't play this game. Random casts a villain.",
    "boss-versus-boss": "Every seat is a Boss, and a Boss must be a villain: heroes can't play this game. Random casts a villain."
  };

  function update() {
    var v = variant.value;
    var noHeroes = info.no_heroes.indexOf(v) >= 0;
    var moved = "";
    Array.prototype.forEach.call(select.options, function (o) {
      if (!o.value) return;
      var hero = info.villains.indexOf(o.value) < 0;
      var off = noHeroes && hero;
      if (o.text.slice(-NOT.length) === NOT) o.text = o.text.slice(0, -NOT.length);
      o.disabled = off;
      if (off) {
        o.text += NOT;
        if (o.selected) moved = o.text.slice(0, -NOT.length);
      }
    });
    var said = SAID[v] || "";
    if (moved) {
      select.value = "";
      said = moved + " is not a villain, so your character is back on Random. " + said;
    }
    note.textContent = said;
    note.hidden = !said;
    var counts = info.counts[v] || [];
    Array.prototype.forEach.call(players.options, function (o) {
      o.disabled = counts.indexOf(Number(o.value)) < 0;
    });
    var n = Number(players.value);
    var title = variant.options[variant.selectedIndex].text.replace(/ \(.*$/, "");
    var playersSaid = counts.length && counts.length < players.options.length
      ? title + " is played by " + counts.slice(0, -1).join(", ") + " or " + counts[counts.length - 1] + " players." : "";
    if (counts.length && counts.indexOf(n) < 0) {
      var near = counts.reduce(function (a, b) { return Math.abs(b - n) < Math.abs(a - n) ? b : a; });
      players.value = String(near);
      playersSaid += " Players set to " + near + ".";
    }
    playersNote.textContent = playersSaid;
    var refused = info.options[v] || {};
    var optionsSaid = [];
    form.querySelectorAll("input[data-by-game]").forEach(function (box) {
      box.disabled = false;
      box.removeAttribute("data-by-game");
    });
    Object.keys(refused).forEach(function (name) {
      var box = form.querySelector("input[type=checkbox][name=" + name + "]");
      if (!box || box.disabled) return;
      box.disabled = true;
      box.setAttribute("data-by-game", "1");
      if (box.checked) box.checked = false;
      optionsSaid.push(refused[name]);
    });
    optionsNote.textContent = optionsSaid.join(" ");
  }

  variant.addEventListener("change", update);
  update();
})();
