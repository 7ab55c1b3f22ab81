"""Burgrave's vocabulary as translatable :class:`~kingdoms.core.text.Text`: the names of every
card, manuscript, segment, spot, castle section and player card, and the rule text of effects,
cards and manuscripts — composed from the content's data, never written twice.

Why: a card's text is generated from its effects (so it cannot drift from what the rules do);
generating it as ``Text`` instead of English lets every language say it. English names come
from ``content.json`` (:func:`english_names`); other languages translate the same keys in their
``locales/<lang>.json``.

>>> from kingdoms.core.text import render
>>> render(effects_text(SEG_SPOT_REWARDS[0][1]))
'+1 silver, +1 deed'
>>> render(card_name(0))
'Peddler'
>>> render(design_text(CARD_DESIGN[0]))
'When played: +1 silver. Hire/dismiss: +1 deed.'
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdoms.core.text import Text, chain

from .board import spot_place
from .content import (
    BUILDINGS,
    CONTENT,
    EFFECT_KINDS,
    ICONS,
    PLAYER_CARDS,
    POINT_KINDS,
    RESOURCES,
    RIBBONS,
    TRIGGERS,
    Effect,
    Points,
)
from .solo_content import SOLO
from .state import RIVAL_SEAT, State
from .tables import (
    CARD_DESIGN,
    PERMANENT_ICON,
    PRINTED,
    PRINTED_SCRIPT_EFFECTS,
    SCRIPTS,
    SEG_LINK_REWARDS,
    SEG_SPOT_REWARDS,
    Design,
    Exchange,
    Timing,
)

# --------------------------------------------------------------------------- names


def english_names() -> dict[str, str]:
    """The English catalog entries for every named thing in the content."""
    names: dict[str, str] = {}
    for design in (*CARD_DESIGN, *PRINTED):
        names[f"burgrave.card.{design.key}"] = design.name
    for script in SCRIPTS:
        names[f"burgrave.manuscript.{script.key}"] = script.name
    for segment in CONTENT.segments:
        names[f"burgrave.segment.{segment.key}"] = segment.name
        names[f"burgrave.manuscript.{segment.printed_manuscript.key}"] = \
            segment.printed_manuscript.name
        for index, spot in enumerate(segment.spots):
            names[f"burgrave.spot.{segment.key}.{index}"] = spot.name
    for section in CONTENT.castle:
        names[f"burgrave.castle_section.{section.key}"] = section.name
    for card in PLAYER_CARDS:
        names[f"burgrave.player_card.{card.key}"] = card.name
    for bonus in CONTENT.cleric_bonus:
        names[f"burgrave.cleric_bonus.{bonus.ribbon}"] = bonus.name
    for board in SOLO.boards:
        names[f"burgrave.rival_board.{board.key}"] = board.name
    for scheme in SOLO.schemes:
        names[f"burgrave.scheme.{scheme.key}"] = scheme.name
    return names


RIVAL_NAME = Text("burgrave.rival.name")
"""The solo rival's name at the table. Its seat is rules, not a player, so it has no typed name
to show as written: it is a word of the game, said in the reader's language."""


def seat_name(state: State, seat: int) -> str | Text:
    """What a seat is called in sentences: a player's name as typed (names are never
    translated), or :data:`RIVAL_NAME` for a solo game's rival (whose record name, ``"Rival"``,
    stays language-neutral data)."""
    if state.rival is not None and seat == RIVAL_SEAT:
        return RIVAL_NAME
    return state.seats[seat].name


def card_name(card: int) -> Text:
    """A townsfolk or hero card by id."""
    return Text(f"burgrave.card.{CARD_DESIGN[card].key}")


def design_name(design: Design) -> Text:
    return Text(f"burgrave.card.{design.key}")


def printed_name(segment_design: int) -> Text:
    """The townsfolk printed on a segment (shown once its pile runs out)."""
    return design_name(PRINTED[segment_design])


def script_name(script: int) -> Text:
    return Text(f"burgrave.manuscript.{SCRIPTS[script].key}")


def printed_script_name(segment_design: int) -> Text:
    return Text(f"burgrave.manuscript.{CONTENT.segments[segment_design].printed_manuscript.key}")


def segment_name(segment_design: int) -> Text:
    return Text(f"burgrave.segment.{CONTENT.segments[segment_design].key}")


def spot_name(segment_design: int, index: int) -> Text:
    return Text(f"burgrave.spot.{CONTENT.segments[segment_design].key}.{index}")


def castle_section_name(castle_design: int) -> Text:
    return Text(f"burgrave.castle_section.{CONTENT.castle[castle_design].key}")


def player_card_name(player_card: int) -> Text:
    return Text(f"burgrave.player_card.{PLAYER_CARDS[player_card].key}")


def cleric_bonus_name(ribbon: int) -> Text:
    return Text(f"burgrave.cleric_bonus.{RIBBONS[ribbon]}")


def space_name(space: int) -> Text:
    """An outer space by its printed number (1-10), an inner space by its segment (1-5)."""
    if space < 10:
        return Text("burgrave.space.outer", number=space + 1)
    return Text("burgrave.space.inner", number=space - 9)


def building_name(building: int) -> Text:
    return Text(f"burgrave.building.{BUILDINGS[building]}")


def resource_name(resource: int) -> Text:
    """Ink, gold or stone (indexed like ``RESOURCES``)."""
    return Text(f"burgrave.res.{RESOURCES[resource]}")


def icon_name(icon: int, count: int = 1) -> Text:
    return Text(f"burgrave.icon.{ICONS[icon]}", count=count)


def ribbon_name(ribbon: int) -> Text:
    return Text(f"burgrave.ribbon.{RIBBONS[ribbon]}")


def exchange_text(exchange: Exchange | int) -> Text:
    """What an outer space's exchange does ("2 merchants → 1 resource")."""
    return Text(f"burgrave.exchange.{int(exchange)}")


def building_benefit(building: int, number: int) -> Text:
    """The permanent benefit the ``number``-th (1-3) building of a type uncovers."""
    icon = PERMANENT_ICON.get((building, number))
    if icon is not None:
        return Text("burgrave.benefit.icon", icon=icon_name(icon))
    return Text(f"burgrave.benefit.{BUILDINGS[building]}_{number}")


def icons_text(icons: Sequence[int]) -> Text:
    """A card's icons ("merchant + builder")."""
    return chain("burgrave.icons_and", [icon_name(icon) for icon in icons],
                 Text("burgrave.no_icons"))


# --------------------------------------------------------------------------- effects


def effect_text(effect: Effect) -> Text:
    """One effect ("+2 silver", "build a workshop free on any free spot")."""
    kind, amount, arg = effect
    name = EFFECT_KINDS[kind]
    if name == "build_free":
        return Text("burgrave.fx.build_free", building=building_name(arg))
    return Text(f"burgrave.fx.{name}", n=amount, count=amount)


def effects_text(effects: Sequence[Effect]) -> Text:
    """Several effects in a row ("+1 silver, +1 deed"); "nothing" for none."""
    return chain("burgrave.fx.and", [effect_text(effect) for effect in effects],
                 Text("burgrave.fx.nothing"))


def spot_reward(segment_design: int, index: int) -> Text:
    return effects_text(SEG_SPOT_REWARDS[segment_design][index])


def link_reward(segment_design: int, index: int) -> Text:
    return effects_text(SEG_LINK_REWARDS[segment_design][index])


# --------------------------------------------------------------------------- card texts


def design_text(design: Design) -> Text:
    """A townsfolk's rule text: its ability by timing, then its hire/dismiss effect."""
    body = effects_text(design.effects)
    ability: Text | None = None
    if design.timing == Timing.INSTANT:
        ability = Text("burgrave.text.instant", effects=body)
    elif design.timing == Timing.DROPOFF:
        ability = Text("burgrave.text.dropoff", effects=body)
    elif design.timing == Timing.COLLISION:
        ability = Text("burgrave.text.collision", effects=body)
    elif design.trigger is not None:
        trigger = TRIGGERS[design.trigger]
        if trigger in ("merchants_as_builders", "dismiss_any"):
            ability = Text(f"burgrave.text.{trigger}")
        else:
            ability = Text("burgrave.text.ongoing", event=Text(f"burgrave.trigger.{trigger}"),
                           effects=body)
    hire = Text("burgrave.text.hire", effects=effects_text(design.hire)) if design.hire \
        else None
    if ability is not None and hire is not None:
        return Text("core.sentences", a=ability, b=hire)
    return ability or hire or Text("burgrave.text.none")


def card_text(card: int) -> Text:
    return design_text(CARD_DESIGN[card])


def points_text(points: Points) -> Text:
    """A points manuscript's end-game points ("2 VP per building you own at the end")."""
    kind, amount, icon = points
    name = POINT_KINDS[kind]
    if name == "per_icon":
        return Text("burgrave.points.per_icon", count=amount, icon=icon_name(icon))
    return Text(f"burgrave.points.{name}", count=amount)


def script_text(script: int) -> Text:
    info = SCRIPTS[script]
    if info.points is not None:
        return points_text(info.points)
    return effects_text(info.effects)


def printed_script_text(segment_design: int) -> Text:
    return effects_text(PRINTED_SCRIPT_EFFECTS[segment_design])


def spot_label(state: State, spot: int) -> Text:
    """A building spot by its name and reward, as prompts and causes name it."""
    position, index = spot_place(spot)
    design = state.segments[position]
    return Text("burgrave.spot_named", name=spot_name(design, index),
                reward=spot_reward(design, index))
