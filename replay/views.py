"""The replay page (`/games/{id}/replay/?at=N&as=SEAT`) and the frame fragment its script
swaps in at every step. Pages only translate HTTP; the frames come from `replay.frames` and
the table is drawn by the live page's own board (`games.presentation.board`, `web/_board.html`)."""
from __future__ import annotations

import json

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from games import selectors, standings
from games.engine import words
from games.errors import NotFound, ServiceError
from games.log_reads import reading_the_log
from games.models import Game
from games.presentation import board
from games.presentation.bots import bot_level
from replay import charts, fork, frames
from replay.api import parse_at


def _game(game_id: int) -> Game:
    try:
        return selectors.game_get(game_id=game_id)
    except NotFound:
        raise Http404("No such game") from None


#: The event log's kinds (docs/event-store.md) in words for the step header.
EVENT_WORDS = {
    "game_created": "the deal", "decision": "a decision", "timeout": "a timeout", "game_ended": "the game ended",
    "seat_control_changed": "a seat changed hands", "autopass_changed": "auto-pass changed",
    "admin_note": "a staff note", "admin_dispute_outcome": "a staff decision on a report",
    "admin_correction": "a staff correction", "admin_void": "the game was voided",
}


def event_words(kind: str) -> str:
    return EVENT_WORDS.get(kind) or (kind or "an event").replace("_", " ")


def _viewer_words(viewer, names) -> str:
    if viewer == frames.OMNISCIENT:
        return "Everything (omniscient)"
    if viewer == frames.SPECTATOR:
        return "A spectator"
    return f"Seat {viewer}: {names[viewer]}"


def perspectives(*, game: Game, user, names: list[str]) -> list[dict]:
    out = []
    for candidate in [frames.OMNISCIENT, frames.SPECTATOR, *map(str, range(len(names)))]:
        try:
            viewer = frames.perspective(game=game, user=user, requested=candidate)
        except ServiceError:
            continue
        out.append({"value": str(viewer), "label": _viewer_words(viewer, names)})
    return out


def frame_context(request, game: Game, *, default_at: int | None = None) -> dict:
    viewer = frames.perspective(game=game, user=request.user, requested=request.GET.get("as"))
    at = parse_at(request.GET.get("at"))
    fr = frames.frame(game=game, at=default_at if at is None else at, viewer=viewer)
    seats = selectors.seats_public(table_id=game.table_id)
    detail = {"id": game.pk, "table": game.table_id, "seq": fr["at"], "status": game.status,
              "over": fr["view"]["over"], "your_seat": viewer if isinstance(viewer, int) else None,
              "your_prompt": False, "deadline": None, "seats": seats, "view": fr["view"]}
    if fr["view"]["over"]:
        detail["standings"] = standings.of_game(game)
    ctx = board.build(detail)
    names = fr["names"]
    event = fr["event"]
    decided = None
    if event["kind"] in ("decision", "timeout") and event.get("seat") is not None:
        payload = event["payload"]
        decided = {"seat": names[event["seat"]] if 0 <= event["seat"] < len(names) else event["seat"],
                   "what": board.label(payload, "", names, []) if "type" in payload else ""}
    everyone = []
    if viewer == frames.OMNISCIENT:
        for s in fr["view"]["seats"]:
            everyone.append({"name": s["name"], "hand": s.get("hand", []), "deck": s.get("deck", []),
                             "drink_me": s.get("drink_me", [])})
    if fr.get("actor") and fr["actor"].get("kind") == "bot":
        fr["actor"] = {**fr["actor"], "label": f"{bot_level(fr['actor'].get('name', ''))} bot"}
    # the replay's own game-over panel does not offer the replay
    ctx.update(replay_url=None, frame=fr, viewer=viewer, event_words=event_words(event["kind"]), viewer_str=str(viewer), decided=decided, everyone=everyone,
               drink_deck=fr["view"].get("drink_deck", []),
               # the shared decks a table option adds (the Dungeon Event Deck), top first, when the
               # viewer may see their cards
               decks=[{"name": name, "cards": list(reversed(cards))} for zone, name in words.DECKS_SHOWN.items()
                      if (cards := ((fr["view"].get("zones") or {}).get(zone) or {}).get("cards"))],
               frame_json=mark_safe(json.dumps({"at": fr["at"], "as": str(viewer), "changes": fr["changes"],
                                                "fork": _fork_refusal(request, game, fr)}).replace("</", "<\\/")))
    return ctx


def _fork_refusal(request, game: Game, fr: dict) -> str | None:
    """Why "play from here" is not offered at this frame (None: it is)."""
    if not request.user.is_authenticated or game.status != Game.Status.OVER:
        return "Only a signed-in player can fork, and only a finished game."
    if not fr["stack_empty"]:
        return fork.PENDING
    return fork.forkable(fork.state_at(game=game, at=fr["at"]))


def _error(request, exc: ServiceError):
    return render(request, "replay/error.html", {"message": exc.message, "code": exc.code}, status=exc.status)


@require_GET
def replay_page(request, game_id: int):
    game = _game(game_id)
    try:
        with reading_the_log(game.pk, game.seq):
            # from the deal, so "next" has somewhere to go; a link with ?at= opens at its event
            ctx = frame_context(request, game, default_at=0)
            data = frames.timeline(game=game)
    except ServiceError as exc:
        return _error(request, exc)
    jumps = _jumps(data)
    ctx.update(game=game, charts=charts.charts(data), legend=charts.legend(data),
               perspectives=perspectives(game=game, user=request.user, names=ctx["frame"]["names"]),
               jumps=jumps,
               marks_json=mark_safe(json.dumps({k: data[k] for k in ("turns", "drinks", "rounds", "contests")}
                                               | {"eliminations": [e["seq"] for e in data["eliminations"]],
                                                  "last": data["last"]}
                                               | {j["go"]: [m["seq"] for m in data.get(j["go"]) or []] for j in jumps})))
    return render(request, "replay/replay.html", ctx)


def _jumps(data: dict) -> list[dict]:
    """The "Next ..." buttons the table options' marks add (a Dungeon Event), for a game that
    plays them: it has such a mark, or the table series they are drawn on."""
    out = []
    for key, jump in {m.key: m.jump for m in words.MARKS.values() if m.jump}.items():
        drawn_on = [ts.key for ts in words.TABLE_SERIES.values() if ts.marks == key]
        if data.get(key) or any(data.get(k) for k in drawn_on):
            out.append({"go": key, "words": jump.words, "what": jump.what, "key": jump.key})
    return out


@require_GET
def replay_frame(request, game_id: int):
    """The frame alone (HTML): the board, the decision, the narration and the explain data."""
    game = _game(game_id)
    try:
        at = parse_at(request.GET.get("at"))
        with reading_the_log(game.pk, game.seq if at is None else at):
            ctx = frame_context(request, game)
    except ServiceError as exc:
        return _error(request, exc)
    return render(request, "replay/_frame.html", ctx)


@require_POST
def replay_fork(request, game_id: int):
    """"Play from here": a new game from this event, you in the chosen seat, bots elsewhere."""
    if not request.user.is_authenticated:
        return redirect(f"/login/?next=/games/{game_id}/replay/")
    game = _game(game_id)
    try:
        new = fork.game_fork(game=game, at=parse_at(request.POST.get("at")) or 0, user=request.user,
                             seat=int(request.POST.get("seat") or 0))
    except (ServiceError, ValueError) as exc:
        return _error(request, exc if isinstance(exc, ServiceError) else ServiceError("Choose a seat number."))
    return redirect(f"/games/{new.pk}/")
