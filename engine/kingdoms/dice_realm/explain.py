"""What Dice Realm says about itself, as translatable :class:`~kingdoms.core.text.Text`: card
names, requirements, what each event and action did, and what the player is asked now.

Why here: the page and the command line show these in words, but only the rules know what a
claim founds or why a citizen cannot be taken; keeping the words next to the rules means the
page needs no Dice Realm internals (it imports this module, ``game``, ``content`` and
``actions`` only). English templates live in ``locales/en.json``; card names come from the
content file, so there is one place for each.

>>> from kingdoms.core.text import render
>>> render(requirement_text({"type": "all", "of": [{"type": "kind", "n": 4},
...                                                  {"type": "sum_at_least", "s": 24}]}))
'4 of a kind + total ≥ 24'
>>> render(event_text({"type": "penalty", "seat": 0, "card": "p01"}, ["Ann"]))
'Ann took a scoundrel: Pickpocket (-1).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from kingdoms.core.explain import Choice, Prompt, Unavailable
from kingdoms.core.text import Text, chain, json_catalog

from . import odds
from .actions import (
    CLAIM_BASE,
    CLAIM_CITIZEN_ONLY_BASE,
    FLIP_BASE,
    GIVE_BASE,
    PENALTY_CODE,
    STOP_CODE,
    VOCABULARY,
    ActionModel,
    Claim,
)
from .content import (
    CARD_IDS,
    CARD_NUMBER,
    CARD_VALUES,
    CARDS,
    CITIZENS,
    CONTENT,
    Village,
)
from .rules import fairies, founds_village, met_mask
from .shapes import OddsJson
from .state import CHOOSE, GIFT, OVER, ROLL, Event, State

_json = json_catalog("kingdoms.dice_realm")
_rules = json_catalog("kingdoms.dice_realm", "rules")


def catalog(language: str) -> dict[str, str]:
    """Dice Realm's words in ``language``: ``locales/<language>.json``, and for English the
    card names from the content file (other languages translate those keys in their file)."""
    words = dict(_json(language))
    words.update(_rules(language))  # the rules reference and glossary (locales/rules/)
    if language == "en":
        for citizen in CONTENT.citizens:
            words[f"dice-realm.card.{citizen.id}"] = citizen.name
        for penalty in CONTENT.penalties:
            words[f"dice-realm.card.{penalty.id}"] = penalty.name
        for colour in CONTENT.colours:
            words[f"dice-realm.colour.{colour.id}"] = colour.name
    return words


# --------------------------------------------------------------------------- names


def card_name(card: int) -> Text:
    """A card's name: citizens and scoundrels by name, villages by kind and points."""
    info = CARDS[card]
    if isinstance(info, Village):
        return Text("dice-realm.village_card", colour=colour_name(info.colour), value=info.value)
    return Text(f"dice-realm.card.{CARD_IDS[card]}")


def card_name_by_id(card_id: str) -> Text:
    number = CARD_NUMBER.get(card_id)
    return card_name(number) if number is not None else Text("dice-realm.card.unknown")


def colour_name(colour: str) -> Text:
    return Text(f"dice-realm.colour.{colour}")


def ability_name(ability: str) -> Text:
    return Text(f"dice-realm.ability.{ability}")


def ability_reminder(ability: str) -> Text:
    """The one-line reminder printed on a card with this ability."""
    return Text(f"dice-realm.ability.{ability}.reminder")


def requirement_text(req: Mapping[str, Any]) -> Text:
    """A short description of a requirement (the JSON form the views carry)."""
    kind = str(req.get("type", ""))
    if kind == "all":
        return chain("dice-realm.req.and",
                     [requirement_text(part) for part in req.get("of", ())],
                     Text("dice-realm.req.none"))
    params = {k: v for k, v in req.items() if k != "type" and isinstance(v, int | str)}
    return Text(f"dice-realm.req.{kind}", **params)


# --------------------------------------------------------------------------- events


def _value(card_id: str) -> int:
    number = CARD_NUMBER.get(card_id)
    return CARD_VALUES[number] if number is not None else 0


def event_text(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """One line for "what happened" (events of the views' ``this_turn``/``last_turn``); None
    for events not worth a line of their own (slides are counted, see :func:`slid_count`)."""
    kind = event.get("type")

    def who(key: str = "seat") -> str:
        seat = event.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    card_id = str(event.get("card", ""))
    card = card_name_by_id(card_id)
    if kind == "roll":
        dice = dice_text(event.get("dice", ()))
        kept = int(event.get("kept", 0))
        if kept:
            return Text("dice-realm.event.reroll", name=who(), dice=dice,
                        count=6 - kept.bit_count())
        return Text("dice-realm.event.roll", name=who(), dice=dice)
    if kind == "stop":
        return Text("dice-realm.event.stop", name=who())
    if kind == "flip":
        return Text("dice-realm.event.flip", name=who(), before=int(event.get("from", 0)),
                    after=int(event.get("to", 0)))
    if kind in ("claim", "penalty"):
        return Text(f"dice-realm.event.{kind}", name=who(), card=card, value=_value(card_id))
    if kind in ("found", "hypnotise", "gift", "leave_village"):
        return Text(f"dice-realm.event.{kind}", name=who(), card=card, target=who("to"))
    if kind == "extra_turn":
        return Text("dice-realm.event.extra_turn", name=who())
    if kind in ("discard", "refill"):
        return Text(f"dice-realm.event.{kind}", card=card)
    if kind == "start":
        return Text("dice-realm.event.start", name=who())
    if kind == "end":
        return Text(f"dice-realm.end.{event.get('reason')}")
    return None


def slid_count(events: Sequence[Mapping[str, Any]]) -> int:
    """How many citizens slid right in these events (shown as one line, not one per card)."""
    return sum(1 for e in events if e.get("type") == "slide")


def dice_text(dice: Sequence[int]) -> str:
    """Dice values for reading aloud and for the event list: ``'3, 1, 6'``."""
    return ", ".join(str(d) for d in dice)


def action_events(before: State, after: State) -> tuple[Event, ...]:
    """The events one action added (a finished turn's events move to ``last_events``)."""
    if after.turn == before.turn and after.phase != OVER:
        return after.events[len(before.events):]
    return after.last_events[len(before.events):]


def describe(before: State, after: State) -> Text:
    """What one action did, for the history: its events in a line (slides left out)."""
    names = list(before.seats)
    events = [e for e in action_events(before, after) if e.get("type") != "slide"]
    texts: list[Text] = []
    if len(events) >= 2 and events[0].get("type") == "stop" and events[1].get("type") == "claim":
        card_id = str(events[1].get("card", ""))
        texts.append(Text("dice-realm.event.stop_claim", name=names[before.current],
                          card=card_name_by_id(card_id), value=_value(card_id)))
        events = events[2:]
    texts += [text for e in events if (text := event_text(e, names)) is not None]
    return sentences(texts)


def sentences(texts: Sequence[Text]) -> Text:
    """Several sentences as one text (the catalog says how sentences follow each other)."""
    return chain("core.sentences", texts, Text("dice-realm.event.nothing"))


# --------------------------------------------------------------------------- the prompt


def _keep_label(state: State, keep: int) -> Text:
    if state.rolls_used == 0:
        return Text("dice-realm.choice.first_roll")
    kept = [state.dice[i] for i in range(6) if keep >> i & 1]
    if not kept:
        return Text("dice-realm.choice.reroll_all")
    return Text("dice-realm.choice.reroll", kept=dice_text(kept), count=6 - len(kept))


def _slot_unavailable(state: State) -> list[Unavailable]:
    mask = met_mask(state.dice)
    out = []
    for slot, card in enumerate(state.row):
        if card >= 0 and not mask >> card & 1:
            requirement = CITIZENS[card].requirement.model_dump(mode="json")
            out.append(Unavailable(Text("dice-realm.why.not_met", card=card_name(card),
                                        requirement=requirement_text(requirement)),
                                   place="slot", key=slot))
    return out


def prompt(state: State, legal: Sequence[int]) -> Prompt[ActionModel] | None:
    """The current seat's decision with every legal action (``legal``: the rules' codes)."""
    if state.phase == OVER:
        return None
    seat = state.current
    choices: list[Choice[ActionModel]] = []
    for code in legal:
        action = VOCABULARY[code]
        if code < STOP_CODE:
            choices.append(Choice(action, _keep_label(state, code), place="dice", key=code))
        elif code == STOP_CODE:
            choices.append(Choice(action, Text("dice-realm.choice.stop")))
        elif code < CLAIM_BASE:
            die = code - FLIP_BASE
            face = state.dice[die]
            choices.append(Choice(action, Text("dice-realm.choice.flip", number=die + 1,
                                               face=face, opposite=7 - face),
                                  Text("dice-realm.choice.flip_to", face=7 - face),
                                  place="die", key=die))
        elif code < PENALTY_CODE or code >= CLAIM_CITIZEN_ONLY_BASE:
            choices.append(_claim_choice(state, action, code))
        elif code == PENALTY_CODE:
            top = state.penalties[0]
            choices.append(Choice(action, Text("dice-realm.choice.penalty", card=card_name(top),
                                               value=CARD_VALUES[top])))
        else:
            target = code - GIVE_BASE
            choices.append(Choice(action, Text("dice-realm.choice.give",
                                               name=state.seats[target]),
                                  place="seat", key=target))
    return Prompt(seat=seat, kind=state.phase, title=_title(state, legal),
                  notes=tuple(_notes(state)), warnings=end_warnings(state),
                  choices=tuple(choices),
                  unavailable=tuple(_slot_unavailable(state)) if state.rolls_used else ())


def forfeits(before: State, action: ActionModel, after: State) -> Text | None:
    """What a claim gives up, said before it is made (rules version 2, "stop and take": a
    citizen taken while rolls remain ends the rolling, the rolls left unused)."""
    del after
    left = before.rolls_allowed - before.rolls_used
    if before.phase == ROLL and before.rolls_used and left > 0 and isinstance(action, Claim):
        return Text("dice-realm.forfeit.rolls", count=left)
    return None


def end_warnings(state: State) -> tuple[Text, ...]:
    """Spec, end: "The game ends at once when any player takes the last card of: the citizen
    draw pile (this happens during a refill), the penalty pile, or any one village pile" — each
    pile down to its last card is announced before it is taken. Every turn ends with a refill of
    one slot, so one card left in the draw pile means this is the last turn."""
    if state.phase == OVER:
        return ()
    warnings: list[Text] = []
    if len(state.draw) == 1:
        warnings.append(Text("dice-realm.warn.last_citizen"))
    if len(state.penalties) == 1:
        warnings.append(Text("dice-realm.warn.last_scoundrel",
                             card=card_name(state.penalties[0])))
    for pile in state.villages:
        if len(pile) == 1:
            warnings.append(Text("dice-realm.warn.last_village", village=card_name(pile[0])))
    return tuple(warnings)


def _claim_choice(state: State, action: ActionModel, code: int) -> Choice[ActionModel]:
    """A claim, as "take" (with the village it founds) or "take without the village"."""
    with_village = code < PENALTY_CODE
    slot = code - (CLAIM_BASE if with_village else CLAIM_CITIZEN_ONLY_BASE)
    card = card_name(state.row[slot])
    stop = "stop_" if state.phase == ROLL else ""
    if not with_village:
        return Choice(action, Text(f"dice-realm.choice.{stop}claim_only", card=card),
                      detail=Text("dice-realm.choice.leaves",
                                  village=card_name(state.villages[slot][0])),
                      place="slot", key=slot, group="citizen_only")
    founds = card_name(state.villages[slot][0]) if founds_village(state, slot) else None
    return Choice(action, Text(f"dice-realm.choice.{stop}claim", card=card),
                  detail=Text("dice-realm.choice.founds", village=founds)
                  if founds is not None else None, place="slot", key=slot)


def _title(state: State, legal: Sequence[int]) -> Text:
    if state.phase == ROLL:
        return Text("dice-realm.ask.first_roll" if state.rolls_used == 0
                    else "dice-realm.ask.roll")
    if state.phase == CHOOSE:
        return Text("dice-realm.ask.penalty" if PENALTY_CODE in legal else "dice-realm.ask.claim")
    if state.phase == GIFT:
        return Text("dice-realm.ask.gift", card=card_name(state.pending))
    return Text("dice-realm.ask.over")


def _notes(state: State) -> list[Text]:
    notes = []
    if state.phase == ROLL:
        left = state.rolls_allowed - state.rolls_used
        notes.append(Text("dice-realm.note.rolls_left", count=left))
        if state.rolls_allowed > 3:
            notes.append(Text("dice-realm.note.elf"))
    if state.phase == CHOOSE:
        flips = max(0, fairies(state.realms[state.current]) - state.flips_used)
        if flips:
            notes.append(Text("dice-realm.note.fairy", count=flips))
    if state.extra_turn:
        notes.append(Text("dice-realm.note.extra_turn"))
    return notes


# --------------------------------------------------------------------------- odds for the page


def _requirement(card_id: str) -> Any:
    return CITIZENS[CARD_NUMBER[card_id]].requirement


def odds_ready(card_id: str, flips: int) -> bool:
    """Whether the odds of a citizen are computed (then :func:`citizen_odds` is instant)."""
    return odds.is_built(_requirement(card_id), min(6, flips))


def prepare_odds(card_id: str, flips: int) -> None:
    """Compute a citizen's odds table now (a few ms; pages call it in idle time)."""
    odds.table(_requirement(card_id), min(6, flips))


def citizen_odds(card_id: str, dice: Sequence[int] | None, held: int, rolls_left: int,
                 flips: int) -> OddsJson:
    """The odds helper's figures for one citizen (see :func:`.odds.odds_helper`)."""
    return odds.odds_helper(_requirement(card_id), dice, held, rolls_left, min(6, flips))


@cache
def citizen_ids() -> tuple[str, ...]:
    """Every citizen's id (pages warm the odds of all of them in idle time)."""
    return tuple(CARD_IDS[card] for card in CITIZENS)
