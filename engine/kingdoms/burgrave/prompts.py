"""What the deciding seat of a Burgrave game is asked: every legal action as a labelled choice
with its cost, and what is not possible now and why (:func:`prompt`).

Why in the engine: costs, funding by icons and the reasons an action is refused are rules; the
page used to recompute them from the rules' internals. Now it draws a
:class:`~kingdoms.core.explain.Prompt` — the choices are exactly the legal actions, in their
order — and translates its texts.

Places (where a page draws a choice): ``prompt`` (a button), ``hand`` (a hand card, keyed by its
index in the sorted hand), ``space``, ``spot``, ``section`` (castle), ``pair`` (setup).
Building choices carry their building's key as ``group``: the type is picked first.
"""

from __future__ import annotations

from collections.abc import Callable

from kingdoms.core.explain import PROMPT, Choice, Group, Place, Prompt, Unavailable
from kingdoms.core.text import Text, chain

from .actions import (
    ACTIONS,
    BUILD_CODES,
    CARD_CODES,
    CLOCKWISE,
    DESTROY_TOP,
    DISMISS_CODES,
    FLIP_DEBT,
    MOVE_CODES,
    PAIR_CODES,
    PASS,
    PERMS,
    PLACE_CODES,
    PLAY_BLIND,
    PLAY_CODES,
    REARRANGE_CODES,
    RESOURCE_CODES,
    SEGMENT_CODES,
    SPOT_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    Action,
    build_parts,
    bump_parts,
    move_worker_parts,
)
from .board import is_outer, segment_of
from .content import (
    BUILDINGS,
    CRIMINAL,
    ICONS,
    MERCHANT,
    PLAYER_CARDS,
    RESOURCES,
    STONE,
)
from .costs import (
    Funding,
    build_funding,
    build_obstacle,
    dismiss_cost,
    dismissed_design,
    exchange_kind,
    icon_counts,
    move_options,
    place_funding,
    place_obstacle,
    townsfolk_at,
    trade_funding,
    trade_icons,
    trade_obstacle,
    transcribe_funding,
    transcribe_obstacle,
)
from .previews import move_preview
from .rules import deciding_seat, legal_codes
from .sources import why_asked
from .state import UNSET, State
from .tables import (
    CARD_DESIGN,
    PLAYER_CARD_SETUP,
)
from .tasks import DECISION_NAMES, Decision
from .words import (
    building_name,
    card_name,
    card_text,
    castle_section_name,
    design_name,
    effects_text,
    exchange_text,
    icon_name,
    icons_text,
    player_card_name,
    printed_script_name,
    resource_name,
    script_name,
    script_text,
    seat_name,
    segment_name,
    space_name,
    spot_label,
)

PASS_LABELS = {
    Decision.PRIMARY_ACTION: "burgrave.pass.primary_action",
    Decision.HIRE: "burgrave.pass.hire",
    Decision.DESTROY: "burgrave.pass.destroy",
    Decision.DISCARD: "burgrave.pass.discard",
    Decision.HIRE_FREE: "burgrave.pass.hire_free",
    Decision.MOVE_WORKER: "burgrave.pass.move_worker",
    Decision.BUILD_FREE: "burgrave.pass.build_free",
    Decision.TRANSCRIBE_FREE: "burgrave.pass.transcribe_free",
}

TRADE_BLOCKED = {
    "no_destroy": "burgrave.blocked.trade_destroy",
    "no_flip": "burgrave.blocked.trade_flip",
    "icons_only": "burgrave.blocked.trade_one",
    "cost": "burgrave.blocked.trade",
}
"""The text key for each :func:`~.costs.trade_obstacle`."""


class _Asked:
    """The prompt being built for one decision."""

    def __init__(self, state: State, seat: int, decision: Decision) -> None:
        self.state = state
        self.seat = seat
        self.decision = decision
        self.player = state.players[seat]
        self.title = Text(f"burgrave.ask.{DECISION_NAMES[decision]}")
        self.notes: list[Text] = []
        self.choices: list[Choice[Action]] = []
        self.groups: list[Group] = []
        self.unavailable: list[Unavailable] = []

    def add(self, code: int, label: Text, detail: Text | None = None, place: Place = PROMPT,
            key: int = -1, group: str = "", about: tuple[Place, int] | None = None) -> None:
        self.choices.append(Choice(ACTIONS[code], label, detail, place, key, group,
                                   about=about))

    def blocked(self, reason: Text) -> None:
        self.unavailable.append(Unavailable(reason))


def prompt(state: State) -> Prompt[Action] | None:
    """The decision on top of the stack, for its seat (None once the game is over)."""
    seat = deciding_seat(state)
    if seat is None:
        return None
    task = state.stack[-1]
    decision = Decision(task.op)
    asked = _Asked(state, seat, decision)
    codes = legal_codes(state)
    for code in codes:
        if code != PASS:
            _DESCRIBE.get(decision, _generic)(asked, code)
    extras = _EXTRAS.get(decision)
    if extras is not None:
        extras(asked)
    if PASS in codes:
        asked.add(PASS, Text(PASS_LABELS.get(decision, "burgrave.pass.other")))
    order = {ACTIONS[code]: i for i, code in enumerate(codes)}
    choices = sorted(asked.choices, key=lambda choice: order[choice.action])
    return Prompt(seat=seat, kind=DECISION_NAMES[decision], title=asked.title,
                  why=why_asked(state, task),
                  notes=tuple(asked.notes),
                  warnings=end_warnings(state),
                  choices=tuple(choices), groups=tuple(asked.groups),
                  unavailable=tuple(asked.unavailable))


ALMOST_REVEALED = 2
"""Debts or deeds left on a pile at which its card is announced as close to being revealed."""


def end_warnings(state: State) -> tuple[Text, ...]:
    """Spec, end: "Revealing the poverty card (debt pile) or the prosperity card (deed pile)
    triggers the end: finish the round, then play one more full round, so the player before the
    start player takes the last turn" — announced when a pile runs low, when the end is
    triggered and during the final round."""
    last = (state.start_seat - 1) % len(state.players)
    last_name = seat_name(state, last)
    if state.final_round != UNSET:
        if state.round >= state.final_round:
            return (Text("burgrave.warn.final_round", name=last_name),)
        return (Text("burgrave.warn.end_triggered", name=last_name),)
    warnings: list[Text] = []
    if 0 < state.debt_pile <= ALMOST_REVEALED:
        warnings.append(Text("burgrave.warn.debts_low", count=state.debt_pile))
    if 0 < state.deed_pile <= ALMOST_REVEALED:
        warnings.append(Text("burgrave.warn.deeds_low", count=state.deed_pile))
    return tuple(warnings)


# --------------------------------------------------------------------------- funding texts


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


SILVER = Text("burgrave.res.silver")
BUILDER, NOBLE, CLERIC = ICONS.index("builder"), ICONS.index("noble"), ICONS.index("cleric")


def icons_line(count: list[int]) -> Text:
    """The icons usable this turn ("2 merchants, 1 criminal (wild)")."""
    parts: list[Text] = []
    for icon, have in enumerate(count):
        if have:
            text = Text("burgrave.icon_count", count=have, icon=icon_name(icon, have))
            parts.append(Text("burgrave.wild", text=text) if icon == CRIMINAL else text)
    return chain("burgrave.fx.and", parts, Text("burgrave.no_icons"))


# --------------------------------------------------------------------------- each decision


def _generic(asked: _Asked, code: int) -> None:
    asked.add(code, Text("burgrave.choice.other"))


def _pair(asked: _Asked, code: int) -> None:
    index = PAIR_CODES.value(code)
    pair = asked.state.pairs[index]
    card = PLAYER_CARDS[pair.player_card]
    items: list[Text] = []
    if card.silver:
        items.append(Text("burgrave.fx.silver", n=card.silver, count=card.silver))
    for resource in RESOURCES:
        amount = getattr(card, resource)
        if amount:
            items.append(Text(f"burgrave.fx.{resource}", n=amount, count=amount))
    for what in ("debt", "deed"):
        amount = getattr(card, what + "s")
        if amount:
            items.append(Text(f"burgrave.fx.{what}", n=amount, count=amount))
    hero = pair.hero
    detail = Text("burgrave.pair_detail", space=card.space, items=tuple(items),
                  setup=effects_text(PLAYER_CARD_SETUP[pair.player_card]),
                  hero=card_name(hero), hero_text=_card_summary(hero))
    asked.add(code, Text("burgrave.pair_named", card=player_card_name(pair.player_card),
                         hero=card_name(hero)), detail, "pair", index)


def _card_summary(card: int) -> Text:
    design = CARD_DESIGN[card]
    return Text("burgrave.card_summary", value=design.value, icons=icons_text(design.icons),
                text=card_text(card))


def _hand_key(asked: _Asked, card: int) -> int:
    hand = sorted(asked.player.hand)
    return hand.index(card) if card in hand else -1


def _play(asked: _Asked, code: int) -> None:
    if code == PLAY_BLIND:
        asked.notes.append(Text("burgrave.hand_empty"))
        asked.add(code, Text("burgrave.play_blind"))
        return
    card = PLAY_CODES.value(code)
    asked.add(code, Text("burgrave.play_named", name=card_name(card)), place="hand",
              key=_hand_key(asked, card))


def _play_extras(asked: _Asked) -> None:
    asked.notes.append(Text("burgrave.play_note"))


def _move(asked: _Asked, code: int) -> None:
    space = MOVE_CODES.value(code)
    cost = move_options(asked.state, asked.seat).get(space, 0)
    price = Text("burgrave.free") if cost == 0 else Text("burgrave.cost_silver", count=cost)
    then = move_preview(asked.state, asked.seat, space, cost)
    asked.add(code, space_name(space), Text("burgrave.move_detail", cost=price, then=then),
              "space", space)


def _move_extras(asked: _Asked) -> None:
    asked.title = Text("burgrave.ask.move_value", count=asked.state.turn_played_value)
    asked.notes.append(Text("burgrave.move_note", silver=asked.player.silver))


def _rearrange(asked: _Asked, code: int) -> None:
    order = PERMS[REARRANGE_CODES.value(code)]
    line = asked.player.line
    names = tuple(card_name(line[i]) for i in order if i < len(line))
    if list(order) == sorted(order):
        asked.add(code, Text("burgrave.keep_line"), Text("burgrave.line_order", cards=names))
    else:
        asked.add(code, Text("burgrave.line_order", cards=names))


def _resource(asked: _Asked, code: int) -> None:
    asked.add(code, resource_name(RESOURCE_CODES.value(code)))


def _flip(asked: _Asked, code: int) -> None:
    kind = "debt" if code == FLIP_DEBT else "deed"
    asked.add(code, Text(f"burgrave.flip.{kind}"), Text(f"burgrave.flip_detail.{kind}"))


def _card_choice(asked: _Asked, code: int) -> None:
    if code == DESTROY_TOP:
        asked.add(code, Text("burgrave.destroy_top"))
        return
    card = CARD_CODES.value(code)
    key = "burgrave.destroy_named" if asked.decision == Decision.DESTROY \
        else "burgrave.discard_named"
    asked.add(code, Text(key, name=card_name(card)), place="hand", key=_hand_key(asked, card))


def _hire(asked: _Asked, code: int) -> None:
    position = segment_of(asked.player.space)
    design = townsfolk_at(asked.state, position)
    asked.title = Text("burgrave.ask.hire_named", name=design_name(design), count=design.value)
    asked.notes.append(Text("burgrave.hire_effect", text=effects_text(design.hire)))
    asked.add(code, Text("burgrave.hire"), about=("townsfolk", position))


def _segment(asked: _Asked, code: int) -> None:
    position = SEGMENT_CODES.value(code)
    state = asked.state
    segment = segment_name(state.segments[position])
    if asked.decision == Decision.HIRE_FREE:
        card = state.townsfolk_piles[position][-1]
        asked.add(code, Text("burgrave.hire_free_named", name=card_name(card), segment=segment),
                  card_text(card), about=("townsfolk", position))
    elif asked.decision == Decision.TRANSCRIBE_FREE:
        script = state.manuscript_piles[position][-1]
        asked.add(code, Text("burgrave.transcribe_named", name=script_name(script),
                             segment=segment), script_text(script))
    else:
        asked.add(code, castle_section_name(state.castle[position]), place="section",
                  key=position)


def _place_free_extras(asked: _Asked) -> None:
    asked.title = Text("burgrave.ask.place_free", count=asked.state.stack[-1].amount)


def _spot(asked: _Asked, code: int) -> None:
    spot = SPOT_CODES.value(code)
    asked.add(code, spot_label(asked.state, spot), place="spot", key=spot)


def _build_free_extras(asked: _Asked) -> None:
    asked.title = Text("burgrave.ask.build_free_named",
                       building=building_name(asked.state.stack[-1].arg))


def _move_worker(asked: _Asked, code: int) -> None:
    section, direction = move_worker_parts(code)
    target = (section + (1 if direction == CLOCKWISE else -1)) % 5
    castle = asked.state.castle
    asked.add(code, Text("burgrave.move_worker_named", source=castle_section_name(
        castle[section]), target=castle_section_name(castle[target])))


def _bump(asked: _Asked, code: int) -> None:
    section, tier, owner = bump_parts(code)
    asked.add(code, Text("burgrave.bump_named", name=seat_name(asked.state, owner), tier=tier,
                         section=castle_section_name(asked.state.castle[section])),
              Text(f"burgrave.refund.tier{tier}"))


# --------------------------------------------------------------------------- the primary action


def _primary(asked: _Asked, code: int) -> None:
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
        # the exchange itself is said once, in the prompt's notes (see _primary_extras)
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


def _manuscript_here(asked: _Asked) -> Text:
    position = segment_of(asked.player.space)
    pile = asked.state.manuscript_piles[position]
    return script_name(pile[-1]) if pile else printed_script_name(asked.state.segments[position])


def _primary_extras(asked: _Asked) -> None:
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


def _build_blocked(asked: _Asked, count: list[int], offered: list[int]) -> None:
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


_DESCRIBE: dict[int, Callable[[_Asked, int], None]] = {
    Decision.CHOOSE_PAIR: _pair,
    Decision.PLAY_CARD: _play,
    Decision.MOVE: _move,
    Decision.REARRANGE: _rearrange,
    Decision.PRIMARY_ACTION: _primary,
    Decision.HIRE: _hire,
    Decision.CHOOSE_RESOURCE: _resource,
    Decision.FLIP: _flip,
    Decision.DESTROY: _card_choice,
    Decision.DISCARD: _card_choice,
    Decision.HIRE_FREE: _segment,
    Decision.TRANSCRIBE_FREE: _segment,
    Decision.PLACE_WORKERS: _segment,
    Decision.CASCADE: _segment,
    Decision.BUILD_FREE: _spot,
    Decision.MOVE_WORKER: _move_worker,
    Decision.BUMP: _bump,
}
"""How each decision's legal codes become choices."""

_EXTRAS: dict[int, Callable[[_Asked], None]] = {
    Decision.PLAY_CARD: _play_extras,
    Decision.MOVE: _move_extras,
    Decision.PRIMARY_ACTION: _primary_extras,
    Decision.PLACE_WORKERS: _place_free_extras,
    Decision.BUILD_FREE: _build_free_extras,
}
"""Titles and notes a decision needs beyond its choices."""

__all__ = ["prompt"]
