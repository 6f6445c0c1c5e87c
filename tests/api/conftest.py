"""The JSON API's tests: accounts and clients come from tests/conftest.py; every test starts
with an empty state cache, as the event store's tests do."""
from tests.store.conftest import _fresh_state_cache  # noqa: F401 (an autouse fixture)
