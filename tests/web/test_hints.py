"""Hints at the table (issue 27): the Hint tool on a person's turn only, thinking in slices,
the options above the board with the best one's controls ringed, the count kept in the record
and said at the end, the table option that turns hints off.

The real table in the fake DOM; the thinking runs through a stand-in for ``setTimeout``.
"""

from __future__ import annotations

from table_owner import Owner
from test_computer_turns import Timers

from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, hints_used, new_record
from kingdoms.core.session import Session
from kingdoms_web import i18n
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play.hints import TARGET_CLASS
from kingdoms_web.play.table import GameTable
from kingdoms_web.shell.new_game import NewGameDialog


def open_table(doc: OfflineDocument, record: GameRecord) -> tuple[GameTable, OfflineNode, Timers]:
    i18n.set_language("en")
    timers = Timers()
    table = GameTable(Owner(), Session(record), "s1", schedule=timers.schedule)
    table.computer.clock = timers.clock
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return table, root, timers


def think(timers: Timers, table: GameTable) -> None:
    """Run the hint's slices to the end (computers are not to play meanwhile)."""
    for _ in range(10_000):
        if not table.hints.thinking:
            return
        assert timers.run_one()
    raise AssertionError("the hint never finished")


def ringed(root: OfflineNode) -> list[str]:
    found = root.querySelectorAll("." + TARGET_CLASS)
    return [str(found.item(i).getAttribute("data-testid")) for i in range(int(found.length))]


def test_a_dice_realm_hint_lists_options_rings_the_best_and_is_counted_once(
        fake_dom: OfflineDocument) -> None:
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=5)
    table, root, timers = open_table(fake_dom, record)
    root.by_testid("roll").click()  # the first roll: now there is something to think about
    hint = root.by_testid("hint")
    assert hint is not None and hint.getAttribute("aria-pressed") == "false"
    hint.click()
    panel = root.by_testid("hint-panel")
    assert panel is not None and panel.getAttribute("data-state") == "thinking"
    assert root.by_testid("hint-progress") is not None
    think(timers, table)
    panel = root.by_testid("hint-panel")
    assert panel is not None and panel.getAttribute("data-state") == "shown"
    options = [root.by_testid(f"hint-option-{rank}") for rank in range(3)]
    assert options[0] is not None
    first = table.hints.advice[0] if table.hints.advice else None
    assert first is not None
    assert first.action in table.game.legal_actions(table.state)
    assert i18n.say(first.label) in panel.textContent  # "Best move: Keep 5, 5, 5 and …"
    assert i18n.say(first.assessment.measure) in options[0].textContent
    assert root.by_testid("hint-more") is not None  # the others, folded away
    assert ringed(root) and all(testid for testid in ringed(root))
    assert root.by_testid("hint").getAttribute("aria-pressed") == "true"
    assert hints_used(table.record) == [1, 0]
    # Put away and asked again at the same position: counted once.
    root.by_testid("hint").click()
    assert root.by_testid("hint-panel") is None and ringed(root) == []
    root.by_testid("hint").click()
    think(timers, table)
    assert hints_used(table.record) == [1, 0]
    # Following it (tapping the ringed controls, Roll last) plays the suggested move; the hint
    # is then forgotten.
    moves = table.session.moves
    for testid in ringed(root):
        root.by_testid(testid).click()
    assert table.session.moves == moves + 1
    assert table.record.actions[-1] == first.code
    assert root.by_testid("hint-panel") is None and ringed(root) == []
    assert hints_used(table.record) == [1, 0]  # a move keeps the count


def test_no_hint_on_a_computer_s_turn_or_when_the_table_said_no(
        fake_dom: OfflineDocument) -> None:
    computer_first = new_record("dice-realm", [Seat(name="C", kind="bot", bot="easy"),
                                               Seat(name="Ann")], seed=2,
                                options={"start_seat": 0})
    _table, root, _timers = open_table(fake_dom, computer_first)
    assert root.by_testid("hint") is None  # the computer is to play
    off = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=2,
                     options={"hints": False})
    _table, root, _timers = open_table(fake_dom, off)
    assert root.by_testid("hint") is None


def test_the_h_key_asks_and_a_burgrave_hint_rings_its_control(
        fake_dom: OfflineDocument) -> None:
    record = new_record("burgrave", [Seat(name="Ann"), Seat(name="Ben")], seed=3)
    table, root, timers = open_table(fake_dom, record)
    if table.needs_pass:
        root.by_testid("pass-ready").click()
    fake_dom.body.press("h")
    assert table.hints.thinking
    think(timers, table)
    advice = table.hints.advice
    assert advice and 1 <= len(advice) <= 3
    assert ringed(root), "the best option's control is ringed"
    assert hints_used(table.record)[table.game.current_seat(table.state)] == 1


def test_the_end_screen_says_how_many_hints_each_person_used(fake_dom: OfflineDocument) -> None:
    session = Session.start("dice-realm", [{"name": "Ann"}, {"name": "Ben"}], seed=8,
                            options={"hints": True})
    game = session.game
    while not game.is_over(session.state):
        session.act(game.legal_actions(session.state)[-1])
    session.count_hint(0)
    session.count_hint(0)
    _table, root, _timers = open_table(fake_dom, session.record)
    line = root.by_testid("end-hints")
    assert line is not None and line.textContent == "Hints used: Ann 2 and Ben 0."


def test_play_again_starts_with_no_hints_counted(fake_dom: OfflineDocument) -> None:
    session = Session.start("dice-realm", [{"name": "Ann"}, {"name": "Ben"}], seed=8,
                            options={"hints": False})
    game = session.game
    while not game.is_over(session.state):
        session.act(game.legal_actions(session.state)[0])
    session.count_hint(1)
    table, root, _timers = open_table(fake_dom, session.record)
    assert root.by_testid("end-hints") is None  # hints were not allowed
    root.by_testid("play-again").click()
    owner = table.owner
    assert owner.started[-1][2] == {"hints": False}  # type: ignore[attr-defined]


def test_the_new_game_dialog_offers_hints_on_for_a_newcomer(fake_dom: OfflineDocument) -> None:
    i18n.set_language("en")
    from kingdoms.core.registry import list_games
    started: list[dict[str, object]] = []
    dialog = NewGameDialog(list_games(), "burgrave", lambda _game: True,
                           lambda _g, _s, options: started.append(options),
                           hints_default=lambda game: game == "burgrave")
    assert dialog.chosen_options()["hints"] is True
    dialog.state.game_id = "dice-realm"
    assert dialog.chosen_options()["hints"] is False


def finished(game_id: str, seed: int, seats: list[Seat]) -> GameRecord:
    from kingdoms.core.bots import bot_for, bot_rng, choose
    session = Session(new_record(game_id, seats, seed=seed))
    game = session.game
    while not game.is_over(session.state):
        seat = game.current_seat(session.state)
        session.act(choose(game, session.state, bot_for(game_id, "easy"),
                           bot_rng(seed, seat, session.moves)))
    return session.record


def test_a_finished_game_s_review_draws_the_chances_and_opens_its_mistakes(
        fake_dom: OfflineDocument) -> None:
    """The replay of a finished game reviews it in slices (progress, then the review): a line
    and markers per seat over every move, the curve in words, each person's summary and costliest
    decisions, each opening the replay just before it; the engine's review, drawn."""
    from kingdoms.core.coach import percent, run
    from kingdoms.core.review import review
    from kingdoms_web.games.registry import GAME_UIS
    from kingdoms_web.play.replay import ReplayView

    i18n.set_language("en")
    record = finished("dice-realm", 11, [Seat(name="Ann"), Seat(name="Ben")])
    timers = Timers()
    view = ReplayView(record, GAME_UIS["dice-realm"], "Dice Realm", lambda _k, d=None: d,
                      lambda: None, "Back", schedule=timers.schedule, review=True)
    root = fake_dom.createElement("main")
    fake_dom.body.append(root)
    view.mount(root)
    panel = root.by_testid("review")
    assert panel is not None and panel.getAttribute("data-state") == "running"
    assert root.by_testid("review-progress") is not None
    root.by_testid("review-cancel").focus()
    root.by_testid("review-cancel").click()  # Cancel: offered again, focus kept in the review
    assert panel.getAttribute("data-state") == "offered"
    assert fake_dom.activeElement is root.by_testid("review-start")
    while timers.run_one():  # the cancelled work's next slice does nothing
        pass
    assert panel.getAttribute("data-state") == "offered"
    root.by_testid("review-start").click()
    while timers.run_one():
        pass
    assert panel.getAttribute("data-state") == "done"
    expected = run(review(record))
    lines = root.querySelectorAll(".review-line")
    assert int(lines.length) == 2
    points = str(lines.item(0).getAttribute("points")).split()
    assert len(points) == len(record.actions) + 1 == len(expected.curve)
    assert int(root.querySelectorAll(".review-mark").length) > 4
    caption = root.querySelector("figcaption")
    start, end = expected.curve[0][0], expected.curve[-1][0]
    assert caption is not None
    assert f"Ann from {percent(start)} % to {percent(end)} %" in caption.textContent
    for seat in expected.seats:
        section = root.by_testid(f"review-seat-{seat.seat}")
        assert section is not None and f"in {round(100 * seat.agreement)} % of" in \
            section.textContent
        for rank, mistake in enumerate(seat.mistakes):
            item = root.by_testid(f"review-mistake-{seat.seat}-{rank}")
            assert item is not None and item.getAttribute("data-move") == str(mistake.move)
            assert i18n.say(mistake.chosen) in item.textContent
    first = expected.seats[0].mistakes[0]
    root.by_testid("review-open-0-0").click()
    assert view.step == first.move - 1
    assert root.by_testid("replay-screen").getAttribute("data-step") == str(first.move - 1)


def test_the_end_screen_offers_the_review(fake_dom: OfflineDocument) -> None:
    record = finished("burgrave", 4, [Seat(name="Ann"), Seat(name="Ben")])
    table, root, _timers = open_table(fake_dom, record)
    opened: list[tuple[GameRecord, bool]] = []
    table.owner.open_replay = lambda rec, review=False: opened.append((rec, review))  # type: ignore[method-assign]
    table.redraw()
    root.by_testid("end-review").click()
    assert opened == [(record, True)]


def test_the_guide_s_first_burgrave_turn_offers_a_good_move(fake_dom: OfflineDocument) -> None:
    """Burgrave's first-turn tip offers "Show me a good move": it asks for a hint (the tip has
    done its job and is not shown again), and only where the table allows hints."""
    from kingdoms_web.play.coach import seen_marks

    session = Session(new_record("burgrave", [Seat(name="Ann"), Seat(name="Ben")], seed=3))
    game = session.game
    while game.prompt(session.state).kind != "play_card":
        session.act(game.legal_actions(session.state)[0])
    table, root, timers = open_table(fake_dom, session.record)
    if table.needs_pass:
        root.by_testid("pass-ready").click()
    assert root.by_testid("coach") is not None
    root.by_testid("coach-hint").click()
    assert table.hints.thinking and "play_card" in seen_marks(table, "burgrave")
    think(timers, table)
    assert root.by_testid("hint-panel") is not None and root.by_testid("coach") is None
    off = session.record.model_copy(update={"options": {"hints": False}})
    _table, root, _timers = open_table(fake_dom, off)
    if _table.needs_pass:
        root.by_testid("pass-ready").click()
    assert root.by_testid("coach") is not None and root.by_testid("coach-hint") is None


def test_a_shared_code_s_summary_says_whether_hints_were_allowed_and_used(
        fake_dom: OfflineDocument) -> None:
    """A shared game shows its table's hints before it is opened: not allowed, allowed and
    none used, or how many each person used (computers are not counted)."""
    from kingdoms.core.codes import encode_code
    from kingdoms.core.records import count_hint
    from kingdoms_web.saves.opening import open_code
    from kingdoms_web.shell.summary import render_record

    i18n.set_language("en")
    seats = [Seat(name="Ann"), Seat(name="Ben"), Seat(name="Cpu", kind="bot", bot="easy")]
    record = new_record("dice-realm", seats, seed=4)
    words = []
    for shown in (record.model_copy(update={"options": {"hints": False}}), record,
                  count_hint(count_hint(record, 1), 1)):
        summary = open_code(encode_code(shown)).summary
        assert summary is not None
        words.append(render_record(summary).by_testid("record-hints").textContent)
    assert words == ["Not allowed", "Allowed, none used", "Allowed (used: Ann 0 and Ben 2)"]


def test_a_tap_anywhere_cancels_the_thinking_once_the_tap_is_over(
        fake_dom: OfflineDocument) -> None:
    """Issue 27: a tap outside the panel stops the thinking at once, but the panel goes only
    after the tap (nothing moves under the finger); a tap on the panel itself does not cancel,
    and a tap after the hint arrived leaves it shown."""
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=5)
    table, root, timers = open_table(fake_dom, record)
    root.by_testid("roll").click()
    root.by_testid("hint").click()
    assert table.hints.thinking
    root.by_testid("hint-progress").dispatch("pointerdown")  # on the panel: still thinking
    assert table.hints.thinking
    root.dispatch("pointerdown")  # a touch that becomes a scroll: no click follows
    assert not table.hints.thinking
    assert root.by_testid("hint-panel") is not None  # still drawn while the finger is down
    root.dispatch("pointercancel")
    while timers.run_one():
        pass
    assert root.by_testid("hint-panel") is None
    root.by_testid("hint").click()  # asked again: the same position, counted once
    assert table.hints.thinking and hints_used(table.record) == [1, 0]
    die = root.querySelector("[data-testid^='die-']")
    assert die is not None
    die.dispatch("pointerdown")
    assert not table.hints.thinking
    assert root.by_testid("hint-panel") is not None  # still drawn while the finger is down
    die.dispatch("pointerup")
    die.click()  # the tap reaches the die (held: the position, and no hint, stay)
    while timers.run_one():
        pass
    assert root.by_testid("hint-panel") is None
    assert table.hints.advice is None
    root.by_testid("hint").click()
    think(timers, table)
    die.dispatch("pointerdown")
    die.dispatch("pointerup")
    while timers.run_one():
        pass
    assert root.by_testid("hint-panel") is not None  # a shown hint stays until put away
