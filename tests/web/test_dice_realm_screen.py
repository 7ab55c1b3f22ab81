"""The Dice Realm screen on CPython, through the fake DOM: whole seeded games played to the end by
tapping the controls the screen draws (hold dice, roll, stop, claim, flip, take a scoundrel, give
a dragon), the board checked against the engine's view after every tap, every visible string
coming from the catalog, and the end screen's realms.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from screen_host import ScreenHost

from kingdoms.core.protocol import Seat
from kingdoms.core.records import GameRecord, append, new_record
from kingdoms.core.session import replay
from kingdoms.dice_realm import odds as dr_odds
from kingdoms.dice_realm.actions import CLAIMS, CLAIMS_CITIZEN_ONLY, FLIPS, GIVES, Roll
from kingdoms.dice_realm.content import CARD_NUMBER, CITIZENS
from kingdoms.dice_realm.game import GAME
from kingdoms_web import i18n
from kingdoms_web.games.dice_realm import screen as dice_realm_screen
from kingdoms_web.games.dice_realm.screen import ODDS_SETTING
from kingdoms_web.games.dice_realm.text import card_name
from kingdoms_web.offline_dom import OfflineDocument, OfflineNode

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]


def dice_host(doc: OfflineDocument, players: int, seed: int,
             record: GameRecord | None = None,
             settings: dict[str, Any] | None = None) -> ScreenHost:
    """A Dice Realm game of ``players`` (or ``record``) on the shared screen host."""
    return ScreenHost(doc, "dice-realm", NAMES[:players], seed, record, settings)


def odds_boxes(host: ScreenHost) -> dict[int, OfflineNode]:
    """Row slot -> the odds box drawn on its citizen."""
    return {int(n.attrs["data-testid"].removeprefix("odds-")): n
            for n in host.nodes("odds-") if n.attrs["data-testid"] != "odds-toggle"}


# --------------------------------------------------------------------------- checks


_RAW_KEY = re.compile(r"dice-realm\.[a-z_.0-9]+")
_FIELD = re.compile(r"\{[a-z_]+\}")


def assert_all_text_translated(root: OfflineNode) -> None:
    """No raw catalog key and no unfilled ``{field}`` in any text, label or tooltip."""
    texts = [root.textContent]
    for node in root.walk():
        texts += [node.attrs.get("aria-label", ""), node.attrs.get("title", "")]
    for text in texts:
        assert not _RAW_KEY.search(text), _RAW_KEY.findall(text)[:3]
        assert not _FIELD.search(text), text


def assert_board_matches_the_engine(host: ScreenHost) -> None:
    view = GAME.view(host.state, host.viewer)
    prompt = GAME.prompt(host.state)
    warning = host.root.by_testid("end-warning")
    assert (warning is not None) == bool(prompt and prompt.warnings)
    if warning is not None:
        host.warned += 1
    board = host.node("dice-realm")
    assert board.attrs["data-phase"] == view["phase"]
    assert board.attrs["data-current"] == str(view["current_seat"])
    assert board.attrs["data-turn"] == str(view["turn"])
    assert board.attrs["data-rolls-left"] == str(view["dice"]["rolls_left"])
    values = view["dice"]["values"]
    for die in range(6):
        shown = host.node(f"die-{die}").attrs["data-value"]
        assert shown == ("" if values is None else str(values[die]))
    met = {c.key for c in prompt.choices if c.place == "slot"} if prompt else set()
    for slot in view["row"]:
        citizen = host.node(f"citizen-{slot['slot']}")
        card = slot["card"]
        assert citizen.attrs.get("data-card") == (card["id"] if card else None)
        if card is not None:
            assert citizen.attrs["data-met"] == ("true" if slot["slot"] in met else "false")
            assert card_name(card) in citizen.textContent
    for village in view["villages"]:
        assert host.node(f"village-{village['slot']}").attrs["data-count"] == str(
            village["count"])
    assert host.node("penalty-pile").attrs["data-count"] == str(view["penalty_pile"]["count"])
    assert host.node("draw-pile").textContent == "Draw pile" + str(view["draw_count"])
    for player in view["players"]:
        seat = player["seat"]
        assert host.node(f"score-{seat}").textContent == str(player["score"])
        chips = host.node(f"player-{seat}").querySelectorAll('[role="img"]')
        assert len(chips) == len(player["realm"])
    assert (host.root.by_testid("penalty") is not None) == any(
        c.action.action_type == "take_penalty" for c in (prompt.choices if prompt else ()))
    gift = host.root.by_testid("gift-chooser")
    assert (gift is not None) == (view["phase"] == "gift")
    if gift is not None:
        offered = {n.attrs["data-testid"] for n in gift.querySelectorAll("button")}
        assert prompt is not None
        assert offered == {f"gift-{c.key}" for c in prompt.choices if c.place == "seat"}
    assert_all_text_translated(host.root)


# --------------------------------------------------------------------------- a player


def enabled(node: OfflineNode | None) -> bool:
    return node is not None and not node.disabled and node.attrs.get("aria-disabled") != "true"


def pick_citizen(met: list[OfflineNode], rng: random.Random) -> OfflineNode:
    """A met citizen, one with an ability (its card shows an icon) when there is one, so the
    abilities come up in these games more often than by chance."""
    special = [c for c in met if c.querySelector("svg") is not None]
    return rng.choice(special or met)


def take(host: ScreenHost, citizen: OfflineNode, rng: random.Random, seen: set[str]) -> None:
    """Tap a citizen, then answer the inline question when the screen asks one: with its
    village mostly, sometimes without (the seed's "puedes quedarte")."""
    moves = len(host.record.actions)
    citizen.click()
    chooser = host.root.by_testid("claim-chooser")
    if chooser is None:
        assert len(host.record.actions) == moves + 1  # nothing to ask: taken at once
        return
    assert len(host.record.actions) == moves  # asked first, nothing played yet
    without = host.root.by_testid("claim-citizen-only")
    # the first-village tip points only at a chooser where a village is at stake
    assert ("data-village" in chooser.attrs) == (without is not None)
    seen.add("chooser-with-village" if without is not None else "chooser-without-village")
    if without is not None and rng.random() < 0.3:
        seen.add("claim-citizen-only")
        without.click()
    else:
        host.node("claim-village").click()
    assert len(host.record.actions) == moves + 1


def take_a_turn_step(host: ScreenHost, rng: random.Random, seen: set[str]) -> None:
    """One decision, taken by tapping what the screen offers."""
    view = GAME.view(host.state, host.viewer)
    phase = view["phase"]
    met = [c for c in host.nodes("citizen-") if c.attrs.get("data-met") == "true"]
    if phase == "gift":
        choice = rng.choice(host.node("gift-chooser").querySelectorAll("button"))
        seen.add("gift")
        choice.click()
        return
    if phase == "choose":
        penalty = host.root.by_testid("penalty")
        if penalty is not None:
            seen.add("penalty")
            penalty.click()
            return
        flips = host.nodes("flip-")
        if flips and rng.random() < 0.4:
            seen.add("flip")
            rng.choice(flips).click()
            return
        seen.add("claim")
        take(host, pick_citizen(met, rng), rng, seen)
        return
    # Rolling: hold a few dice, then claim, stop or roll again.
    roll = host.node("roll")
    if view["dice"]["values"] is None:
        seen.add("roll")
        roll.click()
        return
    for die in rng.sample(range(6), rng.randint(0, 3)):
        node = host.node(f"die-{die}")
        before = node.attrs["aria-pressed"]
        node.click()
        seen.add("hold")
        assert node.attrs["aria-pressed"] != before  # held in place, no redraw needed
    chance = rng.random()
    if met and chance < 0.4:
        seen.add("claim-while-rolling")  # the screen stops the dice, then claims
        take(host, pick_citizen(met, rng), rng, seen)
        return
    if enabled(roll) and ((not met and chance < 0.9) or chance > 0.7):
        held = host.screen.held
        moves = len(host.record.actions)
        seen.add("reroll")
        roll.click()
        assert len(host.record.actions) == moves + 1
        assert GAME.decode_action(host.record.actions[-1]) == Roll(keep=held)
        return
    stop = host.node("stop")
    assert enabled(stop)
    seen.add("stop")
    stop.click()


def play(host: ScreenHost, rng: random.Random, seen: set[str], cap: int = 3000) -> None:
    for _ in range(cap):
        if GAME.is_over(host.state):
            return
        assert_board_matches_the_engine(host)
        moves = len(host.record.actions)
        take_a_turn_step(host, rng, seen)
        assert len(host.record.actions) > moves, "a tap that did nothing"
    pytest.fail("the game did not end")


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 17), (4, 29), (5, 8)])
def test_whole_game_by_taps_matches_the_engine(fake_dom: OfflineDocument, players: int,
                                               seed: int) -> None:
    host = dice_host(fake_dom, players, seed)
    seen: set[str] = set()
    play(host, random.Random(seed), seen)
    assert GAME.is_over(host.state)
    assert {"roll", "hold", "reroll", "stop"} <= seen
    assert seen & {"claim", "claim-while-rolling"}
    assert {"chooser-with-village", "chooser-without-village"} <= seen
    assert host.warned  # the last card of the pile that ended it was announced

    view = GAME.view(host.state, None)
    box = fake_dom.createElement("div")
    for node in host.screen.end_details(view):
        box.append(node)
    assert box.by_testid("end-details") is not None
    for player in view["players"]:
        realm = box.by_testid(f"end-realm-{player['seat']}")
        assert realm is not None
        assert realm.querySelector("h4").textContent == player["name"]
        listed = " ".join(dd.textContent for dd in realm.querySelectorAll("dd"))
        for card in player["realm"]:  # each with its points, once (issue 29: "City (2) (2)")
            named = card_name(card)
            assert (named if card["kind"] == "village" else f"{named} ({card['value']})") in listed
            assert named.count(f"({card['value']})") == (card["kind"] == "village")
        assert ") (" not in listed
        groups = [dt.textContent for dt in realm.querySelectorAll("dt")]
        assert groups == ["Citizens", "Villages", "Scoundrels", "Dragons"]
    assert_all_text_translated(box)
    result = GAME.result(host.state)
    assert {s.seat: s.total for s in result.scores} == {
        p["seat"]: p["score"] for p in view["players"]}


def aiming_play(state: Any, rng: random.Random) -> Any:
    """An engine action aiming at the row's special citizens (Fairy, Dragon): roll for the first
    one with the odds helper's best keep, claim it when met, else claim anything met."""
    view = GAME.view(state, None)
    legal = GAME.legal_actions(state)
    special = [slot["slot"] for slot in view["row"]
               if slot["card"] and slot["card"].get("ability") in ("fairy", "dragon")]
    claims = [a for a in legal if a.action_type == "claim"]
    for action in claims:
        if action.slot in special:
            return action
    if view["phase"] == "roll" and view["dice"]["values"] is not None and special:
        card = view["row"][special[0]]["card"]
        req = CITIZENS[CARD_NUMBER[card["id"]]].requirement
        seat = view["current_seat"]
        flips = min(6, int(view["players"][seat]["fairies"]))
        keep = dr_odds.best_keep(req, view["dice"]["values"], int(view["dice"]["rolls_left"]),
                                 flips)
        wanted = Roll(keep=keep) if keep is not None and keep < 63 else None
        if wanted in legal:
            return wanted
    stop = [a for a in legal if a.action_type == "stop"]
    rolls = [a for a in legal if a.action_type == "roll"]
    return rng.choice(claims or rolls or stop or legal)


def first_position_offering(action_type: str, players: int = 3) -> GameRecord:
    """A record (seeded play by the engine, aiming at the Fairies and Dragons) whose next
    decision offers an action of ``action_type``: random taps mostly take scoundrels, so the
    Fairy's flips and the dragon's gift are reached this way."""
    for seed in range(200):
        record = new_record("dice-realm", [Seat(name=n) for n in NAMES[:players]], seed=seed)
        state = replay(record)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            if any(a.action_type == action_type for a in GAME.legal_actions(state)):
                return record
            record, state = append(record, GAME, state, aiming_play(state, rng))
    raise AssertionError(f"no game offered {action_type}")


def test_a_fairy_flip_is_a_tap_on_the_die(fake_dom: OfflineDocument) -> None:
    host = dice_host(fake_dom, 3, 0, first_position_offering("flip"))
    assert_board_matches_the_engine(host)
    view = GAME.view(host.state, host.viewer)
    flips = host.nodes("flip-")
    assert len(flips) == 6
    assert host.root.by_testid("fairy-reminder") is not None
    before = view["dice"]["values"][2]
    host.node("flip-2").click()
    assert GAME.decode_action(host.record.actions[-1]) == FLIPS[2]
    assert host.node("die-2").attrs["data-value"] == str(7 - before)
    play(host, random.Random(1), set())


def test_a_dragon_is_given_by_a_tap_on_the_player(fake_dom: OfflineDocument) -> None:
    host = dice_host(fake_dom, 3, 0, first_position_offering("give_dragon"))
    assert_board_matches_the_engine(host)
    view = GAME.view(host.state, host.viewer)
    dragon = view["pending"]["card"]
    prompt = GAME.prompt(host.state)
    assert prompt is not None
    target = max(prompt.at("seat"))
    assert card_name(dragon) in host.node("gift-chooser").textContent
    host.node(f"gift-{target}").click()
    assert GAME.decode_action(host.record.actions[-1]) == GIVES[target]
    realm = GAME.view(host.state, None)["players"][target]["realm"]
    assert dragon["id"] in [card["id"] for card in realm]
    play(host, random.Random(2), set())


def assert_odds_are_the_engines(host: ScreenHost) -> None:
    view = GAME.view(host.state, host.viewer)
    seat = view["current_seat"]
    flips = min(6, int(view["players"][seat]["fairies"]))
    boxes = odds_boxes(host)
    assert boxes
    for slot, box in boxes.items():
        card = view["row"][slot]["card"]
        req = CITIZENS[CARD_NUMBER[card["id"]]].requirement
        best = dr_odds.odds_helper(req, view["dice"]["values"], host.screen.held,
                                   int(view["dice"]["rolls_left"]), flips)["best"]["p"]
        assert not box.hidden
        assert box.attrs["data-p"] == f"{float(best):.6f}"


def test_holding_dice_updates_the_roll_button_and_odds_in_place(fake_dom: OfflineDocument) -> None:
    host = dice_host(fake_dom, 2, 3)
    host.node("roll").click()
    roll = host.node("roll")
    assert roll.textContent == "Re-roll 6"
    assert_odds_are_the_engines(host)
    host.node("die-0").click()
    host.node("die-1").click()
    assert host.screen.held == 0b11
    assert roll.textContent == "Re-roll 4"
    assert host.node("die-0").attrs["aria-pressed"] == "true"
    assert_odds_are_the_engines(host)
    host.node("die-1").click()  # let go again
    assert host.screen.held == 0b1
    assert host.node("die-1").attrs["aria-pressed"] == "false"
    assert_odds_are_the_engines(host)


def test_rolled_dice_tumble_and_held_ones_stay_still(fake_dom: OfflineDocument) -> None:
    """Issue 13, "dice tumble": the dice a roll throws tumble, a held die does not, and each
    die shows the face the engine rolled."""
    host = dice_host(fake_dom, 2, 3)
    host.node("roll").click()
    assert all("rolling" in host.node(f"die-{i}").className.split() for i in range(6))
    host.node("die-0").click()
    host.node("roll").click()
    view = GAME.view(host.state, host.viewer)
    for i in range(6):
        die = host.node(f"die-{i}")
        assert die.attrs["data-value"] == str(view["dice"]["values"][i])
        assert ("rolling" in die.className.split()) == (i != 0), (i, die.className)
    assert "held" in host.node("die-0").className.split()


def test_a_game_opened_after_a_roll_shows_its_dice_at_rest(fake_dom: OfflineDocument) -> None:
    """A resumed or shared game did not just roll: its first drawing has no tumbling die (and a
    layout is never measured mid-tumble), while the next roll tumbles as ever."""
    rolled = dice_host(fake_dom, 2, 3)
    rolled.node("roll").click()
    host = dice_host(fake_dom, 2, 3, record=rolled.record)
    assert GAME.decode_action(host.record.actions[-1]) == Roll(keep=0)
    assert all(host.node(f"die-{i}").attrs["data-value"] for i in range(6))
    assert not any("rolling" in host.node(f"die-{i}").className.split() for i in range(6))
    host.node("roll").click()
    assert all("rolling" in host.node(f"die-{i}").className.split() for i in range(6))


def test_the_odds_switch_is_remembered_and_hides_the_odds(fake_dom: OfflineDocument) -> None:
    host = dice_host(fake_dom, 2, 6)
    host.node("roll").click()
    toggle = host.node("odds-toggle")
    assert toggle.attrs["aria-pressed"] == "true"
    chance = i18n.t("dice-realm.odds_best")
    citizens = [host.node(f"citizen-{slot}") for slot in odds_boxes(host)]
    assert citizens and all(chance in c.attrs["aria-label"] for c in citizens)
    toggle.click()
    assert host.settings[ODDS_SETTING] is False
    assert host.node("odds-toggle").attrs["aria-pressed"] == "false"
    assert all(n.hidden for n in odds_boxes(host).values())
    # and the citizens' labels no longer read out the odds (a kept citizen once kept them)
    assert all(c.attrs["aria-label"] == c.attrs["data-label"] for c in citizens)
    again = dice_host(fake_dom, 2, 6)
    again.settings = dict(host.settings)
    again.screen = dice_realm_screen.DiceRealmScreen(again)
    assert again.screen.odds_on is False


def test_a_refused_claim_changes_nothing(fake_dom: OfflineDocument) -> None:
    """A citizen that is not met cannot be claimed: the tap does not reach the engine."""
    host = dice_host(fake_dom, 2, 10)
    host.node("roll").click()
    unmet = [c for c in host.nodes("citizen-") if c.attrs.get("data-met") == "false"
             and c.attrs.get("data-card")]
    assert unmet
    moves = len(host.record.actions)
    unmet[0].click()
    assert len(host.record.actions) == moves
    assert unmet[0].attrs["aria-disabled"] == "true"


def _position_with_a_village_to_keep_or_leave() -> tuple[GameRecord, int]:
    """A seeded game rolled (first roll only, never stopping) until a lit citizen founds a
    village while rolls remain; returns the record and that citizen's slot."""
    for seed in range(200):
        record = new_record("dice-realm", [Seat(name=n) for n in NAMES[:2]], seed=seed)
        state = replay(record)
        record, state = append(record, GAME, state, Roll(keep=0))
        legal = GAME.legal_actions(state)
        for slot in range(5):
            if CLAIMS_CITIZEN_ONLY[slot] in legal and state.rolls_used < 3:
                return record, slot
    raise AssertionError("no seed in range gives a village to found on the first roll")


def test_taking_a_citizen_asks_inline_with_or_without_its_village(
        fake_dom: OfflineDocument) -> None:
    """Seed (000): "puedes quedarte tanto con la carta de aldea … como con la carta de
    ciudadano" — the tap asks which, says the rolls left are given up, and Cancel plays nothing."""
    record, slot = _position_with_a_village_to_keep_or_leave()
    host = dice_host(fake_dom, 2, 0, record)
    moves = len(host.record.actions)
    host.node(f"citizen-{slot}").click()
    chooser = host.node("claim-chooser")
    assert host.root.by_testid("claim-rolls-note") is not None
    assert {b.attrs["data-testid"] for b in chooser.querySelectorAll("button")} == {
        "claim-village", "claim-citizen-only", "claim-cancel"}
    assert "village" in host.node("claim-citizen-only").textContent.lower()
    host.node("claim-cancel").click()
    assert host.root.by_testid("claim-chooser") is None
    assert len(host.record.actions) == moves

    villages_before = GAME.view(host.state, None)["villages"][slot]["count"]
    host.node(f"citizen-{slot}").click()
    host.node("claim-citizen-only").click()
    assert GAME.decode_action(host.record.actions[-1]) == CLAIMS_CITIZEN_ONLY[slot]
    assert GAME.view(host.state, None)["villages"][slot]["count"] == villages_before


def test_taking_with_the_village_is_the_first_offer(fake_dom: OfflineDocument) -> None:
    record, slot = _position_with_a_village_to_keep_or_leave()
    host = dice_host(fake_dom, 2, 0, record)
    host.node(f"citizen-{slot}").click()
    assert "btn-primary" in host.node("claim-village").className.split()
    host.node("claim-village").click()
    assert GAME.decode_action(host.record.actions[-1]) == CLAIMS[slot]


def _used_keys() -> set[str]:
    """The catalogue keys written in the screen's modules (settings keys such as
    ``HELD_SETTING = "dice-realm.held"`` share the prefix but are no text)."""
    keys: set[str] = set()
    for path in Path(dice_realm_screen.__file__).parent.glob("*.py"):
        text = re.sub(r'^[A-Z_]+_SETTING = "[^"]*"$', "", path.read_text(), flags=re.MULTILINE)
        keys |= set(re.findall(r'"(dice-realm\.[a-z0-9_.]+)"', text))
    keys.discard("dice-realm.css")  # the UI's style sheet: a file name, not a key
    return keys


def test_every_literal_key_is_in_the_catalog() -> None:
    keys = _used_keys()
    assert len(keys) > 50
    missing = [k for k in keys if i18n.lookup(k) is None and i18n.lookup(k + ".one") is None]
    assert missing == []


def test_held_dice_survive_a_reload(fake_dom: OfflineDocument) -> None:
    """Issue 12 (text defects): held dice were lost on reload. The hold is kept with the game
    moment it belongs to; a later moment does not inherit it."""
    host = dice_host(fake_dom, 2, 10)
    host.node("roll").click()
    host.node("die-0").click()
    host.node("die-2").click()
    again = dice_host(fake_dom, 2, 10, host.record, host.settings)  # a reload
    assert again.screen.held == 0b101
    assert again.node("die-2").attrs["aria-pressed"] == "true"
    again.node("roll").click()  # the roll keeps them; the next moment starts from the engine's
    assert GAME.decode_action(again.record.actions[-1]) == Roll(keep=0b101)
    third = dice_host(fake_dom, 2, 10, again.record, host.settings)
    assert third.screen.held == GAME.view(third.state, None)["dice"]["held_mask"]


def test_what_happened_lists_everything_since_your_last_turn(fake_dom: OfflineDocument) -> None:
    """Issue 29: at the start of a person's turn "What happened" lists what every other seat
    did since that person's last turn (the engine's sentences; the rolls before a claim left
    out), not only the last turn's: with two others the first one's turn is not lost."""
    host = dice_host(fake_dom, 3, 12)
    rng = random.Random(12)
    shown = both = 0
    while not GAME.is_over(host.state):
        seat = GAME.current_seat(host.state)
        view = GAME.view(host.state, seat)
        steps = list(host.session.steps(0, host.moves))
        since: list[str] = []
        movers: set[int | None] = set()
        for step in reversed(steps):
            if step.seat == seat:
                break
            if step.action.action_type not in ("roll", "stop"):
                movers.add(step.seat)
                since[:0] = [i18n.say(text) for _who, text in GAME.describe_parts(
                    step.before, step.action, step.after)]
        items = [li.textContent for li in host.root.by_testid("events").querySelectorAll("li")]
        if not view["this_turn"] and since and any(s.seat == seat for s in steps):
            assert items == since
            shown += 1
            both += len(movers) == 2
        host.act(rng.choice(GAME.legal_actions(host.state)))
    assert shown > 10 and both > 5  # both other seats' turns listed together
