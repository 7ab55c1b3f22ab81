"""The home screen: the games, the saved games (continue, open, rename, delete, export,
import) and a field to open a share code.

Screens are functions from the app's current data to a fresh element tree; the app replaces the
whole screen on any change. That is cheap at this size and leaves no half-updated state behind
(and a language change is just another render).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kingdoms.core.protocol import GameInfo
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.games.registry import ui_for
from kingdoms_web.i18n import game_title, get_language, join_list, lookup, t
from kingdoms_web.saves.saved_games import latest_unfinished
from kingdoms_web.saves.schema import KEPT_PREFIX, MAX_SAVES, SaveEntry, SaveList
from kingdoms_web.saves.transfer import ImportReport, summary_text
from kingdoms_web.shell.dialogs import button


class SaveListActions(Protocol):
    """What the saved-games list does (:class:`~kingdoms_web.shell.save_actions.SaveActions`)."""

    def ask_delete(self, entry: SaveEntry) -> None: ...

    def ask_rename(self, entry: SaveEntry) -> None: ...

    def export(self) -> None: ...

    def import_file(self, files: Any) -> None: ...


class HomeHost(Protocol):
    """What the home screen reads from and calls back into (implemented by the app)."""

    games: list[GameInfo]
    titles: dict[str, str]
    games_failed: bool
    saves: SaveList
    storage_available: bool
    saves_failed: bool
    saves_loading: bool

    @property
    def storage_full(self) -> bool: ...

    @property
    def crash_protection_off(self) -> bool:
        """The save journal could not be opened: a killed browser may lose the last moves,
        and a game storage cannot take cannot be held."""
        ...
    code_text: str
    code_error: str | None
    save_error: str | None

    def can_play(self, game_id: str) -> bool: ...

    def open_new_game(self, game_id: str | None) -> None: ...

    def open_rules(self, game_id: str, anchor: str = "") -> None: ...

    def submit_code(self, text: str) -> None: ...

    @property
    def save_actions(self) -> SaveListActions: ...

    def open_save(self, entry: SaveEntry) -> None: ...

    @property
    def import_report(self) -> ImportReport | None: ...


# --------------------------------------------------------------------------- pure helpers


def visible_games(infos: Sequence[GameInfo]) -> list[GameInfo]:
    """The games the home screen lists: never internal ones (the ``tally`` test game)."""
    return [info for info in infos if not info.internal]


def game_facts(info: GameInfo) -> list[str]:
    """What a table asks before it picks a game: how many can play, how long it takes, how
    heavy it is, and whether one person can play it alone.

    >>> from kingdoms.core.protocol import GameInfo
    >>> game_facts(GameInfo(game_id="g", title="G", min_seats=1, max_seats=4, rules_version=1,
    ...                     hidden_information=False, minutes=(45, 120), weight="medium_heavy"))
    ['1–4 players', '45–120 min', 'Medium-heavy game', 'Can be played alone']
    """
    facts = [players_text(info)]
    if info.minutes is not None:
        facts.append(t("home.minutes", low=info.minutes[0], high=info.minutes[1]))
    if info.weight is not None:
        facts.append(t(f"home.weight.{info.weight}"))
    if info.min_seats == 1:
        facts.append(t("home.solo"))
    return facts


def players_text(info: GameInfo) -> str:
    if info.min_seats == info.max_seats:
        return t("home.players_exact", count=info.min_seats)
    return t("home.players_range", low=info.min_seats, high=info.max_seats)


def names_text(names: Sequence[str]) -> str:
    """Player names joined for display (always rendered as text, never markup), as a list in
    the page's language ("Ana y Ben"): a saved game's title reads as a phrase, not as code."""
    return join_list(names)


def save_title(entry: SaveEntry, titles: dict[str, str]) -> str:
    """The saved game's title; ``titles`` covers every registered game, internal ones too."""
    return game_title(entry.game_id, titles.get(entry.game_id, entry.game_id))


def save_heading(entry: SaveEntry, titles: dict[str, str]) -> str:
    """What the list shows first: the name the player gave the save, else the game's title."""
    return entry.label or save_title(entry, titles)


def format_date(ms: float) -> tuple[str, str]:
    """(readable local date and time, ISO 8601) of a ``Date.now()`` timestamp."""
    if ms <= 0:
        return "", ""
    try:
        date = dom.window.Date.new(ms)
        return str(date.toLocaleString(get_language())), str(date.toISOString())
    except dom.BROWSER_ERRORS:  # CPython, or a date the browser cannot show (RangeError)
        import datetime

        moment = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC)
        return moment.strftime("%Y-%m-%d %H:%M"), moment.isoformat()


def progress_text(entry: SaveEntry) -> str:
    """"12 moves · Ann to play", "12 moves · Ann won with 42 points (Ben 37)", or "12 moves ·
    finished" for a finished game saved before results were kept."""
    moves = t("saves.moves", count=entry.moves)
    if entry.over:
        outcome = outcome_text(entry)
        if outcome is None:
            return t("saves.progress_over", moves=moves)
        return t("saves.progress_result", moves=moves, outcome=outcome)
    name = entry.next_name
    return t("saves.progress_next", moves=moves, name=name) if name else moves


def outcome_text(entry: SaveEntry) -> str | None:
    """Who won a finished game and with what, then the others' scores; None when the save
    keeps no result. A solo game against the Rival has one seat and no winner when the Rival
    won (the engine's result).

    >>> from kingdoms_web.i18n import set_language
    >>> _ = set_language("en")
    >>> outcome_text(SaveEntry("s", "dice-realm", ("Ann", "Ben", "Cy"), 40, "c", over=True,
    ...                        scores=(42, 37, 42), winners=(0, 2)))
    'Ann and Cy tied with 42 points (Ben 37)'
    """
    if not entry.scores or len(entry.scores) > len(entry.names):
        return None
    winners = [seat for seat in entry.winners if seat < len(entry.scores)]
    others = ", ".join(t("saves.score_of", name=entry.names[seat], score=score)
                       for seat, score in enumerate(entry.scores) if seat not in winners)
    if winners:
        best = entry.scores[winners[0]]
        # One winner on the same points as another won on the game's tie-break.
        key = "saves.outcome_tied" if len(winners) > 1 else (
            "saves.outcome_won_tiebreak" if entry.scores.count(best) > 1 else "saves.outcome_won")
        outcome = t(key, names=join_list(entry.names[seat] for seat in winners),
                    points=t("saves.with_points", count=best))
    else:
        outcome = t("saves.outcome_rival")
    return t("saves.outcome_others", outcome=outcome, others=others) if others else outcome


# --------------------------------------------------------------------------- home


def _call(action: Callable[[SaveEntry], None], entry: SaveEntry) -> Callable[[Any], None]:
    """An event handler that ignores the event and calls ``action(entry)``."""

    def handler(_event: Any) -> None:
        action(entry)

    return handler


def _section(testid: str, heading_id: str, heading: str, *children: Any) -> Element:
    return el("section", el("h2", heading, attrs={"id": heading_id}), *children, cls="panel",
              testid=testid, attrs={"aria-labelledby": heading_id})


def _game_card(host: HomeHost, scope: Scope, info: GameInfo) -> Element:
    """One game: "New game" if it can be played here, else "Coming soon".

    A game whose rules exist but whose screen does not is still "coming soon" to the player.
    """
    title = game_title(info.game_id, info.title)
    heading_id = f"game-title-{info.game_id}"
    blurb_key = f"game.{info.game_id}.blurb"
    status: Element | None = None
    action: Element | None = None
    if not host.can_play(info.game_id):
        status = el("p", el("span", t("home.coming_soon"), cls="badge"),
                    el("span", t("home.coming_soon_hint"), cls="note"),
                    cls="game-status", testid=f"game-status-{info.game_id}")
    else:
        action = button(scope, t("home.new_game"),
                        lambda _e: host.open_new_game(info.game_id),
                        testid=f"new-game-{info.game_id}", cls="btn btn-primary", icon="plus",
                        aria_label=t("home.new_game_of", title=title))
        action.setAttribute("aria-haspopup", "dialog")
    ui = ui_for(info.game_id)
    rules = None
    if ui is not None:
        rules = button(scope, t("home.rules"), lambda _e: host.open_rules(info.game_id),
                       testid=f"open-rules-{info.game_id}", cls="btn", icon="book",
                       aria_label=t("home.rules_of", title=title))
    # The game's title illustration (decorative: the heading names the game).
    art = el("img", cls="card-art", testid=f"game-art-{info.game_id}", attrs={
        "src": ui.title_art, "alt": "", "width": 320, "height": 180,
        "decoding": "async"}) if ui is not None else None
    return el(
        "li",
        art,
        el("article",
           el("h3", title, attrs={"id": heading_id}),
           el("p", t(blurb_key), cls="blurb") if lookup(blurb_key) else None,
           el("ul", *[el("li", fact) for fact in game_facts(info)], cls="game-facts",
              testid=f"game-facts-{info.game_id}", attrs={"role": "list"}),
           status, el("div", action, rules, cls="card-actions") if rules else action,
           cls="card-body", attrs={"aria-labelledby": heading_id}),
        cls="card" + ("" if host.can_play(info.game_id) else " card-soon"),
        testid=f"game-{info.game_id}",
    )


def _games_section(host: HomeHost, scope: Scope) -> Element:
    games = visible_games(host.games)
    body: list[Any] = []
    if host.games_failed:
        body.append(el("p", t("home.games_failed"), cls="warning", attrs={"role": "alert"}))
    if games:
        body.append(el("ul", *[_game_card(host, scope, info) for info in games],
                       cls="game-list", attrs={"role": "list"}))
    elif not host.games_failed:
        body.append(el("p", t("home.no_games"), cls="note"))
    # One way to start a game: each card's "New game" (its dialog can switch games).
    return _section("games", "games-heading", t("home.games"), *body)


def _continue_card(host: HomeHost, scope: Scope) -> Element | None:
    """The most recent unfinished save, one tap away."""
    entry = latest_unfinished(host.saves)
    if entry is None:
        return None
    title = save_heading(entry, host.titles)
    players = names_text(entry.names)
    label = t("saves.continue", title=title, players=players)
    return el("section",
              el("h2", t("saves.continue_heading"), attrs={"id": "continue-heading"}),
              el("p", progress_text(entry), cls="note"),
              button(scope, label, _call(host.open_save, entry), testid="continue",
                     cls="btn btn-primary btn-big"),
              cls="panel continue-card", testid="continue-card",
              attrs={"aria-labelledby": "continue-heading"})


def _why(reason: str) -> str:
    key = "saves.why." + reason
    return t(key) if lookup(key) is not None else t("saves.why.invalid")


def storage_warnings(host: HomeHost) -> list[tuple[str, str]]:
    """``(cause, sentence)`` for everything the player should know about the saves, each
    naming its real cause: storage blocked or full, the 500-save limit, games held until there
    is room, crash protection off, a newer version,
    a damaged list set aside, saves that could not be read (by name)."""
    saves = host.saves
    out: list[tuple[str, str]] = []
    if not host.storage_available:
        out.append(("blocked", t("saves.storage_unavailable")))
    elif host.storage_full:
        out.append(("full", t("saves.storage_full")))
    if saves.at_limit:
        out.append(("limit", t("saves.limit", limit=MAX_SAVES)))
    if saves.newer:
        out.append(("newer", t("saves.newer")))
    if host.saves_failed:
        out.append(("failed", t("saves.read_failed")))
    for problem in saves.damaged_lists:
        aside = problem.key.startswith(KEPT_PREFIX)
        out.append(("damaged_list", t("saves.list_set_aside") if aside
                    else t("saves.list_damaged")))
    entries = saves.damaged_entries
    if entries:
        items = [t("saves.unreadable_item", name=u.name or "?", why=_why(u.reason))
                 for u in entries[:20]]
        if len(entries) > 20:
            items.append(t("saves.unreadable_more", count=len(entries) - 20))
        names = join_list(items)
        out.append(("unreadable", t("saves.unreadable", count=len(entries), names=names)))
    if saves.pending:
        out.append(("pending", t("saves.pending", count=saves.pending)))
    if saves.held:
        cause = "limit" if saves.at_limit else "full"
        out.append(("held", t(f"saves.held_{cause}", count=saves.held, limit=MAX_SAVES)))
    if host.storage_available and host.crash_protection_off:
        out.append(("journal_off", t("saves.journal_off")))
    return list(dict.fromkeys(out))  # two damaged lists of one cause are said once


def _transfer_row(host: HomeHost, scope: Scope) -> Element:
    """Export every save to a file; import such a file (each entry checked on its own)."""
    picker = el("input", testid="import-file", attrs={
        "id": "import-file", "type": "file", "accept": ".json,application/json",
        "tabindex": "-1", "aria-hidden": "true", "hidden": True})

    def picked(event: Any) -> None:
        files = event.target.files
        host.save_actions.import_file(files)
        event.target.value = ""

    scope.on(picker, "change", picked)
    export = button(scope, t("transfer.export"), lambda _e: host.save_actions.export(),
                    testid="export-saves", cls="btn",
                    disabled=not (host.saves.entries or host.saves.unreadable))
    choose = button(scope, t("transfer.import"), lambda _e: picker.click(),
                    testid="import-saves", cls="btn")
    return el("div", export, choose, picker, cls="section-actions transfer-actions")


def _import_report(report: ImportReport | None) -> Element | None:
    if report is None:
        return None
    if report.error is not None:
        return el("div", el("p", report.error), cls="form-error", testid="import-report",
                  attrs={"role": "alert"})
    return el("div", el("p", summary_text(report)),
              el("ul", *[el("li", line.text, attrs={"data-status": line.status})
                         for line in report.lines]),
              cls="notice import-report", testid="import-report", attrs={"role": "status"})


def _saves_section(host: HomeHost, scope: Scope) -> Element:
    if host.saves_loading:
        return _section("saved-games", "saves-heading", t("saves.title"),
                        el("p", t("saves.loading"), cls="note", testid="saves-loading",
                           attrs={"role": "status"}))
    saves = host.saves
    body: list[Any] = [_transfer_row(host, scope), _import_report(host.import_report)]
    warnings = storage_warnings(host)
    if warnings:
        body.append(el("div", *[el("p", text, attrs={"data-why": why}) for why, text in warnings],
                       cls="warning", testid="saves-warning", attrs={"role": "status"}))
    if host.save_error:
        body.append(el("p", host.save_error, cls="form-error", testid="save-error",
                       attrs={"role": "alert"}))
    if saves.entries:
        items = []
        for entry in saves.entries:
            title = save_heading(entry, host.titles)
            game = save_title(entry, host.titles)
            players = names_text(entry.names)
            when, iso = format_date(entry.updated)
            items.append(el(
                "li",
                el("div",
                   el("span", title, cls="save-game", testid="save-title"),
                   el("span", game, cls="note") if entry.label else None,
                   el("span", t("saves.newer_entry"), cls="badge", testid="save-newer")
                   if entry.newer else None,
                   el("span", t("saves.held_entry"), cls="badge", testid="save-held")
                   if entry.held else None,
                   el("span", players, cls="save-names"),
                   el("span", progress_text(entry), cls="note", testid="save-progress"),
                   el("span", t("saves.last_played"), " ",
                      el("time", when, attrs={"datetime": iso}), cls="note")
                   if when else None,
                   cls="save-text"),
                el("div",
                   button(scope, t("saves.open"), _call(host.open_save, entry),
                          testid=f"save-open-{entry.save_id}", cls="btn btn-primary",
                          aria_label=t("saves.open_named", title=title, players=players)),
                   button(scope, t("saves.rename"), _call(host.save_actions.ask_rename, entry),
                          testid=f"save-rename-{entry.save_id}", cls="btn btn-quiet",
                          aria_label=t("saves.rename_named", title=title, players=players))
                   if entry.writable else None,
                   button(scope, t("saves.delete"), _call(host.save_actions.ask_delete, entry),
                          testid=f"save-delete-{entry.save_id}", cls="btn btn-quiet",
                          aria_label=t("saves.delete_named", title=title, players=players)),
                   cls="save-actions"),
                cls="save" + (" save-over" if entry.over else ""), testid="save-entry",
                attrs={"data-save": entry.save_id},
            ))
        body.append(el("ul", *items, cls="save-list", attrs={"role": "list"}))
    else:
        body.append(el("p", t("saves.empty"), cls="note", testid="saves-empty"))
    return _section("saved-games", "saves-heading", t("saves.title"), *body)


def _code_section(host: HomeHost, scope: Scope) -> Element:
    error = host.code_error
    area = el("textarea", cls="field code-field", testid="code-input", attrs={
        "id": "code-input", "name": "code", "rows": 3, "autocomplete": "off",
        "autocapitalize": "off", "spellcheck": "false", "enterkeyhint": "go",
        "aria-describedby": "code-hint code-error" if error else "code-hint",
        "aria-invalid": "true" if error else None,
    }, props={"value": host.code_text})

    def typed(event: Any) -> None:
        host.code_text = str(event.target.value)

    def key(event: Any) -> None:
        # Enter opens (a code has no line breaks); Shift+Enter is still a newline.
        if event.key == "Enter" and not event.shiftKey and not event.isComposing:
            event.preventDefault()
            host.submit_code(str(area.value))

    def submit(event: Any) -> None:
        event.preventDefault()
        host.submit_code(str(area.value))

    scope.on(area, "input", typed)
    scope.on(area, "keydown", key)
    error_box = el("p", error or "", cls="form-error", testid="code-error",
                   attrs={"id": "code-error", "role": "alert"})
    error_box.hidden = not error
    form = el(
        "form",
        el("label", t("code.label"), attrs={"for": "code-input"}),
        area,
        el("p", t("code.hint"), cls="note", attrs={"id": "code-hint"}),
        error_box,
        el("div", button(scope, t("code.submit"), lambda _e: None, testid="code-submit",
                         cls="btn btn-primary", kind="submit", icon="code"), cls="actions"),
        attrs={"novalidate": True},
    )
    scope.on(form, "submit", submit)
    return _section("open-code", "code-heading", t("code.title"), form)


def render_home(host: HomeHost, scope: Scope) -> Element:
    """The home screen's ``<main>`` content."""
    return el(
        "div",
        el("p", t("app.tagline"), cls="tagline"),
        _continue_card(host, scope),
        el("div", _games_section(host, scope), _saves_section(host, scope), cls="home-columns"),
        _code_section(host, scope),
        cls="screen home", testid="home-screen",
    )
