"""What the table page shows, built from one caller's game detail (`selectors.game_detail`,
i.e. `engine.view(state, your_seat)` plus projections): seat mats with gauges, the Inn, the
gambling panel, the stack, your hand and the prompt's decisions as labelled buttons.

Nothing here reads the state: the page can only show what the caller's view holds.
"""
from __future__ import annotations

import json
import uuid
from typing import Any

from django.urls import reverse

from games.web.bots import bot_level
from games.web.characters import SAMPLER_NOTE
from games.engine import words
from games.web.narrate import seat_names
from games.web import tavern

MAX_FORTITUDE = 20          # the gauges' scale (every base character starts at 20)
STATUS_WORDS = {"in": "in the game", "passed_out": "passed out", "broke": "out of Gold"}
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
    words = f"{names[active]} now" + "".join(
        f", {names[m]} {'done' if status[m] == 'done' else 'still to play'}" for m in others)
    return {"letter": _letter(t["team"]), "name": t["name"], "seats": t["seats"], "status": status, "words": words}


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
    public = {s["index"]: s for s in detail["seats"]}
    stack = view.get("stack", [])
    rnd = next((fr for fr in reversed(stack) if fr.get("f") == "round"), None)
    teams = _teams(view)
    content = _content(view)
    samplers = _samplers(content)
    seats = []
    acted = set((view.get("counts") or {}).get("activated") or ())
    nobodys_turn = _nobodys_turn(stack) is not None
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
            "boss": _boss_line(view, i),
            # Side-deck cards in hand by kind: their backs differ, so everyone may know [001:1056-1058].
            "hand_backs": [{"name": name.replace("_", " ").capitalize(), "count": n}
                           for name, n in sorted((s.get("hand_backs") or {}).items())],
        })
    minions = {c["id"]: f"{names[s['seat']]}'s {c['title']}" for s in view["seats"]
               for z in (s.get("zones") or {}).values() for c in z.get("cards") or []}
    titles = _titles(view, stack)
    hand = []
    you = next((s for s in view["seats"] if s["seat"] == me), None)
    prompt = view.get("prompt") or None
    decisions = (prompt or {}).get("decisions") or [] if detail.get("your_prompt") else []
    by_card: dict[int, list] = {}
    titles = {c["id"]: "“" + c["title"] + "”" for c in (you or {}).get("hand", [])}
    titles.update(tavern.titles(view))                  # the Prizes: in the Inn, and won ones played
    prize_texts = tavern.texts(view)
    general = []
    discards = []
    for d in decisions:
        entry = {"label": label(d, prompt["kind"], names, stack, minions, titles), "json": json.dumps(d, sort_keys=True),
                 "key": uuid.uuid4().hex, "type": d.get("type")}
        if d.get("type") == "prize" or (d.get("type") == "play" and d.get("card") in prize_texts):
            entry["detail"] = prize_texts.get(d.get("card"), "")
        if d.get("type") == "potion":
            entry["confirm"] = f"{entry['label']}? Your team has {(teams.get(me) or {}).get('potions', 0)} left."
        if d.get("type") == "discard":
            discards.append(d)
        elif d.get("type") in ("play", "calm") and "card" in d:
            by_card.setdefault(d["card"], []).append(entry)
        else:
            general.append(entry)
    pick = _pick_info(prompt, detail.get("your_prompt"))
    general.sort(key=lambda e: e["type"] == "pass")      # pass last
    seen_picks: set = set()                              # two copies of a card to Petrify: one button
    general = [e for e in general if e["type"] != "pick" or not (e["label"] in seen_picks or seen_picks.add(e["label"]))]
    for c in (you or {}).get("hand", []):
        choices = by_card.pop(c["id"], [])
        tick = pick is not None and c["id"] in pick["ids"]
        hand.append({**c, "kind": c["type"].split(" - ")[0].lower().replace(" ", "-"), "choices": choices,
                     "playable": bool(choices or discards or tick), "tick": tick})
    for c in ((you or {}).get("zones") or {}).get("shelf", {}).get("cards") or []:   # Phyll's Shelf: played as from his hand
        choices = by_card.pop(c["id"], [])
        if choices:
            hand.append({**c, "kind": c["type"].split(" - ")[0].lower().replace(" ", "-"), "choices": choices,
                         "playable": True, "shelf": True})
    if by_card:                                          # a playable card that is not in the hand
        for cid, entries in by_card.items():
            general[:0] = [{**e, "label": f"{e['label'].replace('Play', 'Play ' + titles.get(cid, f'card {cid}'), 1)}"}
                           for e in entries]
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
        "dungeon": dungeon(view),
        "otto": otto(view, names),
        "tavern": tavern.board(view, names),
        # shared decks (the Treasure deck, a Brawler deck; the Dungeon Event Deck, Otto's deck and
        # the taverns' have their own panels): face down, counted; discards face up
        "shared_decks": [{"name": name.replace("_", " ").capitalize(), "count": z.get("count", 0),
                          "discard": (view.get("zones") or {}).get(name + ":discard", {}).get("count", 0)}
                         for name, z in sorted((view.get("zones") or {}).items()) if not name.endswith(":discard")
                         and name not in ("dungeon", "otto") and not tavern.zone_shown(name)],
        "last_drink": (view.get("drink_discard") or [None])[-1],
        "standings": _standings(seats, view, detail.get("standings")) if view.get("over") else [],
        "replay_url": replay_url(detail["id"]),
        "my_team": teams.get(me) if me is not None else None,
        "partner_hand": _partner_hand(view, me, names),
        "mats": _team_mats(view, seats, names) or [{"seat": s} for s in seats],
    }



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


def _boss_line(view: dict, seat: int) -> str:
    """"Boss · draws up to 9 · Actions 1 of 3" for a Boss seat of the Boss Battle family
    (docs/boss.md): the hand size it draws up to, which the mat must not read as the cards it
    holds (those are "7 in hand" beside it)."""
    b = next((b for b in view.get("bosses") or [] if b["seat"] == seat), None)
    if b is None:
        return ""
    n = b["actions"]
    acts = f"Actions {b['played']} of {n}" if b["played"] is not None else f"{n} Action{'s' if n != 1 else ''} a turn"
    return f"Boss · draws up to {b['hand_size']} · {acts}"


def _teams(view: dict) -> dict[int, dict]:
    """Each seat's team in a team game (docs/teams.md): its letter and Potions."""
    out = {}
    for t in view.get("teams") or []:
        for i in t["seats"]:
            out[i] = {"letter": _letter(t["team"]), "whose": _whose(t["name"]), "potions": t["potions"]}
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


def prompt_words(view: dict, decisions: list[dict], names: list[str], me) -> str:
    """The sentence above the prompt's buttons, for the seat asked: what is waiting for an
    answer in a response window, what is left of the Order phase once the Drinks are ordered."""
    kind = (view.get("prompt") or {}).get("kind")
    stack = view.get("stack") or []
    if kind == "champion":
        return _champion_words(stack, decisions, names)
    if kind == "respond" and stack:
        return f"{_sentence(window_words(stack[-1], names, me))} {words.PROMPTS['respond'].said(view)}"
    ordered = (view.get("counts") or {}).get("drinks") or 0
    if kind == "phase:order" and not any(d.get("type") == "order" for d in decisions):
        drinks = "your Drink" if ordered == 1 else f"your {ordered} Drinks"
        return f"You ordered {drinks}. Play a card now if you like, or go on to drink."
    if kind == "phase:order" and ordered:
        return f"You ordered {ordered} Drink{'s' if ordered != 1 else ''}: order another for another player."
    asked = words.PROMPTS.get(kind)
    return asked.said(view) if asked else ""


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


def _sentence(words: str) -> str:
    """Ends `words` with a full stop, unless a quoted title already ends it (“I'm meditating.”)."""
    return words if words.endswith((".”", ".")) else words + "."


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


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
        words = window_words(stack[-1], names, me)
        return f"{words}: the others may respond to it…" if _own(stack[-1], me) else f"{words}: waiting for responses…"
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
        buttons.append({"words": _mode_words(mode) if mode else "Choose", "count": o["count"], "offer": json.dumps(fields, sort_keys=True),
                        "from": json.dumps(sorted(o["cards"]))})
    ids = sorted({c for o in offers for c in o["cards"]})
    need = sorted({o["count"] for o in offers})
    return {"buttons": buttons, "ids": ids, "key": uuid.uuid4().hex,
            "words": " or ".join(str(n) for n in need)}


def _mode_words(mode: str) -> str:
    return words.MODES.get(mode, mode.replace("_", " ").capitalize())


def portion_words(stack: list, portion: int, names: list[str]) -> str:
    top = next((fr for fr in reversed(stack) if fr.get("f") == "drink"), None)
    try:
        holder = top["portions"][portion]["holder"]
    except (TypeError, KeyError, IndexError):
        holder = None
    name = _name(names, holder)
    return f"{name}'s Drink" if name else f"Drink {portion + 1}"


def _in_play(cards, acted):
    """A zone's face-up cards with what a player needs to read them: the card's text, and
    whether a Minion already acted this Action phase."""
    if cards is None:
        return None
    return [dict(c, acted=c["id"] in acted) for c in cards]


def pick_label(option, kind: str, hand_titles: dict) -> str:
    """A rule's choice in words, as its mechanic labels it (`engine.words.PICKS`)."""
    pick = words.PICKS.get(kind)
    return pick.label(option, hand_titles) if pick and pick.label else str(option)


def _titles(view: dict, stack: list) -> dict:
    """Card id -> title of every card the view shows (hands, zones, the stack)."""
    out = {}
    for s in view["seats"]:
        for c in s.get("hand", []):
            out[c["id"]] = c["title"]
        for z in (s.get("zones") or {}).values():
            for c in z.get("cards") or []:
                out[c["id"]] = c["title"]
    for fr in stack:
        if isinstance(fr.get("card"), dict):
            out[fr["card"]["id"]] = fr["card"]["title"]
    return out


def label(d: dict, kind: str, names: list[str], stack: list, in_play: dict | None = None,
          titles: dict | None = None) -> str:
    """A decision in words: seat names instead of numbers, which Drink instead of an index;
    `in_play` names the cards in play (Minions) a decision may point at, `titles` any card."""
    in_play, titles = in_play or {}, titles or {}
    t = d.get("type")
    if t in ("equip", "discard_treasure"):
        top = next((fr for fr in reversed(stack) if fr.get("f") == "treasure"), {})
        name = (top.get("card") or {}).get("title", "the Treasure") if isinstance(top.get("card"), dict) else "the Treasure"
        if t == "discard_treasure":
            return f"Discard {name}"
        drop = [titles.get(x, "an item") for x in d.get("drop", [])]
        return f"Equip {name}" + (f", discarding {' and '.join(drop)}" if drop else "")
    if t == "gain_token":
        return "Gain Drunken Chi" if d.get("token") == "chi" else f"Gain {d.get('token')}"
    if t == "decline":
        return "No, thanks"
    if t == "calm":
        return "Discard it to lower your Chi by 1"
    if t == "pass":
        return getattr(words.PROMPTS.get(kind), "passes", None) or "Pass"
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
            parts.append(("to " if "portion" in d else "at ") + _name(names, d["target"]))
        if d.get("target_minion") is not None:
            parts.append("at " + in_play.get(d["target_minion"], "a Minion"))
        if d.get("targets"):
            parts.append(words.drinks_to(d["targets"], names.__getitem__, to="for") if kind == "phase:order"
                         else "at " + words.times(d["targets"], names.__getitem__))
        if d.get("portions"):
            parts.append("on every Drink in play")
        if d.get("glare"):
            parts.append("with its Glare")
        return "Play" + (": " + ", ".join(parts) if parts else "")
    if t == "buy":
        offer = next((fr for fr in reversed(stack) if fr.get("f") == "offer"), {})
        cost = offer.get("cost")
        price = " (free)" if cost == 0 else f" ({cost} {str(offer.get('token', '')).replace('_', ' ').capitalize()})" if cost else ""
        return f"Buy the top card of your {str(d.get('zone', '')).replace('_', ' ').capitalize()} deck{price}"
    pick = words.PICKS.get(kind)
    if t == "pick" and pick and pick.plays:         # a target chosen as for a card played (a Brawler's)
        return pick.plays + label({"type": "play", **d["option"]}, kind, names, stack, in_play, titles)[4:]
    if t == "pick":
        return pick_label(d.get("option"), kind, titles)
    if t == "activate":
        who = in_play.get(d.get("card"), "Your Minion")
        return f"{who} acts" + (f" at {names[d['target']]}" if "target" in d else "")
    if t in ("dungeon", "tavern_event"):
        said = _mode_words(d.get("mode", ""))
        if d.get("cards"):
            said += ": " + ", ".join((titles or {}).get(c, f"card {c}") for c in d["cards"])
        return said
    if t in ("prize", "crawl"):
        return tavern.label(d, titles)
    if t == "dares":
        top = next((fr for fr in reversed(stack) if fr.get("f") == "drink"), None)
        try:
            cards = top["reveals"][d["pick"]]["cards"]
            return "I drink " + " + ".join(c["title"] for c in cards)
        except (TypeError, KeyError, IndexError):
            return f"I drink Drink {d.get('pick', 0) + 1}"
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
        "participants": [names[i] for i in rnd.get("participants", [])] + (["Otto"] if rnd.get("otto") else []),
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


def dungeon(view: dict) -> dict | None:
    """The Dungeon Event Deck when the table plays with it (docs/web.md): its Progress Counters
    (public table tokens), the deck's size and the last event revealed (its discard pile is
    face up) or, while one is being resolved, that one (its card waits on the stack until
    everyone has chosen), and whether its events come from a sampler pack."""
    tokens = view.get("tokens") or {}
    zones = view.get("zones") or {}
    if "dungeon_progress" not in tokens or "dungeon" not in zones:
        return None
    discard = (zones.get("dungeon:discard") or {}).get("cards") or []
    now = next((fr["event_card"] for fr in view.get("stack") or [] if fr.get("f") == "dungeon" and fr.get("event_card")), None)
    return {"progress": tokens["dungeon_progress"], "counters": list(range(tokens["dungeon_progress"])),
            "deck": zones["dungeon"].get("count", 0), "discarded": len(discard),
            "last": now or (discard[-1] if discard else None), "now": now is not None,
            "sampler": SAMPLER_NOTE if _sampler_events(view.get("content") or "") else ""}


def otto(view: dict, names: list[str]) -> dict | None:
    """Otto's mat when the table plays with him (games/engine/options/otto/turn.py, docs/otto.md): his 0-6
    track facing each player (public table tokens), his deck and discard pile (face up: the
    last card he revealed), and his factions. He has no Gold, hand or Drink Me! pile."""
    tokens = view.get("tokens") or {}
    zones = view.get("zones") or {}
    if not (view.get("options") or {}).get("otto") or "otto" not in zones:
        return None
    tracks = []
    for i, name in enumerate(names):
        f, a = tokens.get(f"otto:fortitude:{i}"), tokens.get(f"otto:alcohol:{i}")
        if f is None:
            continue
        tracks.append({"seat": i, "name": name, "fortitude": f, "alcohol": a,
                       "f_pct": round(100 * f / 6), "a_pct": round(100 * a / 6),
                       "owed": tokens.get(f"otto:owed:{i}", 0), "out": view["seats"][i].get("out")})
    discard = (zones.get("otto:discard") or {}).get("cards") or []
    return {"tracks": tracks, "deck": zones["otto"].get("count", 0), "discarded": len(discard),
            "last": discard[-1] if discard else None,
            "factions": [f.capitalize() for f in (view.get("options") or {}).get("otto_factions") or []],
            "active": any(fr.get("f") == "otto" for fr in view.get("stack") or [])}


def _sampler_events(content_id: str) -> bool:
    from games import engine
    try:
        content = engine.content_of(content_id)
    except engine.ContentError:
        return False
    kinds = {h["id"]: h.get("kind") for h in content.packs}
    return any(c.type == "Dungeon Event" and kinds.get(c.pack) == "sampler" for c in content.cards.values())


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
