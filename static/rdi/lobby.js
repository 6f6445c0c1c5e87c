// The lobby's Create table form: says before submitting which characters may take your seat in
// the chosen game. Where every seat is a Boss (Two-Headed Boss Battle, Boss Versus Boss) a
// hero can't play, so heroes are greyed out with the reason; the server refuses them anyway.
(function () {
  "use strict";
  var form = document.getElementById("create-table");
  var data = document.getElementById("lobby-variants");
  if (!form || !data) return;
  var info = JSON.parse(data.textContent);
  var variant = form.querySelector("select[name=variant]");
  var select = form.querySelector("select[name=character]");
  var note = document.getElementById("character-note");
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
  }

  variant.addEventListener("change", update);
  update();
})();
