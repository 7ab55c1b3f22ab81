"""What Burgrave says about itself: what each action did (:func:`describe`), what the deciding
seat is asked with every choice's cost and what is not possible (:func:`prompt`, built in
:mod:`.prompts`), and the words of its content (:mod:`.words`) — all as translatable
:class:`~kingdoms.core.text.Text`.

This is the page's only door into Burgrave besides ``game``, ``content`` and ``actions``: the
page never reads the state or the rules; what it shows in words comes from here.

>>> from kingdoms.core.protocol import Seat
>>> from kingdoms.core.text import render
>>> from kingdoms.burgrave.game import GAME
>>> state = GAME.new_game((Seat(name="Ana"), Seat(name="Ben")), seed=7)
>>> action = GAME.legal_actions(state)[0]
>>> render(describe(state, action, GAME.apply(state, action)))
"Ben takes The Pilgrim's Vow with the hero Old Fox."
"""

from __future__ import annotations

from kingdoms.core.text import Text, chain, json_catalog

from .actions import (
    BUMP_CODES,
    CARD_CODES,
    CLOCKWISE,
    DESTROY_TOP,
    DISMISS_CODES,
    FLIP_DEBT,
    FLIP_DEED,
    HIRE,
    MOVE_CODES,
    MOVE_WORKER_CODES,
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
    encode,
    move_worker_parts,
)
from .board import SPOT_LINKS, segment_of, spot_place
from .costs import exchange_kind, move_options, townsfolk_at
from .primary import action_codes
from .printed import (
    card_facts,
    castle_rewards,
    collision_rewards,
    hero_cards,
    link_rewards,
    printed_facts,
    printed_script_cost,
    script_facts,
    spot_rewards,
    start_slot_icon,
    starting_deck,
)
from .prompts import prompt
from .rules import deciding_seat
from .solo_view import rival_log
from .sources import source_name
from .state import RIVAL_SEAT, State
from .tables import PRINTED, SEG_LINK_REWARDS
from .tasks import Decision
from .words import (
    RIVAL_NAME,
    building_benefit,
    building_name,
    card_name,
    card_text,
    castle_section_name,
    cleric_bonus_name,
    design_name,
    design_text,
    effects_text,
    english_names,
    exchange_text,
    icon_name,
    icons_text,
    link_reward,
    player_card_name,
    printed_name,
    printed_script_name,
    printed_script_text,
    resource_name,
    ribbon_name,
    script_name,
    script_text,
    seat_name,
    segment_name,
    space_name,
    spot_name,
    spot_reward,
)

__all__ = [
    "RIVAL_NAME", "building_benefit", "building_name", "card_facts", "card_name", "card_text",
    "castle_rewards", "castle_section_name", "catalog", "cleric_bonus_name",
    "collision_rewards", "describe", "describe_parts", "design_name", "design_text", "effects_text",
    "exchange_text", "forfeits", "hero_cards", "icon_name", "icons_text", "link_reward",
    "link_rewards", "player_card_name", "printed_facts", "printed_name",
    "printed_script_cost", "printed_script_name", "printed_script_text", "printed_text",
    "prompt", "resource_name", "ribbon_name", "script_facts", "script_name", "script_text",
    "segment_name", "space_name", "spot_name", "spot_reward", "spot_rewards",
    "start_slot_icon", "starting_deck",
]
"""The page's words for Burgrave (what :mod:`.words` composes) and the printed facts it draws
(:mod:`.printed`), re-exported here so the page imports one module."""

_json = json_catalog("kingdoms.burgrave")
_rules = json_catalog("kingdoms.burgrave", "rules")


def catalog(language: str) -> dict[str, str]:
    """Burgrave's words in ``language``: ``locales/<language>.json`` and, for English, the
    names in the content file (other languages translate those keys in their file)."""
    words = dict(_json(language))
    words.update(_rules(language))  # the rules reference and glossary (locales/rules/)
    if language == "en":
        words.update(english_names())
    return words


PASS_KEYS: dict[int, str] = {
    Decision.PRIMARY_ACTION: "burgrave.log.no_action",
    Decision.HIRE: "burgrave.log.no_hire",
}
"""What passing means, by decision (otherwise: declines)."""


def printed_text(segment_design: int) -> Text:
    """The rule text of the townsfolk printed on a segment."""
    return design_text(PRINTED[segment_design])


def forfeits(before: State, action: Action, after: State) -> Text | None:
    """What a move gives up, said before it is made (spec, "Primary action": an action nobody
    can pay for is not taken): landing where no primary action can be afforded skips phase 3,
    and with nothing to hire either the turn simply ends. Found from the two states: the
    mover's primary action was waiting before the move and after it is gone, or has nothing
    to offer (it waits while a burgrave landed on rearranges)."""
    if encode(action) not in MOVE_CODES or before.over:
        return None
    seat = deciding_seat(before)

    def waiting(state: State) -> bool:
        return any(task.op == Decision.PRIMARY_ACTION and task.seat == seat
                   for task in state.stack)

    if not waiting(before):
        return None
    ended = after.over or after.turns != before.turns  # solo: the next turn may be waiting
    if not ended and waiting(after) and seat is not None and action_codes(after, seat) != [PASS]:
        return None  # still to come (after another burgrave rearranges) with something to do
    return Text("burgrave.forfeit.no_action_turn_ends" if ended else "burgrave.forfeit.no_action")


def describe(before: State, action: Action, after: State) -> Text:
    """What ``action`` (by the deciding seat of ``before``) did, in one line; in a solo game,
    followed by the rival's turn when the action let it play (its turn needs no action)."""
    parts = [text for _seat, text in describe_parts(before, action, after)]
    return chain("core.sentences", parts, parts[0])


def describe_parts(before: State, action: Action,
                   after: State) -> tuple[tuple[int | None, Text], ...]:
    """:func:`describe` seat by seat: the acting seat's sentence, then the solo rival's turn
    when the action let it play (so the log shows the rival's turn as its own entry)."""
    line = _describe(before, action, after)
    if forfeits(before, action, after) is not None:  # the skipped primary action, said
        seat = deciding_seat(before)
        skipped = Text("burgrave.log.no_action_affordable",
                       name=seat_name(before, seat) if seat is not None else "")
        line = chain("core.sentences", [line, skipped], line)
    cause = source_name(before, before.stack[-1].source) if before.stack else None
    if cause is not None:  # a question an effect asked: say what asked it
        line = Text("burgrave.log.caused", source=cause, line=line)
    rival = rival_log(before, after)
    mine = ((deciding_seat(before), line),)
    return mine if rival is None else (*mine, (RIVAL_SEAT, rival))


def _describe(before: State, action: Action, after: State) -> Text:
    code = encode(action)
    seat = deciding_seat(before)
    if seat is None:
        return Text("burgrave.log.nothing")
    name = seat_name(before, seat)
    player = before.players[seat]
    decision = before.stack[-1].op
    if code == PASS:
        return Text(PASS_KEYS.get(decision, "burgrave.log.decline"), name=name)
    if code == PLAY_BLIND:
        return Text("burgrave.log.play_blind", name=name,
                    card=card_name(after.players[seat].line[0]))
    if code == HIRE:
        pile = before.townsfolk_piles[segment_of(player.space)]
        return Text("burgrave.log.hire", name=name, card=card_name(pile[-1]))
    if code == DESTROY_TOP:
        return Text("burgrave.log.destroy_top", name=name)
    if code == TRANSCRIBE:
        position = segment_of(player.space)
        pile = before.manuscript_piles[position]
        title = script_name(pile[-1]) if pile else printed_script_name(
            before.segments[position])
        return Text("burgrave.log.transcribe", name=name, manuscript=title)
    if code in PAIR_CODES:
        pair = before.pairs[PAIR_CODES.value(code)]
        return Text("burgrave.log.pair", name=name, card=player_card_name(pair.player_card),
                    hero=card_name(pair.hero))
    if code in MOVE_CODES:
        destination = MOVE_CODES.value(code)
        cost = move_options(before, seat).get(destination, 0)
        return Text("burgrave.log.move_paid" if cost else "burgrave.log.move", name=name,
                    space=space_name(destination), count=cost)
    if code in REARRANGE_CODES:
        order = PERMS[REARRANGE_CODES.value(code)]
        if list(order) == sorted(order):
            return Text("burgrave.log.keep_line", name=name)
        return Text("burgrave.log.rearrange", name=name, cards=tuple(
            card_name(player.line[i]) for i in order if i < len(player.line)))
    if code in DISMISS_CODES:
        design = townsfolk_at(before, DISMISS_CODES.value(code))
        return Text("burgrave.log.dismiss", name=name, card=design_name(design),
                    effects=effects_text(design.hire))
    if code in TRADE_CODES:
        return Text("burgrave.log.trade", name=name, count=TRADE_CODES.value(code),
                    exchange=exchange_text(exchange_kind(before, seat)))
    if code in PLACE_CODES:
        return Text("burgrave.log.place", name=name, count=PLACE_CODES.value(code))
    if code in RESOURCE_CODES:
        return Text("burgrave.log.resource", name=name,
                    resource=resource_name(RESOURCE_CODES.value(code)))
    if code in (FLIP_DEBT, FLIP_DEED):
        return Text("burgrave.log.flip_debt" if code == FLIP_DEBT else "burgrave.log.flip_deed",
                    name=name)
    if code in SEGMENT_CODES:
        return _segment_choice(before, name, decision, SEGMENT_CODES.value(code))
    if code in SPOT_CODES:
        return _build(before, seat, before.stack[-1].arg, SPOT_CODES.value(code), free=True)
    if code in MOVE_WORKER_CODES:
        section, direction = move_worker_parts(code)
        return Text("burgrave.log.move_worker_cw" if direction == CLOCKWISE
                    else "burgrave.log.move_worker_ccw", name=name, section=section + 1)
    if code in BUMP_CODES:
        section, tier, owner = bump_parts(code)
        return Text("burgrave.log.bump", name=name, owner=seat_name(before, owner), tier=tier,
                    section=section + 1)
    if code in PLAY_CODES:
        return Text("burgrave.log.play", name=name, card=card_name(PLAY_CODES.value(code)))
    if code in CARD_CODES:
        key = "burgrave.log.destroy" if decision == Decision.DESTROY else "burgrave.log.discard"
        return Text(key, name=name, card=card_name(CARD_CODES.value(code)))
    building, spot = build_parts(code)
    return _build(before, seat, building, spot, free=False)


def _segment_choice(state: State, name: str | Text, decision: int, position: int) -> Text:
    if decision == Decision.HIRE_FREE:
        return Text("burgrave.log.hire_free", name=name,
                    card=card_name(state.townsfolk_piles[position][-1]))
    if decision == Decision.TRANSCRIBE_FREE:
        return Text("burgrave.log.transcribe_free", name=name,
                    manuscript=script_name(state.manuscript_piles[position][-1]))
    if decision == Decision.CASCADE:
        return Text("burgrave.log.cascade", name=name, section=position + 1)
    return Text("burgrave.log.place_section", name=name, section=position + 1)


def _build(state: State, seat: int, building: int, spot: int, *, free: bool) -> Text:
    """A build, with the spot's reward and every link it completes (and who else gains)."""
    position, index = spot_place(spot)
    rewards = [spot_reward(state.segments[position], index)]
    for link in SPOT_LINKS[spot]:
        owner = state.spot_owner[link.other]
        if owner >= 0:
            reward = effects_text(SEG_LINK_REWARDS[state.segments[link.position]][link.number])
            rewards.append(Text("burgrave.log.link", reward=reward) if owner == seat else
                           Text("burgrave.log.link_shared", reward=reward,
                                owner=seat_name(state, owner)))
    combined = chain("burgrave.log.rewards", rewards, rewards[0])
    return Text("burgrave.log.build_free" if free else "burgrave.log.build",
                name=seat_name(state, seat), building=building_name(building),
                spot=spot_name(state.segments[position], index), rewards=combined)
