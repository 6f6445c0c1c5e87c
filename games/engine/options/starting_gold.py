"""The `starting_gold` table option: the Gold on every mat at the start, instead of the
variant's (10; 8 with two players, 12 with seven or eight, digest §2.4; a team's 10).

A whole number from 1 to MAX: no Gold at all is a game already lost, and a mountain of it a
game that never ends (and a number past 64 bits one the store can't even write).
"""
from ..core import extensions

OPTION = "starting_gold"
MIN, MAX = 1, 100


class StartingGold(extensions.TableOption):
    name = OPTION
    order = 10                  # first: its Gold is on the mats before the others set up
    values = (f"a whole number of Gold from {MIN} to {MAX} for every mat at the start (leave it out for the "
              "rules' 10; 8 with two players, 12 with seven or more)")

    def accepts(self, value):
        return type(value) is int and MIN <= value <= MAX

    def setup(self, state):
        for mat in state.mats:
            mat.gold = state.options[OPTION]


extensions.register_option(StartingGold())
