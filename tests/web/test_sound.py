"""Optional sound effects (``kingdoms_web.play.sound``; issue 13): off by default, switched in
Settings, and chosen by where the engine draws the action (dice, a hand)."""

from __future__ import annotations

import random

from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.session import Session
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.play import sound
from kingdoms_web.play.sound import SOUND_SETTING
from kingdoms_web.play.table import GameTable
from kingdoms_web.shell.settings import SettingsDialog


def table(game_id: str) -> GameTable:
    return GameTable(Owner(), Session(new_record(game_id, [Seat(name="A"), Seat(name="B")],
                                                 seed=3)), "s1",
                     schedule=lambda _callback, _delay: None)


def test_silent_unless_switched_on_then_dice_and_cards_sound() -> None:
    dice = table("dice-realm")
    roll = dice.session.game.legal_actions(dice.session.state)[0]
    assert dice._sound_of(roll) is None  # off by default
    dice.set_setting(SOUND_SETTING, True)
    assert dice._sound_of(roll) == "dice"
    cards = table("burgrave")
    cards.set_setting(SOUND_SETTING, True)
    rng = random.Random(1)
    heard: set[str | None] = set()
    for _ in range(60):
        state = cards.session.state
        action = rng.choice(cards.session.game.legal_actions(state))
        if cards.session.game.prompt(state).kind == "play_card":
            heard.add(cards._sound_of(action))
        cards.act_for_computer(action)
    assert heard == {"card"}
    assert not sound.play("dice")  # no browser: silence, never an error


def test_settings_switch_sound_on(fake_dom: OfflineDocument) -> None:
    owner_table = table("dice-realm")
    dialog = SettingsDialog(lambda _code, _told: None, lambda: True, settings=owner_table)
    body = fake_dom.createElement("div")
    for node in dialog.build_body(dialog.scope):
        if node is not None:
            body.append(node)
    switch = body.by_testid("sound-toggle")
    assert switch is not None and switch.getAttribute("aria-pressed") == "false"
    switch.click()
    assert owner_table.get_setting(SOUND_SETTING) is True
