"""The tavern table options on the web (docs/web.md): the Bar Deck (games/engine/options/bar_deck.py),
the Prize (games/engine/options/prize.py) and the Pub Crawl (games/engine/options/pub_crawl.py).

The lobby offers each as a checkbox; a chosen option adds the installed pack it plays when the
chosen packs lack its cards; a combination the rules forbid is refused by the engine's validation of
the table's setup (games/engine/core/table_setup.py).
The table page's panels, buttons and words for them are the options' own (`engine.words`, in
each option's module)."""
from __future__ import annotations

from games.packs import registry
from games.web.characters import SAMPLER_NOTE

#: option -> (label, what it does, the installed pack it plays, the cards it needs)
OFFERS = {
    "bar_deck": ("Bar Deck", "Every Drink of the chosen packs in one Bar Deck; 30 at a time are the Drink Deck.",
                 "bar-drinks", "drinks"),
    "prize": ("Prize", "Whoever starts a Round of Gambling puts a Prize from the Inn in the pot; "
                       "whoever takes the pot takes the Prize and may use it once.", "prizes", "prizes"),
    "pub_crawl": ("Pub Crawl (RDI 8)", "The party moves from tavern to tavern: a Drink with a Chaser makes its "
                                       "revealer Crawl, and Drinks are Ordered from the current tavern's deck.",
                  "taverns", "taverns"),
}
DRINK_DECK = 30
NO_TAVERN_DRINKS = "needs a pack of Tavern Drinks for its taverns, and none is installed"
#: The packs the options play (the lobby offers them with their option, not as card packs).
PACKS = {offer[2] for offer in OFFERS.values()}


def _drinks(docs: list[dict]) -> int:
    return sum(c.get("quantity", 0) for d in docs for c in d.get("cards") or []
               if isinstance(c, dict) and c.get("deck") == "drink")


def _has(docs: list[dict], need: str) -> bool:
    if need == "drinks":
        return _drinks(docs) > DRINK_DECK
    if need == "taverns":
        return any(isinstance(c, dict) and c.get("type") == "Tavern" for d in docs for c in d.get("cards") or [])
    if need == "prizes":
        return any(isinstance(c, dict) and c.get("type") == "Prize" for d in docs for c in d.get("cards") or [])
    return False


def offers() -> list[dict]:
    """The lobby's checkboxes: each option whose pack is installed (a sampler is marked); the
    Pub Crawl's also lists the installed packs of Tavern Drinks played on its taverns, and
    says why it can't be chosen (`refused`) when no installed pack has any."""
    installed = registry.installed()
    out = []
    for name, (label, help_, pack, _need) in OFFERS.items():
        p = installed.get(pack)
        if p is None or not p.ok:
            continue
        offer = {"name": name, "label": label, "help": help_,
                 "note": SAMPLER_NOTE if p.header.get("kind") == "sampler" else "", "packs": [], "refused": ""}
        if name == PUB_CRAWL:
            offer["packs"] = _tavern_drink_packs(installed, p)
            if not offer["packs"] and not _tavern_drinks([p.document]):
                # the engine refuses a crawl without Tavern Drinks: shown, not chosen
                offer["refused"] = NO_TAVERN_DRINKS
        out.append(offer)
    return out


def _tavern_drink_packs(installed: dict, taverns) -> list[dict]:
    """Installed packs without characters that add Tavern Drinks to the taverns pack's decks."""
    from games import engine
    base = installed.get(registry.BASE_ID)
    docs = [base.document if base is not None and base.ok else engine.BASE_PACK, taverns.document]
    out = []
    for pid, p in installed.items():
        if pid == taverns.id or not p.ok or (p.document or {}).get("characters") or p.header.get("kind") == "base":
            continue
        if not _tavern_drinks(docs + [p.document]):
            continue
        try:
            engine.load_content(docs + [p.document])
        except engine.ContentError:
            continue
        out.append({"pack": pid, "title": p.header.get("title") or pid})
    return out


def chosen(post) -> dict:
    """The tavern options a lobby form switched on: {"bar_deck": True, ...}."""
    return {name: True for name in OFFERS if post.get(name)}


def packs_for(options: dict, chosen_packs: list[str]) -> list[str]:
    """The installed packs to add so that the chosen options have their cards."""
    extra = []
    for name, (_label, _help, pack, need) in OFFERS.items():
        if options.get(name) and not _has(registry.content_for(chosen_packs + extra), need):
            extra.append(pack)
    return extra


def _tavern_drinks(docs: list[dict]) -> bool:
    decks = {c["tavern"]["drinks"] for d in docs for c in d.get("cards") or []
             if isinstance(c, dict) and c.get("type") == "Tavern" and isinstance(c.get("tavern"), dict)
             and "drinks" in c["tavern"]}
    return any(c.get("deck") in decks and c.get("quantity", 0) for d in docs for c in d.get("cards") or [] if isinstance(c, dict))


def table_lines(options: dict) -> list[str]:
    return [OFFERS[name][0] for name in OFFERS if options.get(name)]


PUB_CRAWL = "pub_crawl"
