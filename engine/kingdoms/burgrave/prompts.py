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

from kingdoms.core.explain import Prompt
from kingdoms.core.text import Text

from .actions import (
    ACTIONS,
    CARD_CODES,
    CLOCKWISE,
    DESTROY_TOP,
    FLIP_DEBT,
    MOVE_CODES,
    PAIR_CODES,
    PASS,
    PERMS,
    PLAY_BLIND,
    PLAY_CODES,
    REARRANGE_CODES,
    RESOURCE_CODES,
    SEGMENT_CODES,
    SPOT_CODES,
    Action,
    bump_parts,
    move_worker_parts,
)
from .asked import Asked
from .board import segment_of
from .content import (
    PLAYER_CARDS,
    RESOURCES,
)
from .costs import (
    move_options,
    townsfolk_at,
)
from .previews import move_preview
from .primary_prompt import primary, primary_extras
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
    icons_text,
    player_card_name,
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


def prompt(state: State) -> Prompt[Action] | None:
    """The decision on top of the stack, for its seat (None once the game is over)."""
    seat = deciding_seat(state)
    if seat is None:
        return None
    task = state.stack[-1]
    decision = Decision(task.op)
    asked = Asked(state, seat, decision)
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


# --------------------------------------------------------------------------- each decision


def _generic(asked: Asked, code: int) -> None:
    asked.add(code, Text("burgrave.choice.other"))


def _pair(asked: Asked, code: int) -> None:
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


def _hand_key(asked: Asked, card: int) -> int:
    hand = sorted(asked.player.hand)
    return hand.index(card) if card in hand else -1


def _play(asked: Asked, code: int) -> None:
    if code == PLAY_BLIND:
        asked.notes.append(Text("burgrave.hand_empty"))
        asked.add(code, Text("burgrave.play_blind"))
        return
    card = PLAY_CODES.value(code)
    asked.add(code, Text("burgrave.play_named", name=card_name(card)), place="hand",
              key=_hand_key(asked, card))


def _play_extras(asked: Asked) -> None:
    asked.notes.append(Text("burgrave.play_note"))


def _move(asked: Asked, code: int) -> None:
    space = MOVE_CODES.value(code)
    cost = move_options(asked.state, asked.seat).get(space, 0)
    price = Text("burgrave.free") if cost == 0 else Text("burgrave.cost_silver", count=cost)
    then = move_preview(asked.state, asked.seat, space, cost)
    asked.add(code, space_name(space), Text("burgrave.move_detail", cost=price, then=then),
              "space", space)


def _move_extras(asked: Asked) -> None:
    asked.title = Text("burgrave.ask.move_value", count=asked.state.turn_played_value)
    asked.notes.append(Text("burgrave.move_note", silver=asked.player.silver))


def _rearrange(asked: Asked, code: int) -> None:
    order = PERMS[REARRANGE_CODES.value(code)]
    line = asked.player.line
    names = tuple(card_name(line[i]) for i in order if i < len(line))
    if list(order) == sorted(order):
        asked.add(code, Text("burgrave.keep_line"), Text("burgrave.line_order", cards=names))
    else:
        asked.add(code, Text("burgrave.line_order", cards=names))


def _resource(asked: Asked, code: int) -> None:
    asked.add(code, resource_name(RESOURCE_CODES.value(code)))


def _flip(asked: Asked, code: int) -> None:
    kind = "debt" if code == FLIP_DEBT else "deed"
    asked.add(code, Text(f"burgrave.flip.{kind}"), Text(f"burgrave.flip_detail.{kind}"))


def _card_choice(asked: Asked, code: int) -> None:
    if code == DESTROY_TOP:
        asked.add(code, Text("burgrave.destroy_top"))
        return
    card = CARD_CODES.value(code)
    key = "burgrave.destroy_named" if asked.decision == Decision.DESTROY \
        else "burgrave.discard_named"
    asked.add(code, Text(key, name=card_name(card)), place="hand", key=_hand_key(asked, card))


def _hire(asked: Asked, code: int) -> None:
    position = segment_of(asked.player.space)
    design = townsfolk_at(asked.state, position)
    asked.title = Text("burgrave.ask.hire_named", name=design_name(design), count=design.value)
    asked.notes.append(Text("burgrave.hire_effect", text=effects_text(design.hire)))
    asked.add(code, Text("burgrave.hire"), about=("townsfolk", position))


def _segment(asked: Asked, code: int) -> None:
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


def _place_free_extras(asked: Asked) -> None:
    asked.title = Text("burgrave.ask.place_free", count=asked.state.stack[-1].amount)


def _spot(asked: Asked, code: int) -> None:
    spot = SPOT_CODES.value(code)
    asked.add(code, spot_label(asked.state, spot), place="spot", key=spot)


def _build_free_extras(asked: Asked) -> None:
    asked.title = Text("burgrave.ask.build_free_named",
                       building=building_name(asked.state.stack[-1].arg))


def _move_worker(asked: Asked, code: int) -> None:
    section, direction = move_worker_parts(code)
    target = (section + (1 if direction == CLOCKWISE else -1)) % 5
    castle = asked.state.castle
    asked.add(code, Text("burgrave.move_worker_named", source=castle_section_name(
        castle[section]), target=castle_section_name(castle[target])))


def _bump(asked: Asked, code: int) -> None:
    section, tier, owner = bump_parts(code)
    asked.add(code, Text("burgrave.bump_named", name=seat_name(asked.state, owner), tier=tier,
                         section=castle_section_name(asked.state.castle[section])),
              Text(f"burgrave.refund.tier{tier}"))


_DESCRIBE: dict[int, Callable[[Asked, int], None]] = {
    Decision.CHOOSE_PAIR: _pair,
    Decision.PLAY_CARD: _play,
    Decision.MOVE: _move,
    Decision.REARRANGE: _rearrange,
    Decision.PRIMARY_ACTION: primary,
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

_EXTRAS: dict[int, Callable[[Asked], None]] = {
    Decision.PLAY_CARD: _play_extras,
    Decision.MOVE: _move_extras,
    Decision.PRIMARY_ACTION: primary_extras,
    Decision.PLACE_WORKERS: _place_free_extras,
    Decision.BUILD_FREE: _build_free_extras,
}
"""Titles and notes a decision needs beyond its choices."""

__all__ = ["prompt"]
