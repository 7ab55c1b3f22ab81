"""Kept parts (``kingdoms_web.play.parts``) never show a stale board.

A screen keeps a part of its last drawing while the part's key is unchanged; a key that missed
an input would leave an old part on screen. So two tables play the same seeded game through the
shell's real table — one keeping parts, one drawing everything afresh — with the same taps:
offered controls, passing, the privacy screen, undo, help mode on and off, redraws with nothing
changed, and a computer seat whose turns make the board read-only. The two pages must be the
same, listeners included, after every tap, and the kept table must really keep most parts.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session
from kingdoms_web import dom
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode, to_html
from kingdoms_web.play.table import GameTable


class Timers:
    """``setTimeout`` stood in by a queue (a computer's turn runs when asked)."""

    def __init__(self) -> None:
        self.queue: list[Callable[[], None]] = []

    def schedule(self, callback: Callable[[], None], _delay_ms: float) -> None:
        self.queue.append(callback)

    def run_all(self) -> None:
        for _ in range(200):
            if not self.queue:
                return
            self.queue.pop(0)()


def open_table(doc: OfflineDocument, game_id: str, seats: list[Seat], seed: int,
               keep: bool) -> tuple[GameTable, OfflineNode, Timers]:
    timers = Timers()
    table = GameTable(Owner(), Session(new_record(game_id, seats, seed=seed)), "s1",
                      schedule=timers.schedule)
    table.computer.clock = lambda: 0.0
    if not keep:
        parts = getattr(table.screen, "parts", None)
        assert parts is not None, "this screen keeps no parts"
        parts.enabled = False
        table.parts.enabled = False  # the tool bars
    root = doc.createElement("main")
    doc.body.append(root)
    table.mount(root)
    return table, root, timers


def page(root: OfflineNode) -> str:
    """The page as HTML, each element followed by the events it listens to."""
    out: list[str] = []

    def visit(node: OfflineNode) -> None:
        if node.tagName == "#TEXT":
            return
        events = sorted(f"{event}{len(found)}" for event, found in node.listeners.items()
                        if found)
        capturing = sorted(f"^{event}{len(found)}" for event, found in node.capturing.items()
                           if found)
        out.append(f"{node.tagName}{events + capturing}")
        for child in node.children:
            visit(child)

    visit(root)
    return to_html(root) + "\n" + " ".join(out)


def taps(root: OfflineNode) -> list[OfflineNode]:
    """What a player may tap here: the privacy screen's button, else the offered controls
    (Burgrave marks them), else every enabled button of the board (Dice Realm: dice, roll,
    citizens, the claim question, scoundrels, the odds switch)."""
    ready = root.by_testid("pass-ready")
    if ready is not None:
        return [ready]
    offers = list(root.querySelectorAll("[data-offer]"))
    if offers:
        return offers
    board = root.querySelector('[data-testid="dice-realm"]')
    if board is None:
        return []
    return [node for node in board.querySelectorAll("button")
            if not node.disabled and node.getAttribute("aria-disabled") != "true"]


@pytest.mark.parametrize(("game_id", "players", "seed"),
                         [("burgrave", 3, 5), ("burgrave", 2, 8), ("dice-realm", 3, 4)])
def test_kept_parts_draw_the_same_page_as_a_fresh_drawing(
        fake_dom: OfflineDocument, game_id: str, players: int, seed: int) -> None:
    seats = [Seat(name=n) for n in ["Ana", "Ben", "Cid", "Dee"][:players - 1]]
    seats.append(Seat(name="Bot", kind="bot", bot="easy"))
    kept, kept_root, kept_timers = open_table(fake_dom, game_id, seats, seed, keep=True)
    fresh, fresh_root, fresh_timers = open_table(fake_dom, game_id, seats, seed, keep=False)
    rng = random.Random(seed)
    for tap in range(400):
        if kept.game.is_over(kept.state):
            break
        kept_timers.run_all()
        fresh_timers.run_all()
        assert kept.record.actions == fresh.record.actions
        assert page(kept_root) == page(fresh_root), f"tap {tap}"
        roll = rng.random()
        if roll < 0.3:  # a redraw with nothing changed (a setting): no motion drawn after it
            for table in (kept, fresh):
                table.redraw()
            assert page(kept_root) == page(fresh_root), f"tap {tap}, redrawn"
        if roll < 0.03:
            for table in (kept, fresh):
                table.help.toggle()
            continue
        if roll < 0.06 and kept.undo_status()[0]:
            for table in (kept, fresh):
                table.undo()
            continue
        offers = taps(kept_root)
        if not offers:
            continue  # a computer's turn (read-only): it plays at the next run of the timers
        # Mostly doing something, so the game moves on; passing now and then, so offers also
        # vanish with nothing else changed.
        active = [o for o in offers if o.getAttribute("data-testid") != "action-pass"]
        pool = offers if rng.random() < 0.2 else active or offers
        testid = rng.choice(pool).getAttribute("data-testid")
        for root in (kept_root, fresh_root):
            node = root.by_testid(testid)
            assert node is not None, testid
            node.click()
    assert kept.moves > 40  # the game really went on
    parts = getattr(kept.screen, "parts", None)
    fresh_parts = getattr(fresh.screen, "parts", None)
    assert parts is not None and fresh_parts is not None
    assert parts.drawn < fresh_parts.drawn / 2  # most parts were kept, not drawn again


def test_patch_leaves_kept_children_in_place(fake_dom: OfflineDocument) -> None:
    """``dom.patch`` never takes a kept child out of the page: the browser would lay it out
    again. Dropped children go, new ones go in before the kept ones that follow."""
    parent = fake_dom.createElement("div")
    a, b, c, d = (fake_dom.createElement(tag) for tag in ("a", "b", "i", "p"))
    dom.patch(parent, [a, b, c])
    inserted: list[OfflineNode] = []
    append, insert = parent.append, parent.insertBefore

    def spy_append(child: OfflineNode) -> None:
        inserted.append(child)
        append(child)

    def spy_insert(child: OfflineNode, before: OfflineNode) -> OfflineNode:
        inserted.append(child)
        return insert(child, before)

    parent.append = spy_append  # type: ignore[method-assign]
    parent.insertBefore = spy_insert  # type: ignore[method-assign]
    dom.patch(parent, [a, d, c, "end"])
    assert parent.children[:3] == [a, d, c] and parent.children[3].text == "end"
    assert inserted[0] is d and a not in inserted and c not in inserted
    assert b.parent is None
    dom.patch(parent, [c, None])
    assert parent.children == [c]
