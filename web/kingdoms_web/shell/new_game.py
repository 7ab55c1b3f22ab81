"""The new-game dialog: pick a game, the number of seats, and who sits in each — a person (by
name) or a computer player of a level the game offers. A table may be all computers: a demo to
watch.

The names and setup rules it checks are the pure functions of :mod:`.dialogs`; the levels come
from the game's :class:`~kingdoms.core.protocol.GameInfo` (no bot is imported to list them).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdoms.core.names import MAX_NAME_CODE_POINTS
from kingdoms.core.protocol import GameInfo, GameOption, OptionChoice, OptionValue, Seat
from kingdoms_web import dom
from kingdoms_web.dom import Element, Scope, el
from kingdoms_web.i18n import game_title, t
from kingdoms_web.play.hints import has_coach
from kingdoms_web.shell.dialogs import (
    Modal,
    button,
    clean_name,
    default_name,
    resize_names,
    validate_setup,
)

PERSON = "person"
"""The value of a seat played by a person (any other value is a computer level)."""


def computer_name(number: int) -> str:
    """The suggested name of a computer in seat ``number`` (1-based)."""
    return t("new.computer_name", number=number)


def seats_for(names: Sequence[str], kinds: Sequence[str]) -> list[Seat]:
    """The record's seats: cleaned names, people or computers of the chosen level.

    >>> [(s.name, s.kind, s.bot) for s in seats_for([" Ann ", "Computer 2"], ["person", "hard"])]
    [('Ann', 'person', None), ('Computer 2', 'bot', 'hard')]
    """
    return [Seat(name=clean_name(name)) if kind == PERSON else
            Seat(name=clean_name(name), kind="bot", bot=kind)
            for name, kind in zip(names, kinds, strict=True)]


@dataclass
class NewGameState:
    """What the user has chosen so far (kept across re-renders and seat-count changes)."""

    game_id: str
    seats: int
    names: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    options: dict[str, OptionValue] = field(default_factory=dict)
    """The game options chosen (by key); those not touched keep the game's default."""

    def resize(self, count: int) -> None:
        self.seats = count
        self.names = resize_names(self.names, count)
        self.kinds = (self.kinds + [PERSON] * count)[:count]


def hints_option(default: bool) -> GameOption:
    """The table's "Hints" choice (the record's ``hints`` option, see
    :data:`kingdoms.core.records.TABLE_OPTIONS`), drawn like a game's own options."""
    return GameOption(key="hints", label="new.hints", default=int(default),
                      choices=(OptionChoice(value=1, label="new.hints.on"),
                               OptionChoice(value=0, label="new.hints.off")))


class NewGameDialog(Modal):
    """Pick a game, the number of players, who they are; Start only for playable games."""

    testid = "new-game-dialog"

    def __init__(
        self,
        games: Sequence[GameInfo],
        game_id: str | None,
        can_play: Callable[[str], bool],
        on_start: Callable[[str, list[Seat], dict[str, OptionValue]], None],
        on_closed: Callable[[Modal], None] | None = None,
        on_rules: Callable[[str], None] | None = None,
        hints_default: Callable[[str], bool] = lambda _game_id: True,
    ) -> None:
        super().__init__(on_closed)
        self.hints_default = hints_default
        self.on_rules = on_rules
        self.games = {info.game_id: info for info in games}
        self.can_play = can_play
        self.on_start = on_start
        first = game_id if game_id in self.games else next(
            (g.game_id for g in games if g.available and can_play(g.game_id)),
            games[0].game_id if games else "")
        info = self.games.get(first)
        self.state = NewGameState(first, 0)
        self.state.resize(info.min_seats if info else 0)
        self._names_box: Element | None = None
        self._options_box: Element | None = None
        self._error_box: Element | None = None
        self._start: Element | None = None
        self._status: Element | None = None

    def title(self) -> str:
        return t("new.title")

    @property
    def info(self) -> GameInfo | None:
        return self.games.get(self.state.game_id)

    def _startable(self) -> bool:
        info = self.info
        return info is not None and info.available and self.can_play(info.game_id)

    def _status_text(self) -> str:
        info = self.info
        if info is None:
            return t("new.none_playable")
        if not self._startable():
            return t("new.coming_soon", title=game_title(info.game_id, info.title))
        return ""

    def build_body(self, scope: Scope) -> list[Any]:
        state = self.state
        game_select = el("select", cls="field", testid="new-game-game",
                         attrs={"id": "new-game-game", "name": "game"})
        for info in self.games.values():
            title = game_title(info.game_id, info.title)
            playable = info.available and self.can_play(info.game_id)
            label = title if playable else t("new.game_coming_soon", title=title)
            dom.append(game_select, [el("option", label, attrs={"value": info.game_id})])
        game_select.value = state.game_id
        scope.on(game_select, "change", self._game_changed)

        seat_select = el("select", cls="field", testid="seat-count",
                         attrs={"id": "new-game-seats", "name": "seats"})
        self._fill_seat_options(seat_select)
        scope.on(seat_select, "change", self._seats_changed)

        self._status = el("p", self._status_text(), cls="note", testid="new-game-status",
                          attrs={"id": "new-game-status", "role": "status"})
        self._names_box = el("div", cls="names")
        self._render_names(scope)
        self._options_box = el("div", cls="game-options", testid="game-options")
        self._render_options(scope)
        self._error_box = el("div", cls="form-error", testid="new-game-error",
                             attrs={"role": "alert", "id": "new-game-error"})
        self._render_errors()

        self._start = button(scope, t("new.start"), lambda _e: None, testid="new-game-start",
                             cls="btn btn-primary", kind="submit",
                             disabled=not self._startable())
        self._start.setAttribute("aria-describedby", "new-game-status")
        form = el(
            "form",
            el("div", el("label", t("new.game"), attrs={"for": "new-game-game"}), game_select,
               cls="field-row"),
            self._status,
            self._rules_button(scope),
            el("div", el("label", t("new.seats"), attrs={"for": "new-game-seats"}), seat_select,
               cls="field-row"),
            el("fieldset", el("legend", t("record.players")), self._names_box, cls="fieldset"),
            self._options_box,
            self._error_box,
            el("div",
               button(scope, t("app.cancel"), lambda _e: self.close(), testid="new-game-cancel"),
               self._start, cls="actions"),
            attrs={"novalidate": True},
        )
        scope.on(form, "submit", self._submit)
        return [form]

    def _rules_button(self, scope: Scope) -> Element | None:
        """"How to play": the chosen game's rules (the dialog closes; nothing is started)."""
        on_rules = self.on_rules
        if on_rules is None:
            return None

        def show(_event: Any) -> None:
            game_id = self.state.game_id
            self.close()
            on_rules(game_id)

        return el("p", button(scope, t("new.rules"), show, testid="new-game-rules",
                              cls="btn btn-quiet", icon="book"), cls="new-game-rules")

    def _fill_seat_options(self, select: Element) -> None:
        dom.clear(select)
        info = self.info
        if info is None:
            return
        for count in range(info.min_seats, info.max_seats + 1):
            dom.append(select, [el("option", str(count), attrs={"value": count})])
        select.value = str(self.state.seats)

    def _kind_select(self, scope: Scope, index: int) -> Element:
        number = index + 1
        field_id = f"seat-kind-{number}"
        select = el("select", cls="field field-kind", testid=field_id,
                    attrs={"id": field_id, "aria-label": t("new.seat_kind", number=number)})
        levels = self.info.bot_levels if self.info is not None else ()
        options = [el("option", t("new.person"), attrs={"value": PERSON})]
        options += [el("option", t("new.computer_level", level=t(f"bot.level.{level}")),
                       attrs={"value": level}) for level in levels]
        dom.append(select, options)
        select.value = self.state.kinds[index]
        scope.on(select, "change", functools.partial(self._kind_changed, index))
        return select

    def _render_names(self, scope: Scope) -> None:
        names_box = dom.present(self._names_box)
        dom.clear(names_box)
        for index, name in enumerate(self.state.names):
            number = index + 1
            field_id = f"seat-name-{number}"
            box = el("input", cls="field", testid=field_id, attrs={
                # maxlength counts UTF-16 units and would cut an emoji in half: the limit in
                # graphemes is checked on Start instead; this only bounds what can be typed.
                "id": field_id, "type": "text", "maxlength": 2 * MAX_NAME_CODE_POINTS,
                "autocomplete": "off", "autocapitalize": "words", "spellcheck": "false",
                "enterkeyhint": "done",
            }, props={"value": name})
            scope.on(box, "input", functools.partial(self._name_typed, index))
            dom.append(names_box, [el(
                "div", el("label", t("new.seat_name", number=number), attrs={"for": field_id}),
                el("div", box, self._kind_select(scope, index), cls="seat-fields"),
                cls="field-row seat-row")])

    def applicable_options(self) -> list[GameOption]:
        """The game's options for the chosen number of seats (Burgrave's are solo only)."""
        info = self.info
        if info is None:
            return []
        found = [o for o in info.options if o.applies_to(self.state.seats)]
        if has_coach(info.game_id):
            found.append(hints_option(self.hints_default(info.game_id)))
        return found

    def chosen_options(self) -> dict[str, OptionValue]:
        """The options as the record keeps them (the table's ``hints`` as true or false: a
        game option's values are numbers or words, the record's table option a switch)."""
        chosen = {option.key: self.state.options.get(option.key, option.default)
                  for option in self.applicable_options()}
        if "hints" in chosen:
            chosen["hints"] = bool(chosen["hints"])
        return chosen

    def _render_options(self, scope: Scope) -> None:
        """One select per option that applies now; hidden when there is none."""
        options_box = dom.present(self._options_box)
        dom.clear(options_box)
        rows = []
        chosen = self.chosen_options()
        for option in self.applicable_options():
            field_id = f"option-{option.key}"
            select = el("select", cls="field", testid=field_id,
                        attrs={"id": field_id, "name": option.key})
            dom.append(select, [el("option", t(choice.label), attrs={"value": str(number)})
                                for number, choice in enumerate(option.choices)])
            values = [choice.value for choice in option.choices]
            if chosen[option.key] in values:
                select.value = str(values.index(chosen[option.key]))
            scope.on(select, "change", functools.partial(self._option_changed, option))
            rows.append(el("div", el("label", t(option.label), attrs={"for": field_id}), select,
                           cls="field-row"))
        dom.append(options_box, rows)
        options_box.hidden = not rows

    def _option_changed(self, option: GameOption, event: Any) -> None:
        try:
            self.state.options[option.key] = option.choices[int(str(event.target.value))].value
        except (ValueError, IndexError):
            return

    def _render_errors(self) -> None:
        error_box = dom.present(self._error_box)
        dom.clear(error_box)
        if self.state.errors:
            dom.append(error_box, [el("ul", *[el("li", msg) for msg in self.state.errors])])
        error_box.hidden = not self.state.errors

    def _name_typed(self, index: int, event: Any) -> None:
        if 0 <= index < len(self.state.names):
            self.state.names[index] = str(event.target.value)

    def _kind_changed(self, index: int, event: Any) -> None:
        """A seat becomes a person or a computer; a suggested name follows the change."""
        state = self.state
        if not 0 <= index < len(state.kinds):
            return
        kind = str(event.target.value)
        number = index + 1
        suggested = {default_name(number), computer_name(number)}
        state.kinds[index] = kind
        if state.names[index] in suggested:
            state.names[index] = default_name(number) if kind == PERSON else \
                computer_name(number)
            box = dom.query(f'[data-testid="seat-name-{number}"]', self.node)
            if box is not None:
                box.value = state.names[index]

    def _game_changed(self, event: Any) -> None:
        game_id = str(event.target.value)
        info = self.games.get(game_id)
        if info is None:
            return
        self.state.game_id = game_id
        self.state.resize(min(max(self.state.seats, info.min_seats), info.max_seats))
        self.state.kinds = [kind if kind == PERSON or kind in info.bot_levels else PERSON
                            for kind in self.state.kinds]
        self.state.errors = []
        seat_select = dom.query('[data-testid="seat-count"]', self.node)
        self._fill_seat_options(seat_select)
        self._render_names(self.scope)
        self.state.options = {}
        self._render_options(self.scope)
        self._render_errors()
        dom.set_text(dom.present(self._status), self._status_text())
        dom.present(self._start).disabled = not self._startable()

    def _seats_changed(self, event: Any) -> None:
        try:
            count = int(str(event.target.value))
        except ValueError:
            return
        self.state.resize(count)
        self._render_names(self.scope)
        self._render_options(self.scope)

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        info = self.info
        if info is None:
            self.state.errors = [t("new.none_playable")]
        else:
            self.state.errors = validate_setup(info, self.state.names)
            if not self.state.errors and not self.can_play(info.game_id):
                self.state.errors = [t("new.coming_soon", title=game_title(info.game_id,
                                                                           info.title))]
        self._render_errors()
        if self.state.errors:
            return
        seats = seats_for(self.state.names, self.state.kinds)
        game_id = self.state.game_id
        options = self.chosen_options()
        self.close()
        self.on_start(game_id, seats, options)
