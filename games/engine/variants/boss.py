"""The Boss Battle family (digest §17.2-17.5): a villain playing a Boss deck, alone against a
team or beside a partner, plugged in at the variant hook points of `variants.py` on top of the
team rules of `team_play.py` (docs/boss.md).

- **Who is a Boss**: a seat the variant names (`boss_seat`): seat 0 in Boss Battle, every seat
  in Two-Headed Boss Battle and Boss Versus Boss, each team's first seat in Leaders and
  Lackeys. A Boss must be a Villain (`alignment: "villain"`) [001:1851-1853]; the engine
  refuses any other with a sentence (`check_character`), so the lobby can too.
- **Boss cards**: a pack gives a character Boss cards as a deck named after its Character Deck
  with `-boss` (`daareka-boss`); a Boss seat has them shuffled into its deck [001:1855-1857;
  003:849]. Content without such a deck plays the Boss with its Character Deck alone.
- **Numbers**: the variant's `value` says a seat's hand size, Actions and Drinks per turn; a
  character's own hook for the number still wins (hooks.value).
- **Casting** (`Bosses`, every variant's points of `variants.py`): the variant `needs_villains`,
  so a table of it plays the villains' packs; `cast` gives its Boss seats villains and the rest
  anyone (a table's AI seats, `simulate`, `tournament`), and `owner_seat` seats a hero owner
  where no Boss sits. The service, pages, bots and commands ask these and name no variant.
"""
from ..core import hooks
from ..core.content import of
from ..core.state import State
from .team_play import TeamVariant, TwoHeadedDragon
from ..core.variants import VARIANTS, Variant, register
from ..core.words import SEAT_LINES

BOSS_DECK_SUFFIX = "-boss"


def boss_deck(state: State, seat: int) -> str:
    return of(state).characters[state.seats[seat].character].deck + BOSS_DECK_SUFFIX


def _add_boss_cards(state: State, seat: int) -> None:
    """Shuffled in with the rest: `_deal` shuffles the seat's deck after the variant's setup."""
    content = of(state)
    deck = boss_deck(state, seat)
    if deck not in content.decks:
        return
    keys = content.deck_list(deck)
    ids = range(len(state.cards), len(state.cards) + len(keys))
    state.cards.extend(keys)
    state.owner.extend([seat] * len(keys))
    state.seats[seat].deck.extend(ids)


def _villain_only(variant: str, seat: int, character) -> str | None:
    if character.alignment == "villain":
        return None
    return (f"Seat {seat + 1} plays a Boss in {variant}, and a Boss must be a villain: "
            f"{character.name} is not one (choose one of the RDI 6 villains or Nerodia).")


class Bosses:
    """What every Boss variant shares: villains in its Boss seats (`boss_seat`, which each
    variant says), cast from a pool and refused a hero with a sentence; the owner's seat; each
    Boss's hand size and Actions shown to the whole table."""
    needs_villains = True

    def check_character(self, seat: int, n: int, character) -> str | None:
        return _villain_only(self.title, seat, character) if self.boss_seat(seat, n) else None

    def cast(self, n: int, pool, taken: dict[int, str] | None = None) -> list[str]:
        """Villains for the Boss seats, anyone for the rest, each once while there are enough
        (those not `taken` first, in pool order); the seats in `taken` keep theirs. Raises
        ValueError with a sentence when the pool has no villain at all."""
        taken = taken or {}
        pool = list(pool)
        if not any(c.alignment == "villain" for c in pool):
            raise ValueError(f"{self.title} needs villains for its Bosses: add the RDI 6 packs or Nerodia's.")
        used = set(taken.values())
        ordered = [c for c in pool if c.id not in used] + [c for c in pool if c.id in used]
        out, picked = [], set(used)
        for i in range(n):
            if i in taken:
                out.append(taken[i])
                continue
            fits = [c.id for c in ordered if c.alignment == "villain" or not self.boss_seat(i, n)]
            out.append(([c for c in fits if c not in picked] or fits)[0])
            picked.add(out[-1])
        return out

    def owner_seat(self, n: int, character) -> int | None:
        """A villain takes the first seat (a Boss, a Leader); anyone else the first seat that is
        no Boss's (a Challenger in Boss Battle, Team A's Lackey in Leaders and Lackeys, digest
        §17.4), leaving the Boss's seat to a villain (R-BOSS-SEAT). None: the first free, where
        `check_character` refuses a non-villain (every seat is a Boss)."""
        if character is None or character.alignment == "villain":
            return None
        return next((i for i in range(n) if not self.boss_seat(i, n)), None)

    def table_view(self, state: State) -> dict:
        bosses = boss_info(state)
        return {"bosses": bosses} if bosses else {}


class BossBattle(Bosses, TeamVariant):
    """Boss Battle [001:1819-2000; 003:829-887]: seat 0 is the Boss, a team of one; seats 1.. are
    2-4 Challengers sharing one mat. X = the number of Challengers."""
    name = "boss-battle"
    lobby, offered = "Boss Battle (3-5 players)", 2
    about = ("One villain Boss (seat 1) against 2-4 Challengers sharing a mat (3-5 players); a villain you "
             "choose is the Boss, anyone else a Challenger")
    title = "Boss Battle"
    team_size = 1                    # teams are not seat pairs (`mat_of` says who is on whose)

    def check_seats(self, n: int):
        if not 3 <= n <= 5:
            return "Boss Battle is one Boss against 2, 3 or 4 Challengers: 3, 4 or 5 seats."
        return None

    def boss_seat(self, seat: int, n: int) -> bool:
        return seat == 0

    def mat_of(self, seat: int, n: int) -> int:
        return 0 if seat == 0 else 1

    def team_label(self, seat: int, n: int) -> str:
        return "Boss · Team A" if seat == 0 else "Challenger · Team B"

    def team_name(self, team: int) -> str:
        return "The Boss" if team == 0 else "The Challengers"     # a lone Boss is no "Team A"

    def setup(self, state: State) -> None:
        x = len(state.seats) - 1
        state.seats[0].tokens["potions"] = x          # X for the Boss, X in total for the team
        state.seats[1].tokens["potions"] = x
        _add_boss_cards(state, 0)

    def first_active(self, state: State, seat: int) -> int:
        return 0                                      # the Boss always goes first [001:1884]

    def value(self, state: State, seat: int, name: str):
        x = len(state.seats) - 1
        if seat == 0:
            if name in ("hand_size", "opening_hand"):
                return 6 + x                          # 8 / 9 / 10 for 2 / 3 / 4 [001:1829-1830]
            if name in ("actions_per_turn", "drinks_per_turn"):
                # The first turn is a half turn, rounded up [001:1893-1897, 1974-1980].
                return (1 if x == 2 else 2) if state.turn == 1 else x
            return None
        if name == "drinks_per_turn":
            # The Challengers order one Drink in all, not one each [001:1997-2000].
            return 0 if state.counts.get("team_ordered") else 1
        return None

    def finish_part(self, state: State, nxt: str) -> None:
        if state.phase == "order" and state.counts.get("drinks"):
            state.counts["team_ordered"] = True
        super().finish_part(state, nxt)


class BossDecks(Bosses, TwoHeadedDragon):
    """Two-Headed Boss Battle [001:2002-2013; 003:889-899]: Two-Headed Dragon with every player
    a Boss: Boss Setup with a hand of 7, 2 Potions per team, the team orders 2 Drinks."""
    name = "two-headed-boss-battle"
    lobby, offered = "Two-Headed Boss Battle (4 or 6)", 3
    about = ("Teams of two villains with Boss decks (4 or 6 players): every seat is a Boss, so heroes "
             "can't play")
    title = "Two-Headed Boss Battle"

    def check_seats(self, n: int):
        if n not in (4, 6):
            return f"{self.title} is played 2 against 2 or 2 against 2 against 2: 4 or 6 seats."
        return None

    def boss_seat(self, seat: int, n: int) -> bool:
        return True

    def setup(self, state: State) -> None:
        super().setup(state)
        n = len(state.seats)
        for s in range(n):
            if self.boss_seat(s, n):
                _add_boss_cards(state, s)


class LeadersAndLackeys(BossDecks):
    """Leaders and Lackeys [001:1913-1931; 003:901-911]: as Two-Headed Boss Battle, each team a
    Boss (its first seat) and a Lackey (its second, any character)."""
    name = "leaders-and-lackeys"
    lobby, offered = "Leaders and Lackeys (4, 6 or 8)", 4
    about = ("Teams of a villain Leader (seats 1, 3...) and a Lackey, anyone (4, 6 or 8 players); a villain "
             "you choose leads, a hero is a Lackey")
    title = "Leaders and Lackeys"

    def check_seats(self, n: int):
        if n not in (4, 6, 8):
            return f"{self.title} is played by teams of a Boss and a Lackey: 4, 6 or 8 seats."
        return None

    def boss_seat(self, seat: int, n: int) -> bool:
        return seat % 2 == 0

    def team_label(self, seat: int, n: int) -> str:
        return f"{'Leader' if self.boss_seat(seat, n) else 'Lackey'} · Team {'ABCD'[seat // 2]}"


class BossVersusBoss(Bosses, Variant):
    """Boss Versus Boss [001:1933-1953]: an individual game in which everyone plays a Boss deck
    with a hand of 7, no Potions, no Champions. Gold and the Actions and Drinks per turn are
    the open points of §17.5 (R-BOSS-VS-BOSS): 10 Gold each as Boss Setup says, and the
    individual game's one Action and one Drink."""
    name = "boss-versus-boss"
    lobby, offered = "Boss Versus Boss (2-5)", 5
    about = "Everyone a villain with a Boss deck, each for themselves (2-5 players): heroes can't play"
    title = "Boss Versus Boss"

    def check_seats(self, n: int):
        if not 2 <= n <= 5:
            return f"{self.title} needs a villain for every seat: 2 to 5 seats."
        return None

    def boss_seat(self, seat: int, n: int) -> bool:
        return True

    def starting_gold(self, n: int) -> int:
        return 10

    def setup(self, state: State) -> None:
        for s in range(len(state.seats)):
            _add_boss_cards(state, s)


def boss_info(state: State) -> list[dict]:
    """What the table shows of each Boss: hand size, Actions this turn and how many it played."""
    rules = VARIANTS.get(state.variant)
    if rules is None:
        return []
    n = len(state.seats)
    out = []
    for s in range(n):
        if not rules.boss_seat(s, n):
            continue
        mine = state.active == s
        out.append({"seat": s, "hand_size": hooks.value(state, s, "hand_size"),
                    "actions": hooks.value(state, s, "actions_per_turn"),
                    "drinks": hooks.value(state, s, "drinks_per_turn"),
                    "played": state.counts.get("actions", 0) if mine and state.phase == "action" else None})
    return out


register(BossBattle())
register(BossDecks())
register(LeadersAndLackeys())
register(BossVersusBoss())


@SEAT_LINES.append
def _mat_line(view: dict, seat: int) -> str:
    """"Boss · draws up to 9 · Actions 1 of 3" on a Boss seat's mat (docs/boss.md): the hand
    size it draws up to, which the mat must not read as the cards it holds (those are "7 in
    hand" beside it)."""
    b = next((b for b in view.get("bosses") or [] if b["seat"] == seat), None)
    if b is None:
        return ""
    n = b["actions"]
    acts = f"Actions {b['played']} of {n}" if b["played"] is not None else f"{n} Action{'s' if n != 1 else ''} a turn"
    return f"Boss · draws up to {b['hand_size']} · {acts}"
