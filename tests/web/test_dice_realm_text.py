"""Pure page logic for Dice Realm and the game host, on CPython: requirement pictures and texts for
every card, odds formatting, event lines, the test seed and save-id parsing, and storage of the
autosave through the real storage module."""

from __future__ import annotations

import pytest

from kingdoms.core.codes import decode_code, encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import replay
from kingdoms.dice_realm.content import CITIZENS as CITIZEN_CARDS
from kingdoms.dice_realm.content import card_json
from kingdoms.dice_realm.explain import slid_count
from kingdoms_web import i18n
from kingdoms_web.games.dice_realm import text
from kingdoms_web.play.end_screen import winners_text
from kingdoms_web.saves.saved_games import load_saves, put_save
from kingdoms_web.saves.schema import SaveEntry
from kingdoms_web.saves.storage import MemoryBackend, Store
from kingdoms_web.urls import save_id_from_fragment, seed_from_query

CITIZENS = [card_json(card) for card in CITIZEN_CARDS]


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


@pytest.mark.parametrize("card", CITIZENS, ids=[c["id"] for c in CITIZENS])
def test_every_requirement_has_a_picture_and_a_translated_text(card: dict[str, object]) -> None:
    req = card["requirement"]
    assert isinstance(req, dict)
    glyphs = text.requirement_glyphs(req)
    assert glyphs, card["id"]
    dice = [g for g in glyphs if g[0] in ("face", "same")]
    assert len(dice) <= 6
    words = text.requirement_text(req)
    assert words and "dice-realm." not in words and "{" not in words
    for kind, value in glyphs:
        if kind == "face":
            assert isinstance(value, int) and 1 <= value <= 6
        elif kind == "parity":
            assert i18n.lookup(f"dice-realm.glyph.{value}") is not None
    ability = card["ability"]
    if ability:
        assert i18n.lookup(f"dice-realm.ability.{ability}") is not None
        assert text.ability_reminder(str(ability)).endswith(".")


def test_requirement_pictures_match_the_requirement() -> None:
    assert text.requirement_glyphs({"type": "kind", "n": 5}) == [("same", "A")] * 5
    assert text.requirement_glyphs({"type": "triples", "k": 2}) == (
        [("same", "A")] * 3 + [("same", "B")] * 3)
    assert text.requirement_glyphs({"type": "full_house"}) == (
        [("same", "A")] * 3 + [("same", "B")] * 2)
    assert text.requirement_glyphs({"type": "all_odd"}) == [("face", 1), ("face", 3), ("face", 5)]
    assert text.requirement_glyphs({"type": "sum_at_most", "s": 12}) == [("sum_max", 12)]
    assert text.requirement_glyphs({"type": "unknown"}) == []
    assert text.requirement_text({"type": "pairs", "k": 3}) == "3 pairs"
    assert text.requirement_text({"type": "sum_at_most", "s": 11}) == "total ≤ 11"


@pytest.mark.parametrize(("p", "shown"), [
    (0.0, "0%"), (0.004, "<1%"), (0.005, "1%"), (0.4449, "44%"), (0.5, "50%"),
    (0.994, "99%"), (0.995, ">99%"), (1.0, "100%"),
])
def test_format_percent(p: float, shown: str) -> None:
    assert text.format_percent(p) == shown


def test_every_event_of_a_game_has_a_line() -> None:
    game = get_game("dice-realm")
    record = new_record("dice-realm", [Seat(name=n) for n in ("Ann", "Ben", "Cleo")], seed=3)
    state = replay(record)
    seen: set[str] = set()
    import random

    rng = random.Random(5)
    while not game.is_over(state):
        record, state = append(record, game, state, rng.choice(game.legal_actions(state)))
        view = game.view(state, None)
        for event in view["this_turn"] + view["last_turn"]:
            line = text.event_text(event, ["Ann", "Ben", "Cleo"])
            seen.add(str(event["type"]))
            if event["type"] == "slide":
                assert line is None
            else:
                assert line and "{" not in line and "dice-realm." not in line, event
    assert {"roll", "claim", "refill", "end"} <= seen


def test_slides_are_counted_in_one_line() -> None:
    events = [{"type": "slide", "card": "c01", "from": 0, "to": 1},
              {"type": "slide", "card": "c02", "from": 1, "to": 2}]
    assert slid_count(events) == 2
    assert i18n.t("dice-realm.event.slide", count=2) == "2 citizens slid right."


def test_seed_and_save_id_from_the_url() -> None:
    assert seed_from_query("?seed=12") == 12
    assert seed_from_query("?a=1&seed=7&b=2") == 7
    assert seed_from_query("?seed=") is None
    assert seed_from_query("?seed=99999999999999999999") is None
    assert seed_from_query("") is None
    assert save_id_from_fragment("#g=1abc&s=ab12") == "ab12"
    assert save_id_from_fragment("#g=1abc") is None
    assert save_id_from_fragment("#g=1abc&s=<bad>") is None


def test_winners_text_handles_a_shared_victory() -> None:
    assert winners_text(["Ann"]) == "Ann wins!"
    assert winners_text(["Ann", "Ben"]) == "Shared victory: Ann and Ben"


def test_an_autosave_entry_round_trips_through_storage() -> None:
    game = get_game("dice-realm")
    record = new_record("dice-realm", [Seat(name="Ann"), Seat(name="Ben")], seed=8)
    state = replay(record)
    record, state = append(record, game, state, game.legal_actions(state)[0])
    store = Store(MemoryBackend())
    entry = SaveEntry("s1", "dice-realm", ("Ann", "Ben"), 1, encode_code(record), 5.0)
    assert put_save(store, entry)
    saved = load_saves(store).entries
    assert [e.save_id for e in saved] == ["s1"]
    assert decode_code(saved[0].code) == record
