"""python manage.py simulate --games N --players K --seed S [--policy random|greedy|heuristic|mcts]
                             [--variant V] [--options dungeon_events]
                             [--variant bar-deck|prize|pub-crawl]
                             [--packs FILE,...] [--characters a,b,c]

Plays whole games with bots through the engine's public surface and prints a summary.
`--packs` plays the content of those pack files (after the engine's base pack unless one is a
base pack); `--characters` seats exactly those characters at every table (`--players` is
then their number); without `--packs` the installed packs (`packs/`) that define characters
the base game lacks are played, so `--characters farai,lucky,nerodia,phyll,samantha` plays
the RDI 8 samplers. `--options` switches table options on (`dungeon_events`: the Dungeon Event
Deck; the installed dungeon-events sampler is added when no pack given has Dungeon Events).
`--variant otto`, `bar-deck`, `prize` and `pub-crawl` play the base game with that table option
(`OPTION_VARIANTS`) and, for the last three, its installed sampler pack when the packs given
lack its cards. Otto's cards come from `--packs` (e.g. tests/packs/otto/fixtures.json), or he
plays with an empty deck (docs/otto.md).
Exits non-zero when any game errored (an exception, a stall or the
decision cap).
"""
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games import engine
from games.bosses import content_with_villains
from games.simulation import DEFAULT_MAX_DECISIONS, content_from_files, policy_names, simulate


#: `--variant` names that are a table option played on the base game, not an engine variant
#: (issue 20): the name -> (the table option, the installed sampler pack it plays, if any).
OPTION_VARIANTS = {"otto": ("otto", None), "bar-deck": ("bar_deck", "bar-drinks"), "prize": ("prize", "prizes"),
                   "pub-crawl": ("pub_crawl", "taverns")}


def split(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def content_option(packs: str | None) -> list[dict] | None:
    """The pack documents `--packs` names, or None; a CommandError says what is wrong."""
    files = split(packs)
    if not files:
        return None
    try:
        return content_from_files(files)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    except engine.ContentError as exc:
        lines = [f"  {p['pack'] or '?'}{', card ' + p['card'] if p['card'] else ''}"
                 f"{', field ' + p['field'] if p['field'] else ''}: {p['message']}" for p in exc.problems]
        raise CommandError("These packs cannot be played:\n" + "\n".join(lines)) from None


def with_dungeon_events(content: list[dict] | None) -> list[dict]:
    """`content` with Dungeon Event cards: as given if a pack has some, else plus the installed
    dungeon-events sampler (docs/packs.md)."""
    docs = list(content or [engine.BASE_PACK])
    if any(c.type == "Dungeon Event" for c in engine.load_content(docs).cards.values()):
        return docs
    from games.packs import registry
    sampler = registry.installed(uploads=False).get("dungeon-events")
    if sampler is None or not sampler.ok:
        raise CommandError("dungeon_events needs a pack with Dungeon Event cards: give one with --packs "
                           "(the dungeon-events sampler is not installed)")
    return docs + [sampler.document]


#: The rulebooks print no Tavern Drink: without a pack of them the Pub Crawl plays the test fixtures.
TAVERN_DRINKS = Path(__file__).resolve().parents[3] / "tests" / "packs" / "pub-crawl" / "fixtures.json"


def with_tavern_drinks(docs: list[dict]) -> list[dict]:
    content = engine.load_content(docs)
    if any(content.deck_list(c.facts.drinks) for c in content.cards.values()
           if c.type == "Tavern" and c.facts.drinks):
        return docs
    if not TAVERN_DRINKS.exists():
        raise CommandError("pub_crawl needs a pack of Tavern Drinks: give one with --packs")
    return docs + [json.loads(TAVERN_DRINKS.read_text())]


def has_taverns(docs: list[dict] | None) -> bool:
    """Whether the given packs bring their own taverns (printed Tavern Events, say), played
    instead of the installed sampler's (docs/packs.md, "Tavern Events")."""
    return bool(docs) and any(c.type == "Tavern" for c in engine.load_content(docs).cards.values())


def with_option_pack(content: list[dict] | None, option: str, pack: str) -> list[dict]:
    """`content` plus the installed pack a table option plays, unless a given pack has its id."""
    docs = list(content or [engine.BASE_PACK])
    if any((d.get("pack") or {}).get("id") == pack for d in docs):
        return docs
    from games.packs import registry
    found = registry.installed(uploads=False).get(pack)
    if found is None or not found.ok:
        raise CommandError(f"{option} needs the installed {pack} pack (or give its cards with --packs)")
    return docs + [found.document]


def installed_content_for(characters: list[str]) -> list[dict] | None:
    """Without `--packs`: the installed packs (the packs folder, docs/packs.md) that define the
    named characters the base game lacks, base first; None when the base game has them all."""
    from games.packs import registry

    missing = [c for c in characters if c not in engine.CHARACTERS]
    if not missing:
        return None
    chosen = []
    packs = registry.installed(uploads=False)
    for pid, pack in sorted(packs.items()):
        ids = {c.get("id") for c in (pack.document or {}).get("characters", [])}
        if pack.ok and pack.header.get("kind") != "base" and ids & set(missing):
            chosen.append(pid)
            missing = [c for c in missing if c not in ids]
    if missing:
        raise CommandError(f"unknown character {missing[0]!r}: no installed pack defines it (or name --packs)")
    try:
        return [packs[registry.BASE_ID].document] + [packs[pid].document for pid in chosen]
    except KeyError:
        raise CommandError("the installed packs have no base pack") from None


class Command(BaseCommand):
    help = "Play N bot games with the rules engine and print finished/errors/wins/speed."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument("--players", type=int, default=4, help="seats per game, 2..8 (default 4)")
        parser.add_argument("--seed", default="0", help="run seed; game i uses a seed derived from it")
        parser.add_argument("--policy", choices=policy_names(), default="random")
        parser.add_argument("--packs", help="comma-separated pack files to play (docs/packs.md)")
        parser.add_argument("--characters", help="comma-separated characters: every table seats exactly these")
        parser.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                            help="decisions after which a game counts as an error")
        parser.add_argument("--variant", choices=sorted(engine.VARIANTS) + sorted(OPTION_VARIANTS), default="base",
                            help="the game's variant (two-headed-dragon: teams of two, 4, 6 or 8 players; "
                                 "boss-battle and its family: docs/boss.md; otto, bar-deck, prize, pub-crawl: "
                                 "that table option on the base game)")
        parser.add_argument("--options", help="comma-separated table options to switch on: "
                            + ", ".join(engine.TABLE_OPTIONS))
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, *args, games, players, seed, policy, packs, characters, max_decisions, variant,
               no_progress, options=None, **rest):
        if games < 1:
            raise CommandError("--games must be at least 1")
        content = content_option(packs)
        table_options = {name: True for name in split(options)}
        unknown = [n for n in table_options if n not in engine.TABLE_OPTIONS]
        if unknown:
            raise CommandError(f"unknown table option {unknown[0]!r}; one of: {', '.join(engine.TABLE_OPTIONS)}")
        characters = split(characters) or None
        if characters and content is None:
            content = installed_content_for(characters)
        if variant in OPTION_VARIANTS:     # a table option played on the base game
            option, pack = OPTION_VARIANTS[variant]
            table_options[option] = True
            if pack and not (option == "pub_crawl" and has_taverns(content)):   # a pack of its own taverns
                content = with_option_pack(content, option, pack)
            if option == "pub_crawl":
                content = with_tavern_drinks(content)
            variant = "base"
        if table_options.get("dungeon_events"):
            content = with_dungeon_events(content)
        if engine.VARIANTS[variant].needs_villains:   # Bosses are villains: the installed villain packs (docs/boss.md)
            content = content_with_villains(content)
        if characters:
            players = len(characters)
        if not 2 <= players <= 8:
            raise CommandError("--players (or the number of --characters) must be between 2 and 8")
        problem = engine.VARIANTS[variant].check_seats(players)
        if problem:
            raise CommandError(problem)
        bar = tqdm(total=games, unit="game", file=sys.stderr, disable=no_progress, mininterval=0.5)
        errors = 0

        def on_game(number, result):
            nonlocal errors
            errors += result.error is not None
            bar.update(1)
            bar.set_postfix(errors=errors, refresh=False)

        try:
            summary = simulate(games, players, seed, policy, max_decisions=max_decisions, content=content,
                               characters=characters, variant=variant, options=table_options, on_game=on_game)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        finally:
            bar.close()
        self.stdout.write(summary.format())
        if summary.errors:
            raise CommandError(f"{summary.errors} of {games} games errored", returncode=1)
