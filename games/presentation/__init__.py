"""A game as people see it, shared by the table page (games/web), the replay (replay/) and
the staff's evidence pages (disputes/): the board's page model from a selector's view, the
log's narration and the bots' levels. The words themselves are the engine's (`engine.words`),
registered by each mechanic beside its rules; nothing here names a mechanic."""
