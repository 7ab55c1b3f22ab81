"""Motion that explains (issue 13), on CPython through the fake DOM: after each tap the pieces
that changed in the engine's views — and only those — are marked to move, from the right place;
the marks are placed before paint from measured boxes; the style sheets give every motion at
most 400 ms and the global reduced-motion rule switches them all off.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from screen_host import ScreenHost
from table_owner import Owner
from test_burgrave_screen import burgrave_host
from test_computer_turns import Timers
from test_dice_realm_screen import dice_host

from kingdoms.burgrave.game import GAME as BURGRAVE
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session
from kingdoms.dice_realm.actions import TAKE_PENALTY
from kingdoms.dice_realm.game import GAME as DICE_REALM
from kingdoms_web.games.burgrave import motion as burgrave_motion
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode
from kingdoms_web.play import motion
from kingdoms_web.play.motion import FROM, PATH, Rect
from kingdoms_web.play.table import GameTable

PUBLIC = Path(__file__).resolve().parents[2] / "public"
MOTION_CLASSES = {"burgrave.css": ("bg-walk", "bg-slide", "bg-enter", "bg-climb", "bg-pop",
                                   "bg-delta"),
                  "dice-realm.css": ("dr-fly", "dealt", "slid", "rolling")}


def nearest_testid(node: OfflineNode | None, prefix: str) -> str | None:
    """The test id starting with ``prefix`` on ``node`` or its nearest ancestor with one."""
    while node is not None:
        testid = node.attrs.get("data-testid", "")
        if testid.startswith(prefix):
            return testid
        node = node.parent
    return None


def marked(root: OfflineNode, cls: str) -> list[OfflineNode]:
    return root.querySelectorAll(f".{cls}")


# --------------------------------------------------------------------------- Burgrave


def burgrave_expected(before: dict[str, Any], after: dict[str, Any],
                      viewer: int) -> dict[str, Any]:
    """What should move, read independently from two of the engine's views."""
    walks, scores, climbs, line = set(), {}, 0, {}
    for seat, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        moved = new["last_move"]
        new_move = moved is not None and moved != old["last_move"] and len(moved["path"]) > 1
        if new_move or (old["space"] != new["space"] and min(old["space"], new["space"]) >= 0):
            # Playing forward, every change of space is a move the view tells the way of.
            assert moved is not None and moved["path"][0] == old["space"]
            assert moved["path"][-1] == new["space"]
            walks.add((f"space-{new['space']}", " ".join(f"space-{s}" for s in moved["path"])))
        if old["score"] != new["score"]:
            scores[seat] = new["score"] - old["score"]
    for old_seg, new_seg in zip(before["segments"], after["segments"], strict=True):
        for tier in (1, 2, 3):
            climbs += sum(new > old for old, new in zip(old_seg["castle"][f"tier{tier}"],
                                                       new_seg["castle"][f"tier{tier}"],
                                                       strict=True))
    old_line = before["players"][viewer]["line"]
    for slot, card in enumerate(after["players"][viewer]["line"]):
        if card not in old_line:
            line[slot] = "bg-enter"
        elif old_line.index(card) != slot:
            line[slot] = f"bg-slide {slot - old_line.index(card)}"
    return {"walks": walks, "scores": scores, "climbs": climbs, "line": line}


def burgrave_shown(host: ScreenHost) -> dict[str, Any]:
    """What the board marked to move."""
    root = host.root
    board = root.by_testid("board")
    assert board.querySelectorAll(f"[{FROM}]") == []  # playing forward: no straight hops
    walks = {(nearest_testid(node, "space-"), node.attrs[PATH]) for node in
             board.querySelectorAll(f"[{PATH}]")}
    scores = {}
    for node in root.querySelectorAll('[data-testid^="score-delta-"]'):
        seat = int(node.attrs["data-testid"].removeprefix("score-delta-"))
        assert "bg-pop" in node.parent.className.split()
        text = node.textContent
        scores[seat] = int(text[1:]) * (1 if text[0] == "+" else -1)
    assert len(marked(root, "bg-pop")) == len(scores)
    line = {}
    for node in root.querySelectorAll('[data-testid^="line-"]'):
        parts = node.attrs["data-testid"].split("-")
        if len(parts) != 3:
            continue
        classes = node.className.split()
        if "bg-enter" in classes:
            line[int(parts[2])] = "bg-enter"
        elif "bg-slide" in classes:
            line[int(parts[2])] = f"bg-slide {node.style.getPropertyValue('--shift')}"
    return {"walks": walks, "scores": scores, "climbs": len(marked(root, "bg-climb")),
            "line": line}


def test_burgrave_marks_exactly_what_the_engine_views_changed(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 11)
    rng = random.Random(11)
    seen = {"walks": 0, "scores": 0, "climbs": 0, "line": 0}
    for _ in range(600):
        if BURGRAVE.is_over(host.state):
            break
        moves = host.moves
        before = BURGRAVE.view(host.state, None)
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or offers).click()
        shown = burgrave_shown(host)
        if host.moves == moves:  # a local step (a building chosen): nothing replays
            assert shown == {"walks": set(), "scores": {}, "climbs": 0, "line": {}}
            continue
        after = BURGRAVE.view(host.state, None)
        expected = burgrave_expected(before, after, host.viewer)
        assert shown == expected
        for key in seen:
            seen[key] += bool(expected[key])
        if min(seen.values()) >= 3:
            break
    assert all(seen.values()), seen  # every kind of motion came up and was checked


def test_a_computers_moves_show_in_motion_one_step_at_a_time(fake_dom: OfflineDocument) -> None:
    """A computer's turn is redrawn after each of its steps, so each step is shown: its
    burgrave walks the way it went from the space it left, on the board the person is looking
    at."""
    timers = Timers()
    seats = [Seat(name="Ann"), Seat(name="Computer", kind="bot", bot="easy")]
    table = GameTable(Owner(), Session(new_record("burgrave", seats, seed=5)), "s1",
                      schedule=timers.schedule)
    table.computer.clock = timers.clock
    root = fake_dom.createElement("main")
    fake_dom.body.append(root)
    table.mount(root)
    rng = random.Random(5)
    walks = 0
    for _ in range(400):
        if BURGRAVE.is_over(table.state) or walks >= 2:
            break
        seat = BURGRAVE.current_seat(table.state)
        before = BURGRAVE.view(table.state, None)["players"]
        count = len(table.record.actions)
        if seat == 0:
            legal = BURGRAVE.legal_actions(table.state)
            assert table.act(rng.choice([a for a in legal if a.action_type != "pass"] or legal))
            continue
        while len(table.record.actions) == count:
            assert timers.run_one(), "the computer's turn stalled"
        assert len(table.record.actions) == count + 1  # one step, one redraw
        after = BURGRAVE.view(table.state, None)["players"]
        board = root.by_testid("board")
        shown = {nearest_testid(node, "space-"): node.attrs[PATH]
                 for node in (board.querySelectorAll(f"[{PATH}]") if board else [])}
        old, new = before[1]["space"], after[1]["space"]
        if old != new and old >= 0 and board is not None:
            path = after[1]["last_move"]["path"]
            assert path[0] == old and path[-1] == new
            assert shown.get(f"space-{new}") == " ".join(f"space-{s}" for s in path)
            walks += 1
    assert walks >= 2


def _measured(monkeypatch: pytest.MonkeyPatch, reduce: bool = False) -> dict[str, list[Any]]:
    """Boxes for the fake DOM (space ``k``'s pawn row at ``(100k, 10k)``, 60 wide, a pawn at
    its right end), before-paint steps and animations kept to be looked at."""
    def rect(node: OfflineNode) -> Rect | None:
        space = nearest_testid(node, "space-")
        if space is None:
            return None
        k = int(space.removeprefix("space-"))
        if "bg-pawns" in node.className.split():
            return Rect(100.0 * k, 10.0 * k, 60.0, 20.0)
        return Rect(100.0 * k + 30, 10.0 * k, 30.0, 20.0)  # a pawn: the row's right end

    kept: dict[str, list[Any]] = {"painted": [], "animated": []}
    monkeypatch.setattr(motion, "rect", rect)
    monkeypatch.setattr(motion, "before_paint", kept["painted"].append)
    monkeypatch.setattr(motion, "reduced", lambda: reduce)
    monkeypatch.setattr(motion, "animate",
                        lambda node, frames, name: kept["animated"].append((node, frames, name)))
    return kept


def _about_to_move(host: ScreenHost, rng: random.Random) -> tuple[int, list[OfflineNode]]:
    """Play on until a burgrave already on the board is to move: its seat and the offers."""
    for _ in range(400):
        moving = [o for o in host.offers() if o.attrs.get("data-testid", "").startswith("space-")]
        seat = BURGRAVE.current_seat(host.state)
        if moving and seat is not None and \
                BURGRAVE.view(host.state, None)["players"][seat]["space"] >= 0:
            return seat, moving
        offers = host.offers()
        rng.choice([o for o in offers if o.attrs.get("data-testid") != "action-pass"]
                   or offers).click()
    pytest.fail("no move came up")


@pytest.mark.parametrize("reduce", [False, True])
def test_a_move_walks_the_way_the_engine_says_a_hop_per_space(
        fake_dom: OfflineDocument, monkeypatch: pytest.MonkeyPatch, reduce: bool) -> None:
    """The pawn is marked with the spaces the engine's view says it passed and, once laid out,
    walks through each one's pawn row (right-aligned, as the row is) to its own place, one hop
    per space, in at most 400 ms all told; under reduced motion it is marked and stays still."""
    kept = _measured(monkeypatch, reduce)
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 3)
    seat, moving = _about_to_move(host, random.Random(3))
    old = BURGRAVE.view(host.state, None)["players"][seat]["space"]
    kept["painted"].clear()
    target = max(moving, key=lambda o: (int(o.attrs["data-testid"].removeprefix("space-"))
                                        - old) % 10)  # the furthest along the ring
    new = int(target.attrs["data-testid"].removeprefix("space-"))
    target.click()
    path = BURGRAVE.view(host.state, None)["players"][seat]["last_move"]["path"]
    assert path[0] == old and path[-1] == new
    pawn = host.root.by_testid("board").querySelector(f"[{PATH}]")
    assert pawn is not None and nearest_testid(pawn, "space-") == f"space-{new}"
    assert pawn.attrs[PATH] == " ".join(f"space-{s}" for s in path)
    assert FROM not in pawn.attrs
    assert "bg-walk" not in pawn.className.split()  # placed only once laid out
    assert len(kept["painted"]) == 1
    kept["painted"][0]()
    assert "bg-walk" in pawn.className.split()
    if reduce:
        assert kept["animated"] == []
        return
    [(node, frames, name)] = kept["animated"]
    assert node is pawn and name == "bg-walk" and motion.WALK_MS <= 400
    assert len(frames) == 2 * (len(path) - 1) + 1  # a stop and a hop's top per space passed
    for space, frame in zip(path, frames[::2], strict=True):  # each stop: that space's row
        dx, dy = 100.0 * (space - new), 10.0 * (space - new)
        expected = "none" if frame is frames[-1] else f"translate({dx:.1f}px, {dy:.1f}px)"
        assert frame["transform"] == expected
    assert all("scale" in frame["transform"] for frame in frames[1::2])
    assert [f["offset"] for f in frames] == sorted(f["offset"] for f in frames)


def test_an_undo_hops_straight_back(fake_dom: OfflineDocument) -> None:
    """Going back (an undo, the history) is no move of the rules: the view's last move is an
    earlier one, so the pawn hops the straight way from where it was drawn, as before."""
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 3)
    seat, moving = _about_to_move(host, random.Random(3))
    before = BURGRAVE.view(host.state, None)
    old = before["players"][seat]["space"]
    next(o for o in moving if o.attrs["data-testid"] != f"space-{old}").click()
    after = BURGRAVE.view(host.state, None)
    forward = burgrave_motion.plan(before, after)
    assert forward.paths == {seat: tuple(after["players"][seat]["last_move"]["path"])}
    assert forward.walks == {}
    back = burgrave_motion.plan(after, before)
    assert back.paths == {} and back.walks == {seat: after["players"][seat]["space"]}


def test_a_full_lap_is_walked_though_the_space_is_the_same() -> None:
    """A lap ends where it began (spec: "A full lap is allowed"); the view's last move is a new
    one (a later turn), so the pawn still walks it."""
    lap = [10, 11, 12, 13, 14, 10]
    player = {"name": "Ana", "space": 10, "line": [], "score": 0}
    before = {"players": [{**player, "last_move": {"path": [5, 10], "turn": 2}}], "segments": []}
    after = {"players": [{**player, "last_move": {"path": lap, "turn": 4}}], "segments": []}
    assert burgrave_motion.plan(before, after).paths == {0: tuple(lap)}
    assert burgrave_motion.plan(after, dict(after, round=1)).paths == {}  # the same move


def test_without_a_layout_nothing_is_started(fake_dom: OfflineDocument) -> None:
    """On CPython (no boxes to measure) a marked pawn stays where it is drawn."""
    root = fake_dom.createElement("div")
    space = fake_dom.createElement("div")
    space.setAttribute("data-testid", "space-3")
    pawn = fake_dom.createElement("span")
    pawn.setAttribute(FROM, "space-3")
    root.append(space)
    root.append(pawn)
    assert burgrave_motion.place(root) == 0
    assert pawn.className == ""
    pawn.removeAttribute(FROM)
    pawn.setAttribute(PATH, "space-3 space-4")
    assert burgrave_motion.place(root) == 0
    assert pawn.className == ""


def test_the_same_view_twice_is_no_motion(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 5)
    view = BURGRAVE.view(host.state, host.viewer)
    assert burgrave_motion.plan(view, dict(view)) == burgrave_motion.NO_MOTION
    assert burgrave_motion.plan(None, view) == burgrave_motion.NO_MOTION


# --------------------------------------------------------------------------- Dice Realm


def fliers(host: ScreenHost) -> dict[str, str]:
    """Realm chip's aria-label -> where it flies from."""
    return {node.attrs["aria-label"]: node.attrs[FROM]
            for node in host.root.querySelectorAll(f"[{FROM}]")}


def test_claimed_cards_fly_to_the_realm_and_the_row_slides_by_slots(
        fake_dom: OfflineDocument, monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = {"citizen-": Rect(0, 0, 90, 120), "village-": Rect(0, -60, 90, 50)}

    def rect(node: OfflineNode) -> Rect | None:
        testid = node.attrs.get("data-testid", "")
        for prefix, box in boxes.items():
            if testid.startswith(prefix):
                return box
        return Rect(400, 300, 30, 26) if "dr-chip" in node.className.split() else None

    painted: list[Any] = []
    monkeypatch.setattr(motion, "rect", rect)
    monkeypatch.setattr(motion, "before_paint", painted.append)
    checked = {"village": 0, "penalty": 0, "slide": 0}
    for seed in range(1, 40):
        host = dice_host(fake_dom, 2, seed)
        rng = random.Random(seed)
        for _ in range(200):
            if DICE_REALM.is_over(host.state) or all(checked.values()):
                break
            view = DICE_REALM.view(host.state, None)
            legal = DICE_REALM.legal_actions(host.state)
            action = rng.choice(legal)
            painted.clear()
            assert host.act(action)
            if DICE_REALM.is_over(host.state):  # the end screen, not the board
                break
            row = [slot["card"]["id"] if slot["card"] else None for slot in view["row"]]
            for node in host.root.querySelectorAll(".slid"):  # slid by the slots it moved
                slot = int(node.attrs["data-testid"].removeprefix("citizen-"))
                moved = slot - row.index(node.attrs["data-card"])
                assert moved and node.style.getPropertyValue("--shift") == str(moved)
                checked["slide"] += 1
            if action.action_type == "claim":
                row = view["row"][action.slot]
                if row["card"]["ability"] == "dragon":  # it is given away first
                    continue
                found = set(fliers(host).values())
                assert f"citizen-{action.slot}" in found
                if row["founds_village"] and action.village:
                    assert f"village-{action.slot}" in found
                    checked["village"] += 1
                assert len(painted) == 1
                painted[0]()
                chips = host.root.querySelectorAll(".dr-fly")
                assert len(chips) == len(found)
                citizen = next(c for c in chips if c.attrs[FROM] == f"citizen-{action.slot}")
                assert citizen.style.getPropertyValue("--from-x") == "-370.0px"
                assert citizen.style.getPropertyValue("--from-y") == "-253.0px"
                assert citizen.style.getPropertyValue("--from-scale") == "3.00"
                host.redraw()  # the same position drawn again (odds switched): nothing flies
                assert fliers(host) == {}
            elif action == TAKE_PENALTY:
                assert set(fliers(host).values()) == {"penalty-pile"}
                checked["penalty"] += 1
            elif action.action_type != "give_dragon":
                assert fliers(host) == {} and painted == []  # a roll, a flip: nothing flies
        if all(checked.values()):
            break
    assert all(checked.values()), checked


# --------------------------------------------------------------------------- the style sheets


ANIMATION = re.compile(r"animation:\s*([\w-]+)\s+(\d+(?:\.\d+)?)(ms|s)\b")


@pytest.mark.parametrize("sheet", list(MOTION_CLASSES))
def test_every_motion_is_short_and_defined(sheet: str) -> None:
    css = (PUBLIC / sheet).read_text(encoding="utf-8")
    for cls in MOTION_CLASSES[sheet]:
        rules = [body for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css)
                 if re.search(rf"\.{cls}\b", selector) and "animation:" in body]
        assert rules, f".{cls} has no animation"
        for body in rules:
            name, amount, unit = ANIMATION.search(body).groups()  # type: ignore[union-attr]
            ms = float(amount) * (1000 if unit == "s" else 1)
            assert ms <= 400, f".{cls}: {ms} ms"
            assert f"@keyframes {name}" in css, name


def test_reduced_motion_switches_every_animation_off() -> None:
    """One global rule, so no game's motion can forget it: under ``reduce`` every element's
    animations and transitions are off (the e2e test checks the browser applies it)."""
    css = (PUBLIC / "app.css").read_text(encoding="utf-8")
    block = re.search(r"@media \(prefers-reduced-motion: reduce\)\s*\{(.*?)\n\}", css, re.S)
    assert block is not None
    body = block.group(1)
    assert re.search(r"\*,\s*\*::before,\s*\*::after\s*\{", body)
    assert "animation: none !important" in body and "transition: none !important" in body
