"""A Prize choice says what the Prize does (issue 43 item 5): its text is on the button, not
only in the Prizes panel's tooltip, which a phone cannot show."""
import json
import shutil
from pathlib import Path

from django.utils.html import escape

import pytest

from games import services
from tests.packs.conftest import packs_dir  # noqa: F401 (fixture)
from tests.replay.conftest import _fresh_caches, client_for  # noqa: F401 (autouse fixture)
from tests.web.autoplay import bot_turns

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[2]


def test_the_prize_buttons_carry_each_prizes_text(packs_dir, make_user):  # noqa: F811
    shutil.copy(ROOT / "packs" / "prizes.json", packs_dir / "prizes.json")
    texts = {c["title"]: c["text"] for c in json.loads((ROOT / "packs" / "prizes.json").read_text())["cards"]}
    users = [make_user("ana"), make_user("bob")]
    for n in range(20):                   # a deal where someone starts a Round of Gambling
        table = services.table_create(owner=users[0], player_count=2, options={"packs": ["prizes"], "prize": True})
        for user, character in zip(users, ("zot", "gerki")):
            services.seat_take(table_id=table.pk, user=user, character=character)
        game = services.table_start(table_id=table.pk, user=users[0], seed=f"prize-choices-{n}")
        asked = next((pv for _s, *pv in bot_turns(game, limit=400) if pv[1]["prompt"]["kind"] == "prize"), None)
        if asked:
            break
    else:
        raise AssertionError("no Prize choice in 20 games")
    prompt, view = asked
    page = client_for(game.table.seats.get(index=prompt.seat).user).get(f"/games/{game.pk}/board/").content.decode()
    buttons = page.split('id="choices"', 1)[1].split("</div>", 1)[0]
    inn = view["zones"]["prize"]["cards"]
    assert inn
    for c in inn:
        label = f"Put “{c['title']}” in the pot"
        assert label in buttons
        after = buttons.split(label, 1)[1].split("</button>", 1)[0]
        assert escape(texts[c["title"]]) in after, (c["title"], after)
