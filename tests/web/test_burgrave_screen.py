"""The Burgrave screen on CPython, through a tiny fake DOM: whole games played by tapping the
offered controls, the privacy rule (only the viewer's hand is drawn), the log and the end
breakdown, and every visible string coming from the catalog.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from screen_host import ScreenHost

from kingdoms.burgrave.game import GAME
from kingdoms.core.text import render
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as burgrave_model
from kingdoms_web.games.burgrave import screen as burgrave_screen
from kingdoms_web.offline_dom import OfflineDocument


def burgrave_host(doc: OfflineDocument, names: list[str], seed: int) -> ScreenHost:
    """A Burgrave game of ``names`` on the shared screen host."""
    return ScreenHost(doc, "burgrave", names, seed)


def play(host: ScreenHost, rng: random.Random, cap: int = 6000) -> int:
    taps = 0
    while not GAME.is_over(host.state) and taps < cap:
        prompt = GAME.prompt(host.state)
        shown = host.root.by_testid("end-warning")
        assert (shown is not None) == bool(prompt and prompt.warnings)
        if shown is not None:
            host.warned += 1
        offers = host.offers()
        assert offers, "a decision with no offered control"
        # Prefer doing something over passing, so games end in reasonable time.
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        choice = rng.choice(active or offers)
        choice.click()
        taps += 1
    return taps


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 11), (4, 23)])
def test_whole_game_by_taps_matches_the_engine(fake_dom: OfflineDocument, players: int,
                                               seed: int) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid", "Dee"][:players], seed)
    play(host, random.Random(seed))
    assert GAME.is_over(host.state)
    assert host.warned  # the end was announced on the board before it came
    result = GAME.result(host.state)
    view = GAME.view(host.state, None)
    details = host.screen.end_details(view)
    box = fake_dom.createElement("div")
    for node in details:
        box.append(node)
    for score in result.scores:
        cell = box.by_testid(f"breakdown-{score.seat}-total")
        assert cell is not None and cell.textContent == str(score.total)
        for key, value in score.breakdown.items():
            node = box.by_testid(f"breakdown-{score.seat}-{key}")
            assert node is not None and node.textContent == str(value)
    assert host.root.by_testid("log") is not None


def test_every_legal_action_has_exactly_one_control(fake_dom: OfflineDocument) -> None:
    from kingdoms_web.games.burgrave import model as M

    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 3)
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(1500):
        if GAME.is_over(host.state):
            break
        view = GAME.view(host.state, host.viewer)
        legal = GAME.legal_actions(host.state)
        engine = GAME.prompt(host.state)
        for action in legal:
            prompt = M.build_prompt(engine, building=getattr(action, "building", None))
            assert prompt is not None
            path = M.control_path(action, view, prompt)
            assert path and path[-1] in {o.testid for o in prompt.offers}
            seen.add(action.action_type)
        offered = [o.action for o in M.build_prompt(engine).offers if o.action]
        assert all(a in legal for a in offered)
        active = [o for o in host.offers() if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or host.offers()).click()
    assert {"play_card", "move", "trade", "build", "hire", "choose_pair"} <= seen


def test_only_the_viewers_hand_is_drawn(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 7)
    rng = random.Random(1)
    while GAME.view(host.state, None)["decision"]["kind"] == "choose_pair":
        host.offers()[0].click()
    for _ in range(60):
        viewer = host.viewer
        assert viewer is not None
        hands = host.root.querySelectorAll('[data-testid="hand"]')
        assert len(hands) == 1
        mine = GAME.view(host.state, viewer)["players"][viewer]["hand"]
        cards = hands[0].querySelectorAll('[data-testid^="hand-card-"]')
        assert len(cards) == len(mine)
        board = host.root.by_testid(f"player-board-{viewer}")
        assert board is not None and board.querySelector('[data-testid="hand"]') is not None
        for seat in range(3):
            if seat != viewer:
                other = host.root.by_testid(f"player-board-{seat}")
                assert other is not None and other.querySelector('[data-testid="hand"]') is None
        rng.choice(host.offers()).click()


def test_log_keeps_the_engines_sentences_and_rebuilds_on_resume(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 9)
    play(host, random.Random(2), cap=40)
    log = host.root.by_testid("log")
    assert log is not None
    first = [n.textContent for n in log.querySelectorAll("li")]
    assert first and all(first)
    # A fresh screen on the same record (a resumed game) rebuilds the same log.
    fresh = burgrave_screen.BurgraveScreen(host)
    host.screen = fresh
    host.redraw()
    log = host.root.by_testid("log")
    assert log is not None
    assert [n.textContent for n in log.querySelectorAll("li")] == first


def test_prompt_explains_an_off_turn_choice(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 4)
    rng = random.Random(4)
    for _ in range(4000):
        if GAME.is_over(host.state):
            break
        view = GAME.view(host.state, None)
        if view["decision"]["seat"] != view["turn_seat"] and view["decision"]["kind"] != \
                "choose_pair":
            why = host.root.by_testid("prompt-why")
            assert why is not None and view["players"][view["turn_seat"]]["name"] in \
                why.textContent
            return
        active = [o for o in host.offers() if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or host.offers()).click()
    pytest.fail("no off-turn decision came up")


def test_building_is_chosen_before_the_spot(fake_dom: OfflineDocument) -> None:
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 12)
    rng = random.Random(12)
    for _ in range(4000):
        builds = host.root.querySelectorAll('[data-testid^="action-build-"]')
        if builds:
            builds[0].click()
            spots = host.root.querySelectorAll('[data-testid^="spot-"][data-offer]')
            assert spots
            before = len(host.record.actions)
            spots[0].click()
            assert len(host.record.actions) == before + 1
            assert host.record.actions and GAME.decode_action(
                host.record.actions[-1]).action_type == "build"
            return
        active = [o for o in host.offers() if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or host.offers()).click()
    pytest.fail("no build came up")


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for path in Path(burgrave_screen.__file__).parent.glob("*.py"):
        keys |= set(re.findall(r'"(burgrave\.[a-z0-9_.]+)"', path.read_text()))
    keys.discard("burgrave.css")  # the UI's style sheet: a file name, not a key
    return keys


def test_every_literal_key_is_in_the_catalog() -> None:
    missing = [k for k in _used_keys() if i18n.lookup(k) is None
               and i18n.lookup(k + ".one") is None]
    assert missing == []


def test_every_visible_text_is_from_the_catalog_or_the_engine(fake_dom: OfflineDocument) -> None:
    """No text node shows a raw catalog key (a missing translation shows as its key)."""
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid", "Dee"], 31)
    rng = random.Random(31)
    for _ in range(300):
        if GAME.is_over(host.state):
            break
        text = host.root.textContent
        assert "burgrave." not in text, re.findall(r"burgrave\.[a-z_.0-9]+", text)[:3]
        for node in host.root.walk():
            for attr in ("aria-label", "title"):
                value = node.attrs.get(attr, "")
                assert "burgrave." not in value, value
        active = [o for o in host.offers() if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or host.offers()).click()


def test_since_your_last_turn_recaps_the_others_moves(fake_dom: OfflineDocument) -> None:
    """Issue 12, hot-seat: when a person's decision comes, the others' moves since that person
    last acted are listed (the engine's sentences), and the recap goes once they act."""
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 31)
    rng = random.Random(31)
    shown = 0
    for _ in range(200):
        prompt = GAME.prompt(host.state)
        assert prompt is not None
        steps = list(host.session.steps(0, host.moves))
        since = []
        for step in reversed(steps):
            if step.seat == prompt.seat:
                break
            since.append(render(GAME.describe(step.before, step.action, step.after)))
        recap = host.root.by_testid("recap")
        if since:
            assert recap is not None
            assert [li.textContent for li in recap.querySelectorAll("li")] == since[::-1]
            shown += 1
        else:
            assert recap is None
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or offers).click()
    assert shown > 20


def test_a_move_that_reveals_cards_asks_for_a_second_tap(fake_dom: OfflineDocument) -> None:
    """Issue 12: irreversible taps are safe. A prompt button whose move Undo could not take back
    (the engine: it reveals a card) is confirmed inline by a second tap when there was
    something else to do; a move Undo can take back is made at once. Checked against the
    engine's own states, not the choice's flags."""
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 12)
    rng = random.Random(12)
    asked = direct = 0
    for _ in range(400):
        if GAME.is_over(host.state) or (asked and direct):
            break
        buttons = [o for o in host.offers() if o.tagName == "BUTTON"
                   and o.attrs.get("data-testid", "").startswith("action-")]
        prompt = host.screen.prompt
        offers = {o.testid: o for o in prompt.offers} if prompt else {}
        target = next((b for b in buttons if offers.get(b.attrs["data-testid"])
                       and offers[b.attrs["data-testid"]].action is not None), None)
        if target is None:
            rng.choice(host.offers()).click()
            continue
        action = offers[target.attrs["data-testid"]].action
        reveals = GAME.reveals_information(host.state, action, GAME.apply(host.state, action))
        alone = len(GAME.legal_actions(host.state)) == 1
        moves = host.moves
        target.click()
        if reveals and not alone:
            assert host.moves == moves
            again = host.root.by_testid(target.attrs["data-testid"])
            assert again is not None and "is-confirming" in again.className.split()
            assert "cannot be undone" in again.textContent
            again.click()
            asked += 1
        else:
            direct += 1
        assert host.moves == moves + 1
    assert asked and direct


def test_a_move_that_forfeits_the_primary_action_is_confirmed(fake_dom: OfflineDocument) -> None:
    """Issue 16: a wrong tap must not end a turn unasked. A space where nothing can be afforded
    (the engine's ``forfeits``) waits for a second tap and says why under the prompt; Cancel
    takes the question back; the second tap on it moves."""
    rng = random.Random(5)
    for seed in range(40):
        host = burgrave_host(fake_dom, ["Ana", "Ben"], seed)
        for _ in range(300):
            if GAME.is_over(host.state):
                break
            prompt = GAME.prompt(host.state)
            assert prompt is not None
            risky = [c for c in prompt.choices if c.forfeits is not None and c.place == "space"]
            if not risky:
                active = [o for o in host.offers()
                          if o.attrs.get("data-testid") != "action-pass"]
                node = rng.choice(active or host.offers())
                node.click()
                if "is-confirming" in (host.root.by_testid(node.attrs["data-testid"]) or
                                       node).className.split():
                    host.root.by_testid(node.attrs["data-testid"]).click()
                continue
            testid = f"space-{risky[0].key}"
            moves = host.moves
            host.root.by_testid(testid).click()
            assert host.moves == moves, "the first tap only asks"
            note = host.root.by_testid("confirm-note")
            assert note is not None and "Nothing you can afford there" in note.textContent
            assert "is-confirming" in host.root.by_testid(testid).className.split()
            host.root.by_testid("confirm-cancel").click()
            assert host.root.by_testid("confirm-note") is None and host.moves == moves
            host.root.by_testid(testid).click()
            host.root.by_testid(testid).click()
            assert host.moves == moves + 1
            return
    pytest.fail("no move that forfeits the primary action came up")


def test_the_rivals_board_shows_no_hand_or_line(fake_dom: OfflineDocument) -> None:
    """Spec, "Solo": the rival plays schemes, never cards. Its board once showed an empty line
    of three slots and "0 in hand", which a player took for cards it would play."""
    host = burgrave_host(fake_dom, ["Ana"], 8)
    play(host, random.Random(8), cap=30)
    rival = int(GAME.view(host.state, None)["rival"]["seat"])
    host.screen.opened.add(rival)
    host.redraw()
    board = host.root.by_testid(f"player-board-{rival}")
    assert board is not None and board.querySelector(".bg-player-body") is not None
    assert board.querySelector(f'[data-testid="line-{rival}"]') is None
    assert "hand" not in board.querySelector(".bg-opp-meta").attrs["aria-label"]
    mine = host.root.by_testid("player-board-0")
    assert mine is not None and mine.querySelector('[data-testid="line-0"]') is not None


def test_a_solo_game_names_the_rival_in_the_players_language(fake_dom: OfflineDocument) -> None:
    """Issue 14: in German the rival is "Rivale" everywhere a reader meets it — on the board
    (pawn and building labels, the status line), in the log and in the end table — never the
    record's English seat name "Rival"."""
    i18n.set_language("de")
    try:
        host = burgrave_host(fake_dom, ["Ana"], 8)
        rng = random.Random(8)
        seen: list[str] = []
        while not GAME.is_over(host.state):
            seen.append(host.root.textContent)
            seen += [node.attrs.get(attr, "") for node in host.root.walk()
                     for attr in ("aria-label", "title")]
            active = [o for o in host.offers() if o.attrs.get("data-testid") != "action-pass"]
            rng.choice(active or host.offers()).click()
        box = fake_dom.createElement("div")
        for node in host.screen.end_details(GAME.view(host.state, None)):
            box.append(node)
        seen.append(box.textContent)
    finally:
        i18n.set_language("en")
    shown = "\n".join(seen)
    assert "Rivale" in box.textContent and "Rivale" in shown
    assert re.findall(r".{30}\bRival\b.{30}", shown) == []


def test_a_solo_rival_shows_its_scheme_every_turn(fake_dom: OfflineDocument) -> None:
    """Issue 26, "a rival you can read": from the rival's first turn on, the scheme it flipped
    is named in the prompt's first line and shown face up with its instructions (the engine's
    words) among the boards, with its board, line, piles and score so far; the name opens
    the same in a dialog."""
    from kingdoms.burgrave.solo_view import scheme_text
    from kingdoms.core.text import Text

    i18n.set_language("en")
    host = burgrave_host(fake_dom, ["Ana"], 4)
    rng = random.Random(4)
    seen = 0
    for _ in range(120):
        if GAME.is_over(host.state):
            break
        rival = host.state.rival
        assert rival is not None
        block = host.root.by_testid("rival-block")
        assert block is not None
        if rival.line:
            card = block.by_testid("rival-scheme-card")
            assert card is not None
            assert i18n.say(scheme_text(rival.line[0])) in card.textContent
            view = GAME.view(host.state, 0)["rival"]
            assert view is not None
            assert i18n.t("burgrave.rival.so_far", name=i18n.t("burgrave.rival.name"),
                          count=view["score"]["total"]) in block.textContent
            opener = host.root.by_testid("rival-scheme-open")
            assert opener is not None
            assert i18n.say(Text(f"burgrave.scheme.{view['scheme']}")) in opener.textContent
            seen += 1
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        chosen = rng.choice(active or offers).attrs["data-testid"]
        host.node(chosen).click()
        if host.root.by_testid("confirm-note") is not None:  # asked twice: confirm
            host.node(chosen).click()
    assert seen > 20


def test_the_rivals_turn_is_its_own_entry(fake_dom: OfflineDocument) -> None:
    """Issue 26: the rival's turn was logged inside the person's own entry ("Solo discards the
    Novice. The rival plays Levy…"). It is now an entry of its own in "what happened", in the
    recap of what happened since the person's last move, and in the history."""
    from kingdoms.burgrave.solo_view import rival_log
    from kingdoms.core.session import Session
    from kingdoms_web.play.history import action_log

    i18n.set_language("en")
    host = burgrave_host(fake_dom, ["Ana"], 4)
    rng = random.Random(4)
    turns = 0
    while turns < 3 and not GAME.is_over(host.state):
        before = host.state
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        chosen = rng.choice(active or offers).attrs["data-testid"]
        host.node(chosen).click()
        if host.root.by_testid("confirm-note") is not None:
            host.node(chosen).click()
        if host.state is before:
            continue
        said = rival_log(before, host.state)
        if said is None:
            continue
        turns += 1
        rival_line = i18n.say(said)
        entries = [li.textContent for li in host.root.by_testid("log").querySelectorAll("li")]
        assert entries[0] == rival_line  # newest first: the rival's turn, then the move
        assert rival_line not in entries[1]
        assert host.screen.log.since_last_turn(0) == [rival_line]
        history = [line.text for line in action_log(Session(host.record))]
        assert history[-1] == rival_line and rival_line not in history[-2]
    assert turns == 3


def test_every_seats_points_are_in_the_dock(fake_dom: OfflineDocument) -> None:
    """Issue 26 ("every seat's points are visible without scrolling"): the dock's title row,
    always on screen, shows the viewer's points and every other seat's beside them, as the
    engine scores them, and a score that changed pops there."""
    host = burgrave_host(fake_dom, ["Ana", "Ben", "Cid"], 41)
    rng = random.Random(41)
    popped = 0
    for _ in range(150):
        view = GAME.view(host.state, None)
        viewer = GAME.prompt(host.state).seat
        dock = host.root.by_testid(f"player-board-{viewer}")
        row = dock.by_testid("standings")
        assert row is not None
        for seat, player in enumerate(view["players"]):
            chip = row.by_testid(f"standing-{seat}")
            if seat == viewer:
                assert chip is None
                assert dock.by_testid(f"score-{seat}").textContent.startswith(
                    str(player["score"]))
                continue
            assert chip is not None
            assert (chip.by_testid(f"score-delta-{seat}") is not None) == \
                ("bg-pop" in chip.className.split())
            assert chip.querySelectorAll(".num")[0].textContent == str(player["score"])
            assert f"{player['name']}: " in row.attrs["aria-label"]
            popped += "bg-pop" in chip.className.split()
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or offers).click()
    assert popped  # others scored while this seat watched


def test_a_card_to_hire_shows_its_face(fake_dom: OfflineDocument) -> None:
    """Issue 26, "hire prompts show the card face (icons, value, effect)": each button of a
    hire question carries the card's value coin and icons before its words; the cards to
    choose from (a free hire) stand as cards (``prompt-cards``), the hand folded beside."""
    host = burgrave_host(fake_dom, ["Ana", "Ben"], 7)
    rng = random.Random(7)
    kinds: set[str] = set()
    for _ in range(2000):
        prompt = GAME.prompt(host.state)
        if prompt is not None and prompt.kind in ("hire", "hire_free"):
            view = GAME.view(host.state, None)
            for choice in prompt.choices:
                if choice.about is None:
                    continue
                segment = view["segments"][choice.about[1]]
                info = burgrave_model.townsfolk_info(segment)
                button = next(o for o in host.offers()
                              if o.attrs.get("data-testid") == burgrave_model.testid_for(choice))
                face = button.querySelectorAll(".bg-option-face")
                assert len(face) == 1
                assert face[0].querySelectorAll(".bg-card-value")[0].textContent == \
                    str(info["value"])
                assert len(face[0].querySelectorAll(".bg-icon")) == len(info["icons"])
            asks = host.root.querySelectorAll(".bg-screen")[0].attrs["data-asks"]
            assert asks == ("prompt-cards" if prompt.kind == "hire_free" else "prompt")
            kinds.add(prompt.kind)
            if len(kinds) == 2:
                break
        if GAME.is_over(host.state):
            break
        offers = host.offers()
        active = [o for o in offers if o.attrs.get("data-testid") != "action-pass"]
        rng.choice(active or offers).click()
    assert kinds == {"hire", "hire_free"}
