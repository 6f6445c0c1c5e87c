"""The staff evidence page is readable: the before/after of stats, cards and stack first, the
prompt's decisions grouped and collapsed, every decision shown as JSON."""
import re

import pytest

from disputes import services as disputes
from tests.replay.conftest import _fresh_caches, client_for, make_user, play, start_game  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_evidence_page_leads_with_the_before_and_after_and_folds_the_decision_lists(django_user_model):
    ana, bob = make_user(django_user_model, "ana"), make_user(django_user_model, "bob")
    staff = make_user(django_user_model, "sam", is_staff=True)
    game = play(start_game(ana, bob), steps=3)
    dispute = disputes.dispute_report(game_id=game.pk, user=ana, seq=1, category="rules", text="My discard?")
    page = client_for(staff).get(f"/staff/disputes/{dispute.pk}/").content.decode()

    assert page.index('id="summary"') < page.index('id="event"') < page.index('id="diff"')
    summary = page[page.index('id="summary"'):page.index('id="event"')]
    for what in ("Fortitude", "Alcohol", "Gold", "Hand", "Drink Me!", "Stack (bottom → top)", "Prompt"):
        assert f"<th>{what}</th>" in summary
    assert "Seat 0: Zot" in summary

    groups = re.findall(r'<details class="diff-group"( open)?><summary><code>([^<]+)</code>', page)
    assert groups and all(not opened for opened, key in groups if key.startswith("prompt.decisions"))
    assert any(key.startswith("prompt.decisions") for _, key in groups)

    offered = page[page.index('id="offered"'):page.index('id="narration"')]
    assert "TAKEN →" in offered and "<code>{&quot;" in offered and "{&#x27;" not in offered


def test_same_stays_one_word_in_the_before_and_after_tables(django_user_model):
    """The cells break anywhere (long hands), which squeezed "same" to a letter a line."""
    from pathlib import Path

    ana, bob = make_user(django_user_model, "ana"), make_user(django_user_model, "bob")
    staff = make_user(django_user_model, "sam", is_staff=True)
    game = play(start_game(ana, bob), steps=3)
    dispute = disputes.dispute_report(game_id=game.pk, user=ana, seq=1, category="rules", text="Same?")
    page = client_for(staff).get(f"/staff/disputes/{dispute.pk}/").content.decode()
    summary = page[page.index('id="summary"'):page.index('id="event"')]
    assert '<span class="muted same">same</span>' in summary and ">same<" not in summary.replace(
        '<span class="muted same">same</span>', "")
    css = (Path(__file__).parents[2] / "static" / "disputes" / "disputes.css").read_text()
    assert re.search(r"\.evidence table\.summary \.same \{ white-space: nowrap; \}", css)
