"""Burgrave's setup (spec, "Setup" 1-4): the board, the piles, the pairs, and each player's pick.

:func:`initial_state` builds the table and queues the picks (in reverse turn order) before the
start player's first turn; :func:`~kingdoms.burgrave.rules.new_state` then runs the stack up to
the first decision. Picking a pair and forming the deck happen as tasks like everything else, so
a pick's extra setup step can ask questions.
"""

from __future__ import annotations

from ..core.protocol import Seat
from ..core.rng import Rng
from .board import N_POSITIONS
from .content import CONTENT, GOLD, INK, N_SPOTS, PLAYER_CARDS, RIBBONS, SPOTS_PER_SEGMENT, STONE
from .effects import draw_cards, gain_debts, gain_deeds, push_effects, shuffle
from .state import CLOSED, FREE, NOBODY, RIVAL_SEAT, UNSET, Pair, Player, State, replaced
from .tables import (
    BASE_SCRIPTS,
    CLOSED_SPOT_INDEX,
    HERO_CARDS,
    NEUTRAL_CARDS,
    OTHER_SCRIPTS,
    PLAYER_CARD_SETUP,
    STARTING_DECKS,
)
from .tasks import Auto, Decision, Origin, Task, source_of

SCRIPTS_ABOVE_BASE = 6
"""Spec: each manuscript pile is "a grey-backed base manuscript under 6 random ones"."""
STARTING_HAND = 3
RIVAL = Seat(name="Rival", kind="bot", bot="rival")
"""The solo rival's place at the table (it is rules, not a bot: nobody ever asks it)."""


def initial_state(seats: tuple[Seat, ...], seed: int) -> State:
    """The table before the picks: random segments, castle orientation, piles and pairs, the
    closed spots below 3 players, and the picks queued in reverse turn order. (The seats and
    the seed were checked where the record was made.)"""
    humans = len(seats)
    solo = humans == 1
    if solo:  # spec, "Solo": the rival's burgrave is a second player on the board
        seats = (*seats, RIVAL)
    players = len(seats)
    rng = Rng(seed)
    segments = list(range(N_POSITIONS))
    rng.shuffle(segments)
    turn = rng.below(N_POSITIONS)
    castle = tuple((section + turn) % N_POSITIONS for section in range(N_POSITIONS))
    neutrals = list(NEUTRAL_CARDS)
    rng.shuffle(neutrals)
    townsfolk = tuple(tuple(neutrals[i::N_POSITIONS]) for i in range(N_POSITIONS))
    others = list(OTHER_SCRIPTS)
    rng.shuffle(others)
    bases = list(BASE_SCRIPTS)
    rng.shuffle(bases)
    size = SCRIPTS_ABOVE_BASE
    manuscripts = tuple(
        (bases[i], *others[size * i: size * i + size]) for i in range(N_POSITIONS)
    )
    spot_owner = [FREE] * N_SPOTS
    if players < 3:
        for position in range(N_POSITIONS):
            for index in CLOSED_SPOT_INDEX:
                spot_owner[SPOTS_PER_SEGMENT * position + index] = CLOSED
    start = 0 if solo else rng.below(players)  # solo: "The human is start player"
    cards = list(range(len(PLAYER_CARDS)))
    rng.shuffle(cards)
    heroes = list(HERO_CARDS)
    rng.shuffle(heroes)
    pairs = tuple(Pair(cards[i], heroes[i], NOBODY) for i in range(humans + 1))
    pickers = [(start + humans - 1 - i) % humans for i in range(humans)]
    stack = [Task(Auto.START_TURN, start)]
    if solo:  # after the human's pick, the rival takes the other pair's space
        stack.append(Task(Auto.RIVAL_SETUP, RIVAL_SEAT))
    stack += [Task(Decision.CHOOSE_PAIR, seat) for seat in reversed(pickers)]
    return State(
        seats=seats, seed=seed, rng_counter=rng.counter, reveals=0, segments=tuple(segments),
        castle=castle, townsfolk_piles=townsfolk, manuscript_piles=manuscripts, dismissed=(),
        spot_owner=tuple(spot_owner), spot_building=(UNSET,) * N_SPOTS,
        tier1=((0,) * players,) * N_POSITIONS, tier2=((0,) * players,) * N_POSITIONS,
        tier3=((0,) * players,) * N_POSITIONS, castle_leader=NOBODY,
        cleric_bonus_owner=(NOBODY,) * len(RIBBONS),
        debt_pile=CONTENT.debts_by_players[humans - 1],
        deed_pile=CONTENT.deeds_by_players[humans - 1], poverty=False, prosperity=False,
        start_seat=start, turn_seat=pickers[0], round=0, final_round=UNSET, turns=0,
        pairs=pairs, stack=stack,
        players=[Player(supply=CONTENT.workers_per_player) for _ in range(players)],
    )


def pick_pair(state: State, seat: int, index: int) -> None:
    """Spec, setup 3: "place the burgrave on the player card's numbered space; take its listed
    silver, resources, debts and deeds; do its extra setup step; shuffle the hero into your 8
    starting townsfolk to form your deck; draw 3" (the extra step resolves first)."""
    pair = state.pairs[index]._replace(taken_by=seat)
    state.pairs = replaced(state.pairs, index, pair)
    card = PLAYER_CARDS[pair.player_card]
    player = state.player_mut(seat)
    player.player_card, player.hero = pair.player_card, pair.hero
    player.space = card.space - 1
    player.silver += card.silver
    player.resources[INK] += card.ink
    player.resources[GOLD] += card.gold
    player.resources[STONE] += card.stone
    gain_debts(state, seat, card.debts)
    gain_deeds(state, seat, card.deeds)
    state.stack.append(Task(Auto.SETUP_DECK, seat))
    push_effects(state, seat, PLAYER_CARD_SETUP[pair.player_card],
                 source_of(Origin.PLAYER_CARD, pair.player_card))


def setup_deck(state: State, seat: int) -> None:
    """``Auto.SETUP_DECK``: the 8 starting townsfolk of ``seat``'s colour and the hero,
    shuffled; draw 3."""
    player = state.player_mut(seat)
    player.deck = [*STARTING_DECKS[seat], player.hero]
    shuffle(state, player.deck)
    draw_cards(state, seat, STARTING_HAND)
