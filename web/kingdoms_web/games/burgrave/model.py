"""Burgrave screen logic without the DOM: the engine's words and prompt put into the page's
language and shape.

Why a separate module: everything here is plain data in, plain data out, so it is unit-tested on
CPython (``tests/web/test_burgrave_model.py``) and the drawing modules stay thin.

The screen never decides a rule. What the deciding seat is asked comes from the engine
(``game.prompt``: every legal action with its label, cost and place on the board, and what is not
possible and why); this module turns it into :class:`Offer` controls with test ids, and the local
first step of a build (choose the building type, then the spot). Names and rule texts of cards,
manuscripts, spaces and spots come from :mod:`kingdoms.burgrave.explain`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypedDict

from kingdoms.burgrave import explain
from kingdoms.burgrave.content import (
    BUILDINGS,
    EFFECT_KINDS,
    ICONS,
    RESOURCES,
    RIBBONS,
    Effect,
)
from kingdoms.burgrave.game import Action, BurgraveView
from kingdoms.burgrave.shapes import CardFacts, ScriptFacts, SegmentView
from kingdoms.core.explain import Choice
from kingdoms.core.explain import Prompt as EnginePrompt
from kingdoms.core.text import Text
from kingdoms_web.games.burgrave.icons import BUILDING_SYMBOL
from kingdoms_web.i18n import get_language, say, t
from kingdoms_web.play.confirm import why_confirm

SEAT_COLOURS = ("red", "blue", "green", "amber")
"""CSS suffixes of the four seat colours (pawns, workers, buildings carry the initial too)."""


# --------------------------------------------------------------------------- names and texts


def with_rival_name(view: BurgraveView) -> BurgraveView:
    """``view`` with a solo rival's name in the page's language. The engine's view carries the
    rival's seat name as record data (``"Rival"``, the same in every language, so saves stay
    language-neutral); a reader sees the game's word for it, as in the log lines. A copy: the
    view may be cached by the table."""
    rival = view.get("rival")
    if rival is None:
        return view
    players = list(view["players"])
    seat = int(rival["seat"])
    players[seat] = {**players[seat], "name": say(explain.RIVAL_NAME)}
    return {**view, "players": players}


def seat_mark(view: BurgraveView, seat: int) -> str:
    """The letter on a seat's pawns and workers: its initial, or its number when two players'
    names start alike.

    >>> seat_mark({"players": [{"name": "ana"}, {"name": "Ben"}]}, 0)
    'A'
    >>> seat_mark({"players": [{"name": "Player 1"}, {"name": "Player 2"}]}, 1)
    '2'
    """
    initials = [str(p["name"])[:1].upper() for p in view["players"]]
    if len(set(initials)) == len(initials) and all(initials):
        return initials[seat]
    return str(seat + 1)


class CardInfo(CardFacts):
    """A card as the page shows it: the engine's facts, its name and its rule text in the
    page's language."""

    text: str


class ScriptInfo(ScriptFacts):
    """A manuscript as the page shows it, its name and text in the page's language."""

    text: str


class PrintedScriptInfo(TypedDict):
    """The manuscript printed on a segment (transcribed once its pile runs out)."""

    name: str
    cost: int
    text: str


def card_info(card: int) -> CardInfo:
    """id, key, kind, value, icons of a card (content) with its name and text (translated)."""
    return _card_info(card, get_language())


@cache
def _card_info(card: int, _language: str) -> CardInfo:
    return {**explain.card_facts(card), "name": say(explain.card_name(card)),
            "text": say(explain.card_text(card))}


def printed_info(segment_design: int) -> CardInfo:
    """The townsfolk printed on a segment, like :func:`card_info`."""
    return _printed_info(segment_design, get_language())


@cache
def _printed_info(segment_design: int, _language: str) -> CardInfo:
    return {**explain.printed_facts(segment_design),
            "name": say(explain.printed_name(segment_design)),
            "text": say(explain.printed_text(segment_design))}


def card_classes(info: CardInfo) -> str:
    """The classes that give a card its face by type (burgrave.css): the colour band and
    emblem of its first icon's trade (a merchant's coin purse, a cleric's mitre …) and the
    frame of its kind (a hero's gilt edge)."""
    suit = info["icons"][0] if info["icons"] else "none"
    return f"bg-suit-{suit} bg-kind-{info['kind']}"


def townsfolk_info(segment: SegmentView) -> CardInfo:
    """The townsfolk a segment shows: its pile's top card, else the one printed there."""
    top = segment["townsfolk_top"]
    return card_info(top) if top is not None else printed_info(int(segment["design_index"]))


def script_info(script: int) -> ScriptInfo:
    """A manuscript's id, key, cost and ribbon with its name and text (translated)."""
    return _script_info(script, get_language())


@cache
def _script_info(script: int, _language: str) -> ScriptInfo:
    return {**explain.script_facts(script), "name": say(explain.script_name(script)),
            "text": say(explain.script_text(script))}


def printed_script_info(segment_design: int) -> PrintedScriptInfo:
    return {"name": say(explain.printed_script_name(segment_design)),
            "cost": explain.printed_script_cost(segment_design),
            "text": say(explain.printed_script_text(segment_design))}


@cache
def _said(text: Text, _language: str) -> str:
    return say(text)


def said(text: Text) -> str:
    """:func:`say`, remembered per language: the board names the same things on every draw."""
    return _said(text, get_language())


def segment_name(view: BurgraveView, position: int) -> str:
    return said(explain.segment_name(view["segments"][position]["design_index"]))


def castle_name(view: BurgraveView, section: int) -> str:
    return said(explain.castle_section_name(
        view["segments"][section]["castle"]["design_index"]))


def space_label(space: int) -> str:
    """The printed name of a space: outer spaces 1-10, inner spaces by segment."""
    return said(explain.space_name(space))


def building_name(building: str) -> str:
    return said(explain.building_name(BUILDINGS.index(building)))


def icon_name(icon: str, count: int = 1) -> str:
    return said(explain.icon_name(ICONS.index(icon), count))


def resource_name(resource: str) -> str:
    return said(explain.resource_name(RESOURCES.index(resource)))


def ribbon_name(ribbon: str) -> str:
    return said(explain.ribbon_name(RIBBONS.index(ribbon)))


def effects_text(effects: Sequence[Effect]) -> str:
    return said(explain.effects_text(tuple(effects)))


Badge = tuple[tuple[str, str], ...]
"""One effect as icons: ((sprite symbol, number or ""), …), e.g. flip a debt is
``(("flip", ""), ("debt", ""))``."""


def chip_data(effects: Sequence[Effect]) -> tuple[str, tuple[Badge, ...]]:
    """(full text, one badge per effect) for a row of reward icons; cached, because the board
    draws the same printed rewards on every render. The full text is the row's accessible name
    (and the legend says what each icon means), so no abbreviation is ever shown."""
    return _chip_data(tuple(effects), get_language())


@cache
def _chip_data(effects: tuple[Effect, ...], _language: str) -> tuple[str, tuple[Badge, ...]]:
    return effects_text(effects), tuple(effect_badge(e) for e in effects)


_GAIN_SYMBOLS = {"silver": "silver", "ink": "ink", "gold": "gold", "stone": "stone",
                 "any": "any-resource", "virtue": "virtue", "corruption": "corruption",
                 "debt": "debt", "deed": "deed"}
_ACTION_SYMBOLS: dict[str, tuple[str, ...]] = {
    "flip_debt": ("flip", "debt"), "flip_deed": ("flip", "deed"), "flip_either": ("flip",),
    "destroy": ("destroy",), "discard": ("discard",), "may_discard": ("discard",),
    "rearrange": ("rearrange",), "shuffle": ("shuffle",), "draw": ("draw",),
    "hire_free": ("hire",), "move_worker": ("move", "worker"),
    "place_workers": ("place-workers",), "transcribe_free": ("transcribe",),
    "free_steps": ("free-step",), "dismiss_any": ("dismiss",)}
_PLUS = {"place_workers", "free_steps"}
"""Effects whose number is a count of things added (shown ``+n``)."""


def effect_badge(effect: Effect) -> Badge:
    """The icons of one effect and its number: gains always show theirs (``2`` silver), other
    effects only when it is not 1 (or as ``+n`` for workers placed and extra steps).

    >>> from kingdoms.burgrave.content import parse_effect
    >>> effect_badge(parse_effect("silver:2")), effect_badge(parse_effect("flip_debt"))
    ((('silver', '2'),), (('flip', ''), ('debt', '')))
    """
    kind, n, arg = effect
    name = EFFECT_KINDS[kind]
    if name in _GAIN_SYMBOLS:
        return ((_GAIN_SYMBOLS[name], str(n)),)
    if name == "build_free":
        return (("build", ""), (BUILDING_SYMBOL[BUILDINGS[arg]], ""))
    symbols = _ACTION_SYMBOLS[name]
    number = f"+{n}" if name in _PLUS else (str(n) if n != 1 else "")
    return ((symbols[0], number), *((s, "") for s in symbols[1:]))


def spot_rewards(design: int, index: int) -> tuple[Effect, ...]:
    return explain.spot_rewards(design, index)


def link_rewards(design: int, index: int) -> tuple[Effect, ...]:
    return explain.link_rewards(design, index)


def spot_name(design: int, index: int) -> str:
    return said(explain.spot_name(design, index))


def spot_text(design: int, index: int) -> str:
    """ "Mill (+1 ink)": a spot's name and printed reward."""
    return said(Text("burgrave.spot_named", name=explain.spot_name(design, index),
                     reward=explain.spot_reward(design, index)))


def castle_rewards(design: int) -> tuple[Effect, ...]:
    return explain.castle_rewards(design)


def exchange_text(kind: int) -> str:
    return said(explain.exchange_text(kind))


EXCHANGE_RESULT = {1: "silver", 2: "any-resource", 3: "destroy", 4: "flip"}
"""What an exchange gives (its kind is the merchants one use costs), as a sprite symbol."""


def exchange_badge(kind: int) -> tuple[int, str]:
    """(merchants paid, symbol of what one use gives) for an outer space's exchange."""
    return kind, EXCHANGE_RESULT[kind]


def start_slot_icon(slot: int) -> str:
    return explain.start_slot_icon(slot)


def building_benefit(building: str, number: int) -> str:
    """The permanent benefit the ``number``-th (1-3) building of a type uncovers."""
    return said(explain.building_benefit(BUILDINGS.index(building), number))


def collision_above(space: int) -> tuple[Effect, ...]:
    return explain.collision_rewards(space)


# --------------------------------------------------------------------------- offers


@dataclass
class Offer:
    """One control the screen offers: an engine action, or a local step towards one."""

    testid: str
    label: str
    detail: str = ""
    action: Any = None
    place: str = "prompt"
    """Where it is drawn: prompt, hand, space, spot, section, pair."""
    key: int = -1
    """Hand index, space, spot or castle section, depending on ``place``."""
    select: str | None = None
    """A local step: the building type this control selects (the spot comes next)."""
    selected: bool = False
    choice: Choice[Action] | None = None
    """The engine's choice it takes (what it cannot take back is said there)."""
    armed: str = ""
    """While it waits for its confirming second tap: what the confirmation says."""
    price: str = ""
    """A move: its price alone ("free", "−1 silver"), for a space too narrow for the detail."""
    leads_to: tuple[str, ...] = ()
    """A move: the sprite symbols of the primary actions it leads to; empty if it leads to
    none (then :attr:`idle`)."""
    idle: bool = False
    """A move after which nothing can be afforded (its detail says so; it asks to confirm)."""
    about: tuple[str, int] | None = None
    """The board element this prompt button is about (the engine's ``Choice.about``): its
    face is drawn in the button."""


PREVIEW_SYMBOLS = {"burgrave.preview.trade": "trade", "burgrave.preview.build": "build",
                   "burgrave.preview.place": "place-workers",
                   "burgrave.preview.transcribe": "transcribe",
                   "burgrave.preview.dismiss": "dismiss"}
"""The engine's words for what a move leads to (``previews.move_preview``), as symbols."""


def _preview_keys(text: object) -> list[str]:
    """The catalog keys of a move's preview, its "or" joins unrolled."""
    if not isinstance(text, Text):
        return []
    if text.key == "burgrave.preview.or":
        return _preview_keys(text.params.get("a")) + _preview_keys(text.params.get("b"))
    return [text.key]


def with_move_preview(offer: Offer, detail: Text | None) -> Offer:
    """Fill a move's :attr:`Offer.price`, :attr:`Offer.leads_to` and :attr:`Offer.idle` from
    the engine's detail (``burgrave.move_detail``: its ``cost`` and what it leads to,
    ``then``), so a small space can show them as a price and icons."""
    if detail is None or detail.key != "burgrave.move_detail":
        return offer
    cost = detail.params.get("cost")
    keys = _preview_keys(detail.params.get("then"))
    offer.price = say(cost) if isinstance(cost, Text) else ""
    offer.leads_to = tuple(PREVIEW_SYMBOLS[key] for key in keys if key in PREVIEW_SYMBOLS)
    offer.idle = keys == ["burgrave.preview.nothing"]
    return offer


@dataclass
class Prompt:
    """What the deciding seat is asked now, in words."""

    kind: str
    seat: int | None
    title: str
    why: str | None = None
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """That the end is near (the engine's ``Prompt.warnings``)."""
    blocked: list[str] = field(default_factory=list)
    """Things that are not possible now, with the reason (e.g. missing icons)."""
    offers: list[Offer] = field(default_factory=list)
    engine: EnginePrompt[Action] | None = None
    """The engine's prompt it was made from (confirmations ask it)."""

    @property
    def armed(self) -> Offer | None:
        """The offer waiting for its confirming second tap, if any."""
        return next((o for o in self.offers if o.armed), None)

    def at(self, place: str) -> dict[int, Offer]:
        """Offers drawn at ``place``, by key."""
        return {o.key: o for o in self.offers if o.place == place}


def testid_for(choice: Choice[Action]) -> str:
    """A stable test id for a choice: its board element, or ``action-<type>[-<fields>]``
    (``action-pass``; ``action-bump-1-2-0`` for a bump of section 1, tier 2, seat 0: checked in
    ``tests/web/test_burgrave_model.py``, which may name the engine's action types)."""
    if choice.place != "prompt":
        return f"{'hand-card' if choice.place == 'hand' else choice.place}-{choice.key}"
    fields = choice.action.model_dump(exclude={"action_type"})
    parts = [str(value) if not isinstance(value, list | tuple)
             else "-".join(map(str, value)) for value in fields.values()]
    return "-".join(["action", choice.action.action_type, *parts])


def build_prompt(engine: EnginePrompt[Action] | None, *, building: str | None = None,
                 armed: str | None = None) -> Prompt | None:
    """The engine's prompt as the screen's offers. Build choices need their building type first:
    the types are offered (``select``), then the spots of the one selected (``building``; the
    only type is selected at once). ``armed``: the test id of the offer waiting for its
    confirming second tap (:mod:`kingdoms_web.play.confirm`)."""
    if engine is None:
        return None
    prompt = Prompt(kind=engine.kind, seat=engine.seat, title=say(engine.title), engine=engine,
                    why=say(engine.why) if engine.why is not None else None,
                    notes=[say(note) for note in engine.notes],
                    warnings=[say(warning) for warning in engine.warnings],
                    blocked=[say(item.reason) for item in engine.unavailable])
    groups = [group.id for group in engine.groups]
    if len(groups) == 1 and building is None:
        building = groups[0]
    for group in engine.groups:
        prompt.offers.append(Offer(
            f"action-build-{group.id}", say(group.label),
            say(group.detail) if group.detail is not None else "", select=group.id,
            selected=group.id == building))
    for choice in engine.choices:
        if choice.group and choice.group != building:
            continue
        testid = testid_for(choice)
        prompt.offers.append(with_move_preview(Offer(
            testid, say(choice.label),
            say(choice.detail) if choice.detail is not None else "",
            action=choice.action, place=choice.place, key=choice.key, choice=choice,
            armed=why_confirm(choice) if testid == armed else "", about=choice.about),
            choice.detail))
    return prompt


def control_path(action: Any, view: BurgraveView, prompt: Prompt) -> list[str]:
    """The testids to tap, in order, to take ``action`` (used by the tests and the benchmark)."""
    del view
    for offer in prompt.offers:
        if offer.action == action:
            return [offer.testid]
    building = getattr(action, "building", None)
    if getattr(action, "action_type", "") == "build" and building is not None:
        spot = getattr(action, "spot", -1)
        return [f"action-build-{building}", f"spot-{spot}"]
    raise LookupError(f"no control offers {action!r}")


# --------------------------------------------------------------------------- scores


def score_rows(view: BurgraveView, seat: int) -> list[tuple[str, int]]:
    """(translated category, points) for one seat, in the engine's breakdown order."""
    breakdown = view["scores"][seat]["breakdown"]
    return [(t(f"burgrave.score.{key}"), int(value)) for key, value in breakdown.items()]


__all__ = [
    "SEAT_COLOURS",
    "Offer",
    "Prompt",
    "build_prompt",
    "control_path",
    "score_rows",
]
