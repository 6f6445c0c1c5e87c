"""Games for the dispute tests, played through `submit_decision` like real ones."""
import pytest

from tests.replay.conftest import _fresh_caches, make_user, play, start_game  # noqa: F401 - shared helpers


@pytest.fixture
def people(django_user_model):
    ana, bob = make_user(django_user_model, "ana"), make_user(django_user_model, "bob")
    eve = make_user(django_user_model, "eve")
    staff = make_user(django_user_model, "sam", is_staff=True)
    return type("People", (), {"ana": ana, "bob": bob, "eve": eve, "staff": staff})


@pytest.fixture
def api(api_for):
    return api_for


@pytest.fixture
def live_game(people):
    """A game in progress: ana seat 0, bob seat 1, an AI seat 2; 30 decisions in."""
    return play(start_game(people.ana, people.bob), steps=30)
