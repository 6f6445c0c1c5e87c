"""Content packs as files: the JSON Schema of a pack document, the check that reports every
problem with a pack (games.packs.check) and the installed packs a table may choose
(games.packs.registry). The format is docs/packs.md."""
