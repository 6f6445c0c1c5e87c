"""Game-over standings: who finished where (docs/rules-decisions.md R-STANDINGS).

The engine's state keeps only *whether* a seat is out, not *when*, and it must not learn more
(a new State field would change every state hash, the golden corpus and every recorded
game's chain). The order is in the log: each loss is an `eliminated` Effect of the event
that settled it. Effects are not stored, so this folds the game once from `game_created` and
keeps, for every seat that went out, the event, the turn and the moment. The fold's result
is cached in the shared cache under the game's last hash, so a finished game is folded once.

One function ranks for every place that shows standings: the game-over table
(`games.presentation.board`), the history page, the replay's last frame and the export's header
(which `replay.offline` checks against its own re-fold).
"""
from __future__ import annotations

import logging

import orjson

from games import engine, store
from games.errors import IntegrityFailure
from games.log_reads import log_db, reading_the_log

log = logging.getLogger(__name__)

#: Bump when what `Outs` records changes, so cached folds of older code are not read back.
FOLD_VERSION = 1
#: Seconds a finished game's fold stays cached (it never changes; this only bounds memory).
CACHE_SECONDS = 30 * 24 * 3600


class Outs:
    """Reads a game's Effects event by event and records every seat that went out:
    `{"seat", "reason", "seq", "turn", "moment"}` in the order they went out."""

    def __init__(self, turn: int = 1):
        self.turn, self.moment, self.outs = turn, 0, []

    def see(self, seq: int, effects: list[dict]) -> None:
        in_danger = 0
        for fx in effects:
            t = fx.get("type")
            if t == "turn" and isinstance(fx.get("turn"), int):
                self.turn = fx["turn"]
            elif t == "in_danger":
                in_danger += 1
            elif t == "eliminated":
                # Everyone one `losses.eliminate` call takes out goes out together (digest
                # §11.5); a second call within the same event follows a new last chance, which
                # always announces itself with `in_danger` first.
                key = (seq, in_danger)
                if not self.outs or self.outs[-1]["_key"] != key:
                    self.moment += 1
                self.outs.append({"seat": fx.get("seat"), "reason": fx.get("reason"), "seq": seq,
                                  "turn": self.turn, "moment": self.moment, "_key": key})

    def result(self) -> list[dict]:
        return [{k: v for k, v in o.items() if k != "_key"} for o in self.outs]


def rank(*, seats: int, winners: list[int], outs: list[dict] | None) -> list[dict]:
    """Standings, first place first: `{"seat", "place", "winner", "tied", "out", "seq", "turn"}`.

    Winners first (several when everyone left went out at once: a tie, R-WIN); then the seats
    still in when the game ended without a winner (a voided game); then everyone who went out,
    the last to go first. Seats that went out at the same moment share a place, and the next
    place skips as many (1, 2, 2, 4). `outs` None: the order is not known (a game this server
    cannot re-fold), so every loser shares the place after the winners."""
    winners_set = set(winners or [])
    went = {o["seat"]: o for o in outs or []}          # tied winners went out too, and say when
    out_of = {seat: o for seat, o in went.items() if seat not in winners_set}
    groups: list[list[int]] = []
    if winners_set:
        groups.append(sorted(winners_set))
    still_in = [s for s in range(seats) if s not in winners_set and (outs is not None and s not in out_of)]
    if still_in:
        groups.append(still_in)
    if outs is None:
        rest = [s for s in range(seats) if s not in winners_set]
        if rest:
            groups.append(rest)
    else:
        by_moment: dict[int, list[int]] = {}
        for seat, o in out_of.items():
            by_moment.setdefault(o["moment"], []).append(seat)
        groups += [sorted(by_moment[m]) for m in sorted(by_moment, reverse=True)]
    rows, place = [], 1
    for group in groups:
        for seat in group:
            o = went.get(seat) or {}
            rows.append({"seat": seat, "place": place, "winner": seat in winners_set, "tied": len(group) > 1,
                         "out": o.get("reason"), "seq": o.get("seq"), "turn": o.get("turn")})
        place += len(group)
    return rows


# --- from the store --------------------------------------------------------------------------

def _key(game) -> str:
    return f"standings:{FOLD_VERSION}:{game.pk}:{game.last_hash}:{store.rules_version()}"


def fold_outs(game_id: int) -> dict:
    """Fold the whole game (from the log, never the game row): `{"seats", "winners", "outs"}`.
    A fold that does not end at the log's last state hash is a damaged log."""
    with log_db().cursor() as cursor:
        state = store.genesis_state(cursor, game_id)
        cursor.execute("SELECT seq, kind, payload::text, state_hash FROM games_event WHERE game_id = %s AND seq > 0"
                       " ORDER BY seq", [game_id])
        rows = cursor.fetchall()
    outs = Outs(state.turn)
    for seq, kind, payload, _ in rows:
        if kind in store.STATE_KINDS:
            try:
                state, effects = store.apply_event(state, kind, orjson.loads(payload))
            except Exception as exc:  # noqa: BLE001 - a stored event the engine refuses is a damaged log
                raise IntegrityFailure(f"Game {game_id} does not fold at seq {seq}.") from exc
            outs.see(seq, effects)
    if rows and engine.state_hash(state) != rows[-1][3]:
        raise IntegrityFailure(f"Game {game_id} does not fold to its recorded state.")
    return {"seats": len(state.seats), "winners": list(state.winners), "over": bool(state.over),
            "outs": outs.result()}


def _rows(game, folded: dict | None) -> list[dict]:
    if folded is None:
        return rank(seats=game.table.player_count, winners=game.winners or [], outs=None)
    return rank(seats=folded["seats"], winners=folded["winners"], outs=folded["outs"])


def of_games(games) -> dict[int, list[dict]]:
    """Each finished game's standings by game id (games still being played are left out).
    Cached folds are read in one round trip; a game this server cannot fold (other rules, a
    damaged log) gets its winners first and everyone else sharing the next place."""
    from django.core.cache import cache

    over = [g for g in games if g.status == "over"]
    keys = {g.pk: _key(g) for g in over}
    try:
        hits = cache.get_many(list(keys.values())) if keys else {}
    except Exception:  # noqa: BLE001 - without the cache, fold anyway
        log.warning("standings cache unreachable", exc_info=True)
        hits = {}
    out, fresh = {}, {}
    for g in over:
        folded = hits.get(keys[g.pk])
        if folded is None and g.rules_version == store.rules_version():
            try:
                with reading_the_log(g.pk, g.seq):
                    folded = fold_outs(g.pk)
                fresh[keys[g.pk]] = folded
            except IntegrityFailure:
                log.warning("standings: game %s does not fold", g.pk)
        out[g.pk] = _rows(g, folded)
    if fresh:
        try:
            cache.set_many(fresh, CACHE_SECONDS)
        except Exception:  # noqa: BLE001
            log.warning("standings cache unreachable", exc_info=True)
    return out


def of_game(game) -> list[dict]:
    """The standings of one finished game ([] while it is being played)."""
    return of_games([game]).get(game.pk, [])
