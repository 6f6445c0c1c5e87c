"""Variants (the team game, the Boss family): each registers a `Variant` and what its cards add.
"""
