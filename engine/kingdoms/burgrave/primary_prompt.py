"""What the seat is asked for its primary action (trade or build on the outer path, place
workers or transcribe on the inner path): each choice with what funds it, the icons usable now,
the building types to pick first, and why each action not offered is not possible.

Its own module because it is the largest question of a turn; :mod:`.prompts` asks it for the
primary-action decision like any other.
"""

from __future__ import annotations

from kingdoms.core.explain import Group
from kingdoms.core.text import Text, chain

from .actions import (
    BUILD_CODES,
    DISMISS_CODES,
    PLACE_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    build_parts,
)
from .asked import Asked
from .board import is_outer, segment_of
from .content import BUILDINGS, CRIMINAL, ICONS, MERCHANT, STONE
from .costs import (
    Funding,
    build_funding,
    build_obstacle,
    dismiss_cost,
    dismissed_design,
    exchange_kind,
    icon_counts,
    place_funding,
    place_obstacle,
    townsfolk_at,
    trade_funding,
    trade_icons,
    trade_obstacle,
    transcribe_funding,
    transcribe_obstacle,
)
from .rules import legal_codes
from .words import (
    building_name,
    castle_section_name,
    design_name,
    effects_text,
    exchange_text,
    icon_name,
    icons_text,
    printed_script_name,
    script_name,
    spot_label,
)

TRADE_BLOCKED = {
    "no_destroy": "burgrave.blocked.trade_destroy",
    "no_flip": "burgrave.blocked.trade_flip",
    "icons_only": "burgrave.blocked.trade_one",
    "cost": "burgrave.blocked.trade",
}
"""The text key for each :func:`~.costs.trade_obstacle`."""


def funding_text(funding: Funding, icon: int, pay_with: Text) -> Text:
    """What the icons cover of a cost, what is paid from a stock and what is missing."""
    needs = Text("burgrave.needs", count=funding.need, icon=icon_name(icon, funding.need))
    if funding.pay <= 0:
        return Text("burgrave.funded_by_icons", needs=needs)
    if funding.affordable:
        return Text("burgrave.funded", needs=needs, icons=funding.from_icons,
                    count=funding.pay, res=pay_with)
    return Text("burgrave.missing", needs=needs, icons=funding.from_icons,
                stock=funding.stock, res=pay_with, count=funding.missing)


BUILDER, NOBLE, CLERIC = ICONS.index("builder"), ICONS.index("noble"), ICONS.index("cleric")


def icons_line(count: list[int]) -> Text:
    """The icons usable this turn ("2 merchants, 1 criminal (wild)")."""
    parts: list[Text] = []
    for icon, have in enumerate(count):
        if have:
            text = Text("burgrave.icon_count", count=have, icon=icon_name(icon, have))
            parts.append(Text("burgrave.wild", text=text) if icon == CRIMINAL else text)
    return chain("burgrave.fx.and", parts, Text("burgrave.no_icons"))


def primary(asked: Asked, code: int) -> None:
    state, seat = asked.state, asked.seat
    count = icon_counts(state, seat)
    if code in DISMISS_CODES:
        position = DISMISS_CODES.value(code)
        design = townsfolk_at(state, position)
        asked.add(code, Text("burgrave.dismiss_named", name=design_name(design)),
                  Text("burgrave.dismiss_detail", count=dismiss_cost(state, seat, position),
                       icons=icons_text(design.icons), effect=effects_text(design.hire)))
    elif code in TRADE_CODES:
        times = TRADE_CODES.value(code)
        funding = trade_funding(state, seat, times, count)
        needs = Text("burgrave.needs", count=funding.need, icon=icon_name(MERCHANT, funding.need))
        # the exchange itself is said once, in the prompt's notes (see primary_extras)
        asked.add(code, Text("burgrave.trade_times", count=times),
                  Text("burgrave.trade_detail", needs=needs, count=funding.pay)
                  if funding.pay else needs)
    elif code in BUILD_CODES:
        building, spot = build_parts(code)
        asked.add(code, Text("burgrave.build_here", building=building_name(building),
                             spot=spot_label(state, spot)),
                  place="spot", key=spot, group=BUILDINGS[building])
    elif code in PLACE_CODES:
        workers = PLACE_CODES.value(code)
        section = castle_section_name(state.castle[segment_of(asked.player.space)])
        asked.add(code, Text("burgrave.place_named", count=workers, section=section),
                  funding_text(place_funding(state, seat, workers, count), NOBLE,
                               Text("burgrave.res.gold")))
    elif code == TRANSCRIBE:
        asked.add(code, Text("burgrave.transcribe_named_here", name=_manuscript_here(asked)),
                  funding_text(transcribe_funding(state, seat, count), CLERIC,
                               Text("burgrave.res.ink")))


def _manuscript_here(asked: Asked) -> Text:
    position = segment_of(asked.player.space)
    pile = asked.state.manuscript_piles[position]
    return script_name(pile[-1]) if pile else printed_script_name(asked.state.segments[position])


def primary_extras(asked: Asked) -> None:
    """The title by path, the icons usable now, the building types to pick from, and why each
    primary action that is not offered is not possible."""
    state, seat, player = asked.state, asked.seat, asked.player
    count = icon_counts(state, seat)
    outer = is_outer(player.space)
    asked.title = Text("burgrave.ask.primary_outer" if outer else "burgrave.ask.primary_inner")
    asked.notes.append(Text("burgrave.your_icons", icons=icons_line(count)))
    dismissed = dismissed_design(state)
    if dismissed is not None:
        asked.notes.append(Text("burgrave.dismissed_note", name=design_name(dismissed)))
    codes = legal_codes(state)
    if outer:
        built = sorted({build_parts(code)[0] for code in codes if code in BUILD_CODES})
        for building in built:
            funding = build_funding(state, seat, building, count)
            asked.groups.append(Group(BUILDINGS[building], Text(
                "burgrave.build_named", building=building_name(building)),
                funding_text(funding, BUILDER, Text("burgrave.res.stone"))))
        if any(code in TRADE_CODES for code in codes):
            asked.notes.append(Text("burgrave.trade_note",
                                    exchange=exchange_text(exchange_kind(state, seat))))
        else:
            kind = exchange_kind(state, seat)
            asked.blocked(Text(TRADE_BLOCKED[trade_obstacle(state, seat)],
                               exchange=exchange_text(kind), icons=trade_icons(count),
                               silver=player.silver))
        _build_blocked(asked, count, built)
        return
    if not any(code in PLACE_CODES for code in codes):
        if place_obstacle(state, seat, 1, count) == "no_workers":
            asked.blocked(Text("burgrave.blocked.no_workers"))
        else:
            asked.blocked(Text("burgrave.blocked.place", detail=funding_text(
                place_funding(state, seat, 1, count), NOBLE, Text("burgrave.res.gold"))))
    if TRANSCRIBE not in codes:
        if transcribe_obstacle(state, seat, count) == "transcribed":
            asked.blocked(Text("burgrave.blocked.transcribed"))
        else:
            asked.blocked(Text("burgrave.blocked.transcribe", name=_manuscript_here(asked),
                               detail=funding_text(transcribe_funding(state, seat, count),
                                                   CLERIC, Text("burgrave.res.ink"))))


def _build_blocked(asked: Asked, count: list[int], offered: list[int]) -> None:
    """Why each building type not offered cannot be built (one line if the bank is full)."""
    state, seat = asked.state, asked.seat
    stone = state.players[seat].resources[STONE]
    why = {building: build_obstacle(state, seat, building, count, stone)
           for building in range(len(BUILDINGS)) if building not in offered}
    if "no_spot" in why.values():
        asked.blocked(Text("burgrave.blocked.no_spot"))
        return
    lines = []
    for building, obstacle in why.items():
        if obstacle == "all_built":
            lines.append(Text("burgrave.blocked.all_built", building=building_name(building)))
        else:
            lines.append(Text("burgrave.blocked.build", building=building_name(building),
                              detail=funding_text(build_funding(state, seat, building, count),
                                                  BUILDER, Text("burgrave.res.stone"))))
    for line in lines[:1] if len(lines) == len(BUILDINGS) else lines:
        asked.blocked(line)


__all__ = ["funding_text", "icons_line", "primary", "primary_extras"]
