"""Replay stepping benchmark (DESIGN.md §9, docs/replay.md): printed figures with a same-run
baseline, never pass/fail on time.

    python -m tests.bench_replay [--events 1000] [--players 8]

Plays 8-seat games to the end through `submit_decision` (random legal decisions; snapshots
every RDI_SNAPSHOT_EVERY events, as in production) until they hold at least `--events`
events, then steps through them: forward and backward one event at a time with a cold frame
cache, random jumps, the same frames again from the cache, and the page fragment (frame +
the live board's template). The baseline is what stepping must never do: a full re-fold
from `new_game` to the same event. Random play ends an 8-seat game after ~300-600 events,
so "a 1,000-event game" is measured as several whole games totalling that many events; the
printout says so. Per-step cost depends on the snapshot interval, not on the game's length.

It creates a scratch database `rdi_bench_<pid>` next to DATABASE_URL's and drops it at the end.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def _ms(xs):
    xs = sorted(xs)
    return (f"p50 {statistics.median(xs) * 1e3:.2f} ms, p99 {xs[min(len(xs) - 1, int(len(xs) * .99))] * 1e3:.2f} ms,"
            f" max {xs[-1] * 1e3:.2f} ms")


def play_games(*, events: int, players: int, seed: int = 1):
    from django.contrib.auth import get_user_model

    from games import appends, engine, selectors, services

    owner, _ = get_user_model().objects.get_or_create(username="bench-replay")
    chars = ("deirdre", "zot", "gerki", "fiona")
    rng = random.Random(seed)
    games, total = [], 0
    while total < events:
        table = services.table_create(owner=owner, player_count=players, turn_seconds=None)
        for i in range(players):
            services.seat_take(table_id=table.pk, user=owner, character=chars[i % 4], ai=True)
        game = services.table_start(table_id=table.pk, user=owner, seed=f"{len(games):02d}" * 32)
        state = selectors.game_state(game=game)
        seq = 0
        while not state.over:
            p = engine.prompts(state)[0]
            d = rng.choice(p.decisions)
            appends.submit_decision(game_id=game.pk, seat=p.seat, decision=d, actor="ai:random@1", expected_seq=seq)
            state, _ = engine.apply(state, {**d, "seat": p.seat})
            seq += 1
        game.refresh_from_db()
        games.append(game)
        total += game.seq + 1
    return games, total


def run(*, events: int = 1000, players: int = 8, out=sys.stdout) -> dict:
    from django.contrib.auth.models import AnonymousUser
    from django.db import connection
    from django.test import RequestFactory

    from games import store
    from replay import frames, views

    say = lambda *a: print(*a, file=out)  # noqa: E731
    t0 = time.perf_counter()
    games, total = play_games(events=events, players=players)
    lengths = [g.seq + 1 for g in games]
    say(f"Replay stepping: {len(games)} whole {players}-seat game(s) of {', '.join(map(str, lengths))} events = "
        f"{total} events (random play ends an {players}-seat game well before 1,000 events, so this is several "
        f"games stepped end to end, not one 1,000-event log); played through submit_decision in "
        f"{time.perf_counter() - t0:.1f} s")

    def step(game, at, viewer):
        s = time.perf_counter()
        frames.frame(game=game, at=at, viewer=viewer)
        return time.perf_counter() - s

    store.cache.clear()
    frames.clear_caches()
    fwd = [step(g, at, "omniscient") for g in games for at in range(g.seq + 1)]
    back = [step(g, at, 0) for g in games for at in range(g.seq, -1, -1)]
    rng = random.Random(3)
    picks = [(g, rng.randrange(g.seq + 1)) for g in rng.choices(games, k=min(300, total))]
    jumps = [step(g, at, "spectator") for g, at in picks]
    cached = [step(g, at, "omniscient") for g in games for at in range(g.seq + 1)]
    t_line = []
    for g in games:
        frames.clear_caches()
        s = time.perf_counter()
        frames.timeline(game=g)
        t_line.append(time.perf_counter() - s)
    factory = RequestFactory()
    page = []
    for g, at in picks[:100]:
        frames.clear_caches()
        request = factory.get(f"/games/{g.pk}/replay/frame/", {"at": at, "as": "omniscient"})
        request.user = AnonymousUser()
        s = time.perf_counter()
        views.replay_frame(request, g.pk)
        page.append(time.perf_counter() - s)
    refold = []
    with connection.cursor() as cursor:
        for g, at in picks[:100]:
            s = time.perf_counter()
            state = store.genesis_state(cursor, g.pk)
            store.fold(cursor, state, game_id=g.pk, after_seq=0, upto_seq=at)
            refold.append(time.perf_counter() - s)
    jump_mean, refold_mean = statistics.mean(jumps[:100]), statistics.mean(refold)
    say(f"  step forward, cold cache (omniscient):  {len(fwd)} steps, {_ms(fwd)}")
    say(f"  step backward, cold cache (seat 0):     {len(back)} steps, {_ms(back)}")
    say(f"  random jumps, cold cache (spectator):   {len(jumps)} steps, {_ms(jumps)}")
    say(f"  the same frames again (frame cache):    {len(cached)} steps, {_ms(cached)}")
    say(f"  page fragment (frame + board template): {len(page)} steps, {_ms(page)}")
    say(f"  timeline for the charts (one per game): {_ms(t_line)}")
    say(f"  baseline, a full re-fold from new_game to the same events: {_ms(refold)}; a cold random jump costs "
        f"{jump_mean / refold_mean:.2f}x that re-fold (its own frame: snapshot load + <={store_every()} events "
        f"+ view + narration)")
    return {"games": len(games), "events": total, "forward_p50": statistics.median(fwd),
            "jump_mean": jump_mean, "refold_mean": refold_mean}


def store_every():
    from django.conf import settings
    return settings.RDI_SNAPSHOT_EVERY - 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--players", type=int, default=8)
    args = parser.parse_args(argv)
    from tests import bench_store as bs   # scratch database next to DATABASE_URL's; no task scheduling
    bs.create_db()
    try:
        bs.django_setup()
        run(events=args.events, players=args.players)
    finally:
        bs.drop_db()


if __name__ == "__main__":
    main()
