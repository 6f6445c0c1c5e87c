"""The game service's tables and seats: creating a table, taking a seat, starting a game, and
who plays a seat (seat control, resigning, auto-pass). Every event they write goes through the
write path (`games.appends`, where `submit_decision` is the one way in for every decision from
anywhere), which knows nothing of them.

Functions take keyword arguments and raise `games.errors` types; callers translate them.
"""
from __future__ import annotations

import logging
import secrets

import orjson
from django.conf import settings
from django.db import connection, transaction

from games import ai as bots
from games import appends, bosses, chain, engine, live_channels, quotas, redis_client, store
from games.engine.core.errors import SetupError
from games.engine.core import table_setup
from games.errors import Conflict, Forbidden, Illegal, NotFound, ServiceError
from games.models import Game, GameSeed, Seat, Table
from games.packs import registry as packs

log = logging.getLogger(__name__)

MIN_SEATS, MAX_SEATS = table_setup.MIN_PLAYERS, table_setup.MAX_PLAYERS
#: The content id of the engine's own base pack: a game playing exactly it records no documents.
BUILT_IN_CONTENT = engine.load_content([engine.BASE_PACK]).id


# --- tables and seats ------------------------------------------------------------------------

_DEFAULT = object()


def refused(exc: SetupError) -> ServiceError:
    """The engine's refusal of a table setup as the service's: its reason code, its sentence."""
    return ServiceError(exc.message, code=exc.reason)


@quotas.guarded(quotas.creating_table)   # per-user limits (games/quotas.py)
def table_create(*, owner, player_count: int, variant: str = "base", options: dict | None = None,
                 turn_seconds: int | None = _DEFAULT, window_seconds: int | None = _DEFAULT,
                 content: list[dict] | None = None) -> Table:
    """A new open table. Timers left out get the defaults (settings.RDI_TURN_SECONDS and
    RDI_WINDOW_SECONDS); None means no timer. `options["packs"]` chooses installed content
    packs (docs/packs.md); refused with `unknown_pack` / `invalid_pack`. The rest of the setup
    is checked by the engine's one validation (games/engine/core/table_setup.py) before anything
    is written: its code and sentence are the refusal's, whoever asked (API, lobby, rematch)."""
    if turn_seconds is _DEFAULT:
        turn_seconds = settings.RDI_TURN_SECONDS
    if window_seconds is _DEFAULT:
        window_seconds = settings.RDI_WINDOW_SECONDS if turn_seconds else None
    try:
        table_setup.check_players(player_count)
        table_setup.check_variant(variant, player_count)
        for name, seconds in (("turn_seconds", turn_seconds), ("window_seconds", window_seconds)):
            table_setup.check_timer(name, seconds)
        options = {} if options is None else options
        table_setup.check_object(options)
    except SetupError as exc:
        raise refused(exc) from None
    chosen = options.get("packs", [])
    if not isinstance(chosen, list) or not all(isinstance(p, str) for p in chosen):
        raise ServiceError("options.packs is a list of installed pack ids, e.g. [\"daareka\"].", code="invalid_pack")
    if engine.VARIANTS[variant].needs_villains and content is None:
        # A Boss is a villain and the base game has none: the table plays the villains' packs
        # and the Boss cards (docs/boss.md), as a Dungeon Events table plays their pack.
        chosen = chosen + bosses.villain_packs(chosen)
        options = {**options, "packs": chosen}
    # `content`: what the game will play instead of the chosen packs (a fork pins its source's)
    docs = packs.content_for(chosen) if content is None else content
    played = {name: value for name, value in options.items() if name != "packs"}   # what new_game gets
    try:
        table_setup.check_options(played, table_setup.Table(player_count, variant, engine.load_content(docs)))
    except SetupError as exc:
        raise refused(exc) from None
    except engine.ContentError as exc:
        raise ServiceError(f"The chosen packs can't be played together: {exc}", code="invalid_pack") from None
    return Table.objects.create(owner=owner, player_count=player_count, variant=variant, options=options,
                                turn_seconds=turn_seconds, window_seconds=window_seconds)


def seat_take(*, table_id: int, user, character: str, ai: bool = False, index: int | None = None,
              bot: str | None = None) -> Seat:
    """Sit `user` at the table with `character`, or (owner only, ai=True) add an AI seat played
    by `bot` (a games.ai name; the default bot when omitted)."""
    if ai:
        try:
            bot = bots.get_bot(bot or bots.DEFAULT_BOT).name
        except ValueError as exc:
            raise ServiceError(str(exc), code="unknown_bot") from exc
    elif bot:
        raise ServiceError("Only AI seats have a bot; leave 'bot' out when you sit down yourself.", code="invalid_bot")
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        characters = packs.characters((table.options or {}).get("packs"))
        if character not in characters:
            raise ServiceError(f"Unknown character {character!r}; choose one of {', '.join(characters)}.",
                               code="unknown_character")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started; join another table or create one.", code="table_started")
        if ai and table.owner_id != user.id:
            raise Forbidden("Only the table's owner can add AI seats.")
        taken = set(table.seats.values_list("index", flat=True))
        if not ai and table.seats.filter(user=user).exists():
            raise Conflict("You already have a seat at this table.", code="already_seated")
        if index is None:
            free = [i for i in range(table.player_count) if i not in taken]
            if not free:
                raise Conflict("Every seat at this table is taken.", code="table_full")
            index = free[0]
        elif not 0 <= index < table.player_count:
            raise ServiceError(f"Seat {index} does not exist; this table has seats 0 to {table.player_count - 1}.",
                               code="invalid_seat")
        elif index in taken:
            raise Conflict(f"Seat {index} is taken; choose a free seat.", code="seat_taken")
        content = engine.load_content(packs.content_for((table.options or {}).get("packs")))
        rules = engine.VARIANTS.get(table.variant, engine.VARIANTS["base"])
        problem = rules.check_character(index, table.player_count, content.characters[character])
        if problem:
            raise ServiceError(problem, code="boss_not_villain")
        _table_changed(table.pk)
        return Seat.objects.create(table=table, index=index, user=None if ai else user, is_ai=ai, character=character,
                                   bot=bot if ai else "")


@quotas.guarded(quotas.starting_table)   # per-user limits (games/quotas.py)
def table_start(*, table_id: int, user, seed: str | None = None, position: dict | None = None,
                forked_from: dict | None = None) -> Game:
    """The owner starts a full table: creates the game, its secret seed and `game_created`.
    `position` (docs/scenarios.md) starts it from a chosen moment instead of a fresh deal;
    `forked_from` ({game, seq}) records where that position came from (replay.fork)."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"There is no table {table_id}.")
        if table.owner_id != user.id:
            raise Forbidden("Only the table's owner can start it.")
        if table.status != Table.Status.OPEN:
            raise Conflict("This table has already started.", code="table_started")
        seats = list(table.seats.order_by("index"))
        if len(seats) != table.player_count:
            raise Conflict(f"{len(seats)} of {table.player_count} seats are taken; fill every seat (players or AI) "
                           "before starting.", code="seats_not_filled")
        _table_changed(table.pk)
        return game_create(table=table, seats=seats, seed=seed, position=position, forked_from=forked_from)


def game_setup(table: Table, seats: list[Seat], content: list[dict] | None = None) -> dict:
    """The engine setup of `table`'s game, its seed left out: the seats' characters, the
    variant, the options and the pack documents it plays (`content`, else the table's)."""
    options = dict(table.options or {})
    chosen = options.pop("packs", None)
    content = packs.content_for(chosen) if content is None else content
    setup = {"seats": [{"character": s.character} for s in seats], "variant": table.variant, "options": options}
    # The game pins the exact documents it plays (docs/packs.md, "Pinning"); only the engine's
    # own base pack, versioned with RULES_VERSION like the rest of the rules, needs no copy.
    if engine.load_content(content).id != BUILT_IN_CONTENT:
        setup["content"] = content
    return setup


def game_create(*, table: Table, seats: list[Seat], seed: str | None = None, position: dict | None = None,
                forked_from: dict | None = None, content: list[dict] | None = None) -> Game:
    """Create the game of `table` (locked by the caller) and append `game_created` at seq 0.
    `content`: the pack documents to play instead of the table's packs (a fork pins exactly
    its source game's, replay.fork); never taken from a request."""
    seed = seed or secrets.token_hex(32)
    setup = game_setup(table, seats, content)
    if position:
        setup["position"] = position
    try:
        state = engine.new_game({**setup, "seed": seed})
    except SetupError as exc:       # the same refusal table_create gives (a table stored before it checked)
        raise refused(exc) from exc
    except engine.IllegalDecision as exc:
        raise ServiceError(exc.message, code="invalid_setup") from exc
    except Exception as exc:  # noqa: BLE001 - options are user input; whatever the engine rejects is a 400
        raise ServiceError(f"The engine cannot set up this table ({exc}); change the characters or options.",
                           code="invalid_setup") from exc
    state_hash = engine.state_hash(state)
    commitment = store.seed_commitment(seed)
    game = Game.objects.create(table=table, rules_version=store.rules_version(), setup=setup,
                               seed_sha256=commitment, seq=0, last_hash="", chain=chain.CURRENT,
                               state_hash=state_hash)
    GameSeed.objects.create(game=game, seed=seed)
    key = chain.key_for(chain.CURRENT, seed)
    payload = {"setup": setup, "seed_sha256": commitment, "rules_version": store.rules_version(),
               "chain": chain.CURRENT}
    if forked_from:
        payload["forked_from"] = forked_from
    appends.append_created(game_id=game.pk, state=state, state_hash=state_hash, key=key,
                           actor=f"user:{table.owner_id}", payload=payload, table=table,
                           human_seats=frozenset(s.index for s in seats if not s.is_ai))
    table.status = Table.Status.STARTED
    table.save(update_fields=["status"])
    game.refresh_from_db()
    return game


# --- seat control and auto-pass: events the fold ignores ---------------------------------

#: Non-decision events about who plays a seat and how; `engine.apply` never sees them.
SEAT_CONTROL_CHANGED, AUTOPASS_CHANGED = "seat_control_changed", "autopass_changed"
SEAT_RESIGNED = "seat_resigned"
RESIGN_REASONS = ("resigned", "abandoned")
AUTOPASS_MODES = ("off", "untargeted", "windows")


def player_back(*, game_id: int, seat: int, actor: str) -> None:
    """A person decided for their seat a bot held after timeouts: the seat is theirs again
    (heard from the write path, `appends.listen_player_back`)."""
    seat_control_change(game_id=game_id, seat=seat, to="player", reason="player_acted", actor=actor)


def seat_control_change(*, game_id: int, seat: int, to: str, reason: str, actor: str,
                        bot: str | None = None) -> int | None:
    """Hand a player's seat to a bot (`to="bot"`, after timeouts) or give it back
    (`to="player"`): appends `seat_control_changed` {seat, to, bot, reason} and updates the
    seat. Returns the new seq, or None when the seat already is in that hand (nothing written)."""
    if to not in ("bot", "player"):
        raise ValueError("to must be 'bot' or 'player'")
    label = bots.get_bot(bot or bots.DEFAULT_BOT).label if to == "bot" else None

    def change(seat_row):
        if seat_row.resigned and to == "player":
            raise Conflict("You resigned from this game; a bot plays your seat until the end.", code="resigned")
        if seat_row.user_id is None or (seat_row.bot != "") == (to == "bot"):
            return None
        seat_row.bot = label.partition("@")[0] if to == "bot" else ""
        return {"seat": seat, "to": to, "bot": label, "reason": reason}

    return _append_seat_event(game_id=game_id, seat=seat, kind=SEAT_CONTROL_CHANGED, actor=actor, change=change)


def seat_resign(*, game_id: int, seat: int, actor: str, reason: str = "resigned") -> int:
    """The player leaves the game for good: appends `seat_resigned` {seat, reason, bot} and
    hands the seat to the default bot, which plays it at bot speed (nobody waits for them)
    until the end; taking it back is refused (`resigned`). `reason` "abandoned": the sweeper
    resigned an idle player of an untimed game. Returns the new seq."""
    if reason not in RESIGN_REASONS:
        raise ValueError(f"reason must be one of {RESIGN_REASONS}")
    label = bots.get_bot(bots.DEFAULT_BOT).label

    def change(seat_row):
        if seat_row.user_id is None:
            raise Forbidden("A bot plays this seat; only a player can resign.", code="not_your_seat")
        if seat_row.resigned:
            raise Conflict("You already resigned from this game.", code="already_resigned")
        seat_row.resigned = True
        seat_row.bot = label.partition("@")[0]
        return {"seat": seat, "reason": reason, "bot": label}

    return _append_seat_event(game_id=game_id, seat=seat, kind=SEAT_RESIGNED, actor=actor, change=change)


def autopass_set(*, game_id: int, seat: int, mode: str, actor: str) -> int | None:
    """A player's auto-pass choice for this game (docs/ai.md): `off` (asked whenever they have
    a legal response), `untargeted` (windows about things that do not concern them pass by
    themselves), `windows` (every response window passes by itself). Appends
    `autopass_changed` {seat, mode}; None when the mode is already that."""
    if mode not in AUTOPASS_MODES:
        raise ServiceError(f"Unknown auto-pass mode {mode!r}; choose one of {', '.join(AUTOPASS_MODES)}.",
                           code="invalid_autopass")

    def change(seat_row):
        if seat_row.autopass == mode:
            return None
        seat_row.autopass = mode
        return {"seat": seat, "mode": mode}

    return _append_seat_event(game_id=game_id, seat=seat, kind=AUTOPASS_CHANGED, actor=actor, change=change)


def _append_seat_event(*, game_id: int, seat: int, kind: str, actor: str, change) -> int | None:
    """Lock the game, let `change(seat_row)` update the seat and return the payload (or None:
    nothing to do), append the event with the unchanged state hash, refresh the deadline."""
    with transaction.atomic(), connection.cursor() as cursor:
        locked = appends.lock_game(cursor, game_id)
        if locked.status == Game.Status.OVER:
            raise Illegal("The game is over; nothing about its seats can change now.", code="game_over")
        seat_row = Seat.objects.select_for_update().filter(table_id=locked.table_id, index=seat).first()
        if seat_row is None:
            raise NotFound(f"There is no seat {seat} in game {game_id}.")
        payload = change(seat_row)
        if payload is None:
            return None
        seat_row.save(update_fields=["bot", "autopass", "resigned"])
        humans = frozenset(Seat.objects.filter(table_id=locked.table_id, is_ai=False, bot="")
                           .values_list("index", flat=True))
        state = store.state_for_read(cursor, game_id=game_id, seq=locked.seq, expected_hash=locked.state_hash)
        return appends.append_locked(cursor, game_id=game_id, locked=locked, state=state, human_seats=humans,
                             events=[store.NewEvent(kind, seat, actor, payload, locked.state_hash)]).seq


# --- after commit ---------------------------------------------------------------------------

def _table_changed(table_id: int) -> None:
    """After the commit, ping the table page's stream: a seat was taken or the table started.
    Like a game's ping it only means "read this table again" (games/web/stream.py reads the
    table's version from Postgres, never from the ping)."""
    def publish():
        try:
            redis_client.client().publish(live_channels.table_channel(table_id), orjson.dumps({"table": table_id}))
        except Exception:  # noqa: BLE001 - the page also re-reads every 5 s; a lost ping costs a delay
            log.warning("could not publish table %s's ping", table_id, exc_info=True)

    transaction.on_commit(publish)
