"""What the table page shows, built from one caller's game detail (`selectors.game_detail`,
i.e. `engine.view(state, your_seat)` plus projections): seat mats with gauges, the Inn, the
gambling panel, the stack, your hand and the prompt's decisions as labelled buttons.

Nothing here reads the state: the page can only show what the caller's view holds.
"""
from __future__ import annotations

import json
import uuid
from typing import Any

from games.web.bots import bot_level
from games.web.narrate import seat_names

MAX_FORTITUDE = 20          # the gauges' scale (every base character starts at 20)
STATUS_WORDS = {"in": "in the game", "passed_out": "passed out", "broke": "out of Gold"}
PASS_LABELS = {"phase:action": "Take no Action", "respond": "Let it happen", "gamble": "Pass",
               "mead": "Don't split", "phase:discard": "Pass", "phase:order": "Go on to drink",
               "phase:drink": "Pass", "phase:end": "End my turn", "buy": "Stop buying"}
PROMPT_WORDS = {
    "phase:discard": "Discard any number of cards you don't want (or none), then draw back up to your hand size.",
    "phase:action": "Play one Action card, or take no Action.",
    "phase:order": "Order a Drink for another player.",
    "phase:drink": "Drink! Reveal the top of your Drink Me! pile.",
    "phase:end": "Your turn is over unless you play a card first.",
    "respond": "Something is happening. Play a response, or let it happen.",
    "gamble": "Your turn in the Round of Gambling: play a Gambling or Cheating card, or pass.",
    "mead": "Mead! Split it with another player, or drink it all.",
    "buy": "Buy the top card of one of your side decks with your tokens, one at a time, or stop.",
    "wages": "Your Minion was hurt: pay its Wages to keep it in play, or let it go.",
    "champion": "Your team chooses its Champion: only the Champions take part in what happens next.",
}
PHASE_WORDS = {"discard": "Discard and draw", "action": "Action", "order": "Order a Drink", "drink": "Drink",
               "end": "End of turn"}
#: What the table is waiting for when the prompt is not one of the turn's phases: the header
#: follows the engine's prompt, because a response window or a Round of Gambling happens
#: inside a phase (an Action card waiting for responses is still the Action phase).
PROMPT_HEADLINES = {"respond": "waiting for responses", "gamble": "Round of Gambling", "mead": "Mead: split it?",
                    "buy": "buying side-deck cards", "wages": "a Minion's Wages",
                    "champion": "choosing Champions"}
#: A team's Potion (docs/teams.md), by the effect the decision chooses.
POTION_LABELS = {"fortitude": "Drink a Potion: gain 6 Fortitude", "alcohol": "Drink a Potion: lose 6 Alcohol",
                 "gold": "Drink a Potion: take 3 Gold from the Inn"}


def headline(view: dict, names: list[str]) -> str:
    """The header's "whose turn, and what now", from the view's prompt (the engine's own
    `prompts()` kind), never from the phase alone. In a team game the turn is the team's, and
    the header says whose half of the phase is being played (docs/teams.md)."""
    if view.get("over"):
        return "Game over"
    kind = (view.get("prompt") or {}).get("kind") or ""
    if kind.startswith("phase:"):
        what = PHASE_WORDS.get(kind[len("phase:"):], kind[len("phase:"):].title())
    else:
        what = PROMPT_HEADLINES.get(kind) or PHASE_WORDS.get(view.get("phase"), str(view.get("phase") or "").title())
    active = view.get("active")
    if active is None:
        return what
    half = _half(view, names)
    if half:
        return f"Team {half['letter']}'s turn · {what} · {half['words']}"
    return f"{names[active]}'s turn · {what}"


def _half(view: dict, names: list[str]) -> dict | None:
    """Whose half of the shared turn is pending (team games): the teammate playing its part of
    the phase now, and whether the other has done theirs (`counts.done`, public in the view)."""
    active = view.get("active")
    t = next((t for t in view.get("teams") or [] if active in t["seats"]), None)
    if t is None or view.get("over"):
        return None
    done = set((view.get("counts") or {}).get("done") or [])
    live = {s["seat"] for s in view["seats"] if s["status"] == "in"}
    others = [m for m in t["seats"] if m != active and m in live]
    status = {active: "now"} | {m: "done" if m in done else "next" for m in others}
    words = f"{names[active]} now" + "".join(
        f", {names[m]} {'done' if status[m] == 'done' else 'still to play'}" for m in others)
    return {"letter": _letter(t["team"]), "seats": t["seats"], "status": status, "words": words}


def _letter(team: int) -> str:
    return "ABCD"[team % 4]


def build(detail: dict[str, Any]) -> dict[str, Any]:
    view = detail["view"]
    me = detail["your_seat"]
    names = seat_names(view)
    public = {s["index"]: s for s in detail["seats"]}
    stack = view.get("stack", [])
    rnd = next((fr for fr in reversed(stack) if fr.get("f") == "round"), None)
    teams = _teams(view)
    seats = []
    for s in view["seats"]:
        i = s["seat"]
        who = public.get(i, {})
        fort, alc = s["fortitude"], s["alcohol"]
        seats.append({
            "index": i, "short": names[i], "name": s["name"], "character": s["character"],
            "player": (f"bot ({bot_level(who['bot'])})" if who.get("bot") else "bot") if who.get("ai")
            else (who.get("user") or "empty seat"), "ai": who.get("ai", False),
            "handed_over": bool(not who.get("ai") and who.get("bot")), "autopass": who.get("autopass", "off"),
            "you": i == me, "active": i == view.get("active") and not view.get("over"),
            "fortitude": fort, "alcohol": alc, "gold": s["gold"], "hand_count": s["hand_count"],
            "drink_me_count": s["drink_me_count"], "deck_count": s.get("deck_count", 0),
            "status": s["status"], "status_words": STATUS_WORDS.get(s["status"], s["status"].replace("_", " ")),
            "out": s["status"] != "in",
            "fort_pct": _pct(fort), "alc_pct": _pct(alc), "margin": fort - alc,
            "danger": s["status"] == "in" and fort - alc <= 3,
            "in_round": rnd is not None and i in rnd.get("participants", []),
            "controls": rnd is not None and rnd.get("controller") == i,
            "winner": i in (view.get("winners") or []),
            "tokens": [{"name": name.replace("_", " ").capitalize(), "count": n}
                       for name, n in sorted((s.get("tokens") or {}).items())],
            "zones": [{"name": name.replace("_", " ").capitalize(), "count": z.get("count", 0),
                       "cards": z.get("cards")} for name, z in sorted((s.get("zones") or {}).items())],
        })
    minions = {c["id"]: f"{names[s['seat']]}'s {c['title']}" for s in view["seats"]
               for z in (s.get("zones") or {}).values() for c in z.get("cards") or []}
    hand = []
    you = next((s for s in view["seats"] if s["seat"] == me), None)
    prompt = view.get("prompt") or None
    decisions = (prompt or {}).get("decisions") or [] if detail.get("your_prompt") else []
    by_card: dict[int, list] = {}
    general = []
    discards = []
    for d in decisions:
        entry = {"label": label(d, prompt["kind"], names, stack, minions), "json": json.dumps(d, sort_keys=True),
                 "key": uuid.uuid4().hex, "type": d.get("type")}
        if d.get("type") == "potion":
            entry["confirm"] = f"{entry['label']}? Your team has {(teams.get(me) or {}).get('potions', 0)} left."
        if d.get("type") == "discard":
            discards.append(d)
        elif d.get("type") == "play" and "card" in d:
            by_card.setdefault(d["card"], []).append(entry)
        else:
            general.append(entry)
    general.sort(key=lambda e: e["type"] == "pass")      # pass last
    for c in (you or {}).get("hand", []):
        choices = by_card.pop(c["id"], [])
        hand.append({**c, "kind": c["type"].split(" - ")[0].lower().replace(" ", "-"), "choices": choices,
                     "playable": bool(choices or discards)})
    if by_card:                                          # a playable card that is not in the hand
        for cid, entries in by_card.items():
            general[:0] = [{**e, "label": f"Play card {cid} {e['label']}"} for e in entries]
    return {
        "view": view, "detail": detail, "names": names, "seats": seats, "me": me,
        # The Inn never runs out of Gold (digest §3): the engine counts what was paid in less what
        # it paid out, which a Potion's or a card's "Gold from the Inn" can take below 0.
        "inn": max(view["inn"], 0),
        "you": next((s for s in seats if s["you"]), None), "hand": hand,
        # the cards that answer the prompt stand with it; the rest of the hand goes below
        "playable": [c for c in hand if c["playable"]], "rest": [c for c in hand if not c["playable"]],
        "prompt": prompt, "your_prompt": bool(detail.get("your_prompt")) and prompt is not None,
        "prompt_words": _champion_words(stack, decisions, names) if (prompt or {}).get("kind") == "champion"
        else PROMPT_WORDS.get((prompt or {}).get("kind"), ""),
        "general": general, "discard": _discard_info(discards, (prompt or {}).get("subsets") or []),
        "headline": headline(view, names),
        "waiting": _waiting(view, stack, names),
        "round": _round(rnd, names), "stack": [_frame(fr, names) for fr in reversed(stack) if fr.get("f") != "round"],
        "drink_discard_count": len(view.get("drink_discard", [])),
        "last_drink": (view.get("drink_discard") or [None])[-1],
        "standings": _standings(seats, view) if view.get("over") else [],
        "replay_url": replay_url(detail["id"]),
        "my_team": teams.get(me) if me is not None else None,
        "partner_hand": _partner_hand(view, me, names),
        "mats": _team_mats(view, seats, names) or [{"seat": s} for s in seats],
    }


def _teams(view: dict) -> dict[int, dict]:
    """Each seat's team in a team game (docs/teams.md): its letter and Potions."""
    out = {}
    for t in view.get("teams") or []:
        for i in t["seats"]:
            out[i] = {"letter": _letter(t["team"]), "potions": t["potions"]}
    return out


def champion_for(stack: list, names: list[str]) -> str:
    """What the Champions being chosen are for: the Drink Event or the card that asked for them
    (the `champions` frame names the frame it is `on`), in words."""
    fr = next((f for f in reversed(stack) if f.get("f") == "champions"), None)
    on = next((f for f in stack if fr is not None and f.get("id") == fr.get("on")), None)
    if on is None:
        return ""
    card = on.get("event_card") or on.get("card") or {}
    seat = on.get("seat", on.get("revealer"))
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    title = card.get("title") or "it"
    if on.get("f") == "event":
        return f"the Drink Event {title}" + (f" revealed by {who}" if who else "")
    return f"{title}" + (f", played by {who}" if who else "")


def _waiting(view: dict, stack: list, names: list[str]) -> str:
    """Whom the table waits for, for a seat that is not asked."""
    prompt = view.get("prompt") or {}
    if prompt.get("kind") == "respond":
        return "Waiting for responses…"
    seat = prompt.get("seat")
    if prompt.get("kind") == "champion" and isinstance(seat, int):
        why = champion_for(stack, names)
        return f"Waiting for {names[seat]}'s team to choose its Champion" + (f" for {why}" if why else "") + "…"
    active = view.get("active")
    return f"Waiting for {names[active]}…" if active is not None else "Waiting…"


def _champion_words(stack: list, decisions: list[dict], names: list[str]) -> str:
    why = champion_for(stack, names)
    candidates = [names[d["champion"]] for d in decisions if d.get("type") == "champion"]
    out = f"Your team chooses its Champion for {why}" if why else "Your team chooses its Champion"
    out += ": only the Champions take part in it."
    if candidates:
        out += " Choose " + " or ".join(candidates) + "."
    return out


def _team_mats(view: dict, seats: list[dict], names: list[str]) -> list[dict]:
    """One mat per team (team games): both players, the shared numbers once (they are the same
    on every seat of the team), the team's Potions and whose half of the turn is pending.
    [] in an individual game, whose page shows one mat per seat."""
    half = _half(view, names)
    by_index = {s["index"]: s for s in seats}
    out = []
    for t in view.get("teams") or []:
        players = [by_index[i] for i in t["seats"]]
        pending = half if half and half["seats"] == t["seats"] else None
        you = any(p["you"] for p in players)
        members = []
        for p in players:
            role = "you" if p["you"] else ("your teammate" if you else p["player"])
            members.append({**p, "role": role, "half": (pending or {}).get("status", {}).get(p["index"])})
        first = players[0]
        out.append({"team": {"letter": _letter(t["team"]), "potions": t["potions"],
                             "seats": " ".join(str(i) for i in t["seats"])},
                    "seat": first, "members": members, "you": you,
                    "active": any(p["active"] for p in players),
                    "winner": any(p["winner"] for p in players)})
    return out


def _partner_hand(view: dict, me, names: list[str]) -> list[dict]:
    """The teammates' hands the caller's view shows ([] in an individual game)."""
    if me is None:
        return []
    return [{"name": names[s["seat"]],
             "cards": [{**c, "kind": c["type"].split(" - ")[0].lower().replace(" ", "-")} for c in s["hand"]]}
            for s in view["seats"] if s["seat"] != me and "hand" in s]


def replay_url(game_id: int) -> str | None:
    """The replay page of the game once the replay pages exist (their own issue), else None."""
    from django.urls import Resolver404, resolve

    path = f"/games/{game_id}/replay/"
    try:
        resolve(path)
    except Resolver404:
        return None
    return path


def _pct(n: int) -> int:
    return max(0, min(100, round(100 * n / MAX_FORTITUDE)))


def _discard_info(discards: list[dict], subsets: list[dict]) -> dict | None:
    """The discard form: any subset of the cards the prompt offers (docs/decisions.md)."""
    if not discards:
        return None
    offered = sorted({c for o in subsets if o.get("type") == "discard" for c in o["cards"]})
    return {"max": len(offered), "from": json.dumps(offered), "key": uuid.uuid4().hex}


def portion_words(stack: list, portion: int, names: list[str]) -> str:
    top = next((fr for fr in reversed(stack) if fr.get("f") == "drink"), None)
    try:
        holder = top["portions"][portion]["holder"]
        return f"{names[holder]}'s Drink"
    except (TypeError, KeyError, IndexError):
        return f"Drink {portion + 1}"


def label(d: dict, kind: str, names: list[str], stack: list, in_play: dict | None = None) -> str:
    """A decision in words: seat names instead of numbers, which Drink instead of an index;
    `in_play` names the cards in play (Minions) a decision may point at."""
    in_play = in_play or {}
    t = d.get("type")
    if t == "pass":
        return PASS_LABELS.get(kind, "Pass")
    if t == "order":
        return f"Order a Drink for {names[d['target']]}"
    if t == "drink":
        return "Reveal your Drink"
    if t == "split":
        return f"Split the Mead with {names[d['target']]}"
    if t == "discard":
        return "Keep your hand" if not d.get("cards") else f"Discard {len(d['cards'])}"
    if t == "potion":
        return POTION_LABELS.get(d.get("effect"), "Drink a Potion")
    if t == "champion":
        return f"{names[d['champion']]} is our Champion"
    if t == "defer":
        return "Let my teammate go first"
    if t == "play":
        parts = []
        mode = d.get("mode")
        if mode == "leave":
            parts.append("leave the Round")
        elif mode == "card":
            parts.append("ignore the card")
        elif mode == "drink":
            parts.append("ignore " + portion_words(stack, d.get("portion", 0), names))
        elif "portion" in d:
            parts.append("on " + portion_words(stack, d["portion"], names))
        if "target" in d:
            parts.append(("to " if "portion" in d else "at ") + names[d["target"]])
        if d.get("target_minion") is not None:
            parts.append("at " + in_play.get(d["target_minion"], "a Minion"))
        if d.get("targets"):
            parts.append("Drinks for " + " and ".join(names[x] for x in d["targets"]))
        return "Play" + (": " + ", ".join(parts) if parts else "")
    if t == "buy":
        return f"Buy the top card of your {str(d.get('zone', '')).replace('_', ' ')} deck"
    if t == "activate":
        who = in_play.get(d.get("card"), "Your Minion")
        return f"{who} acts" + (f" at {names[d['target']]}" if "target" in d else "")
    if t == "wages":
        wages = next((fr.get("wages") for fr in reversed(stack) if fr.get("f") == "wages"), None)
        if d.get("pay"):
            return "Pay the Minion's Wages" + (f" ({wages} Gold)" if wages is not None else "")
        return "Let the Minion go"
    return t or "?"


def _round(rnd: dict | None, names: list[str]) -> dict | None:
    if rnd is None:
        return None
    return {
        "participants": [names[i] for i in rnd.get("participants", [])],
        "controller": names[rnd["controller"]] if rnd.get("controller") is not None else "nobody",
        "turn": names[rnd["turn"]] if rnd.get("turn") is not None else "",
        "cheat_only": rnd.get("cheat_only"),
        "next": ("Only a Cheating card can take control now (a Winning Hand was played)." if rnd.get("cheat_only")
                 else "A Gambling or Cheating card takes control; when everyone else passes, the controller wins."),
    }


def _frame(fr: dict, names: list[str]) -> dict:
    f = fr.get("f")
    seat = fr.get("seat", fr.get("revealer"))
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    out = {"f": f, "who": who, "card": fr.get("card") if isinstance(fr.get("card"), dict) else None}
    if f == "card":
        args = fr.get("args") or {}
        tgt = args.get("target")
        out["title"] = f"{who} plays"
        out["detail"] = f"at {names[tgt]}" if isinstance(tgt, int) and 0 <= tgt < len(names) else ""
    elif f == "drink":
        out["title"] = f"{who}'s Drink" + (" (Drinking Contest)" if fr.get("mode") == "contest" else "")
        out["reveals"] = [c for r in fr.get("reveals", []) for c in r.get("cards", [])]
        out["portions"] = [{"holder": names[p["holder"]] if isinstance(p.get("holder"), int) else "?",
                            "alcohol": p.get("alcohol", 0), "fortitude": p.get("fortitude", 0),
                            "ignored": p.get("ignored")} for p in fr.get("portions", [])]
    elif f == "event":
        out["title"] = f"Drink Event revealed by {who}"
    elif f == "last_chance":
        out["title"] = "Last chance: " + ", ".join(names[i] for i in fr.get("danger", [])) + " may pass out"
    elif f == "won":
        out["title"] = f"{names[fr['winner']]} won the Round" if isinstance(fr.get("winner"), int) else "Round won"
    elif f == "contest":
        out["title"] = "Drinking Contest"
    elif f == "hitback":
        out["title"] = "Hit back?"
    else:
        out["title"] = str(f).replace("_", " ").title()
    return out


def _standings(seats: list[dict], view: dict) -> list[dict]:
    winners = set(view.get("winners") or [])
    ranked = sorted(seats, key=lambda s: (s["index"] not in winners, s["out"], -s["gold"], -s["margin"]))
    return [{**s, "place": n + 1} for n, s in enumerate(ranked)]
