"""The bots as the pages offer them: levels with a line each, not engine names. The mapping
lives here (the web layer) so `games.ai` keeps its own names and labels for the event log."""
from __future__ import annotations

#: (bot name in games.ai, level, a line a player can choose by), easiest first.
LEVELS = [
    ("random", "Easy", "Plays any legal move at random."),
    ("heuristic", "Normal", "Plays by rules of thumb: hits whoever is closest to leaving, keeps heals for when it counts."),
    ("mcts", "Hard", "Thinks ahead by playing out many possible futures; takes a moment."),
]
_WORDS = {name: level for name, level, _ in LEVELS}


def bot_levels() -> tuple[list[dict], str | None]:
    """The levels the bots in `games.ai` offer, and the default bot's name."""
    try:
        from games.ai import BOTS, DEFAULT_BOT
    except ImportError:  # pragma: no cover - the AI package is optional for the pages
        return [], None
    levels = [{"bot": name, "level": level, "line": line} for name, level, line in LEVELS if name in BOTS]
    # a bot added to games.ai before it has a level here is still offered, by its name
    levels += [{"bot": name, "level": name.title(), "line": ""} for name in BOTS if name not in _WORDS]
    return levels, DEFAULT_BOT


def bot_level(name: str) -> str:
    """"Normal" for "heuristic" (also for a stored label such as "heuristic@4")."""
    base = (name or "").split("@", 1)[0]
    return _WORDS.get(base, base.title() or "bot")
