"""Disputes in real headless Chromium: a player reports a problem from the live table, staff
walk the evidence page (before/after, diff, offered decisions, actor, integrity) and resolve
it, and the reporter sees the outcome under My reports (docs/disputes.md)."""
import pytest

from disputes.models import Dispute
from games.models import GameEvent
from replay import frames
from replay.verification import verify_game
from tests.replay.conftest import play, start_game

from .conftest import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long enough password 1"


def _log_in(browser, site, username):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site.url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.stack-form button[type=submit]")
    page.wait_for_url(lambda url: "/login/" not in url, timeout=10_000)
    return context, page


def test_report_from_the_table_and_resolve_on_the_staff_page(site, chrome, django_user_model):
    ana = django_user_model.objects.create_user(username="ana-dispute", password=PASSWORD)
    bob = django_user_model.objects.create_user(username="bob-dispute", password=PASSWORD)
    django_user_model.objects.create_user(username="sam-staff", password=PASSWORD, is_staff=True)
    frames.clear_caches()
    game = play(start_game(ana, bob), steps=25)

    bob_ctx, page = _log_in(chrome, site, "bob-dispute")
    page.goto(f"{site.url}/games/{game.pk}/")
    seq = int(page.locator("#game").get_attribute("data-seq"))
    page.click("#report-open")
    assert page.locator("#report-dialog").is_visible()
    assert page.locator("#report-seq").input_value() == str(seq)
    page.select_option("#report-category", "rules")
    page.fill("#report-text", "Zot's card hit me twice.")
    shot(page, "dispute-report-dialog")
    page.click("#report-send")
    page.wait_for_url(f"{site.url}/disputes/", timeout=10_000)
    assert "Zot's card hit me twice." in page.locator("#my-reports").inner_text()
    dispute = Dispute.objects.get(reporter=bob)
    assert (dispute.game_id, dispute.seq, dispute.perspective) == (game.pk, seq, "1")
    assert dispute.state_hash == GameEvent.objects.get(game=game, seq=seq).state_hash

    # other players see nothing: the staff page is 403 for the reporter too
    resp = page.goto(f"{site.url}/staff/disputes/{dispute.pk}/")
    assert resp.status == 403
    assert page.goto(f"{site.url}/admin/").status == 403

    staff_ctx, staff = _log_in(chrome, site, "sam-staff")
    staff.goto(f"{site.url}/staff/disputes/")
    staff.click(f"#dispute-list a[href='/staff/disputes/{dispute.pk}/']")
    staff.wait_for_selector("#evidence")
    assert staff.locator("#dispute-text").inner_text().strip() == "Zot's card hit me twice."
    # the whole states are folded away (a closed <details>): their text is there all the same
    assert staff.locator("#before pre").text_content().strip() and staff.locator("#after pre").text_content().strip()
    assert staff.locator("#summary").is_visible()
    assert staff.locator("#diff tbody tr").count() >= 1
    assert "Decided by" in staff.locator("#who").inner_text()
    assert staff.locator("#integrity-result").inner_text().startswith("OK")
    if GameEvent.objects.get(game=game, seq=seq).kind == "decision":
        assert staff.locator("#offered li.taken").count() == 1
    replay_href = staff.locator("#replay-link").get_attribute("href")
    assert replay_href == f"/games/{game.pk}/replay/?at={seq}&as=omniscient"
    shot(staff, "dispute-staff-page")

    staff.fill("#close-reason", "The second hit was Fiona's card, played in the window.")
    staff.click("#resolve")
    staff.wait_for_selector("#dispute-status:has-text('resolved')", timeout=10_000)
    assert "resolve" in staff.locator("#actions ol").inner_text()
    assert GameEvent.objects.filter(game=game, kind="admin_dispute_outcome").count() == 1
    assert verify_game(game.pk).ok

    staff.goto(f"{site.url}{replay_href}")
    staff.wait_for_selector("#frame")

    page.goto(f"{site.url}/disputes/")
    row = page.locator(f"#my-reports tr[data-dispute='{dispute.pk}']")
    assert row.locator(".status").inner_text() == "resolved"
    assert "Fiona's card" in row.locator(".outcome").inner_text()
    bob_ctx.close()
    staff_ctx.close()
