"""Games for the dispute tests, played through `submit_decision` like real ones."""
import pytest

from games import store
from replay import frames
from tests.replay.conftest import make_user, play, start_game  # noqa: F401 - shared helpers


@pytest.fixture(autouse=True)
def _fresh_caches():
    store.cache.clear()
    frames.clear_caches()
    yield
    store.cache.clear()
    frames.clear_caches()


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
