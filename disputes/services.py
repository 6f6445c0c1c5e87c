"""Writes of the dispute workflow (docs/disputes.md): a player reports a problem at one
event; staff add notes, resolve or reject with a reason the reporter sees, void the game or
award a correction.

Every staff action is an audit row (`DisputeAction`: who, what, when) and an
`admin_*` event appended to the game's log by `staff_event_append`: the sibling of
`games.appends.submit_decision` for staff. It takes the same row lock on the game, loads
the state the same way, folds the event through the engine's staff calls (`engine.correct`,
`engine.void`) when it changes the state, and appends through the same hash chain and
compare-and-set, so the game still verifies afterwards. Nothing is edited or deleted.
"""
from __future__ import annotations

import hashlib

from django.db import connection, transaction
from django.utils import timezone

from games import appends, engine, store
from games.errors import Conflict, Forbidden, Illegal, NotFound, ServiceError
from games.models import Game, GameEvent, Seat
from disputes.models import Dispute, DisputeAction

ADMIN_NOTE, ADMIN_OUTCOME = "admin_note", "admin_dispute_outcome"
ADMIN_CORRECTION, ADMIN_VOID = "admin_correction", "admin_void"
STAFF_KINDS = (ADMIN_NOTE, ADMIN_OUTCOME, ADMIN_CORRECTION, ADMIN_VOID)
MAX_TEXT = 4000


# --- reporting ---------------------------------------------------------------------------------

def reporter_perspective(*, game: Game, user) -> str:
    """What `user` may report from: their seat in the game, or 'omniscient' for anyone
    logged in once the game is over (finished games are public, DESIGN.md §6). Raises
    Forbidden otherwise: a game in play can only be reported by the people playing it."""
    if user is None or not user.is_authenticated:
        raise Forbidden("Log in to report a problem.", code="not_authenticated")
    seat = Seat.objects.filter(table_id=game.table_id, user_id=user.pk).values_list("index", flat=True).first()
    if seat is not None:
        return str(seat)
    if game.status == Game.Status.OVER:
        return "omniscient"
    raise Forbidden("Only the players of a game in progress can report a problem in it; once it is over anyone "
                    "can.", code="not_a_participant")


def dispute_report(*, game_id: int, user, seq: int, category: str, text: str) -> Dispute:
    """Record a report about event `seq` of the game, with the state hash recorded there."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound(f"There is no game {game_id}.")
    perspective = reporter_perspective(game=game, user=user)
    if category not in Dispute.Category.values:
        raise ServiceError(f"Choose a category: {', '.join(Dispute.Category.values)}.", code="invalid_category")
    text = (text or "").strip()
    if not text:
        raise ServiceError("Say in a few words what went wrong.", code="empty_text")
    if len(text) > MAX_TEXT:
        raise ServiceError(f"Keep the report under {MAX_TEXT} characters.", code="text_too_long")
    event = GameEvent.objects.filter(game_id=game_id, seq=seq).values("state_hash").first()
    if event is None:
        raise NotFound(f"Game {game_id} has events 0 to {game.seq}; there is no event {seq}.", code="no_such_event")
    return Dispute.objects.create(game=game, seq=seq, state_hash=event["state_hash"], reporter=user,
                                  perspective=perspective, category=category, text=text)


# --- the staff's way in --------------------------------------------------------------------------

def staff_event_append(*, game_id: int, kind: str, payload: dict, actor: str) -> int:
    """Append one `admin_*` event under the game's row lock; return its seq.

    `admin_correction` / `admin_void` are folded through `engine.correct` / `engine.void`
    (a refusal is Illegal with the engine's code); when that ends the game, `game_ended`
    (winners, the seed revealed, `voided`) follows as after a decision. Notes and outcomes
    leave the state as it is and may be added after the end."""
    if kind not in STAFF_KINDS:
        raise ValueError(f"kind must be one of {STAFF_KINDS}")
    with transaction.atomic(), connection.cursor() as cursor:
        locked = appends.lock_game(cursor, game_id)
        if locked.rules_version != store.rules_version():
            raise Conflict(f"This game was played under rules {locked.rules_version}; this server runs "
                           f"{store.rules_version()} and cannot fold staff events into it.",
                           code="rules_version_mismatch")
        folded = kind in store.ADMIN_FOLDED_KINDS
        if folded and locked.status == Game.Status.OVER:
            raise Illegal("The game is over: its numbers can no longer be corrected and it cannot be voided; add a "
                          "note or resolve the dispute instead.", code="game_over")
        state = store.state_for_write(cursor, game_id=game_id, seq=locked.seq, expected_hash=locked.state_hash)
        new_hash = locked.state_hash
        if folded:
            try:
                state, _ = store.apply_event(state, kind, payload)
            except engine.IllegalDecision as exc:
                raise Illegal(exc.message, code=exc.code) from exc
            new_hash = engine.state_hash(state)
        events = [store.NewEvent(kind, payload.get("seat") if kind == ADMIN_CORRECTION else None, actor, payload,
                                 new_hash)]
        if folded and state.over:
            events.append(store.NewEvent("game_ended", None, "system",
                                         {"winners": list(state.winners), "seed": state.seed,
                                          "voided": kind == ADMIN_VOID}, new_hash))
        projection = None
        if locked.status == Game.Status.OVER:
            projection = {"status": Game.Status.OVER, "prompt_seats": [], "deadline": None,
                          "winners": list(Game.objects.filter(pk=game_id).values_list("winners", flat=True)[0])}
        appends.append_locked(cursor, game_id=game_id, locked=locked, state=state, events=events,
                                    human_seats=frozenset(locked.human_seats), projection=projection)
        return locked.seq + 1


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _staff_only(user) -> None:
    if user is None or not user.is_authenticated or not user.is_staff:
        raise Forbidden("Only staff can act on disputes.", code="staff_only")


def _dispute_for_update(dispute_id: int) -> Dispute:
    dispute = Dispute.objects.select_for_update().filter(pk=dispute_id).first()
    if dispute is None:
        raise NotFound(f"There is no dispute {dispute_id}.")
    return dispute


def dispute_note(*, dispute_id: int, staff, text: str) -> DisputeAction:
    """A staff note: an audit row and an `admin_note` event {dispute, action, text_sha256}
    (the text stays with the dispute, staff-only; the log commits to it)."""
    _staff_only(staff)
    text = (text or "").strip()
    if not text:
        raise ServiceError("Write the note first.", code="empty_text")
    with transaction.atomic():
        dispute = _dispute_for_update(dispute_id)
        seq = staff_event_append(game_id=dispute.game_id, kind=ADMIN_NOTE, actor=f"admin:{staff.pk}",
                                 payload={"dispute": dispute.pk, "action": "note", "text_sha256": _digest(text)})
        return DisputeAction.objects.create(dispute=dispute, staff=staff, kind=DisputeAction.Kind.NOTE, text=text,
                                            event_seq=seq)


def dispute_close(*, dispute_id: int, staff, outcome: str, reason: str) -> DisputeAction:
    """Resolve or reject an open dispute with a reason the reporter sees; appends
    `admin_dispute_outcome` {dispute, outcome, reason_sha256}."""
    _staff_only(staff)
    if outcome not in (Dispute.Status.RESOLVED, Dispute.Status.REJECTED):
        raise ServiceError("The outcome is 'resolved' or 'rejected'.", code="invalid_outcome")
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("Give the reporter a reason.", code="empty_reason")
    with transaction.atomic():
        dispute = _dispute_for_update(dispute_id)
        if dispute.status != Dispute.Status.OPEN:
            raise Conflict(f"This dispute is already {dispute.status}.", code="dispute_closed")
        seq = staff_event_append(game_id=dispute.game_id, kind=ADMIN_OUTCOME, actor=f"admin:{staff.pk}",
                                 payload={"dispute": dispute.pk, "outcome": str(outcome),
                                          "reason_sha256": _digest(reason)})
        dispute.status, dispute.outcome = outcome, reason
        dispute.closed_at, dispute.closed_by = timezone.now(), staff
        dispute.save(update_fields=["status", "outcome", "closed_at", "closed_by"])
        kind = DisputeAction.Kind.RESOLVE if outcome == Dispute.Status.RESOLVED else DisputeAction.Kind.REJECT
        return DisputeAction.objects.create(dispute=dispute, staff=staff, kind=kind, text=reason, event_seq=seq)


def dispute_correct(*, dispute_id: int, staff, seat: int, gold: int = 0, fortitude: int = 0, alcohol: int = 0,
                    reason: str) -> DisputeAction:
    """Award a correction: an `admin_correction` event the engine folds (`engine.correct`)."""
    _staff_only(staff)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("Say why the numbers change; the players see it.", code="empty_reason")
    payload = {"seat": seat, "gold": gold, "fortitude": fortitude, "alcohol": alcohol, "reason": reason[:500]}
    with transaction.atomic():
        dispute = _dispute_for_update(dispute_id)
        seq = staff_event_append(game_id=dispute.game_id, kind=ADMIN_CORRECTION, actor=f"admin:{staff.pk}",
                                 payload={**payload, "dispute": dispute.pk})
        return DisputeAction.objects.create(dispute=dispute, staff=staff, kind=DisputeAction.Kind.CORRECT,
                                            text=reason, details=payload, event_seq=seq)


def dispute_void(*, dispute_id: int, staff, reason: str) -> DisputeAction:
    """Void the game: `admin_void` (the engine ends it with no winner), then `game_ended`."""
    _staff_only(staff)
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError("Say why the game is voided; the players see it.", code="empty_reason")
    with transaction.atomic():
        dispute = _dispute_for_update(dispute_id)
        seq = staff_event_append(game_id=dispute.game_id, kind=ADMIN_VOID, actor=f"admin:{staff.pk}",
                                 payload={"dispute": dispute.pk, "reason": reason[:500]})
        return DisputeAction.objects.create(dispute=dispute, staff=staff, kind=DisputeAction.Kind.VOID, text=reason,
                                            event_seq=seq)
