"""`new_game`: a fresh table, or any position a scenario describes."""
from .cards import BASE
from .content import ContentError, load_content, of
from .errors import IllegalDecision
from .flow import advance
from .rng import choice, shuffle
from . import extensions, hooks, table_setup, variants
from .state import Mat, Seat, State

MIN_SEATS, MAX_SEATS = table_setup.MIN_PLAYERS, table_setup.MAX_PLAYERS


def starting_gold(players: int) -> int:
    """10 Gold; 8 with two players; 12 with seven or more (digest §2.4)."""
    return variants.BASE.starting_gold(players)


def _bad(message: str):
    return IllegalDecision("bad_setup", message)


def new_game(setup: dict) -> State:
    """The game of `setup`; a setup `table_setup` refuses raises its SetupError (code
    `bad_setup`), any other refusal IllegalDecision("bad_setup" or "bad_content")."""
    seats = setup.get("seats")
    table_setup.check_players(len(seats) if isinstance(seats, list) else None)
    seed = setup.get("seed")
    if not isinstance(seed, str) or not seed:
        raise _bad("A game needs a secret seed string.")
    name = setup.get("variant", "base")
    rules = table_setup.check_variant(name, len(seats))
    content = _content(setup.get("content"))
    for s in seats:
        if not isinstance(s, dict) or s.get("character") not in content.characters:
            raise _bad(f"Each seat needs a character, one of: {', '.join(content.characters)}.")
    n = len(seats)
    for i, s in enumerate(seats):
        problem = rules.check_character(i, n, content.characters[s["character"]])
        if problem:
            raise _bad(problem)
    options = setup.get("options") or {}
    table_setup.check_options(options, table_setup.Table(n, name, content), unknown=False)
    state = State(seed=seed, variant=name, options=dict(options),
                  cards=[], owner=[], seats=[], drink_deck=[], drink_discard=[], shuffles={},
                  content="" if content is BASE else content.id)
    deck_list = content.deck_list
    gold = rules.starting_gold(n)                 # a table option may change it (starting_gold.py)
    for i, s in enumerate(seats):
        ch = content.characters[s["character"]]
        mat = rules.mat_of(i, n)
        if mat == len(state.mats):
            state.mats.append(Mat(gold=gold))
        seat = Seat(character=s["character"], mat=mat, m=state.mats[mat],
                    tokens={name: t.get("start", 0) for name, t in sorted(ch.tokens.items())},
                    zones={name: [] for name in sorted(ch.zones)})
        seat.deck = _instances(state, deck_list(content.characters[s["character"]].deck), i)
        state.seats.append(seat)
    state.drink_deck = _instances(state, deck_list("drink"), "drink")
    _zones(state, content)
    rules.setup(state)
    extensions.setup(state)                 # table options (Dungeon Events)

    position = setup.get("position")
    if position:
        _place(state, position)
        extensions.place(state, position)
        _place_table(state, position.get("table"))
    else:
        _deal(state)
        first = setup.get("first_seat")
        first = first if isinstance(first, int) and 0 <= first < n else choice(n, seed, "first-seat")
        state.active = rules.first_active(state, first)
    state._fx = []
    if not position:            # a position is a game under way: its set-up is behind it
        for i in range(n):
            hooks.run(state, i, "setup")
        for i in rules.turn_seats(state):     # the first turn begins too (Get Treasure, §14.10)
            hooks.run(state, i, "turn_start")
    advance(state)
    state._fx = []
    return state


def _content(packs):
    """The pack documents a game pins, or the built-in base pack."""
    if packs is None:
        return BASE
    try:
        return load_content(packs)
    except ContentError as e:
        raise IllegalDecision("bad_content", f"The game's content can't be played: {e}") from None


def _zones(state: State, content) -> None:
    """Side decks a character brings: its own zones (a seat's form decks) and shared ones
    (a Brawler deck, with its discard pile), each shuffled on its own stream."""
    for i, seat in enumerate(state.seats):
        for name, z in sorted(content.characters[seat.character].zones.items()):
            if z.get("shared"):
                if name not in state.zones:
                    state.zones[name] = _instances(state, deck_list_of(content, z), name)
                    state.zones[name + ":discard"] = []
                    shuffle(state.zones[name], state.seed, name, 0)
                    state.shuffles[name] = 0
                seat.zones.pop(name, None)
            elif z.get("deck"):
                seat.zones[name] = _instances(state, deck_list_of(content, z), i)
                shuffle(seat.zones[name], state.seed, f"seat{i}.{name}", 0)


def deck_list_of(content, zone: dict) -> list[str]:
    return content.deck_list(zone["deck"]) if zone.get("deck") else []


def _instances(state: State, keys: list[str], owner) -> list[int]:
    ids = list(range(len(state.cards), len(state.cards) + len(keys)))
    state.cards.extend(keys)
    state.owner.extend([owner] * len(keys))
    return ids


def _deal(state: State) -> None:
    for i, seat in enumerate(state.seats):
        shuffle(seat.deck, state.seed, f"seat{i}", 0)
        state.shuffles[f"seat{i}"] = 0
    shuffle(state.drink_deck, state.seed, "drink", 0)
    state.shuffles["drink"] = 0
    for seat in state.seats:                      # one face-down Drink each
        seat.drink_me.append(state.drink_deck.pop())
    for i, seat in enumerate(state.seats):
        for _ in range(hooks.value(state, i, "opening_hand")):
            seat.hand.append(seat.deck.pop())


# --- scenario positions ---------------------------------------------------------

def _key(state, default_deck: str, name: str) -> str:
    key = name if "/" in name else f"{default_deck}/{name}"
    if key not in of(state).cards:
        raise _bad(f"No card {name!r} in the {default_deck} deck.")
    return key


class _Pool:
    """Unplaced instances of one deck, so a position can take cards by slug."""

    def __init__(self, state, ids, owner):
        self.state, self.free, self.owner = state, list(ids), owner

    def take(self, key: str) -> int:
        for cid in self.free:
            if self.state.cards[cid] == key:
                self.free.remove(cid)
                return cid
        return _instances(self.state, [key], self.owner)[0]   # e.g. Mead, or one copy too many

    def take_all(self, names, deck) -> list[int]:
        return [self.take(_key(self.state, deck, nm)) for nm in names or []]


def pool_deck(state: State, zone: str) -> str:
    """The deck a shared zone is dealt from."""
    for ch in of(state).characters.values():
        z = ch.zones.get(zone)
        if z and z.get("shared"):
            return z["deck"]
    return zone


def _shared_take(state, shared, name):
    """A card a seat's zone takes from a shared deck ("treasure/budget-armor"), or None."""
    if "/" not in name:
        return None
    deck = name.split("/")[0]
    for zone, pool in shared.items():
        if pool_deck(state, zone) == deck:
            return pool.take(_key(state, deck, name))
    return None


def _others_cards(state: State, pos: dict) -> None:
    """Zone cards a position gives as {"seat": j, "card": slug}: another seat's cards (those
    Nerodia has Petrified), taken from that seat's deck so they keep their owner."""
    for i, p in enumerate(pos.get("seats") or []):
        for name, slugs in ((p or {}).get("zones") or {}).items():
            for k, x in enumerate(slugs):
                if isinstance(x, dict):
                    j = x["seat"]
                    pool = _Pool(state, state.seats[j].deck, j)
                    cid = pool.take(_key(state, of(state).characters[state.seats[j].character].deck, x["card"]))
                    if cid in state.seats[j].deck:
                        state.seats[j].deck.remove(cid)
                    state.seats[i].zones[name][k] = cid


def _drink(state: State, drinks: _Pool, shared: dict, name: str) -> int:
    """A Drink on a Drink Me! pile: one of the Drink Deck's, or a table deck's (a Tavern Drink)."""
    key = _key(state, "drink", name)
    if not any(state.cards[cid] == key for cid in drinks.free):
        for pool in shared.values():
            if any(state.cards[cid] == key for cid in pool.free):
                return pool.take(key)
    return drinks.take(key)


def _place_table(state: State, spec) -> None:
    """A position's `table` (what a fork copies from the omniscient view): every table zone
    exactly, its card keys in the state's order (the top last), the table tokens and the
    options set-up chose (Otto's factions), whatever table option dealt them (Taverns, Prizes,
    Otto's deck and tracks). Table cards no zone names (drawn since, or not dealt there) go to
    the box; a card the set-up did not deal here (another of Otto's factions) is added, owned
    as its other copies are, else by its zone's deck."""
    if not spec:
        return
    free = [cid for ids in state.zones.values() for cid in ids]
    owners = {key: owner for key, owner in zip(state.cards, state.owner)}
    zones = {}
    for name, keys in sorted((spec.get("zones") or {}).items()):
        zones[name] = []
        for key in keys:
            if key not in of(state).cards:
                raise _bad(f"The position's table zone {name!r} names {key!r}, which this game's packs lack.")
            cid = next((c for c in free if state.cards[c] == key), None)
            if cid is None:
                cid = _instances(state, [key], owners.get(key, name.split(":", 1)[0]))[0]
            else:
                free.remove(cid)
            zones[name].append(cid)
    state.box.extend(free)
    state.zones = zones
    state.tokens = dict(spec.get("tokens") or {})
    state.options.update(spec.get("options") or {})


def _stack(top_first: list[int]) -> list[int]:
    """Positions list piles top first; the state keeps the top last."""
    return list(reversed(top_first))


def _place(state: State, pos: dict) -> None:
    drinks = _Pool(state, state.drink_deck, "drink")
    shared = {name: _Pool(state, ids, name) for name, ids in state.zones.items() if not name.endswith(":discard")}
    for i, seat in enumerate(state.seats):
        p = (pos.get("seats") or [{}] * len(state.seats))[i] or {}
        pool = _Pool(state, seat.deck, i)
        deck = of(state).characters[seat.character].deck
        seat.hand = pool.take_all(p.get("hand"), deck)
        seat.discard = pool.take_all(p.get("discard"), deck)
        for name, slugs in (p.get("zones") or {}).items():     # e.g. Minions already in play
            seat.zones[name] = [None if isinstance(x, dict) else _shared_take(state, shared, x) or pool.take(_key(state, deck, x))
                                for x in slugs]
        top = pool.take_all(p.get("deck"), deck)
        seat.drink_me = _stack([_drink(state, drinks, shared, nm) for nm in p.get("drink_me") or []])
        rest = pool.free
        shuffle(rest, state.seed, f"seat{i}", 0)
        state.shuffles[f"seat{i}"] = 0
        if p.get("deck_exact"):
            seat.deck = _stack(top)
            state.box.extend(rest)
        else:
            seat.deck = rest + _stack(top)
        for attr in ("fortitude", "alcohol", "gold"):
            if attr in p:
                setattr(seat, attr, p[attr])
        seat.tokens.update(p.get("tokens") or {})
        if p.get("out"):
            seat.out = p["out"]
    for name, pool in shared.items():       # a shared deck's top cards and discard pile (Treasure)
        zpos = pos.get("zones") or {}
        deck = pool_deck(state, name)
        discard = pool.take_all(zpos.get(name + ":discard"), deck)
        top = pool.take_all(zpos.get(name), deck)
        state.zones[name] = pool.free + _stack(top)
        state.zones[name + ":discard"] = discard
    _others_cards(state, pos)
    state.drink_discard = drinks.take_all(pos.get("drink_discard"), "drink")
    top = drinks.take_all(pos.get("drink_deck"), "drink")
    rest = drinks.free
    shuffle(rest, state.seed, "drink", 0)
    state.shuffles["drink"] = 0
    if pos.get("drink_deck_exact"):
        state.drink_deck = _stack(top)
        state.box.extend(rest)
    else:
        state.drink_deck = rest + _stack(top)
    state.inn = pos.get("inn", 0)
    state.active = pos.get("active", 0)
    state.phase = pos.get("phase", "discard")
    state.turn = pos.get("turn", 1)

