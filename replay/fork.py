""""Play from here": a new table whose game starts at one event of a finished game.

The position is the omniscient view at that event written in the scenario format
(docs/scenarios.md): every seat's character, Fortitude, Alcohol, Gold, tokens, hand, deck
(exact order), discard, Drink Me! pile and zones (side decks, Minions in play) as `deck/slug`
card names, the Drink Deck in its exact order, the Drink discard, the Inn, the active seat,
the phase and the turn, and the whole table (every table zone in exact order, the table
tokens and the options set-up chose: the Pub Crawl's, the Prizes', Otto's state, whatever a
table option keeps there). A position cannot hold things pending on the stack (a played card
waiting for responses, a Round of Gambling, a Drink being drunk), nor a character's shared
deck that has been drawn from (a Brawler deck), so only such events can be forked.
The forker takes one seat; bots play the others. The new game has a new secret seed: only
future reshuffles differ from the original.

The new game plays exactly the content the source game pinned in its `game_created` event
(docs/packs.md): never the packs installed now, never anything a client sends.
"""
from __future__ import annotations

import orjson
from django.db import connection, transaction

from games import engine, services, store
from games.errors import Conflict, ServiceError
from games.log_reads import log_db
from games.models import Game, Seat, Table

PHASES = ("discard", "action", "order", "drink")
PENDING = ("Something is still waiting to resolve at this event (a card, a Drink or a Round of Gambling), and a "
           "position cannot hold that; step to an event where nothing is pending.")


def _slugs(cards: list[dict]) -> list[str]:
    return [c["key"] for c in cards]


def _zone_cards(cards: list[dict], seat: int, owner) -> list:
    """A zone's cards; another seat's card (one Nerodia Petrified) keeps its owner."""
    if owner is None:
        return _slugs(cards)
    return [{"seat": owner[c["id"]], "card": c["key"]} if isinstance(owner[c["id"]], int) and owner[c["id"]] != seat
            else c["key"] for c in cards]


def position_from_view(view: dict, owner: list | None = None) -> dict:
    """The scenario position of an omniscient view (docs/scenarios.md, `setup`); `owner`
    (the state's card owners) keeps other seats' cards in a zone theirs."""
    seats = []
    for s in view["seats"]:
        seat = {"character": s["character"], "fortitude": s["fortitude"], "alcohol": s["alcohol"], "gold": s["gold"],
                "hand": _slugs(s["hand"]), "deck": _slugs(s["deck"]), "deck_exact": True,
                "discard": _slugs(s["discard"]), "drink_me": _slugs(s["drink_me"])}
        if s.get("tokens"):
            seat["tokens"] = dict(s["tokens"])
        if s.get("zones"):
            seat["zones"] = {name: _zone_cards(z["cards"], s["seat"], owner) for name, z in s["zones"].items()}
        if s["status"] != "in":
            seat["out"] = s["status"]
        seats.append(seat)
    position = {"seats": seats, "drink_deck": _slugs(view["drink_deck"]), "drink_deck_exact": True,
                "drink_discard": _slugs(view["drink_discard"]), "inn": view["inn"], "active": view["active"],
                "phase": view["phase"], "turn": view["turn"]}
    for option in engine.TABLE_OPTIONS.values():      # a deck an option keeps in its exact order
        position |= option.position_of(view)
    zones = view.get("zones") or {}
    if zones or view.get("tokens"):
        # Every table zone and token as it is, whatever table option keeps it there (the Pub
        # Crawl's taverns, their decks and discards; the Prizes; Otto's deck and tracks):
        # nothing here knows their fields, so a new option's state is copied too.
        position["table"] = {"zones": {name: _slugs(z["cards"]) for name, z in zones.items()},
                             "tokens": dict(view.get("tokens") or {}),
                             "options": dict(view.get("options") or {})}
    return position


def state_at(*, game: Game, at: int):
    with log_db().cursor() as cursor:
        cursor.execute("SELECT state_hash FROM games_event WHERE game_id = %s AND seq = %s", [game.pk, at])
        row = cursor.fetchone()
        if row is None:
            raise ServiceError(f"Game {game.pk} has events 0 to {game.seq}; there is no event {at}.",
                               code="no_such_event")
        return store.load_state(cursor, game_id=game.pk, seq=at, expected_hash=row[0])


def forkable(state) -> str | None:
    """None when the position after this event can be forked, else why not (a sentence)."""
    if state.over:
        return "The game is over at this event; fork from an earlier one."
    if state.stack:
        return PENDING
    if state.phase not in PHASES:
        return "This event is between two phases; step to the next event to fork."
    # A table zone is copied whole (`position["table"]`); a character's shared deck (Brawlers,
    # Treasure) is too, but not its cards in the seats' hands, which a position takes from the
    # seat's own deck.
    shared = {name for ch in engine.content_of(state.content).characters.values()
              for name, z in ch.zones.items() if z.get("shared")}
    for name, ids in state.zones.items():
        deck = name[:-len(":discard")] if name.endswith(":discard") else None
        if deck in shared and ids:
            return (f"The shared {deck} deck has been drawn from by this event, and a position cannot hold a "
                    "shared deck yet; fork from an earlier event.")
    return None


def pinned_content(game: Game) -> list[dict]:
    """The pack documents the game pinned in its `game_created` event; the engine's own base
    pack when it pinned none (docs/packs.md, "Pinning")."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT (payload->'setup'->'content')::text FROM games_event WHERE game_id = %s AND seq = 0",
                       [game.pk])
        row = cursor.fetchone()
    return orjson.loads(row[0]) if row is not None and row[0] is not None else [engine.BASE_PACK]


def game_fork(*, game: Game, at: int, user, seat: int, bot: str | None = None) -> Game:
    """A new started game from the position after event `at` of finished `game`: `user` in
    `seat`, bots in the others."""
    if game.status != Game.Status.OVER:
        raise Conflict("Only a finished game can be forked: its omniscient view is still secret.",
                       code="game_not_over")
    n = len(game.setup["seats"])
    if not 0 <= seat < n:
        raise ServiceError(f"This game has seats 0 to {n - 1}; choose one of them.", code="invalid_seat")
    state = state_at(game=game, at=at)
    why = forkable(state)
    if why:
        raise Conflict(why, code="not_forkable")
    view = engine.view(state, "omniscient")
    position = position_from_view(view, state.owner)
    content = pinned_content(game)
    bot = _bot_name(bot)
    with transaction.atomic():
        table = services.table_create(owner=user, player_count=n, options=game.setup.get("options") or {},
                                      content=content)
        # The seats are the source game's characters, which its pinned content offers (the
        # table's installed packs need not: a pack may be gone or changed since).
        seats = [Seat.objects.create(table=table, index=index, user=None if index != seat else user,
                                     is_ai=index != seat, character=s["character"], bot=bot if index != seat else "")
                 for index, s in enumerate(view["seats"])]
        table = Table.objects.select_for_update().get(pk=table.pk)
        return services.game_create(table=table, seats=seats, position=position, content=content,
                                    forked_from={"game": game.pk, "seq": at})


def _bot_name(bot: str | None) -> str:
    from games import ai

    try:
        return ai.get_bot(bot or ai.DEFAULT_BOT).name
    except ValueError as exc:
        raise ServiceError(str(exc), code="unknown_bot") from exc
