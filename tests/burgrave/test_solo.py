"""Burgrave's solo rival, rule by rule against the spec's "Solo" section.

Each test quotes the sentence it checks. Positions are made from a real solo game (seeded) and
then adjusted directly on the state; the rival's steps are called as the engine's automatic
tasks would call them, and :func:`~kingdoms.burgrave.rules.advance` resolves what they queue.
"""

from __future__ import annotations

import json

import pytest

from kingdoms.burgrave import INFO
from kingdoms.burgrave.actions import MOVE_CODES, PLACE_CODES
from kingdoms.burgrave.board import bank_spots, segment_of
from kingdoms.burgrave.content import (
    CONTENT,
    GOLD,
    INK,
    MERCHANT,
    NOBLE,
    PLAYER_CARDS,
    STONE,
    EffectKind,
)
from kingdoms.burgrave.costs import exchange_kind, icon_counts, script_cost
from kingdoms.burgrave.decisions import apply_decision
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rival import (
    HUMAN,
    action_code,
    chart_resource,
    rival_convert,
    rival_dismiss,
    rival_move,
    rival_turn,
)
from kingdoms.burgrave.rules import advance, apply_code, legal_codes
from kingdoms.burgrave.solo_content import (
    BOARD_FUTURES,
    BOARD_ICONS,
    BOARD_KEYS,
    FUTURE_SCHEMES,
    SCHEMES,
    SOLO,
    STARTING_SCHEMES,
    WORKERS,
    compile_schemes,
    load_solo,
)
from kingdoms.burgrave.solo_options import rival_score
from kingdoms.burgrave.state import FREE, RIVAL_SEAT, State, replaced
from kingdoms.burgrave.tables import BUILD_COST, CARD_VALUE, COLLISION_BELOW, SCRIPTS, Exchange
from kingdoms.burgrave.tasks import Auto, Decision, Task
from kingdoms.burgrave.turn import REARRANGE_ONLY
from kingdoms.core.errors import SetupError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.rng import Rng

R = RIVAL_SEAT


def scheme(key: str) -> int:
    return next(i for i, s in enumerate(SCHEMES) if s.key == key)


def solo(seed: int = 1, rival: str = "workers", difficulty: int = 1) -> State:
    """A solo game after the human's pick (the human's first card is next)."""
    state = GAME.new_game([Seat(name="Ana")], seed, {"rival": rival, "difficulty": difficulty})
    return apply_code(state, legal_codes(state)[0])


def quiet(state: State) -> State:
    """A copy with nothing pending, so a test runs exactly the steps it queues."""
    new = state.clone()
    new.stack = []
    return new


def run(state: State, *tasks: Task) -> None:
    state.stack += list(reversed(tasks))
    advance(state)


def outer_space_with_free_spots(state: State, kind: Exchange | None = None) -> int:
    for space in range(10):
        state.player_mut(R).space = space
        if any(state.spot_owner[s] == FREE for s in bank_spots(space)) and (
            kind is None or exchange_kind(state, R) == kind
        ):
            return space
    raise AssertionError("no such space")


# --- components and setup -----------------------------------------------------------------------


def test_content_four_boards_eight_and_eight_schemes() -> None:
    """Spec: "four rival boards (focus: workers, buildings, manuscripts, trade/cards)"; "8
    starting scheme cards; 8 future schemes"."""
    assert BOARD_KEYS == ("workers", "buildings", "manuscripts", "trade")
    assert len(STARTING_SCHEMES) == len(FUTURE_SCHEMES) == 8
    for board in range(4):  # "scheme cards to remove": enough left for difficulty 3
        assert len(BOARD_FUTURES[board]) >= 3


def test_content_is_validated() -> None:
    """Content as data, validated like the rest: a bad step or a removed starting scheme fails
    at load."""
    text = (SOLO.model_dump_json())
    load_solo(text)
    with pytest.raises(ValueError, match="move"):
        load_solo(text.replace('"move:1"', '"move:9"', 1))
    with pytest.raises(ValueError, match="future"):
        load_solo(text.replace('"remove":["f-conclave"', '"remove":["s-muster"', 1))


def test_schemes_are_indexed_by_their_ids() -> None:
    """States and the rival's shuffle use scheme ids, so the file's order changes nothing: the
    schemes listed the other way round compile the same; a repeated id fails at load."""
    data = json.loads(SOLO.model_dump_json())
    data["schemes"].reverse()
    assert compile_schemes(load_solo(json.dumps(data))) == SCHEMES
    data["schemes"][0]["id"] = data["schemes"][1]["id"]
    with pytest.raises(ValueError, match="scheme ids must be unique"):
        load_solo(json.dumps(data))


def test_info_says_one_to_four_players() -> None:
    assert (INFO.min_seats, INFO.max_seats) == (1, 4)


def test_setup_pairs_and_rival_space() -> None:
    """Spec: "the human chooses one of two player-card/hero pairs; the rival's burgrave starts
    on the other card's space"; "The human is start player"."""
    state = GAME.new_game([Seat(name="Ana")], 5)
    assert len(state.pairs) == 2 and state.start_seat == HUMAN
    assert GAME.current_seat(state) == HUMAN
    after = apply_code(state, legal_codes(state)[1])
    other = after.pairs[0]
    assert other.taken_by == R and after.pairs[1].taken_by == HUMAN
    assert after.players[R].space == PLAYER_CARDS[other.player_card].space - 1
    assert after.turn_seat == HUMAN and after.debt_pile == CONTENT.debts_by_players[0]


@pytest.mark.parametrize("board", range(4))
def test_setup_starting_items_from_board(board: int) -> None:
    """Spec: each board has "its starting items"."""
    state = solo(rival=BOARD_KEYS[board])
    spec = SOLO.boards[board]
    player = state.players[R]
    assert player.silver == spec.silver
    assert player.resources == [spec.ink, spec.gold, spec.stone]
    assert player.hand == player.deck == player.line == []


@pytest.mark.parametrize("difficulty", range(4))
def test_difficulty_shuffles_future_schemes_in(difficulty: int) -> None:
    """Spec: "Difficulty: shuffle 0–3 future schemes into its deck" (only those its board
    keeps: "scheme cards to remove")."""
    state = solo(rival="trade", difficulty=difficulty)
    rival = state.rival
    assert rival is not None and rival.difficulty == difficulty
    assert len(rival.deck) == 8 + difficulty
    assert set(STARTING_SCHEMES) <= set(rival.deck)
    futures = [s for s in rival.deck if s in FUTURE_SCHEMES]
    kept = BOARD_FUTURES[BOARD_KEYS.index("trade")]
    assert set(futures) | set(rival.future) == set(kept)
    assert len(futures) == difficulty


def test_options_defaults_and_errors() -> None:
    """Options in the record: ``rival`` and ``difficulty``, with defaults, checked at setup."""
    state = GAME.new_game([Seat(name="Ana")], 1)
    assert state.rival is not None
    assert BOARD_KEYS[state.rival.board] == SOLO.default_rival
    assert state.rival.difficulty == SOLO.default_difficulty
    record = new_record("burgrave", [Seat(name="Ana")], 3, {"rival": "trade", "difficulty": 3})
    assert record.options == {"rival": "trade", "difficulty": 3}
    bad: list[tuple[int, dict[str, str | int | bool], str]] = [
        (1, {"rival": "dragon"}, "rival board must be one of workers"),
        (1, {"difficulty": 4}, "from 0 to 3"),
        (1, {"difficulty": True}, "from 0 to 3"),
        (1, {"difficulty": "2"}, "from 0 to 3"),
        (1, {"colour": "red"}, "no option 'colour'"),
        (2, {"rival": "trade"}, "for a solo game"),
    ]
    for players, options, message in bad:
        seats = [Seat(name=f"P{n}") for n in range(players)]
        with pytest.raises(SetupError, match=message):
            new_record("burgrave", seats, 3, options)


# --- its turn -----------------------------------------------------------------------------------


def test_turn_shifts_and_flips_top_scheme() -> None:
    """Spec: "Its turn: shift its line, flip the top scheme into the left slot"."""
    state = quiet(solo())
    rival = state.rival
    assert rival is not None
    rival.line = [scheme("s-muster"), scheme("s-survey"), scheme("s-market")]
    rival.deck = [s for s in rival.deck if s not in rival.line]
    top = rival.deck[-1]
    reveals = state.reveals
    rival_turn(state)
    assert rival.line == [top, scheme("s-muster"), scheme("s-survey")]
    assert rival.discard[-1] == scheme("s-market")
    assert state.reveals == reveals + 1 and state.turn_seat == R
    assert [t.op for t in state.stack][:3] == [Auto.END_TURN, Auto.COLLISION, Auto.RIVAL_CONVERT]


def test_turn_reshuffles_an_empty_deck() -> None:
    """Ruling: an empty scheme deck is reshuffled from its discards (+1 virtue, as a player
    without criminals)."""
    state = quiet(solo())
    rival = state.rival
    assert rival is not None
    rival.discard, rival.deck = rival.deck, []
    virtue = state.players[R].virtue
    rival_turn(state)
    assert len(rival.line) == 1 and rival.discard == []
    assert state.players[R].virtue == virtue - 1


def test_steps_run_top_to_bottom() -> None:
    """Spec: "carry out the scheme's instructions top to bottom (dismiss, move N …, primary
    focus or a named action, fall-backs)"."""
    state = quiet(solo())
    rival = state.rival
    assert rival is not None
    levy = scheme("s-levy")
    rival.deck.remove(levy)
    rival.deck.append(levy)
    rival_turn(state)
    ops = [t.op for t in reversed(state.stack)][:3]
    assert ops == [Auto.RIVAL_DISMISS, Auto.RIVAL_MOVE, Auto.RIVAL_ACTION]
    assert state.stack[-2].amount == 2


def test_move_outer_path_only() -> None:
    """Spec: "move N along the outer path only" (space 10 is followed by space 1)."""
    state = quiet(solo())
    state.player_mut(R).space = 9
    state.player_mut(HUMAN).space = 12
    rival_move(state, 2)
    assert state.players[R].space == 1


def test_the_rivals_walk_stays_on_the_outer_path() -> None:
    """Spec: "move N along the outer path only" — the way the view shows (for the page to walk
    its pawn) never cuts through an inner space, even where one would be as short."""
    state = quiet(solo())
    state.player_mut(HUMAN).space = 12
    state.player_mut(R).space = 8
    rival_move(state, 4)
    assert GAME.view(state, HUMAN)["players"][R]["last_move"] == {
        "path": [8, 9, 0, 1, 2], "turn": state.turns}


def test_landing_on_the_human_lets_them_rearrange() -> None:
    """Spec (move): "If you end on a space with another burgrave, that player may rearrange"."""
    state = quiet(solo())
    state.player_mut(HUMAN).line = [0, 1]
    state.player_mut(HUMAN).space = 4
    state.player_mut(R).space = 3
    rival_move(state, 1)
    assert state.stack[-1] == Task(Decision.REARRANGE, HUMAN, arg=1)


def middle_space() -> int:
    """The collision space whose opponents' reward is "may rearrange" (the middle one)."""
    return next(i for i, (_, below) in enumerate(COLLISION_BELOW) if below == (REARRANGE_ONLY,))


@pytest.mark.parametrize("rules", [6, 5])
def test_ending_on_the_rivals_space_converts_its_rearrange(rules: int) -> None:
    """Spec (move): "If you end on a space with another burgrave, that player may rearrange"
    and "Solo", Conversions: "rearrange … → 1 resource (by its chart)": the rival gains one
    resource, though its schemes are no ``Player.line``. A game begun under rules 5 keeps the
    old rule (nothing offered, nothing gained) so its record replays as played."""
    state = quiet(solo(rival="workers"))  # chart: gold, stone, ink
    state.rules = rules
    state.player_mut(R).resources = [0, 0, 0]
    state.player_mut(R).space = 5
    state.player_mut(HUMAN).space = 4
    state.turn_played_value = 1
    apply_decision(state, Task(Decision.MOVE, HUMAN), MOVE_CODES.base + 5)
    advance(state)
    assert state.players[HUMAN].space == 5
    assert state.players[R].resources == ([0, 1, 0] if rules >= 6 else [0, 0, 0])


@pytest.mark.parametrize("rules", [6, 5])
def test_the_middle_collision_converts_the_rivals_rearrange(rules: int) -> None:
    """Spec (collision, middle space): "every opponent may rearrange"; "Solo", Conversions:
    the rival's rearrange is 1 resource by its chart (rules 5 gave it nothing)."""
    state = quiet(solo(rival="workers"))
    state.rules = rules
    state.player_mut(R).resources = [0, 0, 0]
    state.player_mut(R).line = []
    human = state.player_mut(HUMAN)
    human.virtue = human.corruption = middle_space()
    run(state, Task(Auto.COLLISION, HUMAN))
    assert state.players[R].resources == ([0, 1, 0] if rules >= 6 else [0, 0, 0])


def test_dismiss_gives_only_the_top_right_effect() -> None:
    """Spec: "Dismissing gives it only the top-right effect, not icons"."""
    state = quiet(solo())
    state.player_mut(R).space = 2
    position = segment_of(2)
    card = state.townsfolk_piles[position][-1]
    state.player_mut(R).silver = 5
    icons = icon_counts(state, R)
    run(state, Task(Auto.RIVAL_DISMISS, R))
    assert card in state.dismissed and state.townsfolk_piles[position][-1:] != (card,)
    assert state.players[R].silver >= 5 - CARD_VALUE[card]
    assert icon_counts(state, R) == icons and state.turn_dismissed_card == -1


def test_dismiss_needs_the_silver() -> None:
    state = quiet(solo())
    state.player_mut(R).silver = 0
    piles = state.townsfolk_piles
    rival_dismiss(state)
    assert state.townsfolk_piles == piles


def test_icons_come_from_schemes_and_board() -> None:
    """Ruling: the rival's icons are its line's schemes' and its board's printed ones (the
    Warden prints one noble, the Factor eight merchants)."""
    state = quiet(solo(rival="workers"))
    assert state.rival is not None
    state.rival.line = [scheme("s-muster")]
    assert icon_counts(state, R)[NOBLE] == 3
    state = quiet(solo(rival="trade"))
    assert state.rival is not None
    state.rival.line = [scheme("s-market")]
    assert icon_counts(state, R)[MERCHANT] == 2 + 8


def test_board_icon_count_is_validated() -> None:
    """A board prints 1 to 8 of its icon (default 1)."""
    assert tuple(board.icons for board in SOLO.boards) == BOARD_ICONS
    text = SOLO.model_dump_json()
    assert '"icons":1,' in text and '"icons":8,' in text
    with pytest.raises(ValueError, match="icons"):
        load_solo(text.replace('"icons":1,', '"icons":0,', 1))
    with pytest.raises(ValueError, match="icons"):
        load_solo(text.replace('"icons":8,', '"icons":9,', 1))


def test_workers_as_many_as_it_can_but_never_one() -> None:
    """Spec: it "places as many workers as it can but never only one"."""
    state = quiet(solo(rival="workers"))
    assert state.rival is not None
    state.player_mut(R).resources = [0, 0, 0]
    state.rival.line = [scheme("s-muster")]  # 3 nobles: 2 workers
    assert action_code(state, WORKERS) == PLACE_CODES.code(2)
    state.rival.line = [scheme("s-market")]  # 1 noble: only 1 worker
    assert action_code(state, WORKERS) is None
    state.player_mut(R).resources[GOLD] = 2  # 1 noble + 2 gold: 2 workers
    assert action_code(state, WORKERS) == PLACE_CODES.code(2)


def test_builds_leftmost_affordable_on_leftmost_free_spot() -> None:
    """Spec: "It builds its leftmost affordable building on the leftmost free spot at its
    space"."""
    state = quiet(solo(rival="buildings"))
    assert state.rival is not None
    survey = scheme("s-survey")
    state.rival.line = [survey]  # 2 builders + the board's 1
    space = outer_space_with_free_spots(state)
    state.player_mut(R).resources[STONE] = 0
    assert BUILD_COST[0] <= 3
    spot = min(s for s in bank_spots(space) if state.spot_owner[s] == FREE)
    run(state, Task(Auto.RIVAL_ACTION, R, arg=survey))
    assert state.spot_owner[spot] == R and state.spot_building[spot] == 0
    assert state.players[R].built[0] == 1


def test_transcribes_from_the_outer_path_using_its_segment() -> None:
    """Spec: "It may place workers and transcribe from the outer path, using its segment"."""
    state = quiet(solo(rival="manuscripts"))
    assert state.rival is not None
    copy = scheme("s-copy")
    state.rival.line = [copy]  # 3 clerics
    state.player_mut(R).space = 4
    position = segment_of(4)
    script = state.manuscript_piles[position][-1]
    cost = script_cost(state, position)
    state.player_mut(R).resources = [9, 0, 0]
    run(state, Task(Auto.RIVAL_ACTION, R, arg=copy))
    assert script in state.players[R].manuscripts
    assert state.players[R].resources[INK] >= 9 - max(0, cost - 3)
    assert SCRIPTS[script].cost == cost


def test_trades_with_its_icons() -> None:
    """Ruling: it uses its space's exchange as often as its merchants pay for."""
    state = quiet(solo(rival="trade"))
    assert state.rival is not None
    market = scheme("s-market")
    state.rival.line = [market]  # 2 merchants + the board's printed ones
    outer_space_with_free_spots(state, Exchange.SILVER)
    silver = state.players[R].silver
    run(state, Task(Auto.RIVAL_ACTION, R, arg=market))
    assert state.players[R].silver == silver + 2 + BOARD_ICONS[BOARD_KEYS.index("trade")]


def test_fallback_when_no_action_is_possible() -> None:
    """Spec: "… primary focus or a named action, fall-backs"."""
    state = quiet(solo(rival="workers"))
    assert state.rival is not None
    muster = scheme("s-muster")  # focus (workers), workers; fall-back +2 silver
    state.player_mut(R).supply = 0
    silver = state.players[R].silver
    run(state, Task(Auto.RIVAL_ACTION, R, arg=muster))
    assert state.players[R].silver == silver + 2


# --- conversions --------------------------------------------------------------------------------


def effect(kind: EffectKind, amount: int = 1) -> Task:
    return Task(Auto.EFFECT, R, kind, amount)


def test_rearrange_and_any_resource_by_chart() -> None:
    """Spec: "rearrange … → 1 resource (by its chart)"; ruling: the chart's resource it holds
    fewest of."""
    state = quiet(solo(rival="workers"))  # chart: gold, stone, ink
    state.player_mut(R).resources = [0, 0, 0]
    assert chart_resource(state) == GOLD
    run(state, effect(EffectKind.REARRANGE))
    assert state.players[R].resources == [0, 1, 0]
    run(state, effect(EffectKind.ANY, 2))
    assert state.players[R].resources == [1, 1, 1]


def test_two_silver_to_one_resource() -> None:
    """Spec: "2 silver → 1 resource (by its chart)"; ruling: at the end of its turn, keeping
    3 silver for a dismissal."""
    state = quiet(solo(rival="workers"))
    state.player_mut(R).silver = 8
    state.player_mut(R).resources = [0, 0, 0]
    rival_convert(state)
    assert state.players[R].silver == 4 and sum(state.players[R].resources) == 2


def test_destroy_is_a_flip_of_the_type_flipped_less() -> None:
    """Spec: "destroy → a flip"; "Flip the type it has flipped less (ties: debt)"."""
    state = quiet(solo())
    player = state.player_mut(R)
    player.debts, player.deeds = 2, 2
    run(state, effect(EffectKind.DESTROY))
    assert (state.players[R].debts_flipped, state.players[R].deeds_flipped) == (1, 0)
    run(state, effect(EffectKind.FLIP_EITHER))
    assert (state.players[R].debts_flipped, state.players[R].deeds_flipped) == (1, 1)


def test_flip_with_nothing_to_flip_is_a_virtue() -> None:
    """Spec: "a flip with nothing to flip → 1 virtue"."""
    state = quiet(solo())
    virtue = state.players[R].virtue
    run(state, effect(EffectKind.FLIP_DEBT))
    assert state.players[R].virtue == virtue - 1


@pytest.mark.parametrize("kind", [EffectKind.DISCARD, EffectKind.MAY_DISCARD,
                                  EffectKind.MOVE_WORKER])
def test_discard_or_free_castle_move_is_a_virtue(kind: EffectKind) -> None:
    """Spec: "discard or free castle move → 1 virtue"."""
    state = quiet(solo())
    virtue = state.players[R].virtue
    run(state, effect(kind))
    assert state.players[R].virtue == virtue - 1


def test_gain_a_card_is_a_future_scheme_on_its_discards() -> None:
    """Spec: ""gain a card" → a future scheme onto its discard pile"."""
    state = quiet(solo(difficulty=0))
    rival = state.rival
    assert rival is not None
    top = rival.future[-1]
    run(state, effect(EffectKind.HIRE_FREE))
    assert rival.discard == [top] and top not in rival.future


def test_always_bumps_the_human() -> None:
    """Spec: it "always bumps the human"."""
    state = quiet(solo(rival="workers"))
    assert state.rival is not None
    state.rival.line = [scheme("s-muster")]
    state.player_mut(R).resources = [0, 0, 0]
    state.turn_seat = R
    section = segment_of(state.players[R].space)
    row = [0, 0]
    row[HUMAN] = 2
    state.tier1 = replaced(state.tier1, section, tuple(row))
    silver = state.players[HUMAN].silver
    run(state, Task(Auto.RIVAL_ACTION, R, arg=scheme("s-muster")))
    assert state.tier1[section][HUMAN] == 1 and state.tier1[section][R] == 2
    assert state.players[HUMAN].silver == silver + 2


# --- scoring and the end ------------------------------------------------------------------------


def test_scores_like_a_player_plus_leftover_resources() -> None:
    """Spec: "It scores like a player plus 1 VP per leftover resource"."""
    state = solo()
    state.player_mut(R).resources = [1, 2, 3]
    state.player_mut(R).silver = 7
    score = rival_score(state)
    assert score.breakdown["leftover_resources"] == 6
    assert score.total == sum(score.breakdown.values())


def finish(seed: int, options: dict[str, str | int | bool]) -> State:
    state = GAME.new_game([Seat(name="Ana")], seed, options)
    rng = Rng(seed)
    while not state.over:
        assert GAME.current_seat(state) == HUMAN  # nobody is ever asked for the rival
        state = apply_code(state, rng.choice(legal_codes(state)))
    return state


def test_rival_always_takes_the_last_turn_and_result() -> None:
    """Spec: "it always takes the last turn"; the human wins by beating its score."""
    state = finish(2, {})
    assert state.turns % 2 == 0  # every round: the human, then the rival
    result = GAME.result(state)
    rival = rival_score(state)
    human = result.scores[0].total
    assert len(result.scores) == 1
    assert result.winners == ([0] if human > rival.total else []) or result.reason == "shared"
    assert GAME.view(state, 0)["rival"]["score"]["total"] == rival.total


def test_resample_hides_which_future_schemes_are_in_the_deck() -> None:
    """Bots must not peek: two states differing only in which future schemes difficulty
    shuffled in (and in the order of both piles) resample alike."""
    state = solo(rival="workers", difficulty=2)
    other = state.clone()
    assert state.rival is not None and other.rival is not None
    mixed = next(s for s in other.rival.deck if s in FUTURE_SCHEMES)
    apart = other.rival.future[0]
    other.rival.deck[other.rival.deck.index(mixed)] = apart
    other.rival.future[0] = mixed
    other.rival.deck.reverse()
    one = GAME.state_to_json(GAME.resample(state, HUMAN, Rng(9)))
    two = GAME.state_to_json(GAME.resample(other, HUMAN, Rng(9)))
    assert one == two


def test_state_json_round_trip() -> None:
    state = solo(difficulty=3)
    again = GAME.state_from_json(GAME.state_to_json(state))
    assert GAME.state_to_json(again) == GAME.state_to_json(state)


def test_the_log_tells_the_rivals_turn() -> None:
    """The page's "what happened": the human's action that lets the rival play is followed by
    the rival's turn (scheme, space, score); other actions are not."""
    state = GAME.new_game([Seat(name="Ana")], 3)
    rng = Rng(1)
    told = 0
    for _ in range(60):
        actions = GAME.legal_actions(state)
        action = actions[rng.below(len(actions))]
        after = GAME.apply(state, action)
        text = GAME.describe(state, action, after)
        rival_played = after.rival is not None and after.rival.line != (
            state.rival.line if state.rival is not None else [])
        assert (text.key == "core.sentences") == rival_played
        if rival_played:
            told += 1
            rival = text.params["b"]
            assert not isinstance(rival, str | int | tuple)
            assert rival.key == "burgrave.log.rival_turn"
            assert rival.params["score"] == rival_score(after).total
        state = after
    assert told >= 5


def test_the_options_offered_by_info_are_the_solo_content() -> None:
    """INFO lists the rival boards and difficulties for the new-game dialog without loading the
    rules; they must be exactly the content's boards, range and defaults."""
    from kingdoms.burgrave import INFO
    from kingdoms.burgrave.solo_content import BOARD_KEYS, MAX_DIFFICULTY, SOLO

    options = {option.key: option for option in INFO.options}
    assert [c.value for c in options["rival"].choices] == list(BOARD_KEYS)
    assert options["rival"].default == SOLO.default_rival
    assert [c.value for c in options["difficulty"].choices] == list(range(MAX_DIFFICULTY + 1))
    assert options["difficulty"].default == SOLO.default_difficulty
    assert all(option.seat_counts == (1,) for option in INFO.options)
    for option in INFO.options:
        GAME.new_game([Seat(name="Ann")], 1, {option.key: option.default})
