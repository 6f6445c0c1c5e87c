"""Dispute pages and JSON endpoints. They only translate HTTP: `disputes.services` writes,
`disputes.evidence` reads the evidence (staff only).

Pages:  POST /games/{id}/report/            the report form (live table and replay dialog)
        GET  /disputes/                     "My reports": the caller's disputes and outcomes
        GET  /staff/disputes/               staff: every dispute, open first
        GET  /staff/disputes/{id}/          staff: the evidence page
        POST /staff/disputes/{id}/act/      staff: note, resolve, reject, correct, void
API:    POST /api/games/{id}/disputes/      {seq, category, text} -> 201 the dispute
        GET  /api/disputes/                 the caller's disputes (staff: ?all=1 for every one)
        GET  /api/disputes/{id}/            the reporter or staff; evidence only for staff
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.redirects import same_site_path
from games.api.serializers import ErrorSerializer
from games.errors import IntegrityFailure, NotFound, ServiceError
from disputes import evidence as ev, presentation, services
from disputes.models import Dispute
from games.log_reads import reading_the_log
from replay.verification import verify_game


# --- pages ---------------------------------------------------------------------------------

def _forbidden(request, message: str):
    return render(request, "disputes/forbidden.html", {"message": message}, status=403)


def _int(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


@require_POST
def report(request, game_id: int):
    if not request.user.is_authenticated:
        return _forbidden(request, "Log in to report a problem.")
    seq = _int(request.POST.get("seq"))
    try:
        if seq is None:
            raise ServiceError("Say which event the report is about.", code="invalid_seq")
        dispute = services.dispute_report(game_id=game_id, user=request.user, seq=seq,
                                          category=request.POST.get("category", ""),
                                          text=request.POST.get("text", ""))
    except ServiceError as exc:
        if exc.status == 403:
            return _forbidden(request, exc.message)
        messages.error(request, exc.message)
        return redirect(same_site_path(request.POST.get("back")) or "disputes-mine")
    messages.success(request, f"Thank you: report {dispute.pk} about event {dispute.seq} is with the staff. "
                              "You will see the outcome here.")
    return redirect("disputes-mine")


@login_required
@require_GET
def mine(request):
    return render(request, "disputes/mine.html",
                  {"disputes": Dispute.objects.filter(reporter=request.user).select_related("game")})


def _staff(request):
    return request.user.is_authenticated and request.user.is_staff


@require_GET
def staff_list(request):
    if not _staff(request):
        return _forbidden(request, "Only staff can see disputes.")
    status_filter = request.GET.get("status", "open")
    rows = Dispute.objects.select_related("game", "reporter").order_by("-id")
    if status_filter in Dispute.Status.values:
        rows = rows.filter(status=status_filter)
    return render(request, "disputes/staff_list.html", {"disputes": rows[:500], "status": status_filter,
                                                        "statuses": Dispute.Status.values})


@require_GET
def staff_page(request, dispute_id: int):
    if not _staff(request):
        return _forbidden(request, "Only staff can see the evidence of a dispute.")
    dispute = Dispute.objects.select_related("game", "reporter", "closed_by").filter(pk=dispute_id).first()
    if dispute is None:
        return render(request, "disputes/forbidden.html", {"message": f"There is no dispute {dispute_id}."},
                      status=404)
    try:
        with reading_the_log(dispute.game_id, dispute.game.seq):
            ctx = ev.evidence(dispute)
    except IntegrityFailure as exc:
        with reading_the_log(dispute.game_id, dispute.game.seq):
            check = verify_game(dispute.game_id)
        return render(request, "disputes/forbidden.html", {
            "title": "Can't show the evidence", "code": exc.code,
            "message": f"{exc.message} The check says: {check.problem}"}, status=exc.status)
    ctx["categories"] = Dispute.Category.choices
    ctx.update(summary=presentation.summary(ctx["before"], ctx["after"], ctx["names"]),
               diff_groups=presentation.grouped_diff(ctx["diff"]), offered=presentation.offered_json(ctx["offered"]))
    return render(request, "disputes/staff_page.html", ctx)


@require_POST
def staff_act(request, dispute_id: int):
    if not _staff(request):
        return _forbidden(request, "Only staff can act on disputes.")
    action, post, staff = request.POST.get("action"), request.POST, request.user
    try:
        if action == "note":
            services.dispute_note(dispute_id=dispute_id, staff=staff, text=post.get("text", ""))
        elif action in ("resolved", "rejected"):
            services.dispute_close(dispute_id=dispute_id, staff=staff, outcome=action, reason=post.get("text", ""))
        elif action == "correct":
            seat = _int(post.get("seat"))
            if seat is None:
                raise ServiceError("Choose the seat to correct.", code="invalid_seat")
            services.dispute_correct(dispute_id=dispute_id, staff=staff, seat=seat,
                                     gold=_int(post.get("gold"), 0), fortitude=_int(post.get("fortitude"), 0),
                                     alcohol=_int(post.get("alcohol"), 0), reason=post.get("text", ""))
        elif action == "void":
            services.dispute_void(dispute_id=dispute_id, staff=staff, reason=post.get("text", ""))
        else:
            raise ServiceError("Unknown action.", code="invalid_action")
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"Done: {action}.")
    return redirect("disputes-staff-page", dispute_id=dispute_id)


# --- API -------------------------------------------------------------------------------------

class StringField(serializers.CharField):
    """A JSON string and nothing else: DRF's CharField would take 0 or 1.5 as "0" or "1.5"."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ReportSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0, max_value=2**31 - 1)
    category = serializers.ChoiceField(choices=Dispute.Category.values)
    text = StringField(min_length=1, max_length=services.MAX_TEXT,
                       help_text=f"What went wrong, in words: a non-empty string of at most {services.MAX_TEXT} "
                                 "characters.")


def _error(text: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=text)


class DisputeSerializer(serializers.ModelSerializer):
    """What a reporter sees of their own dispute: never the evidence, never staff notes."""

    class Meta:
        model = Dispute
        fields = ["id", "game", "seq", "state_hash", "perspective", "category", "text", "created_at", "status",
                  "outcome", "closed_at"]


def _valid(serializer_class, data):
    ser = serializer_class(data=data)
    if not ser.is_valid():
        field, errors = next(iter(ser.errors.items()))
        raise ServiceError(f"{field}: {errors[0]}", code="invalid_input")
    return ser.validated_data


MAX_ID = 2**63 - 1


def _id(value: int, what: str) -> int:
    if value > MAX_ID:
        raise NotFound(f"There is no {what} {value}.")
    return value


class GameDisputes(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ReportSerializer, operation_id="game_dispute_create", responses={
        201: DisputeSerializer,
        400: _error("`invalid_input`: seq, category or text missing or of the wrong type (text must be a non-empty "
                    "string of at most 4000 characters)"),
        401: _error("`not_authenticated` / `authentication_failed` / `token_expired`: log in"),
        403: _error("`not_a_participant`: a game in progress can be reported only by its players"),
        404: _error("`not_found` (no such game) or `no_such_event` (no such seq in it)")},
                   summary="Report a problem at one event of the game (players; anyone once it is over)")
    def post(self, request, game_id: int):
        _id(game_id, "game")
        data = _valid(ReportSerializer, request.data)
        dispute = services.dispute_report(game_id=game_id, user=request.user, **data)
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)


class MyDisputes(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: DisputeSerializer(many=True), 401: _error("`not_authenticated`: log in")},
                   operation_id="disputes_list",
                   summary="Your reports and their outcomes (staff: ?all=1 for every dispute)")
    def get(self, request):
        rows = Dispute.objects.all() if request.user.is_staff and request.GET.get("all") else \
            Dispute.objects.filter(reporter=request.user)
        return Response(DisputeSerializer(rows[:500], many=True).data)


class DisputeDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: DisputeSerializer, 401: _error("`not_authenticated`: log in"),
                              404: _error("`not_found`: no such dispute of yours")},
                   operation_id="dispute_retrieve",
                   summary="One of your reports; staff also get the evidence and the staff actions")
    def get(self, request, dispute_id: int):
        _id(dispute_id, "dispute")
        dispute = Dispute.objects.filter(pk=dispute_id).first()
        if dispute is None or (dispute.reporter_id != request.user.pk and not request.user.is_staff):
            # other players see nothing of it, not even that it exists
            raise NotFound(f"There is no dispute {dispute_id} of yours.")
        data = DisputeSerializer(dispute).data
        if request.user.is_staff:
            with reading_the_log(dispute.game_id, dispute.game.seq):
                e = ev.evidence(dispute)
            data["evidence"] = {k: e[k] for k in ("event", "before", "after", "diff", "offered", "who",
                                                  "open_seconds", "narration", "changes", "integrity",
                                                  "replay_url")}
            data["evidence"]["surrounding"] = [{k: v for k, v in s.items()} for s in e["surrounding"]]
            data["actions"] = [{"kind": a.kind, "staff": a.staff.username, "text": a.text, "details": a.details,
                                "event_seq": a.event_seq, "at": a.created_at.isoformat()} for a in e["actions"]]
        return Response(data)



