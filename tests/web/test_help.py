"""Ask anything on the board (``kingdoms_web.play.help``; issue 12): every interactive element of
both boards is explained by a glossary entry, and in help mode a tap answers instead of playing."""

from __future__ import annotations

import random
import re

import pytest
from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session
from kingdoms_web import i18n
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play.help import answer
from kingdoms_web.play.table import GameTable

INTERACTIVE = ("BUTTON", "A", "INPUT", "SELECT", "SUMMARY", "TEXTAREA")


def open_table(doc: OfflineDocument, game_id: str, players: int,
               seed: int) -> tuple[GameTable, OfflineNode]:
    seats = [Seat(name=name) for name in ("Ann", "Ben", "Cid", "Dee")[:players]]
    table = GameTable(Owner(), Session(new_record(game_id, seats, seed=seed)), "s1",
                      schedule=lambda _callback, _delay: None)
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return table, root


def interactive(board: OfflineNode) -> list[OfflineNode]:
    return [node for node in board.walk() if node.tagName in INTERACTIVE
            or node.getAttribute("role") == "button" or node.hasAttribute("tabindex")]


def shape(node: OfflineNode) -> str:
    """An element's kind for the report: its test id without numbers, else tag and class."""
    testid = node.getAttribute("data-testid")
    return re.sub(r"\d+", "N", testid) if testid else f"{node.tagName} .{node.className}"


@pytest.mark.parametrize(("game_id", "players"), [("dice-realm", 2), ("dice-realm", 4),
                                                  ("burgrave", 2), ("burgrave", 4)])
def test_every_interactive_element_of_the_board_has_help(fake_dom: OfflineDocument,
                                                         game_id: str, players: int) -> None:
    """Walks every control of many positions of seeded random games; fails on any element that
    no topic explains, or on a topic whose glossary entry does not exist."""
    book = GAME_UIS[game_id].book
    terms = {term.id for term in book.terms}
    topics = GAME_UIS[game_id].help
    assert topics and {topic.term for topic in topics} <= terms
    assert {term for topic in topics for term in topic.by_kind.values()} <= terms
    explained: set[str] = set()
    # Burgrave's board is large (a redraw and a walk of it take ~0.1 s on CPython): one long
    # game of it covers the decisions; Dice Realm's small board gets three.
    seeds, steps = (range(3), 250) if game_id == "dice-realm" else (range(1), 160)
    for seed in seeds:
        table, root = open_table(fake_dom, game_id, players, seed)
        rng = random.Random(seed)
        for _ in range(steps):
            state = table.session.state
            if table.session.game.is_over(state):
                break
            ready = root.by_testid("pass-ready")
            if ready is not None:
                ready.click()
            board = root.querySelector(".play-board")
            assert board is not None
            kind = table.session.game.prompt(state).kind
            for node in interactive(board):
                found = answer(node, board, topics, kind)
                assert found is not None, f"no help for {shape(node)} at a {kind} decision"
                assert found.term in terms
                explained.add(shape(node))
            table.act(rng.choice(table.session.game.legal_actions(state)))
    assert len(explained) >= (6 if game_id == "dice-realm" else 15)


def test_help_mode_answers_a_tap_instead_of_playing_it(fake_dom: OfflineDocument) -> None:
    i18n.set_language("en")
    table, root = open_table(fake_dom, "dice-realm", 2, 4)
    switch = root.by_testid("help-mode")
    assert switch is not None and switch.getAttribute("aria-pressed") == "false"
    switch.click()
    assert root.by_testid("help-panel") is not None
    board = root.querySelector(".play-board")
    assert board is not None and "help-mode" in board.className.split()
    roll = root.by_testid("roll")
    assert roll is not None
    roll.click()
    assert len(table.session.record.actions) == 0  # asked, not played
    panel = root.by_testid("help-panel")
    assert panel is not None and panel.getAttribute("data-term") == "roll"
    assert i18n.t("dice-realm.glossary.roll") in panel.textContent
    assert i18n.t("dice-realm.glossary.roll.def") in panel.textContent
    more = root.by_testid("help-more")
    assert more is not None and more.getAttribute("href") == "#rules=dice-realm/glossary.roll"
    citizen = root.querySelector('[data-testid^="citizen-"]')
    assert citizen is not None
    citizen.click()
    panel = root.by_testid("help-panel")
    assert panel is not None and panel.getAttribute("data-term") == "citizen"
    now = root.by_testid("help-now")
    assert now is not None and now.textContent == " ".join(
        (citizen.getAttribute("aria-label") or citizen.textContent).split())[:240]
    done = root.by_testid("help-done")
    assert done is not None
    done.click()
    assert root.by_testid("help-panel") is None
    roll = root.by_testid("roll")
    assert roll is not None
    roll.click()
    assert len(table.session.record.actions) == 1  # help off: taps play again


def test_help_mode_explains_the_tool_bar(fake_dom: OfflineDocument) -> None:
    """Issue 29, "What's this? covers the tool bar too": with help on, a tap on a tool says
    what it does (its own words, in the player's language) instead of doing it; the switch
    still turns help off."""
    i18n.set_language("de")
    table, root = open_table(fake_dom, "dice-realm", 2, 4)
    root.by_testid("roll").click()
    moves = len(table.session.record.actions)
    root.by_testid("help-mode").click()
    for testid, key in (("undo", "help.tool.undo"), ("share", "help.tool.share"),
                        ("history", "help.tool.history")):
        tool = root.by_testid(testid)
        assert tool is not None
        (tool.children[0] if tool.children else tool).click()  # its icon, or itself
        panel = root.by_testid("help-panel")
        assert panel is not None and panel.getAttribute("data-tool") == testid
        assert root.by_testid("help-definition").textContent == i18n.t(key)
        assert root.by_testid("help-term").textContent == " ".join(
            (tool.getAttribute("aria-label") or tool.textContent).split())
        assert fake_dom.body.by_testid("history-dialog") is None
        assert fake_dom.body.by_testid("share-dialog") is None
    assert len(table.session.record.actions) == moves  # undo was asked about, not done
    root.by_testid("help-mode").click()
    assert root.by_testid("help-panel") is None
    i18n.set_language("en")
