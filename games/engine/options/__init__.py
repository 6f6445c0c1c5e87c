"""Table options (Dungeon Events, the Pub Crawl, the Bar Deck, the Prize, Otto, Starting Gold):
rules a table switches on in `setup["options"]`, each registering a `TableOption`.
"""
