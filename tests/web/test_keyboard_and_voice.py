"""Playing without a mouse or without sight (issue 30): what the table says aloud, where focus
goes after each action, shortcut keys, arrow keys in rows, help by keyboard.

The real table in the fake DOM; keys are dispatched as the browser would (a ``keydown`` at the
focused element, bubbling to the document), and a key's default action (Enter on a button) is
played by clicking it, as the browser does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_owner import Owner
from test_computer_turns import Timers

from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session, replay
from kingdoms_web import i18n
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play import announcer
from kingdoms_web.play.table import GameTable


def open_table(doc: OfflineDocument, record: GameRecord, timers: Timers | None = None
               ) -> tuple[GameTable, OfflineNode]:
    i18n.set_language("en")
    table = GameTable(Owner(), Session(record), "s1",
                      **({"schedule": timers.schedule} if timers else {}))
    if timers is not None:
        table.computer.clock = timers.clock
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return table, root


def focused(doc: OfflineDocument) -> OfflineNode:
    """The focused element, which must be a connected element of the page, never the body."""
    node = doc.activeElement
    assert node is not None and node is not doc.body and node.isConnected
    return node


def press(doc: OfflineDocument, key: str) -> Any:
    """A key at the focused element (the body when nothing is focused)."""
    return (doc.activeElement or doc.body).press(key)


def people(game_id: str, names: tuple[str, ...] = ("Ann", "Ben"), seed: int = 5) -> GameRecord:
    return new_record(game_id, [Seat(name=name) for name in names], seed=seed)


def test_a_dice_realm_turn_by_keys_is_heard_and_focus_follows(
        fake_dom: OfflineDocument) -> None:
    table, root = open_table(fake_dom, people("dice-realm"))
    polite = announcer.region()
    assert announcer.spoken() == "Ann's turn. " + i18n.t("dice-realm.hint.first")
    assert focused(fake_dom).getAttribute("data-testid") == "roll"
    press(fake_dom, "r")  # R rolls
    assert table.session.moves == 1
    heard = announcer.spoken()
    assert heard.startswith("Ann rolled ") and i18n.t("dice-realm.hint.hold") in heard
    assert focused(fake_dom).getAttribute("data-testid") == "roll"  # the next roll is asked
    # 1–6 hold a die; the dice are one Tab stop, arrows move inside.
    die = root.by_testid("die-0")
    assert die is not None
    press(fake_dom, "1")
    assert die.getAttribute("aria-pressed") == "true"
    die.focus()
    press(fake_dom, "ArrowRight")
    assert focused(fake_dom).getAttribute("data-testid") == "die-1"
    assert [root.by_testid(f"die-{i}").getAttribute("tabindex") for i in range(3)] == \
        ["-1", "0", "-1"]
    press(fake_dom, "ArrowLeft")
    press(fake_dom, "ArrowLeft")
    assert focused(fake_dom).getAttribute("data-testid") == "die-5"  # round the row
    # The live region is the one made at first, never drawn anew.
    assert announcer.region() is polite and fake_dom.getElementById(announcer.POLITE_ID) is polite


def test_a_question_on_the_board_takes_the_focus_and_is_said(fake_dom: OfflineDocument) -> None:
    """Dice Realm's inline "Take the …?" (a citizen that gives something up): focus moves onto
    its first answer (it was left on the card, 4–5 Tabs away) and the question is heard;
    Escape cancels it."""
    game = get_game("dice-realm")
    for seed in range(40):
        table, root = open_table(fake_dom, people("dice-realm", seed=seed))
        press(fake_dom, "r")
        lit = [n for n in root.querySelectorAll('[data-testid^="citizen-"]')
               if n.getAttribute("aria-disabled") is None]
        if lit and game.current_seat(table.session.state) == 0:
            break
        table.dispose()
        root.remove()
    else:
        raise AssertionError("no seed met a citizen on the first roll")
    lit[0].focus()
    lit[0].click(detail=0)  # Enter on it: rolls are left, so it asks first
    answer = focused(fake_dom)
    assert answer.getAttribute("data-testid") in ("claim-village", "claim-citizen-only")
    chooser = root.by_testid("claim-chooser")
    assert chooser is not None
    assert announcer.spoken() == chooser.querySelector("p").textContent
    press(fake_dom, "Escape")
    assert root.by_testid("claim-chooser") is None
    assert focused(fake_dom).getAttribute("data-testid") == "roll"


def test_computers_are_summed_up_when_the_person_is_back(fake_dom: OfflineDocument) -> None:
    """A computer's turn is told once, when the person's turn comes, without the rolls that led
    to its claim; then whose turn it is."""
    timers = Timers()
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Bot", kind="bot",
                                                               bot="easy")], seed=3)
    table, _root = open_table(fake_dom, record, timers)
    game = table.game
    rng = random.Random(1)
    said: list[str] = []
    while game.current_seat(table.session.state) == 0:
        table.act(rng.choice(game.legal_actions(table.session.state)))
        said.append(announcer.spoken())
    assert focused(fake_dom).getAttribute("data-testid") == "turn-banner"
    while game.current_seat(table.session.state) != 0 and timers.run_one():
        said.append(announcer.spoken())
    back = said[-1]
    assert back.startswith("Bot ") and back.endswith(i18n.t("dice-realm.hint.first"))
    assert "Ann's turn" in back and " rolled " not in back and "re-rolled" not in back
    assert all(not text.startswith("Bot rolled") for text in said)
    assert focused(fake_dom).getAttribute("data-testid") == "roll"


def test_the_pass_screen_and_the_end_are_heard(fake_dom: OfflineDocument) -> None:
    """Burgrave hides hands: between two people the pass screen is said and focused; a finished
    game says who won, and the end screen's title holds the focus."""
    game = get_game("burgrave")
    table, root = open_table(fake_dom, people("burgrave"))
    first = table.session.record.seats[game.current_seat(table.session.state)].name
    assert root.by_testid("pass-screen") is not None
    assert announcer.spoken() == f"Pass the device to {first}."
    assert focused(fake_dom).getAttribute("data-testid") == "pass-ready"
    focused(fake_dom).click(detail=0)
    assert announcer.spoken().startswith(f"{first}'s turn. ")
    assert focused(fake_dom).getAttribute("data-offer") == "1"
    record, state, rng = table.session.record, replay(table.session.record), random.Random(2)
    while not game.is_over(state):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
    table.dispose()
    root.remove()
    table, root = open_table(fake_dom, record)
    heard = announcer.spoken()
    winner = record.seats[game.result(state).winners[0]].name
    assert heard.startswith("Game over. ") and f"{winner} wins!" in heard
    assert "Ann: " in heard and "Ben: " in heard
    assert focused(fake_dom).getAttribute("id") == "end-heading"


@pytest.mark.parametrize("game_id", ["dice-realm", "burgrave"])
def test_focus_never_falls_to_the_body(fake_dom: OfflineDocument, game_id: str) -> None:
    """Seeded play by two people through the table: after every action (and "I'm Ben" on a
    pass screen) focus is on a control of what is asked next, never the page's body, and the
    two live regions stay the ones made first."""
    table, root = open_table(fake_dom, people(game_id, seed=8))
    game = table.game
    regions = (announcer.region(), announcer.region(urgent=True))
    rng = random.Random(8)
    for _ in range(60):
        if game.is_over(table.session.state):
            break
        ready = root.by_testid("pass-ready")
        if ready is not None:
            ready.click(detail=0)
        else:
            before = table.session.moves
            table.act(rng.choice(game.legal_actions(table.session.state)))
            assert table.session.moves == before + 1
        node = focused(fake_dom)
        assert root.contains(node)
        if root.by_testid("pass-screen") is None and not game.is_over(table.session.state):
            assert node.getAttribute("data-testid") != "turn-banner"  # a person decides
    assert (announcer.region(), announcer.region(urgent=True)) == regions


def test_a_refusal_is_said_urgently(fake_dom: OfflineDocument) -> None:
    table, root = open_table(fake_dom, people("dice-realm"))
    table.undo()  # nothing to take back
    notice = root.by_testid("play-notice")
    assert notice is not None and notice.textContent
    assert announcer.spoken(urgent=True) == notice.textContent


def test_help_is_asked_by_keyboard(fake_dom: OfflineDocument) -> None:
    """Every element help explains is reachable (a pile is no control otherwise), and Enter on
    it answers aloud as a tap does."""
    table, root = open_table(fake_dom, people("dice-realm"))
    press(fake_dom, "?")
    assert table.help.on
    pile = root.by_testid("draw-pile")
    assert pile is not None and pile.getAttribute("tabindex") == "0"
    pile.focus()
    press(fake_dom, "Enter")
    panel = root.by_testid("help-panel")
    assert panel is not None and panel.getAttribute("data-term") == "draw_pile"
    assert announcer.spoken().startswith(i18n.t(table.help.book.term_key("draw_pile")))
    assert table.session.moves == 0  # nothing was played


def test_a_shortcut_never_fires_while_typing_or_with_ctrl(fake_dom: OfflineDocument) -> None:
    table, root = open_table(fake_dom, people("dice-realm"))
    field = fake_dom.createElement("input")
    root.append(field)
    field.focus()
    field.press("r")
    assert table.session.moves == 0
    event = root.by_testid("roll").press("r")
    assert table.session.moves == 1 and event.defaultPrevented


def test_escape_takes_back_a_choice_waiting_to_be_confirmed(fake_dom: OfflineDocument) -> None:
    """Burgrave asks twice before a choice that cannot be undone (on the control itself):
    the second Enter confirms, Escape takes it back and leaves focus on it."""
    table, root = open_table(fake_dom, people("burgrave", seed=3))
    for _ in range(40):  # Enter on whatever is focused until a choice asks to be confirmed
        focused(fake_dom).click(detail=0)
        if root.querySelector(".is-confirming") is not None:
            break
    else:
        raise AssertionError("no choice asked to be confirmed")
    armed = focused(fake_dom)
    assert "is-confirming" in armed.className
    assert announcer.spoken().endswith(i18n.t("confirm.tap_again"))
    moves = table.session.moves
    press(fake_dom, "Escape")
    assert root.querySelector(".is-confirming") is None and table.session.moves == moves
    assert focused(fake_dom).getAttribute("data-testid") == armed.getAttribute("data-testid")
