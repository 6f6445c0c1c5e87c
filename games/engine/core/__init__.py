"""The engine's core: the state, content loading, frames, the flow, resolution, responses, the step
interpreter, the view, invariants and randomness, with the base game's own rules. It imports no
plug-in (docs/engine.md, "Where things live").
"""
