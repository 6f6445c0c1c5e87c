"""The heuristic bot playing every seat of a game through the service, for the page tests
that need a game under way or played out (what AI seats do, without the Celery worker)."""
from collections.abc import Iterator

from games import appends, engine, selectors
from games.ai import decision_seed, get_bot
from games.models import Game
from games.presentation import narration


def bot_turns(game: Game, *, told: dict | None = None, limit: int | None = None) -> Iterator[tuple]:
    """Yields `(state, prompt, view)` before each decision (the view is the asked seat's), then
    submits the bot's decision and refreshes `game`, until the game is over or `limit`
    decisions were made; a test that has seen enough breaks out. `told` maps viewers (a seat
    or None for a spectator) to lists that get what each decision narrates for them, as the
    page's log asks for it after every move (it re-narrates only the latest few)."""
    bot = get_bot("heuristic")
    made = 0
    while limit is None or made < limit:
        game.refresh_from_db()
        if game.status == Game.Status.OVER:
            return
        state = selectors.game_state(game=game)
        prompt = engine.prompts(state)[0]
        view = engine.view(state, prompt.seat)
        yield state, prompt, view
        decision = bot.decide(view, seed=decision_seed(secret="t", seq=game.seq, seat=prompt.seat))
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision, actor=bot.actor,
                                 expected_seq=game.seq)
        made += 1
        game.refresh_from_db()
        for viewer, lines in (told or {}).items():
            for step in narration.narration_for(game=game, seat=viewer, after=game.seq - 1)["steps"]:
                lines.extend(step["lines"])


def play_out(game: Game, *, told: dict | None = None) -> None:
    """The bot plays every seat of `game` to its end (`told` as in `bot_turns`)."""
    for _ in bot_turns(game, told=told):
        pass
