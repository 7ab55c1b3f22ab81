"""Burgrave screen logic without the DOM: what to ask, which controls to offer, what they cost.

Why a separate module: everything here is plain data in, plain data out, so it is unit-tested on
CPython (``tests/web/test_burgrave_model.py``) and the drawing modules stay thin.

The screen never decides a rule. The offered controls are exactly the engine's legal actions
(``game.legal_actions``), grouped by ``action_type``; costs and "why not" explanations are read
from the engine's own pure query functions (``kingdoms.burgrave.rules``: ``move_options``,
``icon_counts``, the ``*_funding`` costs and ``*_obstacle`` reasons …) on the current state, never
recomputed here: this module only turns their results into text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from kingdoms.burgrave import rules as R
from kingdoms.burgrave.content import (
    BUILDINGS,
    CARD_DESIGN,
    CASTLE_REWARDS,
    CONTENT,
    EFFECT_KINDS,
    ICONS,
    PERMANENT_ICON,
    PRINTED,
    RESOURCES,
    SCRIPTS,
    SEG_LINK_REWARDS,
    SEG_SPOT_NAMES,
    SEG_SPOT_REWARDS,
    Effect,
    catalogue,
)
from kingdoms_web.i18n import get_language, t

SEAT_COLOURS = ("red", "blue", "green", "amber")
"""CSS suffixes of the four seat colours (pawns, workers, buildings carry the initial too)."""

SCORE_KEYS = (
    "buildings", "workers", "manuscript_sets", "manuscript_points", "castle_leader",
    "cleric_bonus", "debts", "deeds", "poverty", "prosperity",
)
"""The engine's score breakdown categories, in the order the end screen lists them."""

SEGMENT_INDEX = {seg.key: i for i, seg in enumerate(CONTENT.segments)}
CASTLE_INDEX = {c.key: i for i, c in enumerate(CONTENT.castle)}
PLAYER_CARD_INDEX = {p.key: i for i, p in enumerate(CONTENT.player_cards)}


@cache
def cat() -> dict[str, Any]:
    """The engine's static catalogue (cards, manuscripts, segments …), built once."""
    return catalogue()


# --------------------------------------------------------------------------- names and texts


def seat_mark(view: dict[str, Any], seat: int) -> str:
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


def card_name(card: int) -> str:
    return CARD_DESIGN[card].name


def card_info(card: int) -> dict[str, Any]:
    """id, name, kind, value, icons, text of a card (from the catalogue)."""
    info: dict[str, Any] = cat()["cards"][card]
    return info


def script_info(script: int) -> dict[str, Any]:
    info: dict[str, Any] = cat()["manuscripts"][script]
    return info


def space_label(space: int) -> str:
    """The printed name of a space: outer spaces 1-10, inner spaces by segment."""
    return _space_label(space, get_language())


@cache
def _space_label(space: int, _language: str) -> str:
    if space < 10:
        return t("burgrave.space.outer", number=space + 1)
    return t("burgrave.space.inner", number=space - 9)


def building_name(building: str) -> str:
    return t(f"burgrave.building.{building}")


def icon_name(icon: str, count: int = 1) -> str:
    return t(f"burgrave.icon.{icon}", count=count)


def resource_name(resource: str) -> str:
    return t(f"burgrave.res.{resource}")


def effect_text(effect: Effect) -> str:
    """Translated full text of one compiled effect (e.g. "+2 silver")."""
    kind, n, arg = effect
    name = EFFECT_KINDS[kind]
    if name == "build_free":
        return t("burgrave.fx.build_free", building=building_name(BUILDINGS[arg]))
    return t(f"burgrave.fx.{name}", count=n, n=n)


def effects_text(effects: Sequence[Effect]) -> str:
    return _effects_text(tuple(effects), get_language())


@cache
def _effects_text(effects: tuple[Effect, ...], _language: str) -> str:
    return ", ".join(effect_text(e) for e in effects) if effects else t("burgrave.fx.nothing")


def chip_data(effects: Sequence[Effect]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(full text, ((css kind, short text), …)) for a row of reward chips; cached, because the
    board draws the same printed rewards on every render."""
    return _chip_data(tuple(effects), get_language())


@cache
def _chip_data(effects: tuple[Effect, ...], _language: str
               ) -> tuple[str, tuple[tuple[str, str], ...]]:
    return effects_text(effects), tuple(effect_chip(e)[:2] for e in effects)


def effect_chip(effect: Effect) -> tuple[str, str, str]:
    """(css kind, short visible text, full text) for a small reward chip on the board."""
    kind, n, arg = effect
    name = EFFECT_KINDS[kind]
    full = effect_text(effect)
    if name in ("silver", "ink", "gold", "stone", "any", "virtue", "corruption", "debt", "deed"):
        return name, t(f"burgrave.chip.{name}", n=n), full
    if name == "build_free":
        return "action", t("burgrave.chip.build_free",
                           building=t(f"burgrave.building_short.{BUILDINGS[arg]}")), full
    return "action", t(f"burgrave.chip.{name}", n=n), full


def spot_rewards(design: int, index: int) -> tuple[Effect, ...]:
    return SEG_SPOT_REWARDS[design][index]


def link_rewards(design: int, index: int) -> tuple[Effect, ...]:
    return SEG_LINK_REWARDS[design][index]


def spot_name(design: int, index: int) -> str:
    return SEG_SPOT_NAMES[design][index]


def spot_text(design: int, index: int) -> str:
    """ "Mill (+1 ink)": a spot's name and printed reward."""
    return _spot_text(design, index, get_language())


@cache
def _spot_text(design: int, index: int, _language: str) -> str:
    return t("burgrave.spot_named", name=spot_name(design, index),
             reward=effects_text(spot_rewards(design, index)))


def castle_rewards(design: int) -> tuple[Effect, ...]:
    return CASTLE_REWARDS[design]


def exchange_text(kind: int) -> str:
    return t(f"burgrave.exchange.{kind}")


def start_slot_icon(slot: int) -> str:
    return CONTENT.start_slot_icons[slot]


def building_benefit(building: str, number: int) -> str:
    """The permanent benefit the ``number``-th (1-3) building of a type uncovers."""
    return _building_benefit(building, number, get_language())


@cache
def _building_benefit(building: str, number: int, _language: str) -> str:
    b = BUILDINGS.index(building)
    icon = PERMANENT_ICON.get((b, number))
    if icon is not None:
        return t("burgrave.benefit.icon", icon=icon_name(ICONS[icon]))
    return t(f"burgrave.benefit.{building}_{number}")


def building_points(building: str, built: int) -> int:
    b = BUILDINGS.index(building)
    return CONTENT.buildings[b].points[built - 1] if built else 0


def collision_above(space: int) -> tuple[Effect, ...]:
    from kingdoms.burgrave.content import COLLISION_ABOVE

    return COLLISION_ABOVE[space]


def collision_below(space: int) -> tuple[str, tuple[Effect, ...]]:
    from kingdoms.burgrave.content import COLLISION_BELOW

    return COLLISION_BELOW[space]


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


@dataclass
class Prompt:
    """What the deciding seat is asked now."""

    kind: str
    seat: int | None
    title: str
    why: str | None = None
    notes: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    """Things that are not possible now, with the reason (e.g. missing icons)."""
    offers: list[Offer] = field(default_factory=list)

    def at(self, place: str) -> dict[int, Offer]:
        """Offers drawn at ``place``, by key."""
        return {o.key: o for o in self.offers if o.place == place}


PASS_LABELS = {
    "primary_action": "burgrave.pass.primary_action",
    "hire": "burgrave.pass.hire",
    "destroy": "burgrave.pass.destroy",
    "discard": "burgrave.pass.discard",
    "hire_free": "burgrave.pass.hire_free",
    "move_worker": "burgrave.pass.move_worker",
    "build_free": "burgrave.pass.build_free",
    "transcribe_free": "burgrave.pass.transcribe_free",
}


def _top_task(state: Any) -> tuple[int, int, int, int] | None:
    stack = getattr(state, "stack", None)
    return stack[-1] if stack else None


def icons_line(count: Sequence[int]) -> str:
    """ "2 merchants, 1 builder, 1 criminal (wild)" for the icons usable this turn."""
    parts = []
    for i, icon in enumerate(ICONS):
        if count[i]:
            text = t("burgrave.icon_count", count=count[i], icon=icon_name(icon, count[i]))
            if icon == "criminal":
                text = t("burgrave.wild", text=text)
            parts.append(text)
    return ", ".join(parts) if parts else t("burgrave.no_icons")


def funding(need: int, icon: str, have: int, wild: int, pay_with: str, stock: int) -> str:
    """ "needs 3 builders: 2 from icons, 1 stone" (or what is missing), for a cost the engine
    funds with :func:`kingdoms.burgrave.rules.fund`."""
    return funding_text(R.fund(need, have + wild, stock), icon, pay_with)


def funding_text(f: R.Funding, icon: str, pay_with: str) -> str:
    """The text of an engine :class:`~kingdoms.burgrave.rules.Funding`: what the icons cover,
    what is paid from ``pay_with`` and what is missing."""
    label = t("burgrave.needs", count=f.need, icon=icon_name(icon, f.need))
    if f.pay <= 0:
        return t("burgrave.funded_by_icons", needs=label)
    res = resource_name(pay_with) if pay_with != "silver" else t("burgrave.res.silver")
    if f.affordable:
        return t("burgrave.funded", needs=label, icons=f.from_icons, count=f.pay, res=res)
    return t("burgrave.missing", needs=label, icons=f.from_icons, stock=f.stock, res=res,
             count=f.missing)


def build_prompt(game: Any, state: Any, view: dict[str, Any], *, building: str | None = None,
                 last_action: Any = None) -> Prompt | None:
    """The prompt for the current decision (None when the game is over)."""
    decision = view.get("decision")
    if decision is None or view.get("over"):
        return None
    kind: str = decision["kind"]
    seat: int = decision["seat"]
    legal = game.legal_actions(state)
    players = view["players"]
    me = players[seat]
    turn = view.get("turn_seat")
    prompt = Prompt(kind=kind, seat=seat, title=t(f"burgrave.ask.{kind}"))
    if turn is not None and turn != seat and kind != "choose_pair":
        prompt.why = _why(kind, players[turn]["name"], last_action)
    by_type: dict[str, list[Any]] = {}
    for action in legal:
        by_type.setdefault(action.action_type, []).append(action)

    if kind == "choose_pair":
        _pairs(prompt, view, by_type)
    elif kind == "play_card":
        hand = me.get("hand", [])
        for action in by_type.get("play_card", []):
            i = hand.index(action.card) if action.card in hand else -1
            prompt.offers.append(Offer(f"hand-card-{i}", t("burgrave.play_named",
                                       name=card_name(action.card)), action=action,
                                       place="hand", key=i))
        for action in by_type.get("play_blind", []):
            prompt.notes.append(t("burgrave.hand_empty"))
            prompt.offers.append(Offer("action-play_blind", t("burgrave.play_blind"),
                                       action=action))
        prompt.notes.append(t("burgrave.play_note"))
    elif kind == "move":
        _move(prompt, state, seat, me, by_type)
    elif kind == "primary_action":
        _primary(prompt, state, view, seat, by_type, building)
    elif kind == "hire":
        seg = R.segment_of(me["space"])
        top = view["segments"][seg]["townsfolk_top"]
        if top is not None:
            info = card_info(top)
            prompt.title = t("burgrave.ask.hire_named", name=info["name"], count=info["value"])
            prompt.notes.append(t("burgrave.hire_effect", text=info["text"]))
        for action in by_type.get("hire", []):
            prompt.offers.append(Offer("action-hire", t("burgrave.hire"), action=action))
    elif kind == "rearrange":
        line = me["line"]
        for action in by_type.get("rearrange", []):
            order = action.order
            names = [card_name(line[i]) for i in order if i < len(line)]
            keep = list(order) == sorted(order)
            label = t("burgrave.keep_line") if keep else " → ".join(names)
            prompt.offers.append(Offer("action-rearrange-" + "-".join(map(str, order)), label,
                                       detail=", ".join(names) if keep else "", action=action))
    elif kind == "choose_resource":
        for action in by_type.get("choose_resource", []):
            prompt.offers.append(Offer(f"action-resource-{action.resource}",
                                       resource_name(action.resource), action=action))
    elif kind == "flip":
        for action in by_type.get("choose_flip", []):
            prompt.offers.append(Offer(f"action-flip-{action.kind}",
                                       t(f"burgrave.flip.{action.kind}"), action=action,
                                       detail=t(f"burgrave.flip_detail.{action.kind}")))
    elif kind in ("destroy", "discard"):
        hand = me.get("hand", [])
        verb = "burgrave.destroy_named" if kind == "destroy" else "burgrave.discard_named"
        for action in by_type.get("choose_card", []):
            i = hand.index(action.card) if action.card in hand else -1
            prompt.offers.append(Offer(f"hand-card-{i}", t(verb, name=card_name(action.card)),
                                       action=action, place="hand", key=i))
        for action in by_type.get("destroy_top", []):
            prompt.offers.append(Offer("action-destroy_top", t("burgrave.destroy_top"),
                                       action=action))
    elif kind in ("hire_free", "transcribe_free"):
        for action in by_type.get("choose_segment", []):
            segment = view["segments"][action.segment]
            if kind == "hire_free":
                info = card_info(segment["townsfolk_top"])
                label = t("burgrave.hire_free_named", name=info["name"], segment=segment["name"])
                detail = info["text"]
            else:
                info = script_info(segment["manuscript_top"])
                label = t("burgrave.transcribe_named", name=info["name"], segment=segment["name"])
                detail = info["text"]
            prompt.offers.append(Offer(f"action-segment-{action.segment}", label, detail=detail,
                                       action=action))
    elif kind in ("place_workers", "cascade"):
        task = _top_task(state)
        if kind == "place_workers" and task is not None:
            prompt.title = t("burgrave.ask.place_free", count=task[2])
        for action in by_type.get("choose_segment", []):
            name = castle_name(view, action.segment)
            prompt.offers.append(Offer(f"section-{action.segment}", name, action=action,
                                       place="section", key=action.segment))
    elif kind == "build_free":
        task = _top_task(state)
        if task is not None:
            prompt.title = t("burgrave.ask.build_free_named",
                             building=building_name(BUILDINGS[task[2]]))
        for action in by_type.get("choose_spot", []):
            prompt.offers.append(Offer(f"spot-{action.spot}", spot_label(view, action.spot),
                                       action=action, place="spot", key=action.spot))
    elif kind == "move_worker":
        for action in by_type.get("move_worker", []):
            step = 1 if action.direction == "clockwise" else -1
            to = (action.section + step) % 5
            prompt.offers.append(Offer(
                f"action-move_worker-{action.section}-{action.direction}",
                t("burgrave.move_worker_named", source=castle_name(view, action.section),
                  target=castle_name(view, to)), action=action))
    elif kind == "bump":
        for action in by_type.get("bump", []):
            refund = t("burgrave.refund.tier1") if action.tier == 1 else t("burgrave.refund.tier2")
            prompt.offers.append(Offer(
                f"action-bump-{action.section}-{action.tier}-{action.seat}",
                t("burgrave.bump_named", name=players[action.seat]["name"], tier=action.tier,
                  section=castle_name(view, action.section)),
                detail=refund, action=action))
    for action in by_type.get("pass", []):
        prompt.offers.append(Offer("action-pass", t(PASS_LABELS.get(kind, "burgrave.pass.other")),
                                   action=action))
    return prompt


def _why(kind: str, turn_name: str, last_action: Any) -> str:
    if kind == "rearrange":
        if getattr(last_action, "action_type", None) == "move":
            return t("burgrave.why.landed", name=turn_name)
        return t("burgrave.why.collision", name=turn_name)
    if kind == "bump":
        return t("burgrave.why.bump", name=turn_name)
    return t("burgrave.why.reward", name=turn_name)


def castle_name(view: dict[str, Any], section: int) -> str:
    key = view["segments"][section]["castle"]["design"]
    return str(cat()["castle"][CASTLE_INDEX[key]]["name"])


def spot_label(view: dict[str, Any], spot: int) -> str:
    p, k = divmod(spot, 6)
    return spot_text(SEGMENT_INDEX[view["segments"][p]["design"]], k)


def _pairs(prompt: Prompt, view: dict[str, Any], by_type: dict[str, list[Any]]) -> None:
    for action in by_type.get("choose_pair", []):
        pair = view["pairs"][action.index]
        card = CONTENT.player_cards[PLAYER_CARD_INDEX[pair["player_card"]]]
        hero = card_info(pair["hero"])
        items = [t("burgrave.fx.silver", n=card.silver, count=card.silver)] if card.silver else []
        for res in RESOURCES:
            amount = getattr(card, res)
            if amount:
                items.append(t(f"burgrave.fx.{res}", n=amount, count=amount))
        for what in ("debt", "deed"):
            amount = getattr(card, what + "s")
            if amount:
                items.append(t(f"burgrave.fx.{what}", n=amount, count=amount))
        from kingdoms.burgrave.content import PLAYER_CARD_SETUP

        setup = effects_text(PLAYER_CARD_SETUP[PLAYER_CARD_INDEX[pair["player_card"]]])
        detail = t("burgrave.pair_detail", space=card.space, items=", ".join(items), setup=setup,
                   hero=hero["name"], hero_text=_card_summary(hero))
        prompt.offers.append(Offer(f"pair-{action.index}", t("burgrave.pair_named",
                                   card=card.name, hero=hero["name"]), detail=detail,
                                   action=action, place="pair", key=action.index))


def _card_summary(info: dict[str, Any]) -> str:
    icons = " + ".join(icon_name(i) for i in info["icons"])
    text = t("burgrave.card_summary", value=info["value"], icons=icons)
    return f"{text} {info['text']}".strip()


def _move(prompt: Prompt, state: Any, seat: int, me: dict[str, Any],
          by_type: dict[str, list[Any]]) -> None:
    costs = R.move_options(state, seat)
    value = state.t_value
    prompt.title = t("burgrave.ask.move_value", count=value)
    prompt.notes.append(t("burgrave.move_note", silver=me["silver"]))
    for action in by_type.get("move", []):
        cost = costs.get(action.space, 0)
        detail = t("burgrave.free") if cost == 0 else t("burgrave.cost_silver", count=cost)
        prompt.offers.append(Offer(f"space-{action.space}", space_label(action.space),
                                   detail=detail, action=action, place="space",
                                   key=action.space))


def _primary(prompt: Prompt, state: Any, view: dict[str, Any], seat: int,
             by_type: dict[str, list[Any]], building: str | None) -> None:
    me = view["players"][seat]
    count = R.icon_counts(state, seat)
    space = me["space"]
    seg = R.segment_of(space)
    outer = space < 10
    prompt.title = t("burgrave.ask.primary_outer" if outer else "burgrave.ask.primary_inner")
    prompt.notes.append(t("burgrave.your_icons", icons=icons_line(count)))
    dismissed = R.dismissed_design(state)
    if dismissed is not None:
        prompt.notes.append(t("burgrave.dismissed_note", name=dismissed.name))
    for action in by_type.get("dismiss", []):
        top = R.townsfolk_at(state, action.segment)
        cost = R.dismiss_cost(state, seat, action.segment)
        icons = " + ".join(icon_name(ICONS[i]) for i in top.icons)
        prompt.offers.append(Offer(
            f"action-dismiss-{action.segment}", t("burgrave.dismiss_named", name=top.name),
            detail=t("burgrave.dismiss_detail", count=cost, icons=icons,
                     effect=effects_text(top.hire)), action=action))
    if outer:
        kind = R.exchange_kind(state, seat)
        trades = by_type.get("trade", [])
        for action in trades:
            f = R.trade_funding(state, seat, action.times, count)
            detail = t("burgrave.trade_detail", exchange=exchange_text(kind),
                       needs=t("burgrave.needs", count=f.need, icon=icon_name("merchant", f.need)),
                       count=f.pay)
            prompt.offers.append(Offer(f"action-trade-{action.times}",
                                       t("burgrave.trade_times", count=action.times),
                                       detail=detail, action=action))
        if not trades:
            prompt.blocked.append(_trade_blocked(state, seat, kind, count))
        builds = by_type.get("build", [])
        types = sorted({a.building for a in builds}, key=BUILDINGS.index)
        if len(types) == 1 and building is None:
            building = types[0]
        for b in types:
            f = R.build_funding(state, seat, BUILDINGS.index(b), count)
            prompt.offers.append(Offer(
                f"action-build-{b}", t("burgrave.build_named", building=building_name(b)),
                detail=funding_text(f, "builder", "stone"),
                select=b, selected=b == building))
        if building is not None and building in types:
            for action in builds:
                if action.building == building:
                    prompt.offers.append(Offer(
                        f"spot-{action.spot}", t("burgrave.build_here", building=building_name(
                            building), spot=spot_label(view, action.spot)),
                        action=action, place="spot", key=action.spot))
        prompt.blocked += _build_blocked(state, seat, count, types)
    else:
        places = by_type.get("place_workers", [])
        for action in places:
            f = R.place_funding(state, seat, action.count, count)
            prompt.offers.append(Offer(
                f"action-place_workers-{action.count}",
                t("burgrave.place_named", count=action.count,
                  section=castle_name(view, seg)),
                detail=funding_text(f, "noble", "gold"), action=action))
        if not places:
            if R.place_obstacle(state, seat, 1, count) == "no_workers":
                prompt.blocked.append(t("burgrave.blocked.no_workers"))
            else:
                prompt.blocked.append(t("burgrave.blocked.place", detail=funding_text(
                    R.place_funding(state, seat, 1, count), "noble", "gold")))
        pile = state.scripts[seg]
        title = SCRIPTS[pile[-1]].name if pile else cat()["segments"][
            state.segments[seg]]["printed_manuscript"]["name"]
        script = funding_text(R.transcribe_funding(state, seat, count), "cleric", "ink")
        transcribes = by_type.get("transcribe", [])
        for action in transcribes:
            prompt.offers.append(Offer(
                "action-transcribe", t("burgrave.transcribe_named_here", name=title),
                detail=script, action=action))
        if not transcribes:
            if R.transcribe_obstacle(state, seat, count) == "transcribed":
                prompt.blocked.append(t("burgrave.blocked.transcribed"))
            else:
                prompt.blocked.append(t("burgrave.blocked.transcribe", name=title,
                                        detail=script))


TRADE_BLOCKED = {
    "no_destroy": "burgrave.blocked.trade_destroy",
    "no_flip": "burgrave.blocked.trade_flip",
    "icons_only": "burgrave.blocked.trade_one",
    "cost": "burgrave.blocked.trade",
}
"""The text key for each :func:`kingdoms.burgrave.rules.trade_obstacle`."""


def _trade_blocked(state: Any, seat: int, kind: int, count: list[int]) -> str:
    return t(TRADE_BLOCKED[R.trade_obstacle(state, seat)], exchange=exchange_text(kind),
             icons=R.trade_icons(count), silver=state.players[seat].silver)


def _build_blocked(state: Any, seat: int, count: list[int], offered: list[str]) -> list[str]:
    """Why each building type not offered cannot be built (one line if the bank is full)."""
    why = {b: R.build_obstacle(state, seat, b, count)
           for b, name in enumerate(BUILDINGS) if name not in offered}
    if "no_spot" in why.values():
        return [t("burgrave.blocked.no_spot")]
    out = []
    for b, obstacle in why.items():
        name = BUILDINGS[b]
        if obstacle == "all_built":
            out.append(t("burgrave.blocked.all_built", building=building_name(name)))
        else:
            out.append(t("burgrave.blocked.build", building=building_name(name),
                         detail=funding_text(R.build_funding(state, seat, b, count),
                                             "builder", "stone")))
    return out[:1] if len(out) == 3 else out


# --------------------------------------------------------------------------- scores and log


def score_rows(view: dict[str, Any], seat: int) -> list[tuple[str, int]]:
    """(translated category, points) for one seat, in :data:`SCORE_KEYS` order."""
    breakdown = view["scores"][seat]["breakdown"]
    return [(t(f"burgrave.score.{key}"), int(breakdown.get(key, 0))) for key in SCORE_KEYS]


def describe(game: Any, state: Any, action: Any) -> str:
    """The engine's sentence for ``action`` in ``state`` (before it is applied)."""
    try:
        return str(game.describe_action(state, action))
    except Exception:
        return ""


def control_path(action: Any, view: dict[str, Any], prompt: Prompt) -> list[str]:
    """The testids to tap, in order, to take ``action`` (used by the tests and the benchmark)."""
    for offer in prompt.offers:
        if offer.action == action:
            if offer.place == "spot" and getattr(action, "action_type", "") == "build":
                return [f"action-build-{action.building}", offer.testid]
            return [offer.testid]
    raise LookupError(f"no control offers {action!r}")


__all__ = [
    "PRINTED",
    "SCORE_KEYS",
    "SEAT_COLOURS",
    "Offer",
    "Prompt",
    "build_prompt",
    "control_path",
    "describe",
    "score_rows",
]
