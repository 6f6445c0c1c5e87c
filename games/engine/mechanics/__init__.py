"""Mechanics of the later boxes' characters (Drunken Chi, Treasure, Minions, Brews, Heat, ...):
each module registers its steps, frames, decisions and core points as it is imported.
"""
