"""Effects and replay frames pass the same per-viewer redaction as the state (docs/security.md
"Redaction and views", issue 37 item 2), over every box and variant (tests/kinds.py).

Random legal play through the one way in; after every decision the replay frame of that
decision, the game detail and the table's live log are fetched as every seat and as an
anonymous caller, and scanned: the views, the effects, the changes and the narration may name
no card the viewer cannot see
(another team's hand, any deck, any Drink Me! pile, the Drink Deck, a face-down zone) both
before and after the decision, except in an Effect that turns its cards face up for the whole
table (a card played, a Drink revealed, a hand shown, a discard). The oracle of what is hidden
is written here from the rules, not taken from the engine's view.
"""
import os
import random

import pytest

from games import appends, engine, services
from games.engine.core.content import of
from games.engine.core.extensions import public as public_zone
from games.engine.core.teams import team
from games.models import Game, Seat, Table
from tests.kinds import KINDS, setup_of
from tests.replay.conftest import client_for
from tests.test_properties import _ids_in, _last_key, list_paths

STEPS = int(os.environ.get("RDI_HIDDEN_EFFECT_STEPS", "24"))
#: Effects that show their cards to the whole table (the rules' face-up moves).
FACE_UP = {"played", "revealed", "revealed_hand", "discarded"}
CARD_KEYS = ("card", "cards", "drink", "tavern", "dropped")

pytestmark = pytest.mark.django_db


def hidden_from(state, viewer) -> set[int]:
    """Card instances `viewer` (a seat, or None for a spectator) may not see in `state`."""
    mine = set(team(state, viewer)) if viewer is not None else set()
    characters = of(state).characters
    hidden = set(state.drink_deck)
    for i, seat in enumerate(state.seats):
        if i not in mine:
            hidden.update(seat.hand)
        hidden.update(seat.deck)
        hidden.update(seat.drink_me)
        for name, ids in seat.zones.items():
            declared = characters[seat.character].zones.get(name, {}).get("visibility")
            face_up = "public" if (name.endswith(":discard") or ":" not in name) else "hidden"
            visibility = declared or face_up
            if visibility == "hidden" or (visibility == "private" and i != viewer):
                hidden.update(ids)
            elif visibility == "top":
                hidden.update(ids[:-1])
    for name, ids in state.zones.items():
        if not public_zone(name):
            hidden.update(ids)
    return hidden


def effect_cards(fx: dict) -> set[int]:
    keys = CARD_KEYS + (("target",) if fx.get("type") == "negated" else ())
    out = set()
    for key in keys:
        value = fx.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and not (key == "cards"):
            out.add(value)
        elif isinstance(value, list):
            out.update(v for v in value if isinstance(v, int) and not isinstance(v, bool))
    return out


def scan_frame(frame: dict, *, before, after, viewer, where: str) -> None:
    secret = hidden_from(before, viewer) & hidden_from(after, viewer)
    for fx in frame["effects"]:
        if fx.get("type") in FACE_UP:
            continue
        leaked = effect_cards(fx) & secret
        assert not leaked, f"{where}: effect {fx} names hidden cards {sorted(leaked)}"
    scan_words(frame["narration"] + [line for ch in frame["changes"] for line in ch["chain"]], secret=secret,
               state=after, where=where)
    scan_view(frame["view"], hidden_from(after, viewer), where)
    if not after.over:
        assert after.seed not in str(frame), f"{where}: the frame shows the seed before the end"


def scan_view(view: dict, hidden: set[int], where: str) -> None:
    for path, value in list_paths(view):
        leaked = _ids_in(value, _last_key(path)) & hidden
        assert not leaked, f"{where}: the view lists hidden cards {sorted(leaked)} at {path}"


def scan_words(lines: list[str], *, secret: set[int], state, where: str) -> None:
    """No line names a hidden card by its title (unless a card the viewer sees has that title)."""
    def title(cid):
        return of(state).cards[state.cards[cid]].title

    titles = {title(c) for c in secret} - {title(c) for c in range(len(state.cards)) if c not in secret}
    text = " ".join(lines)
    for name in titles:
        assert f"“{name}”" not in text, f"{where}: the narration names the hidden card {name!r}"


def start(kind: str, seed: str, make_user):
    """A started game of `kind`, every seat a person's, through services.game_create."""
    setup = setup_of(kind, seed)
    players = len(setup["seats"])
    users = [make_user(f"fx-{kind}-{i}") for i in range(players)]
    table = Table.objects.create(owner=users[0], player_count=players, variant=setup["variant"],
                                 options=setup["options"], turn_seconds=None, window_seconds=None)
    seats = [Seat.objects.create(table=table, index=i, user=u, character=s["character"])
             for i, (u, s) in enumerate(zip(users, setup["seats"]))]
    game = services.game_create(table=table, seats=seats, seed=seed, content=setup.get("content"))
    return game, users


def play_and_scan(kind: str, make_user, steps: int = STEPS) -> set[str]:
    """Play `steps` random decisions of a `kind` game, scanning each frame and the table's log
    for every viewer;
    returns the Effect types seen (to show the scan met what it is about)."""
    game, users = start(kind, "5e" * 32, make_user)
    clients = {i: client_for(u) for i, u in enumerate(users)} | {None: client_for()}
    rng = random.Random(kind)
    seen_types: set[str] = set()
    state = engine.new_game({**game.setup, "seed": "5e" * 32})
    for _ in range(steps):
        if state.over:
            break
        before = engine.clone(state)
        prompt = rng.choice(engine.prompts(state))
        decision = rng.choice(prompt.decisions)
        state, effects = engine.apply(state, decision)
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision,
                                 actor=f"user:{users[prompt.seat].pk}")
        seq = Game.objects.get(pk=game.pk).seq
        seq -= 1 if state.over else 0        # the decision, not the game_ended after it
        seen_types.update(fx["type"] for fx in effects)
        for viewer, client in clients.items():
            asked = "" if viewer is None else f"&as={viewer}"
            response = client.get(f"/api/games/{game.pk}/replay/?at={seq}{asked}")
            assert response.status_code == 200, response.content[:300]
            where = f"{kind} seq {seq} as {'anonymous' if viewer is None else f'seat {viewer}'}"
            scan_frame(response.json(), before=before, after=state, viewer=viewer, where=where)
            detail = client.get(f"/api/games/{game.pk}/").json()          # the table as the viewer plays it
            scan_view(detail["view"], hidden_from(state, viewer), where + " (game)")
            log = client.get(f"/games/{game.pk}/log/?after={seq - 1}").json()      # the table's live log
            scan_words([line for step in log["steps"] for line in step["lines"]], state=state, where=where + " (log)",
                       secret=hidden_from(before, viewer) & hidden_from(state, viewer))
    return seen_types


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_no_frame_shows_a_card_its_viewer_cannot_see(kind, make_user):
    assert play_and_scan(kind, make_user)


def test_vlazlo_buying_a_form_card_is_told_only_to_him(make_user):
    """The defect as found: the `bought` Effect kept the face-down form card's id (and ids map
    to cards through the public setup) while the narration hid it."""
    game, users = start("rdi6", "7a" * 32, make_user)
    vlazlo = next(i for i, s in enumerate(game.setup["seats"]) if s["character"] == "vlazlo")
    state = engine.new_game({**game.setup, "seed": "7a" * 32})
    rng = random.Random(4)
    for _ in range(400):
        prompt = rng.choice(engine.prompts(state))
        buys = [d for d in prompt.decisions if d.get("type") == "buy"]
        decision = rng.choice(buys or prompt.decisions)
        state, effects = engine.apply(state, decision)
        appends.submit_decision(game_id=game.pk, seat=prompt.seat, decision=decision,
                                 actor=f"user:{users[prompt.seat].pk}")
        bought = [fx for fx in effects if fx["type"] == "bought"]
        if bought:
            break
    else:
        pytest.fail("Vlazlo never bought a form card")
    card = bought[0]["card"]
    title = of(state).cards[state.cards[card]].title
    seq = Game.objects.get(pk=game.pk).seq
    other = (vlazlo + 1) % len(users)
    for client, viewer in ((client_for(users[other]), other), (client_for(), None)):
        asked = "" if viewer is None else f"&as={viewer}"
        frame = client.get(f"/api/games/{game.pk}/replay/?at={seq}{asked}").json()
        fx = next(f for f in frame["effects"] if f["type"] == "bought")
        assert fx["card"] is None and card not in effect_cards(fx)
        assert title not in " ".join(frame["narration"])
    own = client_for(users[vlazlo]).get(f"/api/games/{game.pk}/replay/?at={seq}&as={vlazlo}").json()
    assert next(f for f in own["effects"] if f["type"] == "bought")["card"] == card
    assert any(title in line for line in own["narration"])


def test_the_scan_is_not_vacuous():
    """A frame that names a card in another seat's hand, or its title, fails the scan."""
    state = engine.new_game(setup_of("base", "12" * 32))
    secret = state.seats[1].hand[0]
    title = of(state).cards[state.cards[secret]].title
    frame = {"effects": [], "narration": [], "changes": [], "view": engine.view(state, 0)}
    scan_frame(frame, before=state, after=state, viewer=0, where="clean")
    with pytest.raises(AssertionError, match="names hidden cards"):
        scan_frame({**frame, "effects": [{"type": "bought", "card": secret}]}, before=state, after=state, viewer=0,
                   where="leaky")
    with pytest.raises(AssertionError, match="names the hidden card"):
        scan_frame({**frame, "narration": [f"Gerki bought “{title}”."]}, before=state, after=state, viewer=0,
                   where="leaky")
