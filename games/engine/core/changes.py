"""Pending changes: Fortitude, Alcohol and Gold changes that have not landed yet.

Every such change a card (or a hook, or a rule like Wages) makes is built here as a change
`{"source", "target", "stat", "delta", "card", "type", ...}` (digest §7-§9):

- `delta` is signed (-3: lose 3 Fortitude / pay 3 Gold; +2: gain 2); Gold a seat pays goes
  `to` the Inn, the pot or a seat.
- `type` is the card type it counts as (a card's own type; "Action" for Scarab damage,
  which comes "as though" from Amundyr's Action).
- What answered it before it lands: `ignored` and `inn_pays` (for a card's changes these
  are answered on the card frame itself, as in the base game), `reduced` (reduce_change;
  an Ignore of a card whose step says `ignore_reduces`), `redirects` (the seats it was
  redirected to, in the order played; `minion` when the last one is a Minion), `replaced`
  (replace_change: the target loses another stat instead and the Inn pays).
- What it may not be: `no_hitback`, `no_redirect`; `only_target` (only the seat it hits
  may answer it, for the team variants); `inn_reduces` says "the Inn pays" only takes that
  much off (Wages [001:1172-1174]).

`submit` lands a step's changes at once unless some seat they hit holds a card that could
answer one of them; then they wait together in one `change` frame, whose window asks only
the seats they hit (a response names the change it answers by its index, `change`). When
the window closes they land in order and "after it happened" (hit-back) opens on what
actually landed: the seats that really lost Fortitude, the original source as the one who
hurt them [004:507-532; 001:465-486]. A card's changes can only be answered here when the
content has a card that reduces, redirects or replaces a change (`Content.changes_answerable`);
the base game has none, so its changes land exactly as they always did.
"""
from . import extensions
from .content import of
from .frames import push
from .ops import INN, change_alcohol, change_fortitude, emit, gain_gold, pay
from .seating import napping
from .state import State
from .teams import team

#: What a step's `run` returns when its changes wait in a `change` frame: the card's
#: remaining steps wait too (resolve.proceed).
WAIT = "wait"


def change(source, target, stat, delta, *, card=None, as_type="", to=None, reason="", **flags) -> dict:
    # What answers add later (ignored, inn_pays, reduced, redirects, replaced) is set only
    # when it happens: most changes land at once and never carry it.
    ch = {"source": source, "target": target, "stat": stat, "delta": delta, "card": card, "type": as_type}
    if to is not None:
        ch["to"] = to
    if reason:
        ch["reason"] = reason
    if flags:
        for k, v in flags.items():
            if v:
                ch[k] = v
    return ch


def amount(ch: dict) -> int:
    """What is left of the change after reductions (a magnitude, never below 0)."""
    return max(0, abs(ch["delta"]) - ch.get("reduced", 0))


def hurts(ch: dict) -> bool:
    """A change its target would rather not take: losing Fortitude or Gold, gaining Alcohol."""
    return (ch["delta"] > 0) if ch["stat"] == "alcohol" else (ch["delta"] < 0)


def submit(state: State, chs: list, hit=None, card_frame=None) -> bool:
    """Land `chs` now, or push them as one `change` frame when a seat they hit could answer
    one. `hit` is (source, card, Minion or None) for the hit-back window. True when a frame
    waits."""
    if not chs:
        return False
    # One step's changes share their card: a card's wait only where a card could answer them.
    if chs[0]["card"] is None or of(state).changes_answerable:
        hit = list(hit) if hit else None
        frame = {"f": "change", "changes": chs, "hit": hit}
        seats = [s for ch in chs if ch["target"] is not None for s in answerers(state, ch)]
        if any(not state.seats[s].out and can_answer(state, s, frame) for s in dict.fromkeys(seats)):
            first = chs[0]["source"] if isinstance(chs[0]["source"], int) else state.active
            push(state, frame, poll_from=first, only=seats)
            return True
    land(state, chs, hit, card_frame)
    return False


def answerers(state: State, ch: dict) -> list[int]:
    """Who may answer a change: its target and, by shared defence (§15.3), the target's
    teammates, unless the card lets only its target answer ("No von can help you now")."""
    return [ch["target"]] if ch.get("only_target") else team(state, ch["target"])


#: (state, seat, frame) -> whether `seat` holds a card that answers a change in `frame` (an
#: Anytime card it could play in any window does not open one). That is legality, which sits
#: above the steps that make changes (responses.py), so responses.py sets it as it is imported:
#: the one call the core makes upward, named here rather than imported.
can_answer = None


def land(state: State, chs: list, hit, card_frame=None) -> None:
    """Land `chs` in order, then open hit-back (`hit`: source, card, Minion) on what landed.
    The Fortitude each seat actually lost is noted on `card_frame` (`lost`: [[seat, n]]) for
    the card's later steps ("return Scarabs equal to the Fortitude actually lost")."""
    hurt, reduced = [], []
    for ch in chs:
        got = _land(state, ch)
        if ch.get("reduced") and ch["target"] is not None:
            reduced.append(ch["target"])
        if got < 0 and ch["stat"] == "fortitude" and ch["target"] is not None:
            if card_frame is not None:
                card_frame.setdefault("lost", []).append([ch["target"], -got])
            if not ch.get("no_hitback") and ch["target"] != ch["source"] and ch["target"] not in hurt:
                hurt.append(ch["target"])
    if hurt and hit:       # "after it happened" (R-HIT-BACK): only seats that really lost some
        fr = {"f": "hitback", "victims": hurt, "source": hit[0], "card": hit[1]}
        if reduced:
            fr["reduced"] = reduced        # "not if you reduced that Fortitude loss" [004:265-269]
        if len(hit) > 2 and hit[2] is not None:
            fr["minion"] = hit[2]          # a Minion hurt them: it may be hit back [001:1184-1188]
        push(state, fr, poll_from=state.active, only=hurt)


def _why(ch):
    why = {"by": ch["source"]}
    if ch["card"] is not None:
        why["card"] = ch["card"]
    if "reason" in ch:
        why["reason"] = ch["reason"]
    return why


def _land(state: State, ch: dict) -> int:
    """Apply one change; the Fortitude it actually changed (for hit-back), else 0."""
    if "minion" in ch:
        if amount(ch):
            extensions.stand_in_hurt(state, ch["source"], ch["minion"])
        return 0
    t = ch["target"]
    if t is None or state.seats[t].out:
        return 0
    why = _why(ch)
    if "ignored" in ch or napping(state, t):
        emit(state, "ignored", seat=t, **why)
        return 0
    delta, stat = ch["delta"], ch["stat"]
    n = abs(delta)
    if "reduced" in ch:
        n = max(0, n - ch["reduced"])
        emit(state, "reduced", seat=t, less=abs(delta) - n, now=n, card=ch["card"])
        if not n:
            return 0
    if "replaced" in ch:       # it loses something else instead; the Inn pays any Gold
        if stat == "gold":
            pay(state, t, n, ch.get("to", INN), from_inn=True, **why)
        if ch["replaced"] == "fortitude":
            change_fortitude(state, t, -n, **why)
        else:
            change_alcohol(state, t, n, **why)
        return 0               # its target chose it: nobody hits back for it
    if stat == "gold":
        if delta > 0:
            gain_gold(state, t, n, INN, **why)
        else:
            pay(state, t, n, ch.get("to", INN), from_inn="inn_pays" in ch, **why)
        return 0
    if stat == "alcohol":
        change_alcohol(state, t, n if delta > 0 else -n, **why)
        return 0
    return change_fortitude(state, t, n if delta > 0 else -n, **why)


def pending(state: State, *, source: int, target: int, stat: str, amount: int, as_type: str,
            hitback: bool = False, redirect: bool = False, reason: str = "") -> bool:
    """A change from no card (a hook's, "as though" from a card of type `as_type`)."""
    ch = change(source, target, stat, -amount, as_type=as_type, reason=reason,
                no_hitback=not hitback, no_redirect=not redirect)
    return submit(state, [ch], (source, None, None))
