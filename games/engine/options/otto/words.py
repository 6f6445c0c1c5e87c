"""What Otto does, in words (core/words.py): he plays by the rules, so every line says which
rule (docs/otto.md)."""
from __future__ import annotations

from ...core.content import content_of
from ...core.words import (GOLD_REASONS, PANEL_ZONES, PICKS, PLACES, REASONS, ROUND_STARTS, SEAT_SERIES, SERIES, TURNS,
                           Pick, asks, cap, opening, panel, says, shows)
from .turn import DECK, OPTION, PLAY, SOURCE, TRACK_MAX

PLACES[SOURCE] = "Otto"
GOLD_REASONS.update({"otto_pays": " for Otto (he has no Gold: the Inn pays for him)",
                     "otto_reward": " as Otto's reward (he passed out on their track)",
                     "otto_sometimes": " to Otto (his Sometimes box)",
                     "otto_ante": " as Otto's ante (he antes with the Inn's Gold)"})
REASONS.update({"otto": "card of Otto's", "otto_sometimes": "response of Otto's"})
CONTROL = {"raise": "Otto raises: everyone in the Round antes 1 more (his from the Inn), and he takes control.",
           "winning_hand": "Otto has a Winning Hand: he takes control, and only a Cheating card can take it back.",
           "cheat": "Otto cheats and takes control of the Round."}


def _said(text: str):
    """A sentence that is the same whatever the Effect holds."""
    return lambda fx, s, t: text


says("otto_turn")(_said("Otto's turn: he reveals his top card for his Action, then drinks from the Drink Deck."))
says("otto_no_card")(_said("Otto has no card to reveal: his Action does nothing."))
says("otto_no_drink")(_said("There is no Drink left for Otto to drink."))
says("otto_no_round")(_said("Otto's Action box would start a Round of Gambling during one: an illegal play, "
                            "so nothing happens."))


@says("otto_action")
def _action(fx, s, t):
    return f"Otto revealed “{fx.get('title')}” ({str(fx.get('faction', '')).capitalize()}) and follows its Action box."


@says("otto_reveals")
def _reveals(fx, s, t):
    return f"Otto turned over “{fx.get('title')}” from the Drink Deck."


@says("otto_event")
def _event(fx, s, t):
    return (f"The Drink Event “{fx.get('title')}” Otto turned over takes place, with him as the one who "
            "revealed it; what he drinks, he drinks on both tracks.")


@says("otto_skips_event")
def _skips_event(fx, s, t):
    return f"Otto set aside the Drink Event “{fx.get('title')}” and turns over the next card."


@says("otto_drinks")
def _drinks(fx, s, t):
    parts = [f"{fx.get('alcohol', 0)} Alcohol Content"] + (
        [f"{fx.get('fortitude'):+d} Fortitude"] if fx.get("fortitude") else [])
    if "seat" in fx:
        return f"Otto drank it ({', '.join(parts)}) on {s}'s track only: {s}'s card made him drink."
    return f"Otto drank it ({', '.join(parts)}) on both of his tracks."


@says("otto_event_choice")
def _event_choice(fx, s, t):
    mode = str(fx.get("mode", "")).replace("_", " ")
    return (f"Otto chose to {mode}: he takes the first option that doesn't pay, discard, lose "
            "Fortitude or gain Alcohol Content, else the first.")


@says("otto_track")
def _track(fx, s, t):
    d = fx.get("delta", 0)
    stat = "Fortitude" if fx.get("stat") == "fortitude" else "Alcohol Content"
    why = "" if fx.get("reason") == "otto_drink" else t.because(fx)
    return (f"Otto's {stat} on {s}'s track {'rose' if d > 0 else 'fell'} by {abs(d)}{why}: "
            f"now {fx.get('fortitude')} Fortitude, {fx.get('alcohol')} Alcohol.") if d else None


@says("otto_sometimes")
def _sometimes(fx, s, t):
    what = cap("a Drink" if fx.get("trigger") == "Drink" else f"{s}'s {fx.get('trigger', 'card')} card")
    if fx.get("answers"):
        return f"{what} affects Otto: he revealed “{fx.get('title')}” and follows its Sometimes box."
    return f"{what} affects Otto: he revealed “{fx.get('title')}”, whose Sometimes box does not answer that kind of card."


@says("otto_ignores")
def _ignores(fx, s, t):
    return "Otto ignored it on the affected track" + ("s." if "seat" not in fx else f" ({s}'s).")


@says("otto_passed_out")
def _passed_out(fx, s, t):
    return f"Otto passed out on {s}'s track: it resets to 6 and 0, and {s} earns 1 Gold or 2 cards."


@says("otto_gambles")
def _gambles(fx, s, t):
    return f"Otto's gambling turn: he revealed “{fx.get('title')}” and follows its Gambling or Cheating box."


@says("otto_gamble_pass")
def _gamble_pass(fx, s, t):
    if fx.get("empty"):
        return "Otto's gambling turn: his deck is empty and is not reshuffled during a Round, so he passes."
    if fx.get("illegal"):
        return "Otto can't make that play now (only a Cheating card beats a Winning Hand), so he passes."
    return "Otto's card has no Gambling or Cheating box: he passes."


@says("otto_control")
def _control(fx, s, t):
    return CONTROL.get(fx.get("play"), "Otto gambles and takes control of the Round.")


ROUND_STARTS.add("otto_starts_round")


@says("otto_starts_round")
def _starts_round(fx, s, t):
    return (f"Otto's Action box starts a Round of Gambling ({len(fx.get('participants', []))} players and Otto in): "
            "each player antes 1, he antes from the Inn and adds no Prize, and he is in control.")


@says("otto_reward")
def _reward(fx, s, t):
    return f"{s} took {'2 cards' if fx.get('reward') == 'cards' else '1 Gold from the Inn'} as Otto's reward."


@says("round_ended", winner=SOURCE)
def _round_won(fx, s, t):
    return f"Otto won the Round: the pot of {fx.get('pot')} Gold goes to the Inn (he has no Gold)."


@opening
def _opening(state, names: list[str], from_position: bool = False) -> list[str]:
    """Otto takes the first turn while the game is created, whose Effects are not kept: told
    from the state at seq 0. A game started from a position (a fork, a scenario) has that
    turn behind it: only where Otto stands is told."""
    if not (state.options or {}).get("otto") or "otto" not in state.zones:
        return []
    factions = " and ".join(f.capitalize() for f in state.options.get("otto_factions") or [])
    factions = f" ({factions})" if factions else " (no Otto cards)"
    if from_position:
        lines = [f"Otto is at the table{factions}, where the position left him."]
    else:
        lines = [f"Otto joins the table{factions}: he always goes first."]
        cards = content_of(state.content).cards
        shown = state.zones.get("otto:discard") or []
        if shown:
            lines.append(f"Otto's first turn: he revealed “{cards[state.cards[shown[-1]]].title}” "
                         "and follows its Action box, then drinks from the Drink Deck.")
        else:
            lines.append("Otto's first turn: he has no card to reveal, so his Action does nothing; "
                         "then he drinks from the Drink Deck.")
        # a Drink Event he turned over waits on the stack for the players' answers: its "takes
        # place" comes with the first decision, so the turning over is told here
        event = next((fr for fr in state.stack if fr.get("f") == "event" and fr.get("seat") == SOURCE), None)
        if event:
            lines.append(f"Otto turned over the Drink Event “{cards[state.cards[event['card']]].title}” from the "
                         "Drink Deck; it takes place once everyone has had the chance to answer it.")
    tracks = [f"{name} {state.tokens[f'otto:fortitude:{i}']}/{state.tokens[f'otto:alcohol:{i}']}"
              for i, name in enumerate(names) if f"otto:fortitude:{i}" in state.tokens]
    lines.append("Otto's tracks (Fortitude/Alcohol) facing " + ", ".join(tracks) + ".")
    return lines


# --- the board ---------------------------------------------------------------

asks("otto_reward", "Otto passed out on your track: take 1 Gold from the Inn or draw 2 cards.", "Otto's reward")
REWARDS = {"gold": "Take 1 Gold from the Inn", "cards": "Draw 2 cards"}
PICKS["otto_reward"] = Pick(lambda option, titles: REWARDS.get(option, str(option)))
TURNS[DECK] = "Otto's turn"          # his turn comes between two players' (docs/otto.md)


@shows(DECK)
def _turn_frame(fr, who, names):
    return {"title": "Otto's turn", "detail": "his Action" if fr.get("step") == "action" else "his Drink, after his Action"}


shows(PLAY)(lambda fr, who, names: {"title": f"{who} plays"})      # his Gambling or Cheating card


@shows("otto_sometimes")
def _sometimes_frame(fr, who, names):
    """A Sometimes card: it may be Negated (docs/otto.md)."""
    return {"title": "Otto's Sometimes box",
            "detail": "answering a Drink" if fr.get("player") is None else f"answering {names[fr['player']]}'s card"}


@shows("otto_trigger")
def _trigger_frame(fr, who, names):
    return {"title": "Then, what it does to Otto" + (" (he Ignores it)" if fr.get("ignored") else "")}


# --- the replay's charts -------------------------------------------------------

SERIES.update({"otto_fortitude": "Otto's Fortitude (his track facing each player)",
               "otto_alcohol": "Otto's Alcohol Content (his track facing each player)"})


@SEAT_SERIES.append
def _charted_track(state, seat: int) -> dict:
    """Otto's track facing the seat."""
    if f"otto:fortitude:{seat}" not in state.tokens:
        return {}
    return {"otto_fortitude": state.tokens[f"otto:fortitude:{seat}"], "otto_alcohol": state.tokens[f"otto:alcohol:{seat}"]}


# --- his mat on the table page -----------------------------------------------------

PANEL_ZONES.add(DECK)


@panel(DECK, where="seats")
def _mat(view: dict, names: list[str]) -> dict | None:
    """His 0-6 track facing each player (public table tokens), his deck and discard pile (face
    up: the last card he revealed), and his factions. He has no Gold, hand or Drink Me! pile."""
    tokens = view.get("tokens") or {}
    zones = view.get("zones") or {}
    if not (view.get("options") or {}).get(OPTION) or DECK not in zones:
        return None
    tracks = []
    for i, name in enumerate(names):
        f, a = tokens.get(f"otto:fortitude:{i}"), tokens.get(f"otto:alcohol:{i}")
        if f is None:
            continue
        tracks.append({"seat": i, "name": name, "fortitude": f, "alcohol": a,
                       "f_pct": round(100 * f / TRACK_MAX), "a_pct": round(100 * a / TRACK_MAX),
                       "owed": tokens.get(f"otto:owed:{i}", 0), "out": view["seats"][i].get("out")})
    discard = (zones.get(DECK + ":discard") or {}).get("cards") or []
    return {"tracks": tracks, "deck": zones[DECK].get("count", 0), "discarded": len(discard),
            "last": discard[-1] if discard else None,
            "factions": [f.capitalize() for f in (view.get("options") or {}).get("otto_factions") or []],
            "active": any(fr.get("f") == DECK for fr in view.get("stack") or [])}
