"""Integrity check of one stored game: the seed commitment, the hash chain (keyed by the
seed, or plain in older games: games/chain.py), a full re-fold
through the engine compared with every event's `state_hash`, then the game row checked as
what it is, a projection of the log. It names the first bad seq (None when every event is
sound and only the game row disagrees).

Used by `GET /api/games/{id}/verify/` and `python manage.py verify_game ID`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from games import chain, engine, store
from games.models import Game, GameSeed
from games.selectors import events_raw


@dataclass
class Verification:
    game: int
    ok: bool
    events: int
    last_seq: int | None
    first_bad_seq: int | None = None
    problem: str | None = None
    #: The log holds a `game_ended` event that reveals the seed. Read from the log before any
    #: check, so a finished game says so even when the check fails; whether the revealed seed
    #: matches its commitment is part of `ok`.
    seed_revealed: bool = False
    rules_version: str | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def verify_game(game_id: int) -> Verification:
    game = Game.objects.get(pk=game_id)
    events = events_raw(game_id=game_id)
    result = Verification(game=game_id, ok=True, events=len(events), last_seq=events[-1]["seq"] if events else None,
                          rules_version=game.rules_version,
                          seed_revealed=any(e["kind"] == "game_ended" and "seed" in e["payload"] for e in events))

    def bad(seq: int | None, problem: str) -> Verification:
        result.ok, result.first_bad_seq, result.problem = False, seq, problem
        return result

    if not events:
        return bad(0, "The game has no events: its game_created event is missing.")
    # 1. the seed against its commitment: a keyed chain's key comes from it
    created = events[0]
    if created["kind"] != "game_created":
        return bad(0, "seq 0 is not a game_created event.")
    commitment = created["payload"].get("seed_sha256")
    secret = GameSeed.objects.filter(game_id=game_id).values_list("seed", flat=True).first()
    if secret is None or store.seed_commitment(secret) != commitment:
        return bad(0, "The stored seed does not match the seed_sha256 committed in game_created.")
    for e in events:
        if e["kind"] == "game_ended":
            if store.seed_commitment(str(e["payload"].get("seed"))) != commitment:
                return bad(e["seq"], "The seed revealed by game_ended does not match the commitment in game_created.")
    # 2. the chain, under the scheme the log declares: seqs from 0 without gaps, prev_hash
    # links, each hash recomputed
    try:
        key = chain.key_for(chain.scheme_of(created["payload"]), secret)
    except ValueError:
        return bad(0, f"game_created declares an unknown hash chain scheme {created['payload'].get('chain')!r}.")
    broken = chain.first_break(game_id, events, key)
    if broken:
        return bad(*broken)
    # 3. the re-fold
    pinned = created["payload"].get("rules_version")
    if pinned != store.rules_version():
        return bad(None, f"The game was recorded under rules {pinned}; this server runs {store.rules_version()}, "
                         "so its states cannot be re-folded here (the chain and seed were checked).")
    try:
        state = engine.new_game({**created["payload"]["setup"], "seed": secret})
    except Exception as exc:  # noqa: BLE001 - a damaged setup is a finding, not a crash
        return bad(0, f"The recorded setup cannot start a game: {exc}.")
    current = engine.state_hash(state)
    for e in events:
        if e["kind"] in store.STATE_KINDS:
            try:
                state, _ = store.apply_event(state, e["kind"], e["payload"])
            except engine.IllegalDecision as exc:
                return bad(e["seq"], f"seq {e['seq']}: the engine refuses the recorded decision ({exc.code}: "
                                     f"{exc.message}).")
            except Exception as exc:  # noqa: BLE001
                return bad(e["seq"], f"seq {e['seq']}: the recorded decision cannot be applied ({exc!r}).")
            current = engine.state_hash(state)
        if current != e["state_hash"]:
            return bad(e["seq"], f"seq {e['seq']}: the re-folded state hash differs from the recorded one.")
    # 4. the game row is a projection of the log: every column of it agrees
    problem = _projection_problem(game, created["payload"], events[-1], state)
    if problem:
        return bad(None, f"The game row (a projection of the log) disagrees with it: {problem}.")
    return result


def _projection_problem(game: Game, created: dict, last: dict, state) -> str | None:
    over = bool(state.over)
    prompt_seats = [] if over else sorted({p.seat for p in engine.prompts(state)})
    expected = [
        (game.setup, created["setup"], "its setup differs from the one recorded in game_created"),
        (game.seed_sha256, created["seed_sha256"],
         "its seed_sha256 differs from the commitment in game_created"),
        (game.chain, chain.scheme_of(created), "its hash chain scheme differs from the one game_created declares"),
        (game.rules_version, created["rules_version"],
         "its rules version differs from the one pinned in game_created"),
        ((game.seq, game.last_hash, game.state_hash), (last["seq"], last["hash"], last["state_hash"]),
         "its seq/last hash/state hash differ from the last event"),
        (game.status, Game.Status.OVER if over else Game.Status.ACTIVE,
         f"its status is {game.status!r}, the log says {'over' if over else 'active'}"),
        (list(game.winners or []), list(state.winners) if over else [],
         "its winners differ from the re-folded state's"),
        (list(game.prompt_seats or []), prompt_seats,
         "its prompt seats differ from the seats the re-folded state asks"),
    ]
    for have, want, words in expected:
        if have != want:
            return words
    return None
