"""What the table page shows, built from one caller's game detail (`selectors.game_detail`,
i.e. `engine.view(state, your_seat)` plus projections): seat mats with gauges, the Inn, the
gambling panel, the stack, your hand and the prompt's decisions as labelled buttons.

Nothing here reads the state: the page can only show what the caller's view holds. Nothing
here names a mechanic either: each one's words, panels, counters and buttons are its own
(`engine.words`, docs/engine.md "Words").
"""
from __future__ import annotations

import json
import uuid
from typing import Any

from django.urls import reverse

from games.engine import words
from games.presentation.bots import bot_level

MAX_FORTITUDE = 20          # the gauges' scale (every base character starts at 20)
STATUS_WORDS = {"in": "in the game", "passed_out": "passed out", "broke": "out of Gold"}
seat_names = words.seat_names


def headline(view: dict, names: list[str]) -> str:
    """The header's "whose turn, and what now", from the view's prompt (the engine's own
    `prompts()` kind), never from the phase alone. In a team game the turn is the team's, and
    the header says whose half of the phase is being played (docs/teams.md)."""
    if view.get("over"):
        return "Game over"
    kind = (view.get("prompt") or {}).get("kind") or ""
    asked = words.PROMPTS.get(kind)
    phase = kind[len("phase:"):] if kind.startswith("phase:") else None
    if asked and asked.headline:
        what = asked.headline
    elif phase:
        what = phase.title()
    else:
        phase = str(view.get("phase") or "")
        what = getattr(words.PROMPTS.get("phase:" + phase), "headline", None) or phase.title()
    active = view.get("active")
    if active is None:
        return what
    turn = _nobodys_turn(view.get("stack") or [])
    if turn:
        return f"{turn} · {what}"
    half = _half(view, names)
    if half:
        return f"{_whose(half['name'])} turn · {what} · {half['words']}"
    return f"{names[active]}'s turn · {what}"


def _nobodys_turn(stack: list) -> str | None:
    """Whose turn it is when it is no seat's (Otto's comes between two players')."""
    return next((words.TURNS[fr["f"]] for fr in stack if fr.get("f") in words.TURNS), None)


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
    said = f"{names[active]} now" + "".join(
        f", {names[m]} {'done' if status[m] == 'done' else 'still to play'}" for m in others)
    return {"letter": _letter(t["team"]), "name": t["name"], "seats": t["seats"], "status": status, "words": said}


def _letter(team: int) -> str:
    return "ABCD"[team % 4]


_name = words.name_of


def _whose(name: str) -> str:
    """"Team A's", "The Boss's", "The Challengers'": a plural name takes the apostrophe alone."""
    plural = name.endswith("s") and not name.endswith("ss")
    return name + ("'" if plural else "'s")


def build(detail: dict[str, Any]) -> dict[str, Any]:
    view = detail["view"]
    me = detail["your_seat"]
    names = seat_names(view)
    stack = view.get("stack", [])
    rnd = next((fr for fr in reversed(stack) if fr.get("f") == "round"), None)
    teams = _teams(view)
    seats = _seats(detail, names, rnd)
    prompt = view.get("prompt") or None
    decisions = (prompt or {}).get("decisions") or [] if detail.get("your_prompt") else []
    pick = _pick_info(prompt, detail.get("your_prompt"))
    hand, general, discards = _buttons(view, decisions, names, me, pick)
    return {
        "view": view, "detail": detail, "names": names, "seats": seats, "me": me,
        # The Inn never runs out of Gold (digest §3): the engine counts what was paid in less what
        # it paid out, which a Potion's or a card's "Gold from the Inn" can take below 0.
        "inn": max(view["inn"], 0),
        "you": next((s for s in seats if s["you"]), None), "hand": hand,
        # the cards that answer the prompt stand with it; the rest of the hand goes below
        "playable": [c for c in hand if c["playable"]], "rest": [c for c in hand if not c["playable"]],
        "prompt": prompt, "your_prompt": bool(detail.get("your_prompt")) and prompt is not None,
        "prompt_words": prompt_words(view, decisions, names, me),
        "general": general, "discard": _discard_info(discards, (prompt or {}).get("subsets") or []),
        "pick": pick,
        "headline": headline(view, names),
        "waiting": _waiting(view, stack, names, me),
        "round": _round(rnd, names), "stack": [_frame(fr, names) for fr in reversed(stack) if fr.get("f") != "round"],
        "drink_discard_count": len(view.get("drink_discard", [])),
        "panels": _placed(panels(view, names)),
        "pills": [pill for said in words.PILLS if (pill := said(view))],
        "shared_decks": _shared_decks(view),
        "last_drink": (view.get("drink_discard") or [None])[-1],
        "standings": _standings(seats, view, detail.get("standings")) if view.get("over") else [],
        "replay_url": replay_url(detail["id"]),
        "my_team": teams.get(me) if me is not None else None,
        "partner_hand": _partner_hand(view, me, names),
        "mats": _team_mats(view, seats, names) or [{"seat": s} for s in seats],
    }


def _seats(detail: dict, names: list[str], rnd: dict | None) -> list[dict]:
    """Each seat's mat: who plays it, its gauges, its trackers in its mechanics' words."""
    view, me = detail["view"], detail["your_seat"]
    public = {s["index"]: s for s in detail["seats"]}
    content = _content(view)
    samplers = _samplers(content)
    acted = set((view.get("counts") or {}).get("activated") or ())
    nobodys_turn = _nobodys_turn(view.get("stack") or []) is not None
    seats = []
    for s in view["seats"]:
        i = s["seat"]
        who = public.get(i, {})
        fort, alc = s["fortitude"], s["alcohol"]
        drunk = s.get("drunkenness", alc)           # Total Drunkenness: Alcohol + Drunken Chi
        seats.append({
            "index": i, "short": names[i], "name": s["name"], "character": s["character"],
            "player": (f"bot ({bot_level(who['bot'])})" if who.get("bot") else "bot") if who.get("ai")
            else (who.get("user") or "empty seat"), "ai": who.get("ai", False),
            # a resigned player's bot is not standing in: there is no seat to take back
            "handed_over": bool(not who.get("ai") and who.get("bot") and not who.get("resigned")),
            "resigned": bool(who.get("resigned")), "autopass": who.get("autopass", "off"),
            "you": i == me, "active": i == view.get("active") and not view.get("over") and not nobodys_turn,
            "fortitude": fort, "alcohol": alc, "gold": s["gold"], "hand_count": s["hand_count"],
            "drink_me_count": s["drink_me_count"], "deck_count": s.get("deck_count", 0),
            "status": s["status"], "status_words": STATUS_WORDS.get(s["status"], s["status"].replace("_", " ")),
            "out": s["status"] != "in",
            "fort_pct": _pct(fort), "alc_pct": _pct(alc), "margin": fort - drunk,
            "danger": s["status"] == "in" and fort - drunk <= 3,
            "level": s.get("level"), "drunkenness": s.get("drunkenness"),
            "in_round": rnd is not None and i in rnd.get("participants", []),
            "controls": rnd is not None and rnd.get("controller") == i,
            "winner": i in (view.get("winners") or []),
            **_counters(s, acted, content.characters.get(s["character"]) if content else None),
            "sampler": s["character"] in samplers,
            "mat_line": " ".join(filter(None, (said(view, i) for said in words.SEAT_LINES))),
            # Side-deck cards in hand by kind: their backs differ, so everyone may know [001:1056-1058].
            "hand_backs": [{"name": name.replace("_", " ").capitalize(), "count": n}
                           for name, n in sorted((s.get("hand_backs") or {}).items())],
        })
    return seats


def _buttons(view: dict, decisions: list[dict], names: list[str], me, pick: dict | None):
    """The prompt's decisions as buttons: on the cards of the hand they play (and of zones
    played as from the hand), the rest as general buttons, and the discards for their form.
    Returns (hand, general, discards)."""
    you = next((s for s in view["seats"] if s["seat"] == me), None) or {}
    titles = {c["id"]: f"“{c['title']}”" for c in you.get("hand", []) + _shown_cards(view, words.CARD_TITLES)}
    by_card: dict[int, list] = {}
    general, discards = [], []
    for d, entry in _entries(view, decisions, names, me, titles):
        if d.get("type") == "discard":
            discards.append(d)
        elif d.get("type") in ("play", "calm") and "card" in d:
            by_card.setdefault(d["card"], []).append(entry)
        else:
            general.append(entry)
    general.sort(key=lambda e: e["type"] == "pass")      # pass last
    seen_picks: set = set()                              # two copies of a card to Petrify: one button
    general = [e for e in general if e["type"] != "pick" or not (e["label"] in seen_picks or seen_picks.add(e["label"]))]
    hand = []
    for c in you.get("hand", []):
        choices = by_card.pop(c["id"], [])
        tick = pick is not None and c["id"] in pick["ids"]
        hand.append({**c, "kind": _kind(c), "choices": choices, "playable": bool(choices or discards or tick), "tick": tick})
    for zone, said in words.HAND_ZONES.items():          # played as from the hand
        for c in ((you.get("zones") or {}).get(zone) or {}).get("cards") or []:
            choices = by_card.pop(c["id"], [])
            if choices:
                hand.append({**c, "kind": _kind(c), "choices": choices, "playable": True, "from_zone": said})
    for cid, entries in by_card.items():                 # a playable card that is not in the hand
        general[:0] = [{**e, "label": f"{e['label'].replace('Play', 'Play ' + titles.get(cid, f'card {cid}'), 1)}"}
                       for e in entries]
    return hand, general, discards


def _entries(view: dict, decisions: list[dict], names: list[str], me, titles: dict):
    """Each decision with its button: its words, what it sends, the card's text where its
    button says what the card does (a Prize) and the question it asks first (a Potion)."""
    stack = view.get("stack") or []
    kind = (view.get("prompt") or {}).get("kind") or ""
    in_play = {c["id"]: f"{names[s['seat']]}'s {c['title']}" for s in view["seats"]
               for z in (s.get("zones") or {}).values() for c in z.get("cards") or []}
    texts = {c["id"]: c["text"] for c in _shown_cards(view, words.CARD_TEXTS) if c.get("text")}
    for d in decisions:
        entry = {"label": label(d, kind, names, stack, in_play, titles), "json": json.dumps(d, sort_keys=True),
                 "key": uuid.uuid4().hex, "type": d.get("type")}
        if d.get("card") in texts:
            entry["detail"] = texts[d["card"]]
        if d.get("type") in words.CONFIRMS:
            entry["confirm"] = words.CONFIRMS[d["type"]](entry["label"], view, me)
        yield d, entry


def _shown_cards(view: dict, zones: set[str]) -> list[dict]:
    """The face-up cards of the shared zones named (a panel's: the Prizes, the taverns)."""
    return [c for name, z in (view.get("zones") or {}).items() if name.split(":", 1)[0] in zones
            for c in z.get("cards") or []]


def _kind(card: dict) -> str:
    return card["type"].split(" - ")[0].lower().replace(" ", "-")


def panels(view: dict, names: list[str]) -> dict[str, dict]:
    """The panels of the options and mechanics the game plays (Otto's mat, the Dungeon Event
    Deck, the tavern options'), by name."""
    out: dict[str, dict] = {}
    for name, _where, build_panel in words.PANELS:
        data = build_panel(view, names)
        if data:
            out.setdefault(name, {}).update(data)
    return out


def _placed(shown: dict[str, dict]) -> dict[str, list[dict]]:
    """The panels by where they stand, each with its template (`templates/web/_<name>.html`,
    which reads its data as `panel`)."""
    where = {name: at for name, at, _ in words.PANELS}
    out: dict[str, list[dict]] = {"seats": [], "side": []}
    for name, data in shown.items():
        out[where[name]].append({"name": name, "template": f"web/_{name}.html", "data": data})
    return out


def _shared_decks(view: dict) -> list[dict]:
    """Shared decks no panel shows (the Treasure deck, a Brawler deck): face down, counted;
    their discards face up."""
    zones = view.get("zones") or {}
    shown = words.PANEL_ZONES
    return [{"name": name.replace("_", " ").capitalize(), "count": z.get("count", 0),
             "discard": zones.get(name + ":discard", {}).get("count", 0)}
            for name, z in sorted(zones.items()) if not name.endswith(":discard")
            and name not in shown and name.split(":", 1)[0] + ":" not in shown]


def _content(view: dict):
    """The game's content (its characters' packs set their trackers' limits), or None."""
    from games import engine
    try:
        return engine.content_of(view.get("content") or "")
    except engine.ContentError:
        return None


def _samplers(content) -> set:
    """The characters of the game's content that come from a sampler pack (docs/packs.md)."""
    if content is None:
        return set()
    kinds = {h.get("id"): h.get("kind") for h in content.packs}
    return {c.id for c in content.characters.values() if kinds.get(c.pack) == "sampler"}


def _counters(s: dict, acted: set = frozenset(), character=None) -> dict:
    """A seat's tokens and zones as the mat shows them: each mechanic's own trackers in its
    words (`engine.words.COUNTERS`, with the limits the character's pack sets), then any other
    token or zone."""
    tokens, zones = dict(s.get("tokens") or {}), dict(s.get("zones") or {})
    extras = [x for shown in words.COUNTERS for x in shown(tokens, zones, character)]
    return {"extras": extras,
            "tokens": [{"name": words.TOKENS.get(name) or name.replace("_", " ").capitalize(), "count": n}
                       for name, n in sorted(tokens.items())],
            # Side decks (face down) and cards in play; an empty pile of cards in play says nothing.
            "zones": [{"name": name.replace("_", " ").replace(":", " ").capitalize(), "count": z.get("count", 0),
                       "cards": _in_play(z.get("cards"), acted), "equipment": name == "equipment" or "level" in s}
                      for name, z in sorted(zones.items())
                      if z.get("count") or z.get("cards") is None or name == "equipment"]}


def _teams(view: dict) -> dict[int, dict]:
    """Each seat's team in a team game (docs/teams.md): its letter and Potions."""
    out = {}
    for t in view.get("teams") or []:
        for i in t["seats"]:
            out[i] = {"letter": _letter(t["team"]), "whose": _whose(t["name"]), "potions": t["potions"]}
    return out


def prompt_words(view: dict, decisions: list[dict], names: list[str], me) -> str:
    """The sentence above the prompt's buttons, for the seat asked: what is waiting for an
    answer in a response window, what is left of the Order phase once the Drinks are ordered."""
    kind = (view.get("prompt") or {}).get("kind")
    stack = view.get("stack") or []
    if kind == "respond" and stack:
        return f"{_sentence(window_words(stack[-1], names, me))} {words.PROMPTS['respond'].said(view)}"
    ordered = (view.get("counts") or {}).get("drinks") or 0
    if kind == "phase:order" and not any(d.get("type") == "order" for d in decisions):
        drinks = "your Drink" if ordered == 1 else f"your {ordered} Drinks"
        return f"You ordered {drinks}. Play a card now if you like, or go on to drink."
    if kind == "phase:order" and ordered:
        return f"You ordered {ordered} Drink{'s' if ordered != 1 else ''}: order another for another player."
    asked = words.PROMPTS.get(kind)
    return asked.said(view, names, decisions) if asked else ""


def window_words(fr: dict, names: list[str], me) -> str:
    """What a response window is open on, as `me` may know it: only what the view shows (a
    card's title only when the view holds the card), and "you" / "your" for the viewer's own."""
    def who(seat, default="someone"):
        return "you" if seat == me and me is not None else _name(names, seat, default)

    def whose(seat):
        return "your" if seat == me and me is not None else f"{_name(names, seat, 'someone')}'s"

    card = fr.get("card") if isinstance(fr.get("card"), dict) else None
    title = f"“{card['title']}”" if card and card.get("title") else ""
    f = fr.get("f")
    if f == "card":
        seat = fr.get("seat")
        args = fr.get("args") or {}
        at = ""
        if isinstance(args.get("target"), int):
            at = f" at {who(args['target'])}"
        elif args.get("targets"):
            at = " at " + words.times(args["targets"], who)
        at += WINDOW_MODES.get(args.get("mode"), "")
        return _cap(f"{who(seat)} played {title or 'a card'}{at}")
    if f == "drink":
        drinks = ", ".join(f"“{c['title']}”" for r in fr.get("reveals") or [] for c in r.get("cards") or []
                           if isinstance(c, dict) and c.get("title"))
        out = _cap(whose(fr.get("revealer")) + " Drink") + words.DRINK_MODES.get(fr.get("mode"), "")
        return out + (f": {drinks}" if drinks else "")
    if f == "event":
        return f"A Drink Event{(' ' + title) if title else ''}, revealed by {who(fr.get('seat'))}"
    if f == "last_chance":
        danger = [who(i) for i in fr.get("danger") or []]
        verb = "are" if len(danger) > 1 or danger == ["you"] else "is"
        return f"Last chance: {' and '.join(danger) or 'someone'} {verb} about to go out"
    if f == "hitback":
        hurt = [who(i) for i in fr.get("victims") or [] if isinstance(i, int)]
        return _cap(f"{whose(fr.get('source'))} {title or 'card'} hurt {' and '.join(hurt) or 'someone'}")
    if f == "won":
        return _cap(f"{who(fr.get('winner'))} won the Round of Gambling")
    shown = _frame(fr, names)
    return shown["title"] + (f": {shown['detail']}" if shown.get("detail") else "")


#: What a played card chose to do, as the window tells it (`mode`, as `label` reads it).
WINDOW_MODES = {"leave": " to leave the Round", "card": " to ignore a card", "drink": " to ignore a Drink"}


def _sentence(said: str) -> str:
    """Ends `said` with a full stop, unless a quoted title already ends it (“I'm meditating.”)."""
    return said if said.endswith((".”", ".")) else said + "."


_cap = words.cap


def _own(fr: dict, me) -> bool:
    """Whether the window is on the viewer's own card or Drink."""
    return me is not None and fr.get("seat", fr.get("revealer", fr.get("source"))) == me


def _waiting(view: dict, stack: list, names: list[str], me=None) -> str:
    """Whom the table waits for, for a seat that is not asked (in a window: what is waiting
    for answers, never who holds one)."""
    prompt = view.get("prompt") or {}
    if prompt.get("kind") == "respond":
        if not stack:
            return "Waiting for responses…"
        said = window_words(stack[-1], names, me)
        return f"{said}: the others may respond to it…" if _own(stack[-1], me) else f"{said}: waiting for responses…"
    asked = words.PROMPTS.get(prompt.get("kind"))
    said = asked.waiting(view, names) if asked and asked.waiting else None
    if said:
        return said
    active = view.get("active")
    return f"Waiting for {names[active]}…" if active is not None else "Waiting…"


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
        out.append({"team": {"letter": _letter(t["team"]), "name": t["name"], "potions": t["potions"],
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


def replay_url(game_id: int) -> str:
    return reverse("replay-page", args=[game_id])


def _pct(n: int) -> int:
    return max(0, min(100, round(100 * n / MAX_FORTITUDE)))


def _discard_info(discards: list[dict], subsets: list[dict]) -> dict | None:
    """The discard form: any subset of the cards the prompt offers (docs/decisions.md)."""
    if not discards:
        return None
    offered = sorted({c for o in subsets if o.get("type") == "discard" for c in o["cards"]})
    return {"max": len(offered), "from": json.dumps(offered), "key": uuid.uuid4().hex}


def _pick_info(prompt: dict | None, yours) -> dict | None:
    """The form for subset offers of exactly N cards (a Dungeon Event's "discard 3 cards",
    docs/decisions.md): the player ticks cards of the hand, and one button per offer submits
    them; the button carries the offer's other fields, so the page sends the decision the
    offer describes. Ticking too few or too many is refused by the engine like any decision."""
    offers = [o for o in (prompt or {}).get("subsets") or [] if o.get("count") is not None] if yours else []
    if not offers:
        return None
    buttons = []
    for o in offers:
        fields = {k: v for k, v in o.items() if k not in ("seat", "cards", "count")}
        mode = o.get("mode")
        buttons.append({"words": words.MODES.get(mode, mode.replace("_", " ").capitalize()) if mode else "Choose", "count": o["count"], "offer": json.dumps(fields, sort_keys=True),
                        "from": json.dumps(sorted(o["cards"]))})
    ids = sorted({c for o in offers for c in o["cards"]})
    need = sorted({o["count"] for o in offers})
    return {"buttons": buttons, "ids": ids, "key": uuid.uuid4().hex,
            "words": " or ".join(str(n) for n in need)}


def _in_play(cards, acted):
    """A zone's face-up cards with what a player needs to read them: the card's text, and
    whether a Minion already acted this Action phase."""
    if cards is None:
        return None
    return [dict(c, acted=c["id"] in acted) for c in cards]


def label(d: dict, kind: str, names: list[str], stack: list, in_play: dict | None = None,
          titles: dict | None = None) -> str:
    """A decision in words, as its mechanic labels it (`engine.words.LABELS`): seat names
    instead of numbers, which Drink instead of an index; `in_play` names the cards in play
    (Minions) a decision may point at, `titles` any card."""
    said = words.LABELS.get(d.get("type"))
    asked = words.Asked(kind, names, stack, in_play or {}, titles or {})
    return said(d, asked) if said else d.get("type") or "?"


def _round(rnd: dict | None, names: list[str]) -> dict | None:
    if rnd is None:
        return None
    return {
        # and whoever takes part in it with no seat (Otto: the frame says so by his name)
        "participants": [names[i] for i in rnd.get("participants", [])]
        + [name for key, name in words.PLACES.items() if rnd.get(key) is True],
        "controller": _name(names, rnd.get("controller"), "nobody"),
        "turn": names[rnd["turn"]] if rnd.get("turn") is not None else "",
        "cheat_only": rnd.get("cheat_only"),
        "next": ("Only a Cheating card can take control now (a Winning Hand was played)." if rnd.get("cheat_only")
                 else "A Gambling or Cheating card takes control; when everyone else passes, the controller wins."),
    }


def _frame(fr: dict, names: list[str]) -> dict:
    """A frame of the stack as the board shows it, in its mechanic's words (`engine.words.FRAMES`)."""
    f = fr.get("f")
    who = _name(names, fr.get("seat", fr.get("revealer")))
    out = {"f": f, "who": who, "card": fr.get("card") if isinstance(fr.get("card"), dict) else None}
    shown = words.FRAMES.get(f)
    return {**out, **shown(fr, who, names)} if shown else {**out, "title": str(f).replace("_", " ").title()}


def _standings(seats: list[dict], view: dict, ranked: list[dict] | None = None) -> list[dict]:
    """The game-over table in the order of `games.standings.rank` (R-STANDINGS): the order the
    seats went out, which only the log knows, so the caller passes it. Without it (a board
    drawn from a view alone) the winners come first and everyone else shares the next place:
    Gold or margins say nothing about who lasted longer."""
    from games import standings
    if ranked is None:
        ranked = standings.rank(seats=len(seats), winners=view.get("winners") or [], outs=None)
    by_seat = {s["index"]: s for s in seats}
    rows = []
    for r in ranked:
        s = by_seat.get(r["seat"])
        if s is None:
            continue
        if r["winner"]:
            # winners who went out lost together with nobody left: a tie (R-WIN); else a team won
            finish = "shared the win: the last players went out together" if r["out"] else \
                "last team standing" if r["tied"] else "last one standing"
        elif r["out"]:
            finish = STATUS_WORDS.get(r["out"], r["out"].replace("_", " "))
            finish += f" on turn {r['turn']}" if r.get("turn") else ""
        elif s["out"]:
            finish = s["status_words"]
        else:
            finish = "still in when the game ended"
        rows.append({**s, "place": r["place"], "tied": r["tied"], "finish": finish})
    return rows
