"""``heuristic@9``: a rule-of-thumb bot that reads only its seat's view.

It scores every decision on offer and takes the best (ties broken by the decision's seeded
random stream). In short:

- **Margin**: what matters most is how far a seat is from passing out (Fortitude − Alcohol).
  Each point of margin is worth more the closer it is to 0 (`Curve`; `Tuning` holds what
  self-play tunes).
- **Drinks**: a card that changes a Drink (Ignore, pass, split, liquid courage, ±2) is played
  when what it saves, in margin worth, beats what the card is worth kept for later (`SPEND`);
  a Drink that would make it pass out is always answered. Negates a card that would change a
  Drink against it. Drinks made stronger or extra are aimed at opponents.
- **Action phase**: hit the opponent closest to leaving the game (lowest of Fortitude left
  and twice their Gold) with the biggest card; steal Gold; start a Round of Gambling only
  holding cards that take control.
- **Heals**: a heal of its own is played as soon as the Fortitude cap takes none of it rather
  than kept for the last chance: it is worth as much now as then, and held it takes the place
  of a card.
- **Windows**: answer a card aimed at it (Ignore, "I don't think so!", hit back); catch a
  cheater; leave a Round or let the Inn pay when short of Gold.
- **Ordering**: the Drink goes to the opponent with the least Fortitude left.
- **Discard**: throws back every card worth less than an average card still in its deck; the
  closer it is to passing out, the more the cards that keep a Drink off it are worth. What
  each card is worth keeping (`KEEP`) was tuned by self-play (attacks less, a seat plays one
  Action a turn; Drink changes more; lab/tune_keep.py).
- **Pack cards** (content packs, docs/ai.md): a card is judged by the effect word its steps
  give (`Card.effect`); an effect it has no rule for counts as an attack when aimed at another
  seat, as lasting when it puts the card in play (a Minion), else as a small gain.
- **Mechanics** (Treasure, Drunken Chi, Minions, Heat, Brews, Otto, the table options...): what
  it makes of a mechanic's decisions, picks, cards and tokens is that mechanic's bot hints,
  registered in games/ai/hints.py by the module that knows it (rdi6.py, rdi8.py,
  mechanics.py, otto.py, ...); this module looks them up by name and names none.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.ai import boss, events, hints, teams
from games.ai.common import Decision, Table, card_of, rng_for

NAME, VERSION = "heuristic", 9

#: How much each effect word is worth keeping in hand (discard phase).
KEEP = {
    "damage": 3, "damage_each": 2, "steal_each": 3, "steal_one": 2, "force_drink": 3, "toast": 2,
    "ignore_card": 6, "negate_sometimes": 6, "hit_back": 4, "ignore_drink": 6, "ignore_card_or_drink": 7,
    "leave_or_ignore_drink": 6, "pass_drink": 6, "split_drink": 4, "drink_mod": 5, "negate_drink_change": 5,
    "heal_self": 3, "heal_target_pay": 2, "mass_heal": 2, "raise": 2, "winning_hand": 3, "control": 3,
    "force_out": 3, "gamble": 2, "take_pot": 3, "end_round_to_inn": 1, "anti_cheat": 2, "inn_pays": 2,
    "leave_round": 1, "order_extra": 4, "tip_wench": 2, "grab_coin": 1, "courage": 5, "extra_drink": 3,
    "halve_drink": 4,
}
#: Keep-worth of a pack card whose effect word has no entry above: a character's own mechanic
#: is usually worth holding on to.
KEEP_UNKNOWN = 4
#: Playing a card that stays in play (a Minion): it acts again every turn, so it beats one hit.
LASTING = 13
#: Cards that keep a Drink (or its Alcohol) off you, or win back Fortitude: worth more when low.
SAVERS = {"ignore_drink", "pass_drink", "leave_or_ignore_drink", "ignore_card_or_drink", "heal_self",
          "courage", "split_drink", "mass_heal"}
#: Cards that answer a card changing a Drink.
ANSWERS = {"negate_sometimes", "negate_drink_change"}
#: What playing a card on a Drink gives up (in margin worth): the more uses a card has, the dearer.
SPEND = {
    "ignore_drink": 0.6, "pass_drink": 0.5, "split_drink": 0.4, "courage": 0.5, "drink_mod": 0.2,
    "leave_or_ignore_drink": 0.7, "ignore_card_or_drink": 0.8, "negate_sometimes": 0.8,
    "negate_drink_change": 0.5, "extra_drink": 0.2, "halve_drink": 0.4,
}
#: How much an opponent's margin counts against mine.
OPPONENT_WEIGHT = 0.5
#: Alcohol expected from a Drink nobody has seen yet.
EXPECTED_DRINK = 2
#: Effects that take control of a Round of Gambling.
CONTROL = ("raise", "winning_hand", "control", "force_out", "take_pot")
MAX_STAT = 20
#: Gold it keeps back before paying for extra Drinks.
SPARE_GOLD = 4


@dataclass(frozen=True)
class Curve:
    """Margin worth: −lethal at 0 or below, else −scale·decay^margin (a point of margin
    counts more the nearer it is to 0)."""
    lethal: float
    scale: float
    decay: float

    def worth(self, margin: int) -> float:
        return -self.lethal if margin <= 0 else -self.scale * self.decay ** margin


#: Tuned by self-play (docs/lab/ai-notes.md, "heuristic@6 and mcts@6").
CURVE = Curve(lethal=25.0, scale=15.0, decay=0.9)


@dataclass(frozen=True)
class Tuning:
    """What self-play tunes: the margin curve and the keep-worths (lab/tune_keep.py plays a
    challenger with other keep-worths against the bot)."""
    curve: Curve
    #: Keep-worths that differ from `KEEP` (effect word, worth).
    keep: tuple = ()


#: heuristic@9's.
TUNING = Tuning(CURVE)


def keep_worths(tuning: Tuning) -> dict:
    """What each effect word is worth keeping in hand, by this tuning."""
    return {**KEEP, **hints.KEEP, **dict(tuning.keep)}


class Scoring(Table):
    """A seat's view with its bot version's tuning."""

    def __init__(self, view: dict, tuning: Tuning = TUNING):
        super().__init__(view)
        self.worth = tuning.curve.worth
        self.keep = keep_worths(tuning)

    def numbers(self, frame: dict) -> dict:
        """The numbers of the card a stack frame plays (its Drink change's +2...): the engine's
        frames carry none, the card's content does (docs/lab/ai-notes.md, "heuristic@7 and mcts@7")."""
        card = card_of(frame.get("card"), self.content.cards)
        return dict(card.params) if card is not None else {}


def _args(frame: dict) -> dict:
    return frame.get("args") or {}


def _frame_hits(frame: dict, seat: int) -> bool:
    """Whether a played card frame would hurt `seat` (Fortitude, Gold or a Drink)."""
    if frame.get("f") != "card" or frame.get("seat") == seat:
        return False
    eff, args = frame.get("effect", ""), _args(frame)
    if eff in ("damage", "hit_back", "steal_one", "tip_wench", "force_drink"):
        return args.get("target") == seat
    if eff in ("damage_each", "steal_each", "mass_heal"):
        return True
    if eff == "order_extra":
        return seat in (args.get("targets") or [])
    if eff not in KEEP and eff not in hints.KEEP:     # a pack card's effect: aimed at me is against me
        return args.get("target") == seat
    return eff in CONTROL   # someone else taking control of a Round


# --- Drinks: what a change to the portions on the stack is worth -------------

def _half(x: int) -> int:
    """Half rounded up in size, as the engine splits a Drink."""
    return -((-abs(x)) // 2) * (1 if x >= 0 else -1)


def _drunk(p: dict) -> tuple[int, int]:
    """The (Alcohol, Fortitude) a portion gives its holder when drunk."""
    if p.get("ignored") or p.get("event"):
        return 0, 0
    alc, fort = p.get("alcohol", 0), p.get("fortitude", 0)
    return (0, fort + alc) if p.get("courage") and alc > 0 else (alc, fort)


def _margin_after(t: Table, seat: int, portions: list[dict]) -> int:
    """The seat's margin once it drinks its portions; both numbers stay within 0..20, so
    Fortitude gained at 20 is lost."""
    mates = t.team_of(seat)                  # a team drinks into one shared mat
    drunk = [_drunk(p) for p in portions if p.get("holder") in mates]
    s = t.seats[seat]
    fortitude = min(MAX_STAT, max(0, s["fortitude"] + sum(f for _, f in drunk)))
    alcohol = min(MAX_STAT, max(0, s["alcohol"] + sum(a for a, _ in drunk)))
    return fortitude - alcohol


def _drink_change(effect: str, mode: str | None) -> str | None:
    """What a card does to a Drink portion, or None if it doesn't touch Drinks."""
    if effect == "ignore_drink" or (effect in ("leave_or_ignore_drink", "ignore_card_or_drink") and mode == "drink"):
        return "ignore"
    return effect if effect in ("pass_drink", "split_drink", "drink_mod", "courage", "extra_drink", "halve_drink") else None


def _changed(portions: list[dict], k: int, change: str, params: dict, args: dict,
             pile: dict[int, int]) -> list[dict]:
    """The portions once `change` hits portion k (`pile`: each seat's Drink Me! count)."""
    out = [dict(p) for p in portions]
    p = out[k]
    if change == "ignore":
        p["ignored"] = True
    elif change == "pass_drink":
        p["holder"] = args.get("target")
    elif change == "split_drink":
        p["alcohol"], p["fortitude"] = _half(p.get("alcohol", 0)), _half(p.get("fortitude", 0))
        out.append(dict(p, holder=args.get("target")))
    elif change == "halve_drink":        # "fang-tastic": half, rounded down, the rest gone
        p["alcohol"], p["fortitude"] = (abs(p.get(k2, 0)) // 2 * (1 if p.get(k2, 0) >= 0 else -1)
                                        for k2 in ("alcohol", "fortitude"))
    elif change == "drink_mod":
        before, by = p.get("alcohol", 0), params.get("alcohol", 0)
        p["alcohol"] = max(min(before, 0), before + by) if by < 0 else before + by
    elif change == "courage":
        p["courage"] = True
    elif change == "extra_drink" and pile.get(p.get("holder")):
        out.append({"holder": p.get("holder"), "alcohol": EXPECTED_DRINK, "fortitude": 0})
    return out


def _outcome(t: Scoring, portions: list[dict]) -> float:
    """The worth for me of everyone drinking `portions`: my margin's worth less my opponents'."""
    def worth(seat):
        return t.worth(_margin_after(t, seat, portions))
    return worth(t.me) - OPPONENT_WEIGHT * sum(worth(s) for s in t.rivals())


def _frame_by_id(t: Table, fid) -> dict | None:
    return next((fr for fr in t.stack if fr.get("id") == fid), None)


def _drink_gain(t: Table, effect: str, params: dict, args: dict) -> float | None:
    """What a Drink change would gain me, or None when there is no such Drink to change."""
    fr = t.drink_frame()
    change = _drink_change(effect, args.get("mode"))
    k = args.get("portion")
    if fr is None or change is None or k is None:
        return None
    portions = fr.get("portions") or []
    if not 0 <= k < len(portions) or portions[k].get("ignored"):
        return None
    pile = {s["seat"]: s["drink_me_count"] for s in t.seats}
    return _outcome(t, _changed(portions, k, change, params, args, pile)) - _outcome(t, portions)


def _threat(t: Scoring, frame: dict) -> float:
    """What an opponent's card changing a Drink would cost me if it resolved (0 if nothing)."""
    if frame.get("f") != "card" or frame.get("seat") in t.team:
        return 0.0
    gain = _drink_gain(t, frame.get("effect", ""), t.numbers(frame), _args(frame))
    if gain is None:
        on = _frame_by_id(t, frame.get("on"))
        return _rescue(t, on) if on is not None and on.get("seat") in t.team else 0.0
    return -gain


def _rescue(t: Scoring, mine: dict) -> float:
    """What one of my Drink changes lower on the stack is worth, should it be Negated."""
    gain = _drink_gain(t, mine.get("effect", ""), t.numbers(mine), _args(mine))
    return gain or 0.0


# --- scoring each kind of decision -------------------------------------------

def _deck_average(t: Scoring) -> float:
    """The keep-worth of an average card still in my deck (what a fresh draw is worth)."""
    content = t.content
    left = Counter(content.deck_list(content.characters[t.mine["character"]].deck))
    for c in list(t.mine.get("hand", [])) + list(t.mine.get("discard", [])) + list(t.in_play.values()):
        left[c["key"]] -= 1
    cards = [(content.cards[k], n) for k, n in left.items() if n > 0]
    total = sum(n for _, n in cards)
    return sum(_keep(t, c.effect) * n for c, n in cards) / total if total else 0.0


def _need(t: Table) -> float:
    """How much the cards that save me are worth extra: more the nearer I am to passing out."""
    m = t.margin(t.me)
    return 5 if m <= 6 else 3 if m <= 10 else 1 if m <= 14 else 0


def _keep(t: Scoring, effect: str) -> float:
    value = t.keep.get(effect, KEEP_UNKNOWN if effect else 2)
    if effect in SAVERS:
        value += _need(t)
    elif effect in ANSWERS:
        value += _need(t) / 2                 # only good against a card changing my Drink
    if effect == "heal_self" and t.mine["fortitude"] >= MAX_STAT - 1:
        value -= 3                            # nothing to heal until something hurts me
    if effect in ("steal_one", "steal_each") and t.mine["gold"] <= 2:
        value += 3
    return value


def _score_discard(t: Scoring, d: Decision, average: float) -> float:
    return sum(average - _keep(t, getattr(t.card(c), "effect", "")) for c in d.get("cards") or [])


def _score_drink_card(t: Table, eff: str, params: dict, d: Decision) -> float:
    args = {k: v for k, v in d.items() if k not in ("seat", "type", "card")}
    gain = _drink_gain(t, eff, params, args)
    if gain is None:
        return -2
    return gain - SPEND.get(eff, 1.0)


def _score_negate(t: Table, eff: str) -> float:
    top = t.top or {}
    threat = _threat(t, top)
    if threat:
        return threat - SPEND[eff]
    if eff == "negate_drink_change":
        return -2
    if teams.hits_us(t, top, _frame_hits) or (top.get("seat") not in t.team and _answers_mine(t, top)):
        # Near passing out it is kept for a Drink, unless the card would hit me right now.
        return 11 if t.margin(t.me) > 8 or top.get("effect") == "hit_back" else -1
    return -2


def _score_heal(t: Scoring, c, target) -> float:
    eff, m = c.effect, t.margin(t.me)
    if eff == "heal_self":
        if m <= 0:
            return 16                         # the last chance: it saves me
        # It is worth as much now as at the last chance, and held it takes a card's place. A heal
        # that is an Action Card would cost the turn's Action: it is kept for the last chance.
        early = c.type != "Action" and t.mine["fortitude"] + c.params.get("fortitude", 1) <= MAX_STAT
        return 13 if early else -1
    if eff == "mass_heal":
        if t.mine["fortitude"] >= MAX_STAT:
            return 4 if t.mine["gold"] <= 4 else -1    # heals me nothing, but they pay me
        return 15 if m <= 4 else 4 if m <= 8 else -1
    gold = t.seats[target]["gold"]            # heal_target_pay: they pay me for it
    return 12 if gold <= 1 else 2 if t.margin(target) >= 10 else -1


def _score_gold(t: Table, eff: str, target) -> float:
    if target in t.team:
        return -5
    gold = t.seats[target]["gold"]
    if gold <= 1:
        return 15                             # out of Gold, out of the game
    weakest = t.weakest_opponent()
    mine = 3 if eff == "steal_one" and t.mine["gold"] <= 2 else 0
    return 6 + mine + (3 if gold <= 2 else 0) + (1 if target == weakest else 0) - t.danger(target) / 100


def _score_gambling(t: Table, eff: str) -> float:
    prompt_kind = t.prompt.get("kind", "")
    gold = t.mine["gold"]
    pot = t.view.get("pot", 0)
    if eff == "gamble" and prompt_kind != "gamble":
        controls = sum(getattr(t.card(cid), "effect", "") in ("raise", "winning_hand", "control")
                       for cid in t.hand)
        return 3 if controls >= 2 and gold >= 3 else -2
    if eff == "gamble":
        return 5 + pot / 2
    rnd = t.round()
    if rnd is not None and rnd.get("controller") in t.team and eff != "take_pot":
        return -3
    if eff == "raise" and gold <= 2:
        return -1
    return 4 + pot / 2 if prompt_kind == "gamble" or eff == "take_pot" else 2 + pot / 2


def _score_attack(t: Table, eff: str, params: dict, target) -> float:
    weakest = t.weakest_opponent()
    aim = 0.0 if target is None or weakest is None else (1.0 if target == weakest else 0.0) - t.danger(target) / 100
    if eff in ("damage", "hit_back"):
        return -5 if target in t.team else 10 + params.get("fortitude", 1) + 2 * aim
    if eff == "damage_each":
        return 10 + params.get("fortitude", 1) * len(t.opponents())
    if eff == "steal_each":
        poor = any(t.seats[s]["gold"] <= 1 for s in t.opponents())
        return 15 if poor else 7 + len(t.opponents())
    if target in t.team or not t.seats[target]["drink_me_count"]:
        return -5                              # force_drink: nothing to drink, nothing happens
    return 8 + aim


def _score_round_card(t: Table, eff: str) -> float:
    """Leaving a Round, letting the Inn pay, and the other Round tricks."""
    top = t.top or {}
    gold = t.mine["gold"]
    if eff == "anti_cheat":
        return 10 if top.get("type") == "Cheating" and top.get("seat") not in t.team else -1
    if eff in ("leave_round", "leave_or_ignore_drink"):
        return 3 if gold <= 3 else -1
    if eff == "inn_pays":
        return 3 if gold <= 4 else 0.2
    if eff == "end_round_to_inn":
        rnd = t.round()
        return 2 if rnd is not None and rnd.get("controller") not in (None, *t.team) else -2
    return 3   # grab_coin


def _score_unknown(t: Table, c, d: Decision) -> float:
    """A pack card whose effect word has no rule here: aimed at another seat it counts as an
    attack; one that stays in play (a Minion) as lasting; anything else as a small gain."""
    target = d.get("target")
    if target is not None:
        return -5 if target == t.me else _score_attack(t, "damage", c.params, target) - 1
    if any(step.get("do") == "move_card" for step in c.steps):
        return LASTING
    return 4


def _score_play(t: Table, d: Decision, c=None) -> float:
    c = c or t.card(d.get("card"))
    if c is None:
        return -1.0
    score = _score_card(t, c, d)
    for key, bonus in hints.BONUSES.items():      # what a mechanic's key adds (Glare, a Minion hit)
        if d.get(key) is not None:
            score += bonus(t, d, KIT)
    return score


def _score_pick(t: Scoring, d: Decision) -> float:
    """A rule's choice (a `pick` prompt): its kind's hint, else no preference."""
    hint = hints.PICKS.get(t.prompt.get("kind"))
    return hint(t, d, KIT) if hint is not None else 0.0


def _score_card(t: Table, c, d: Decision) -> float:
    eff, params, target, mode = c.effect, c.params, d.get("target"), d.get("mode")
    hint = hints.TARGETS.get(target)        # aimed at one who is no seat (Otto)
    if hint is not None:
        return hint(t, c, d, KIT)
    hint = hints.CARDS.get(eff)             # a mechanic's card (games/ai/hints.py)
    if hint is not None:
        return hint(t, c, d, KIT)
    if _drink_change(eff, mode) is not None:
        return _score_drink_card(t, eff, params, d)
    if eff in ("negate_sometimes", "negate_drink_change"):
        return _score_negate(t, eff)
    if eff in ("heal_self", "mass_heal", "heal_target_pay"):
        return _score_heal(t, c, target)
    if eff in ("steal_one", "tip_wench"):
        return _score_gold(t, eff, target)
    if eff in ("damage", "hit_back", "damage_each", "steal_each", "force_drink"):
        return _score_attack(t, eff, params, target)
    if eff == "gamble" or eff in CONTROL:
        return _score_gambling(t, eff)
    if eff == "ignore_card" or mode == "card":
        return 12 if teams.hits_us(t, t.top or {}, _frame_hits) else -2
    if eff == "toast":
        lowest = min((t.margin(s) for s in t.opponents()), default=99)
        return 5 if t.margin(t.me) > lowest + 3 else -1
    if eff == "order_extra":
        targets = d.get("targets") or []
        weakest = t.weakest_opponent()
        return -2 if any(x in t.team for x in targets) or t.mine["gold"] < SPARE_GOLD else 2 + 0.5 * sum(x == weakest for x in targets)
    if eff not in KEEP:
        return _score_unknown(t, c, d)
    return _score_round_card(t, eff)


def score(t: Scoring, d: Decision, average: float | None = None) -> float:
    kind = d.get("type")
    if kind == "pass":
        return 0.0
    if kind == "drink":
        return 1.0
    if kind == "order":
        target = d.get("target")
        if target is None:
            return 0.5
        return 1 + (30 - t.margin(target)) / 30 + (boss.order_bonus(t, d) if boss.active(t) else 0)
    if kind == "split":
        # Mead: half of it to an opponent is less for me and more for them.
        return 1.5 + (30 - t.margin(d.get("target"))) / 100
    if kind == "discard":
        return _score_discard(t, d, _deck_average(t) if average is None else average)
    if kind == "pick":
        return _score_pick(t, d)
    hint = hints.DECISIONS.get(kind)          # a mechanic's own decision (games/ai/hints.py)
    if hint is not None:
        return hint(t, d, KIT)
    if kind != "play":
        return -0.5
    for hint in hints.PLAYS.values():         # a play a mechanic scores whole (an Item, a Prize)
        got = hint(t, d, KIT)
        if got is not None:
            return got
    return _score_play(t, d)


def _answers_mine(t: Table, top: dict) -> bool:
    """Whether `top` answers a card of mine lower on the stack (e.g. an Ignore of my attack)."""
    on = _frame_by_id(t, top.get("on"))
    return on is not None and on.get("seat") in t.team


def _scored(view: dict, tuning: Tuning) -> list[tuple[float, Decision]]:
    t = Scoring(view, tuning)
    average = _deck_average(t) if t.prompt.get("kind") == "phase:discard" else None
    decisions = list(t.decisions)
    if average is not None:
        decisions += _discards(t, average)
    decisions += events.counted(t, _keep)        # "discard N cards" of a Dungeon Event
    return [(score(t, d, average), d) for d in decisions]


def _discards(t: Scoring, average: float) -> list[Decision]:
    """The engine offers the discard as "any subset of these cards" (docs/decisions.md): the
    best subset throws back exactly the cards worth less than an average card."""
    out = []
    for offer in t.prompt.get("subsets") or []:
        if offer.get("type") == "discard":
            throw = _throw(t, offer, average)
            if throw:
                out.append({**offer, "cards": throw})
    return out


def _throw(t: Scoring, offer: Decision, average: float) -> list:
    """The cards of a discard offer worth less than an average card still in the deck."""
    return [cid for cid in offer["cards"] if average - _keep(t, getattr(t.card(cid), "effect", "")) > 0]


def ranked(view: dict, tuning: Tuning = TUNING) -> list[tuple[float, Decision]]:
    return sorted(_scored(view, tuning), key=lambda x: -x[0])


def discards_nearby(view: dict, tuning: Tuning = TUNING) -> list[tuple[float, Decision]]:
    """The discards that keep or throw back one card otherwise than this bot's own, best first
    by its own score: other discards for a search to weigh (mcts@8). Throwing back exactly the
    cards worth less than an average card is a rule of thumb, and the cards kept are the next
    turn's choices."""
    t = Scoring(view, tuning)
    average = _deck_average(t)
    out = []
    for offer in t.prompt.get("subsets") or []:
        if offer.get("type") == "discard":
            own = set(_throw(t, offer, average))
            for cid in offer["cards"]:
                d = {**offer, "cards": sorted(own ^ {cid})}
                out.append((score(t, d, average), d))
    return sorted(out, key=lambda x: -x[0])


def decide(view: dict, *, seed: str, tuning: Tuning = TUNING) -> Decision:
    decisions = (view["prompt"] or {}).get("decisions", [])
    if len(decisions) == 1 and not view["prompt"].get("subsets"):
        return dict(decisions[0])
    scored = _scored(view, tuning)
    best = max(s for s, _ in scored)
    top = [d for s, d in scored if s == best]
    if len(top) > 1:
        top = [top[rng_for(seed, NAME).randrange(len(top))]]
    return dict(top[0])


def rollout_decide(view: dict, rng, tuning: Tuning = TUNING) -> Decision:
    """What `decide` would choose, made cheap for search rollouts (games/ai/mcts.py): ties go
    to `rng`, and discards are not scored subset by subset — a subset scores the sum of its
    cards' (average − keep), so the best one throws back exactly the cards worth less than
    an average card."""
    t = Scoring(view, tuning)
    decisions = t.decisions
    if len(decisions) == 1 and not t.prompt.get("subsets"):
        return decisions[0]
    if t.prompt.get("kind") == "phase:discard":
        average = _deck_average(t)
        gains = {cid: average - _keep(t, getattr(t.card(cid), "effect", "")) for cid in t.hand}
        throw = sorted(cid for cid, gain in gains.items() if gain > 0)
        scored = [(score(t, d, average), d) for d in decisions if d.get("type") != "discard"]
        scored.append((sum(gains[cid] for cid in throw), {"seat": t.me, "type": "discard", "cards": throw}))
    else:
        scored = [(score(t, d), d) for d in decisions + events.counted(t, _keep)]
    best = max(s for s, _ in scored)
    top = [d for s, d in scored if s == best]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


#: What the heuristic lends the mechanics' hints (games/ai/hints.py).
KIT = hints.Kit(keep=_keep, play=_score_play, drink_gain=_drink_gain, hits=_frame_hits, spare_gold=SPARE_GOLD)
