"""A prompt (the decision a game waits on) and whether a decision is one it offers.

Every module that asks a seat something returns a `Prompt`: the core's `flow`, a variant's
own frames, and the frames that mechanic modules and table options register in
`extensions.FRAMES`.
"""
from dataclasses import dataclass, field


@dataclass(slots=True)
class Prompt:
    seat: int
    kind: str             # "phase:discard" ... "phase:end", "respond", "gamble", "mead"
    decisions: list
    # Decisions whose `cards` may be any sorted subset of the ids listed (the discard):
    # checked against the offer instead of enumerating every subset. An offer with a
    # `COUNT` key takes subsets of exactly that size (a Dungeon Event's "discard 3").
    subsets: list = field(default_factory=list)

    def offers(self, decision) -> bool:
        """Whether `decision` is legal here: one of `decisions`, or fits a subset offer."""
        if not isinstance(decision, dict):
            return False
        # A subset offer first: a discard is rarely one of `decisions` word for word, and
        # list.index raising for it costs more than the subset check.
        return bool(self.subsets) and in_subsets(decision, self.subsets) or _on_offer(decision, self.decisions)


def _on_offer(decision: dict, offered: list) -> bool:
    """Whether `decision` is one of `offered`, types and all. Python's == takes 5.0 and True
    for 5 and 1, so `in` alone would let such a decision through and into the log."""
    try:
        match = offered[offered.index(decision)]
    except ValueError:
        return False
    return _exactly(decision, match)


#: The key of a subset offer that fixes how many cards the subset holds. It belongs to the
#: offer, not to the decision: a decision naming it is refused.
COUNT = "count"


def in_subsets(decision: dict, offers: list) -> bool:
    """Whether `decision` is an offer with `cards` replaced by a sorted subset of its ids
    (of exactly `offer["count"]` ids when the offer has a count, and without that key)."""
    cards = decision.get("cards")
    if cards.__class__ is not list:
        return False
    for offer in offers:
        count = offer.get(COUNT)
        if count is None:
            if decision.keys() != offer.keys():
                continue
        elif len(cards) != count or COUNT in decision or decision.keys() | {COUNT} != offer.keys():
            continue
        if not all(_exactly(decision[k], v) for k, v in offer.items() if k != "cards" and k != COUNT):
            continue
        allowed = set(offer["cards"])
        if all(c.__class__ is int and c in allowed for c in cards) \
                and all(a < b for a, b in zip(cards, cards[1:])):
            return True
    return False


def subset_decision(offer: dict, cards) -> dict:
    """The decision that takes `cards` from a subset offer (sorted, the offer's `COUNT` left
    out): what a bot or a page sends once it has picked the cards."""
    cards = sorted(cards)
    return {k: (cards if k == "cards" else v) for k, v in offer.items() if k != COUNT}


def _exactly(a, b) -> bool:
    """Equal, and of the same types all the way down (checked on every decision applied:
    scalars are compared here without a call each)."""
    t = a.__class__
    if t is not b.__class__:
        return False
    if t is dict:
        if a.keys() != b.keys():
            return False
        for k, v in a.items():
            w = b[k]
            if v.__class__ is not w.__class__ or not (_exactly(v, w) if v.__class__ in _NESTED else v == w):
                return False
        return True
    if t is list:
        return len(a) == len(b) and all(_exactly(x, y) for x, y in zip(a, b))
    return a == b


_NESTED = (dict, list)
