"""What things cost and why they are not possible: the pure queries behind Burgrave's legality.

Why separate: legality (:mod:`.primary`, :mod:`.decisions`) and explanations (the page's
"needs 5 builders: 3 from icons, pay 2 stone", "not possible: no free spot") must never disagree,
so both read these functions. Nothing here changes the state.

An icon cost is funded by :func:`fund`: icons first, the rest paid one for one from a stock.
Every ``*_funding`` and ``*_obstacle`` function takes optional ``count`` (icon counts, see
:func:`icon_counts`) and stock arguments, so callers can ask "what if" (after a dismissal).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .actions import MAX_TRADES
from .board import ALL_SPACES, MAX_STEPS, REACH, bank_spots, segment_of
from .content import (
    BUILDER,
    CLERIC,
    CRIMINAL,
    GOLD,
    GUILDHALL,
    ICONS,
    INK,
    MERCHANT,
    NOBLE,
    STONE,
    TRADING_POST,
    Trigger,
)
from .effects import has_modifier
from .solo_content import BOARD_ICON, BOARD_ICONS, SCHEMES
from .state import FREE, LINE_SLOTS, RIVAL_SEAT, UNSET, Player, State
from .tables import (
    BUILD_COST,
    CARD_DESIGN,
    PERMANENT_ICON,
    PRINTED,
    PRINTED_SCRIPT_COST,
    SCRIPTS,
    SEG_EXCHANGES,
    START_SLOT_ICONS,
    WORKER_COSTS,
    Design,
    Exchange,
)

# Enum members of the hot paths, bound once (why: see ``turn.py``).
_SILVER, _DESTROY, _FLIP = Exchange.SILVER, Exchange.DESTROY, Exchange.FLIP
_MERCHANTS_AS_BUILDERS = Trigger.MERCHANTS_AS_BUILDERS

MIN_CARDS = 3
"""Spec, cards: "You always own at least 3 cards" (so a destroy needs more)."""
MAX_BUILT = 3
"""Buildings of one type a player can own."""


def townsfolk_at(state: State, position: int) -> Design:
    """The townsfolk shown at board ``position``: its pile's top, else the printed one."""
    pile = state.townsfolk_piles[position]
    return CARD_DESIGN[pile[-1]] if pile else PRINTED[state.segments[position]]


def dismissed_design(state: State) -> Design | None:
    """The townsfolk dismissed this turn (a card, or an empty pile's printed one), if any."""
    if state.turn_dismissed_card != UNSET:
        return CARD_DESIGN[state.turn_dismissed_card]
    if state.turn_dismissed_printed != UNSET:
        return PRINTED[state.turn_dismissed_printed]
    return None


def icon_counts(state: State, seat: int) -> list[int]:
    """Icons usable this turn, by icon: line cards, uncovered start slots, buildings, cleric
    bonus cards and (for the player whose turn it is) the townsfolk dismissed this turn.
    Spec: "Cards in hand or in piles never count"."""
    player = state.players[seat]
    rival = state.rival if seat == RIVAL_SEAT else None
    if rival is not None:
        # Solo: the rival's schemes and its board's printed icons; it has no start slots, and its
        # dismissals give no icons (spec, "Solo").
        packed = BOARD_ICONS[rival.board] << _BITS * BOARD_ICON[rival.board]
        for scheme in rival.line:
            packed += _SCHEME_PACKED[scheme]
    else:
        line = player.line
        packed = _START_SLOTS_PACKED[len(line)]  # never covered yet: lines only grow
        for card in line:
            packed += _CARD_PACKED[card]
        if seat == state.turn_seat:
            dismissed = dismissed_design(state)
            if dismissed is not None:
                packed += _pack(dismissed.icon_count)
    built = player.built
    packed += _GUILDHALLS_PACKED[built[GUILDHALL]] + len(player.cleric_bonus) * _CLERIC_PACKED
    if built[TRADING_POST] >= 3:
        packed += _TRADING_POST_3_PACKED
    return [packed & _FIELD, packed >> _BITS & _FIELD, packed >> 2 * _BITS & _FIELD,
            packed >> 3 * _BITS & _FIELD, packed >> 4 * _BITS]


# ``icon_counts`` adds icons as small ints, ``_BITS`` bits per icon (a count never reaches 64):
# a line's icons are then a sum of one number per card, not a loop over every card's icons, in
# a query asked several times a turn in every play-out. ``test_costs`` checks it against a
# plain count.
_BITS = 6
_FIELD = (1 << _BITS) - 1


def _pack(counts: tuple[int, ...] | list[int]) -> int:
    return sum(count << _BITS * icon for icon, count in enumerate(counts))


def _counted(icons: list[int] | tuple[int, ...]) -> list[int]:
    count = [0] * len(ICONS)
    for icon in icons:
        count[icon] += 1
    return count


_CARD_PACKED = tuple(_pack(design.icon_count) for design in CARD_DESIGN)
_SCHEME_PACKED = tuple(_pack(_counted(scheme.icons)) for scheme in SCHEMES)
_START_SLOTS_PACKED = tuple(
    _pack(_counted([START_SLOT_ICONS[slot] for slot in range(covered, LINE_SLOTS)]))
    for covered in range(LINE_SLOTS + 1))
"""By the number of cards in the line: the icons of the start slots not yet covered."""
_GUILDHALLS_PACKED = tuple(
    _pack(_counted([PERMANENT_ICON[(GUILDHALL, hall)] for hall in range(1, built + 1)]))
    for built in range(MAX_BUILT + 1))
"""By the guildhalls built: the icons of their uncovered benefits."""
_TRADING_POST_3_PACKED = 1 << _BITS * PERMANENT_ICON[(TRADING_POST, 3)]
_CLERIC_PACKED = 1 << _BITS * CLERIC
"""One cleric bonus card: a cleric icon."""


def builder_icons(player: Player, count: list[int]) -> int:
    """Builders available: builder icons + criminals (+ merchants // 2 with the Surveyor's
    ``MERCHANTS_AS_BUILDERS``)."""
    have = count[BUILDER] + count[CRIMINAL]
    if has_modifier(player, _MERCHANTS_AS_BUILDERS):
        have += count[MERCHANT] // 2
    return have


def trade_icons(count: list[int]) -> int:
    """Icons usable for trading: merchants + criminals (wild)."""
    return count[MERCHANT] + count[CRIMINAL]


class Funding(NamedTuple):
    """How an icon cost is met: icons first (criminals as wild where the rules allow), the rest
    paid one for one from a stock (silver for merchants, stone for builders, gold for nobles,
    ink for clerics).

    >>> fund(5, 3, 1)
    Funding(need=5, from_icons=3, pay=2, stock=1)
    >>> fund(5, 3, 1).affordable, fund(5, 3, 1).missing
    (False, 1)
    """

    need: int
    """Icons the action needs."""
    from_icons: int
    """How many of them the player's icons cover."""
    pay: int
    """The rest, paid from the stock (``need - from_icons``)."""
    stock: int
    """What the player holds of the paying stock."""

    @property
    def affordable(self) -> bool:
        return self.pay <= self.stock

    @property
    def missing(self) -> int:
        """How much of the stock is lacking (0 when affordable)."""
        return max(0, self.pay - self.stock)


def budget(icons: int, stock: int) -> int:
    """The largest cost that ``icons`` usable icons and ``stock`` pay together (icons first, the
    rest from the stock; -1, nothing, for a negative stock): :class:`Funding`'s affordability
    as one number, for the legal-action search that compares several costs with it per turn.

    >>> budget(3, 2), fund(5, 3, 2).affordable, fund(6, 3, 2).affordable
    (5, True, False)
    """
    return icons + stock if stock >= 0 else -1


def fund(need: int, icons: int, stock: int) -> Funding:
    """Fund a cost of ``need`` icons from ``icons`` usable icons, the rest from ``stock``."""
    from_icons = min(need, icons)
    return Funding(need, from_icons, need - from_icons, stock)


# --- moving -------------------------------------------------------------------------------------


def move_options(state: State, seat: int) -> dict[int, int]:
    """Destination space -> silver to pay (nearest first). Spec, move: "exactly the played
    card's silver value in spaces …, plus any number of extra spaces at 1 silver each (trading
    post 1: one extra free)"; free steps from effects count first. The cheapest exact distance
    reaching a space wins (paying more to reach the same space is never useful)."""
    player = state.players[seat]
    value = state.turn_played_value
    free = player.free_steps + (1 if player.built[TRADING_POST] >= 1 else 0)
    top = min(value + free + player.silver, MAX_STEPS)
    key = (player.space, value, free, top)
    known = _MOVES.get(key)
    if known is None:
        known = _MOVES[key] = _move_options(player.space, value, free, top)
    return known


_MOVES: dict[tuple[int, int, int, int], dict[int, int]] = {}
"""Move options by (space, value, free steps, furthest step): a pure function of these, asked
twice per move (the codes, then the payment) in every playout. Callers only read the dicts."""


def _move_options(space: int, value: int, free: int, top: int) -> dict[int, int]:
    reach = REACH[space]
    out: dict[int, int] = {}
    seen = 0
    for steps in range(value, top + 1):
        new = reach[steps] & ~seen
        if new:
            seen |= new
            cost = max(0, steps - value - free)
            while new:  # each newly reached space, lowest first
                lowest = new & -new
                out[lowest.bit_length() - 1] = cost
                new ^= lowest
            if seen == ALL_SPACES:
                break
    return out


# --- dismissing, trading, building, placing, transcribing --------------------------------------


def dismiss_cost(state: State, seat: int, position: int) -> int:
    """Silver to dismiss the townsfolk at ``position``: its value (an empty pile: the value of
    the townsfolk printed on that position's segment); 1 with trading post 2."""
    if state.players[seat].built[TRADING_POST] >= 2:
        return 1
    return townsfolk_at(state, position).value


def script_cost(state: State, position: int) -> int:
    """Clerics to transcribe the manuscript at ``position`` (its pile's top, else the printed
    one)."""
    pile = state.manuscript_piles[position]
    return SCRIPTS[pile[-1]].cost if pile else PRINTED_SCRIPT_COST[state.segments[position]]


def exchange_kind(state: State, seat: int) -> Exchange:
    """The exchange of the player's outer space."""
    space = state.players[seat].space
    return SEG_EXCHANGES[state.segments[segment_of(space)]][space % 2]


def destroyable(player: Player) -> bool:
    """A card may be destroyed: the player owns more than 3."""
    return player.owned() > MIN_CARDS


def trade_max(
    state: State, seat: int, count: list[int] | None = None, silver: int | None = None
) -> int:
    """How many times the exchange of the player's outer space can be used (0 = not at all).

    1 merchant → 1 silver only with icons (silver paid in would come straight back); the other
    exchanges any number of times (bounded by the vocabulary's 20), a destroy only while you
    own more than 3 cards and have a hand card or a draw pile, a flip only per unflipped card."""
    player = state.players[seat]
    if count is None:
        count = icon_counts(state, seat)
    if silver is None:
        silver = player.silver
    kind = exchange_kind(state, seat)
    icons = trade_icons(count)
    if kind == _SILVER:
        top = icons
    else:
        top = (icons + silver) // kind
        if kind == _DESTROY:
            top = min(top, player.owned() - MIN_CARDS, len(player.hand) + len(player.deck))
        elif kind == _FLIP:
            top = min(top, player.debts + player.deeds)
    return max(0, min(top, MAX_TRADES))


def trade_funding(
    state: State, seat: int, times: int, count: list[int] | None = None,
    silver: int | None = None,
) -> Funding:
    """Using the exchange ``times`` times: ``kind * times`` merchants, the rest paid in silver.
    (1 merchant → 1 silver is never offered beyond the icons, see :func:`trade_max`.)"""
    if count is None:
        count = icon_counts(state, seat)
    if silver is None:
        silver = state.players[seat].silver
    return fund(exchange_kind(state, seat) * times, trade_icons(count), silver)


TradeObstacle = Literal["no_destroy", "no_flip", "icons_only", "cost"]


def trade_obstacle(state: State, seat: int) -> TradeObstacle:
    """Why the exchange of the player's outer space is not offered (ask only when no trade is
    legal): ``no_destroy`` (3 → destroy while owning only 3 cards), ``no_flip`` (4 → flip with no
    debt or deed), ``icons_only`` (1 → 1 silver is paid with icons only), else ``cost``."""
    player = state.players[seat]
    kind = exchange_kind(state, seat)
    if kind == Exchange.DESTROY and not destroyable(player):
        return "no_destroy"
    if kind == Exchange.FLIP and player.debts + player.deeds == 0:
        return "no_flip"
    if kind == Exchange.SILVER:
        return "icons_only"
    return "cost"


def free_spots(state: State, space: int) -> list[int]:
    """The unbuilt spots of the bank beside outer ``space``."""
    return [spot for spot in bank_spots(space) if state.spot_owner[spot] == FREE]


def build_funding(
    state: State, seat: int, building: int, count: list[int] | None = None,
    stone: int | None = None,
) -> Funding:
    """Building ``building``: its cost in builders (criminals and, with the Surveyor, merchant
    pairs count, see :func:`builder_icons`), the rest paid in stone."""
    player = state.players[seat]
    if count is None:
        count = icon_counts(state, seat)
    if stone is None:
        stone = player.resources[STONE]
    return fund(BUILD_COST[building], builder_icons(player, count), stone)


BuildObstacle = Literal["no_spot", "all_built", "cost"]


def build_obstacle(
    state: State, seat: int, building: int, count: list[int] | None = None,
    stone: int | None = None,
) -> BuildObstacle | None:
    """Why ``building`` cannot be built from the player's outer space (None: it can):
    ``no_spot`` (the bank is full), ``all_built`` (3 of that type already), ``cost``."""
    player = state.players[seat]
    if not free_spots(state, player.space):
        return "no_spot"
    if player.built[building] >= MAX_BUILT:
        return "all_built"
    if not build_funding(state, seat, building, count, stone).affordable:
        return "cost"
    return None


def place_funding(
    state: State, seat: int, workers: int, count: list[int] | None = None,
    gold: int | None = None,
) -> Funding:
    """Placing ``workers`` (1-4) workers: ``WORKER_COSTS`` nobles (criminals wild), the rest
    paid in gold."""
    if count is None:
        count = icon_counts(state, seat)
    if gold is None:
        gold = state.players[seat].resources[GOLD]
    return fund(WORKER_COSTS[workers - 1], count[NOBLE] + count[CRIMINAL], gold)


PlaceObstacle = Literal["no_workers", "cost"]


def place_obstacle(
    state: State, seat: int, workers: int, count: list[int] | None = None,
    gold: int | None = None,
) -> PlaceObstacle | None:
    """Why ``workers`` workers cannot be placed (None: they can): ``no_workers`` (fewer left in
    the supply), ``cost``."""
    if state.players[seat].supply < workers:
        return "no_workers"
    if not place_funding(state, seat, workers, count, gold).affordable:
        return "cost"
    return None


def transcribe_funding(
    state: State, seat: int, count: list[int] | None = None, ink: int | None = None
) -> Funding:
    """Transcribing the manuscript of the player's inner segment: its cost in clerics
    (criminals wild), the rest paid in ink."""
    if count is None:
        count = icon_counts(state, seat)
    if ink is None:
        ink = state.players[seat].resources[INK]
    cost = script_cost(state, segment_of(state.players[seat].space))
    return fund(cost, count[CLERIC] + count[CRIMINAL], ink)


TranscribeObstacle = Literal["transcribed", "cost"]


def transcribe_obstacle(
    state: State, seat: int, count: list[int] | None = None, ink: int | None = None
) -> TranscribeObstacle | None:
    """Why the player cannot transcribe (None: they can): ``transcribed`` (one manuscript per
    turn), ``cost``."""
    if state.turn_transcribed:
        return "transcribed"
    if not transcribe_funding(state, seat, count, ink).affordable:
        return "cost"
    return None
