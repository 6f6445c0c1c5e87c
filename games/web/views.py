"""The pages: lobby, sign-up / log-in, table, game table and history. Views only translate
HTTP: writes go to `games.services`, reads to `games.selectors`; a game is shown only through
the caller's `engine.view` (games/presentation/board.py)."""
from __future__ import annotations

import json
import random
import re

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts import throttles
from accounts.forms import SignUpForm
from accounts.redirects import same_site_path
from games import appends, bosses, decision_input, engine, selectors, services, standings
from games.errors import NotFound, ServiceError
from games.models import Game, Table
from games.packs import registry
from games.presentation import board, narration
from games.web import characters
from games.web import options as table_options
from games.web import tavern
from games.presentation.bots import bot_level, bot_levels


def _timer_words(seconds: int | None) -> str:
    if not seconds:
        return ""
    return f"{seconds // 60} min" if seconds >= 60 and seconds % 60 == 0 else f"{seconds} s"


def _play_now_timers() -> dict:
    """What Play now's table gets (services.table_create's defaults), for the lobby's notice."""
    turn = settings.RDI_TURN_SECONDS
    times = settings.RDI_TIMEOUTS_BEFORE_HANDOVER
    counts = {2: "two", 3: "three", 4: "four", 5: "five"}
    return {"turn": _timer_words(turn), "window": _timer_words(settings.RDI_WINDOW_SECONDS if turn else None),
            "handover": "a timeout" if times <= 1 else f"{counts.get(times, times)} timeouts in a row"}


def _pick(character: str | None, used: list[str], offered=engine.CHARACTERS) -> str:
    """The chosen character if `offered` holds it, else a random one nobody took yet."""
    offered = list(offered)
    if character in offered:
        return character
    free = [c for c in offered if c not in used] or offered
    return random.choice(free)


# --- lobby and history ---------------------------------------------------------------------

@require_GET
def lobby(request):
    tables = list(selectors.tables_open()[:50])
    yours = []
    if request.user.is_authenticated:
        yours = selectors.games_active_of(user=request.user)
    bots, default_bot = bot_levels()
    offers = tavern.offers()                   # Bar Deck, Prize, Pub Crawl (with its Tavern Drink packs)
    groups, dungeon = characters.lobby_groups(), table_options.dungeon_offer()
    card_packs = [p for p in table_options.card_packs() if not p["dungeon"] and p["pack"] not in tavern.PACKS
                  and p["pack"] not in {g["pack"] for o in offers for g in o["packs"]}]
    kept, refused = _kept_form(request, default_bot)
    return render(request, "web/lobby.html", {
        "kept": kept, "form_refused": refused,
        "variant_offers": _variant_offers(groups),
        "tables": tables, "your_games": yours, "character_groups": groups, "bots": bots,
        "sampler_note": characters.SAMPLER_NOTE,
        # each sampler is marked by a word; the form says what a sampler is once
        "samplers_offered": any(g["sampler"] for g in groups + card_packs)
        or bool((dungeon or {}).get("note")) or any(o["note"] for o in offers),
        "dungeon_offer": dungeon,
        "card_packs": card_packs,
        "tavern_offers": offers,
        "default_bot": default_bot, "player_counts": range(2, 9), "live": _live_games(request.user),
        "turn_timers": TURN_TIMERS,
        "gold": table_options.gold_offer(),
        "play_now_timers": _play_now_timers(),
    })


#: The lobby's games: (variant, label, what it is), in the variants' own words and order; a
#: Boss variant is offered only with a villain.
VARIANT_OFFERS = tuple((v.name, v.lobby, v.about) for v in sorted(engine.VARIANTS.values(), key=lambda v: v.offered))
TURN_TIMERS = (("", "No timer"), ("30", "30 s"), ("60", "1 min"), ("120", "2 min"), ("86400", "1 day"))
NO_VILLAIN = "needs a villain's pack (the RDI 6 villains or Nerodia), and none is installed"


def _variant_offers(groups: list[dict]) -> dict:
    """The Game select's options and, for lobby.js, what each means for the form: the games no
    hero can play (every seat is a Boss), the villains, each game's player counts."""
    villains = characters.villains(groups)
    rows = []
    for value, label, title in VARIANT_OFFERS:
        rules = engine.VARIANTS[value]
        n = next((n for n in range(2, 9) if not rules.check_seats(n)), 2)
        rows.append({"value": value, "label": label, "title": title,
                     "refused": NO_VILLAIN if rules.needs_villains and not villains else "",
                     "heroes": not rules.every_seat_a_boss(n)})
    # the player counts each game can be played with, from the engine's own check of the setup
    counts = {value: [n for n in range(2, 9) if not engine.VARIANTS[value].check_seats(n)]
              for value, _label, _title in VARIANT_OFFERS}
    return {"rows": rows, "villains": sorted(villains),
            "data": {"villains": sorted(villains), "no_heroes": [r["value"] for r in rows if not r["heroes"]],
                     "counts": counts, "options": _options_refused(counts)}}


#: The form's option checkboxes (the table options of the same names, games/engine/core/extensions.py).
FORM_OPTIONS = ("otto", table_options.DUNGEON, *tavern.OFFERS)


def _options_refused(counts: dict) -> dict:
    """variant -> {option: the engine's sentence} for the options a game refuses whatever its
    player count (Otto in a team game), asked of each option's own check; an option refused
    in the base game too (it needs a pack) is left to the checkbox's own offer."""
    from games.engine.core import extensions
    from games.engine.core.table_setup import Table as Setup

    content = engine.load_content([engine.BASE_PACK])
    out = {}
    for value, ns in counts.items():
        for name in FORM_OPTIONS:
            option = extensions.OPTIONS.get(name)
            if option is None or not ns:
                continue
            problem = option.check(Setup(ns[0], value, content), True)
            if problem and not option.check(Setup(ns[0], "base", content), True):
                out.setdefault(value, {})[name] = problem[1] if isinstance(problem, tuple) else problem
    return out


def _kept_form(request, default_bot: str) -> tuple[dict, str]:
    """The Create table form's values: the defaults, or the form as last posted when it was
    refused (kept in the session for this one page), and the refusal's sentence, shown next to
    the form rather than atop the page."""
    kept = request.session.pop(FORM_KEY, None) or {}
    posted = kept.get("fields") or {}
    one = {k: (v[0] if v else "") for k, v in posted.items()}
    return {"variant": "base", "player_count": "3", "character": "", "starting_gold": "", "ai_seats": "0",
            "bot": default_bot, "turn_seconds": "", **one, "packs": posted.get("packs", []),
            "on": [k for k, v in one.items() if v == "1"]}, kept.get("refused", "")


def _live_games(user) -> list[dict]:
    """Games being played that the caller can watch (as a spectator: no hand, no deck)."""
    rows = []
    for g in selectors.games_active():
        seats = sorted(g.table.seats.all(), key=lambda s: s.index)
        if user.is_authenticated and any(s.user_id == user.pk for s in seats):
            continue
        names = characters.of_game(g)
        rows.append({"game": g, "players": [
            {"name": names.get(s.character, s.character).split()[0],
             "who": f"{bot_level(s.bot)} bot" if s.is_ai else s.user.username} for s in seats]})
    return rows


@login_required
@require_GET
def history(request):
    rows = []
    games = selectors.games_of(user=request.user)
    ranked = standings.of_games(games)
    for g in games:
        seats = sorted(g.table.seats.all(), key=lambda s: s.index)
        mine = next((s.index for s in seats if s.user_id == request.user.pk), None)
        names = characters.of_game(g)
        by_index = {s.index: s for s in seats}
        # a finished game lists its players in their standings (R-STANDINGS), a live one by seat
        order = ranked.get(g.pk) or [{"seat": s.index} for s in seats]
        players = [{"name": names.get(by_index[r["seat"]].character, by_index[r["seat"]].character).split()[0],
                    "who": "bot" if by_index[r["seat"]].is_ai else by_index[r["seat"]].user.username,
                    "won": r["seat"] in (g.winners or []), "place": r.get("place"), "tied": r.get("tied"),
                    "finish": (f"{board.STATUS_WORDS.get(r['out'], r['out'])} on turn {r['turn']}"
                               if r.get("out") and r.get("turn") else None)}
                   for r in order if r["seat"] in by_index]
        result = "playing" if g.status == Game.Status.ACTIVE else ("won" if mine in (g.winners or []) else "lost")
        rows.append({"game": g, "players": players, "result": result, "replay": board.replay_url(g.pk)})
    return render(request, "web/history.html", {"rows": rows})


# --- accounts ------------------------------------------------------------------------------

def signup(request):
    form = SignUpForm(request.POST or None)
    page = {"form": form, "title": "Sign up", "action": "Create account"}
    if request.method == "POST":
        # an unbound form: a bound one would check the input, and its errors would answer it
        refused = throttles.page_refusal(request, throttles.SIGNUP, "web/auth.html", {**page, "form": SignUpForm()})
        if refused:
            return refused
    if request.method == "POST" and form.is_valid() and (user := form.save()) is not None:
        login(request, user, backend=settings.AUTHENTICATION_BACKENDS[0])
        return redirect(same_site_path(request.GET.get("next")) or "web-lobby")
    return render(request, "web/auth.html", page)


def login_page(request):
    form = AuthenticationForm(request, data=request.POST or None)
    page = {"form": form, "title": "Log in", "action": "Log in"}
    if request.method == "POST":
        # an unbound form: a bound one would check the password, and its errors would answer it
        refused = throttles.page_refusal(request, throttles.LOGIN, "web/auth.html",
                                         {**page, "form": AuthenticationForm(request)})
        if refused:
            return refused
    if request.method == "POST" and form.is_valid():
        login(request, form.get_user())
        return redirect(same_site_path(request.GET.get("next")) or "web-lobby")
    return render(request, "web/auth.html", page)


@require_POST
def logout_page(request):
    logout(request)
    return redirect("web-lobby")


# --- tables --------------------------------------------------------------------------------

def _int(value, default=None):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


_WHOLE = re.compile(r"-?[0-9]{1,30}")


def _number(text, default=None):
    """A form's whole number: an int; blank or missing: `default`; anything else as typed, for
    the engine's validation of the setup to refuse with its one sentence (never a 500)."""
    text = (text or "").strip()
    if not text:
        return default
    return int(text) if _WHOLE.fullmatch(text) else text


@login_required
@require_POST
def table_create(request):
    """The lobby's Create table: the table, the owner's seat, AI seats and maybe the start, in
    one transaction, so a refusal at any step (the setup, a seat, a per-user limit) leaves
    nothing behind, only the refusal's sentence next to the form, which comes back as filled
    (the fields are kept in the session for the one redirect to the lobby)."""
    p = request.POST
    try:
        with transaction.atomic():
            table = _create_from_form(request, p)
            if _int(p.get("ai_seats"), 0) >= table.player_count - 1 and p.get("start"):
                game = services.table_start(table_id=table.pk, user=request.user)
                return redirect("web-game", game_id=game.pk)
    except ServiceError as exc:
        message = exc.message
        if exc.code == "boss_not_villain" and p.get("character"):
            message += f" {BOSS_FIX}"
        request.session[FORM_KEY] = {"refused": message,
                                     "fields": {k: p.getlist(k) for k in p if k != "csrfmiddlewaretoken"}}
        return redirect(reverse("web-lobby") + "#create-table")
    return redirect("web-table", table_id=table.pk)


FORM_KEY = "create_table_form"
#: After the engine's sentence refusing a hero for a Boss seat: the web form's ways out.
BOSS_FIX = ("To play a hero, choose Boss Battle (a Challenger) or Leaders and Lackeys (a Lackey); "
            "or leave your character on Random, which casts a villain.")


def _create_from_form(request, p) -> Table:
    count = _number(p.get("player_count"), 3)
    chosen = [pid for pid in p.getlist("packs") if pid]
    chosen += characters.pack_of(p.get("character"), chosen)
    dungeon = bool(p.get(table_options.DUNGEON))
    if dungeon:                        # the table option plays an installed pack's events
        chosen += [pid for pid in table_options.dungeon_packs(chosen) if pid not in chosen]
    picked = tavern.chosen(p)          # Bar Deck, Prize, Pub Crawl: each adds the pack it plays
    extra = [pid for pid in tavern.packs_for(picked, chosen) if pid not in chosen]
    chosen = extra + chosen            # (first: a pack of Tavern Drinks plays on the taverns pack)
    options = ({"packs": chosen} if chosen else {}) | ({table_options.DUNGEON: True} if dungeon else {}) | picked
    if p.get("otto"):
        options["otto"] = True
    gold = _number(p.get(table_options.GOLD))
    if gold is not None:
        options[table_options.GOLD] = gold
    table = services.table_create(owner=request.user, player_count=count, variant=p.get("variant") or "base",
                                  turn_seconds=_number(p.get("turn_seconds")), options=options or None)
    ai_count = max(0, min(_int(p.get("ai_seats"), 0), table.player_count - 1))
    chosen = (table.options or {}).get("packs", chosen)     # a Boss table adds the villains' packs
    offered = registry.characters(chosen)
    if engine.VARIANTS[table.variant].needs_villains:
        _boss_seats(request, table, p.get("character"), ai_count, p.get("bot"))
        return table
    used = [_pick(p.get("character"), [], offered)]
    services.seat_take(table_id=table.pk, user=request.user, character=used[0])
    for _ in range(ai_count):
        used.append(_pick(None, used, offered))
        services.seat_take(table_id=table.pk, user=request.user, character=used[-1], ai=True, bot=p.get("bot"))
    return table


def _boss_seats(request, table, character: str | None, ai_count: int, bot) -> None:
    """The owner sits where its character fits (a villain is the Boss or Leader, a hero a
    Challenger or Lackey, R-BOSS-SEAT: the variant's `owner_seat`); "Random" is the variant's
    cast for the first seat, a villain; AI seats take the variant's cast, villains for the Boss
    seats left and anyone elsewhere, from the shuffled characters (games/bosses.py)."""
    content = engine.load_content(registry.content_for((table.options or {}).get("packs")))
    if character not in content.characters:
        try:
            character = bosses.random_owner(table.variant, table.player_count, content.characters.values())
        except ValueError as exc:
            raise ServiceError(str(exc), code="boss_not_villain") from None
    index = engine.VARIANTS[table.variant].owner_seat(table.player_count, content.characters[character])
    mine = services.seat_take(table_id=table.pk, user=request.user, character=character, index=index)
    try:
        wanted = bosses.ai_characters(table.variant, table.player_count, {mine.index: character},
                                      content.characters.values())
    except ValueError as exc:
        raise ServiceError(str(exc), code="boss_not_villain") from None
    for index in sorted(wanted)[:ai_count]:
        services.seat_take(table_id=table.pk, user=request.user, character=wanted[index], ai=True, bot=bot,
                           index=index)


@login_required
@require_POST
def play_now(request):
    """Seat the caller with AI seats and start at once."""
    seats = settings.RDI_PLAY_NOW_SEATS
    try:
        with transaction.atomic():      # a refusal (a per-user limit, games/quotas.py) leaves no table
            table = services.table_create(owner=request.user, player_count=seats)
            used = [_pick(request.POST.get("character"), [])]
            services.seat_take(table_id=table.pk, user=request.user, character=used[0])
            _, default_bot = bot_levels()
            for _ in range(seats - 1):
                used.append(_pick(None, used))
                services.seat_take(table_id=table.pk, user=request.user, character=used[-1], ai=True,
                                   bot=default_bot)
            game = services.table_start(table_id=table.pk, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("web-lobby")
    return redirect("web-game", game_id=game.pk)


def _team_letter(variant: str, seat: int, n: int) -> str:
    """"Team A" for seats 1-2 of a team variant (teammates sit together), "" in an individual game."""
    rules = engine.VARIANTS.get(variant)
    return rules.team_label(seat, n) if rules else ""


def table_page(request, table_id: int):
    context = _table_context(request, table_id)
    if isinstance(context, HttpResponse):
        return context
    table = context["table"]
    bots, default_bot = bot_levels()
    invite = request.build_absolute_uri(reverse("web-table", args=[table.pk]))
    groups = characters.groups((table.options or {}).get("packs"))
    return render(request, "web/table_setup.html", {
        **context, "invite_url": invite, "bots": bots, "default_bot": default_bot,
        "stream_url": f"{settings.RDI_STREAM_URL.rstrip('/')}/stream/tables/{table.pk}/",
        "character_groups": groups, "samplers": any(g.get("sampler") for g in groups[1:]),
        "sampler_note": characters.SAMPLER_NOTE,
        "option_lines": table_options.table_lines(table) + tavern.table_lines(table.options or {}),
    })


def table_seats(request, table_id: int):
    """The table page's live part (its seats and the start button), fetched on each ping of
    the table's stream, so the forms around it keep what a player has chosen."""
    context = _table_context(request, table_id)
    if isinstance(context, HttpResponse):
        response = HttpResponse(status=204)      # started: the page follows it to the game
        response["X-Game-Url"] = context.url
        return response
    return render(request, "web/_table_seats.html", context)


def _table_context(request, table_id: int):
    """What the table page shows of a table's seats, or the redirect to its game once started."""
    try:
        table = selectors.table_with_seats(table_id=table_id)
    except NotFound:
        raise Http404("No such table") from None
    game_id = selectors.game_id_of_table(table_id=table.pk) if table.status == Table.Status.STARTED else None
    if game_id is not None:
        return redirect("web-game", game_id=game_id)
    seats = {s.index: s for s in table.seats.all()}
    names = characters.of_table(table)
    rows = [{"index": i, "seat": seats.get(i),
             "name": names.get(seats[i].character, seats[i].character) if i in seats else None,
             "level": bot_level(seats[i].bot) if i in seats and seats[i].is_ai else "",
             "team": _team_letter(table.variant, i, table.player_count)}
            for i in range(table.player_count)]
    return {
        "table": table, "rows": rows, "full": len(seats) == table.player_count,
        "version": len(seats),
        "owner": request.user.is_authenticated and table.owner_id == request.user.pk,
        "seated": request.user.is_authenticated and any(s.user_id == request.user.pk for s in seats.values()),
    }


@login_required
@require_POST
def table_action(request, table_id: int, action: str):
    p = request.POST
    try:
        if action in ("join", "ai"):
            used = selectors.characters_taken(table_id=table_id)
            offered = characters.of_table(selectors.table_with_seats(table_id=table_id))
            character = _pick(p.get("character"), used, offered)
        if action == "join":
            services.seat_take(table_id=table_id, user=request.user, character=character, index=_int(p.get("index")))
        elif action == "ai":
            services.seat_take(table_id=table_id, user=request.user, character=character, ai=True, bot=p.get("bot"))
        elif action == "start":
            game = services.table_start(table_id=table_id, user=request.user)
            return redirect("web-game", game_id=game.pk)
        else:
            raise Http404("No such action")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("web-table", table_id=table_id)


@login_required
@require_POST
def rematch(request, game_id: int):
    """Game over: a new table with the same seats (characters, bots and timers), a new seed.
    Bots sit down again at once; the other players' seats stay open for them to take, and
    when there are none the game starts straight away."""
    game = _game_or_404(game_id)
    old = selectors.seats(table_id=game.table_id)
    mine = next((s for s in old if s.user_id == request.user.pk), None)
    if game.status != Game.Status.OVER or mine is None:
        messages.error(request, "Only a player of a finished game can ask for a rematch.")
        return redirect("web-game", game_id=game.pk)
    try:
        with transaction.atomic():      # a refused seat or start leaves no table behind
            table = services.table_create(owner=request.user, player_count=game.table.player_count,
                                          variant=game.table.variant, options=_rematch_options(game),
                                          turn_seconds=game.table.turn_seconds,
                                          window_seconds=game.table.window_seconds)
            services.seat_take(table_id=table.pk, user=request.user, character=mine.character, index=mine.index)
            for s in old:
                if s.is_ai:
                    services.seat_take(table_id=table.pk, user=request.user, character=s.character, ai=True,
                                       index=s.index, bot=s.bot or None)
            if all(s.is_ai or s is mine for s in old):
                new = services.table_start(table_id=table.pk, user=request.user)
                return redirect("web-game", game_id=new.pk)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("web-game", game_id=game.pk)
    messages.success(request, "Rematch table ready: the other players can take their seats here.")
    return redirect("web-table", table_id=table.pk)


def _rematch_options(game: Game) -> dict | None:
    """The table options of a rematch: the game's, choosing the packs it played by id (as
    installed now: a rematch is a new game); a forked game's table names none, its
    `game_created` content does."""
    options = dict(game.table.options or {})
    pinned = [(doc.get("pack") or {}) for doc in game.setup.get("content") or []]
    chosen = [h.get("id") for h in pinned if h.get("kind") != "base"]
    if chosen:
        options["packs"] = chosen
    return options or None


# --- the game table ------------------------------------------------------------------------

def _game_or_404(game_id: int) -> Game:
    try:
        return selectors.game_get(game_id=game_id)
    except NotFound:
        raise Http404("No such game") from None


def _board(request, game: Game) -> dict:
    seat = selectors.seat_of(game=game, user=request.user)
    detail = selectors.game_detail(game=game, seat=seat)
    if detail["view"].get("over"):
        detail["standings"] = standings.of_game(game)
    return board.build(detail)


@require_GET
def game_page(request, game_id: int):
    game = _game_or_404(game_id)
    ctx = _board(request, game)
    ctx["stream_url"] = f"{settings.RDI_STREAM_URL.rstrip('/')}/stream/games/{game.pk}/"
    ctx["log"] = narration.narration_for(game=game, seat=ctx["me"], after=-1)["steps"]
    return render(request, "web/game.html", ctx)


@require_GET
def game_board(request, game_id: int):
    """The board alone (HTML), for the page's script to swap in after each new seq."""
    game = _game_or_404(game_id)
    response = render(request, "web/_board.html", _board(request, game))
    response["X-Game-Seq"] = str(game.seq)
    return response


@require_GET
def game_log(request, game_id: int):
    """`{seq, steps: [{seq, lines}]}`: the narrated log after `?after=N`, for the caller."""
    game = _game_or_404(game_id)
    seat = selectors.seat_of(game=game, user=request.user)
    return JsonResponse(narration.narration_for(game=game, seat=seat, after=_int(request.GET.get("after"), -1)))


def _decision_form(post) -> dict:
    """The decide form decoded into the values `decision_input.parse` checks: the decision
    from its JSON field, the discard form's cards, or the pick form's offer and cards;
    numbers from their digits. What cannot be decoded is a 400 `invalid_input` like any
    other bad request."""
    unreadable = decision_input.InvalidDecisionRequest(
        "decision", "That decision could not be read; reload the page and choose again.")
    if post.get("discard") is not None:
        decision = {"type": "discard", "cards": sorted(_form_int(c, unreadable) for c in post.getlist("cards"))}
    elif post.get("offer") is not None:
        # a subset offer of exactly N cards (board._pick_info): the pressed button carries the
        # offer's other fields, the ticked boxes its cards; the engine checks the count
        try:
            decision = json.loads(post["offer"])
        except (ValueError, RecursionError):
            raise unreadable from None
        if not isinstance(decision, dict):
            raise unreadable
        decision = {**decision, "cards": sorted(_form_int(c, unreadable) for c in post.getlist("cards"))}
    else:
        try:
            decision = json.loads(post.get("decision", ""))
        except (ValueError, RecursionError):
            raise unreadable from None
    data = {"decision": decision, "idempotency_key": post.get("key") or None}
    if "expected_seq" in post:
        data["expected_seq"] = _form_int(post["expected_seq"], decision_input.InvalidDecisionRequest(
            "expected_seq", "The page's seq could not be read; reload the page and choose again."))
    return data


def _form_int(text: str, error: Exception) -> int:
    if not text.isascii() or not text.lstrip("-").isdigit() or len(text) > 20:
        raise error
    return int(text)


@require_POST
def game_decide(request, game_id: int):
    """One decision from the page: a form (works without JavaScript) or the script's fetch."""
    game = _game_or_404(game_id)
    wants_json = request.headers.get("Accept", "").startswith("application/json")
    seat = selectors.seat_of(game=game, user=request.user)

    def fail(message, status=400, code="illegal_decision"):
        if wants_json:
            return JsonResponse({"code": code, "message": message}, status=status)
        messages.error(request, message)
        return redirect("web-game", game_id=game.pk)

    if seat is None:
        return fail("You have no seat at this game; only its players can decide.", 403, "forbidden")
    try:
        checked = decision_input.parse(_decision_form(request.POST))
        result = appends.submit_decision(game_id=game.pk, seat=seat, decision=checked.for_seat(seat),
                                          actor=f"user:{request.user.pk}", expected_seq=checked.expected_seq,
                                          idempotency_key=checked.idempotency_key)
    except ServiceError as exc:
        return fail(exc.message, exc.status, exc.code)
    if wants_json:
        return JsonResponse({"game": result.game, "seq": result.seq, "over": result.over}, status=201)
    return redirect("web-game", game_id=game.pk)


@require_POST
def game_resign(request, game_id: int):
    """Resign from the page (a form, confirmed on the page first): the same service as the API."""
    game = _game_or_404(game_id)
    seat = selectors.seat_of(game=game, user=request.user)
    if seat is None:
        messages.error(request, "You have no seat at this game.")
        return redirect("web-game", game_id=game.pk)
    try:
        services.seat_resign(game_id=game.pk, seat=seat, actor=f"user:{request.user.pk}")
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("web-game", game_id=game.pk)
    messages.success(request, "You resigned; a bot plays your seat to the end. The game stays in your history.")
    return redirect("web-lobby")
