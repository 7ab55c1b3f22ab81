"""The card set: counts, pile order, stored odds, the value rule and the card numbers."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from kingdoms.dice_realm import odds
from kingdoms.dice_realm.content import (
    CARDS,
    CONTENT,
    VILLAGE_PILES,
    band_value,
    card_json,
    cards_by_number,
    load_content,
)


def test_villages() -> None:
    """"15 village cards: 5 colours × values 2, 3, 4 … City, Mine, Workshop, Orc Village,
    Enchanted Forest" and "In every pile the 4 is at the bottom, the 3 in the middle and the 2
    on top." """
    assert [c.name for c in CONTENT.colours] == [
        "City", "Mine", "Workshop", "Orc Village", "Enchanted Forest"]
    assert len(CONTENT.villages) == 15
    for colour, pile in enumerate(VILLAGE_PILES):
        assert [card_json(c)["value"] for c in pile] == [2, 3, 4]  # top first
        assert {card_json(c)["colour"] for c in pile} == {CONTENT.colours[colour].id}


def test_citizens() -> None:
    """"40 citizen cards … 8 citizens per colour. Values range 1–10 for ordinary citizens;
    dragons carry negative values" and "2–3 of each ability … 2–4 dragons". """
    assert len(CONTENT.citizens) == 40
    assert set(Counter(c.colour for c in CONTENT.citizens).values()) == {8}
    abilities = Counter(c.ability for c in CONTENT.citizens)
    for ability in ("elf", "hypnotist", "apprentice", "fairy"):
        assert 2 <= abilities[ability] <= 3
    assert 2 <= abilities["dragon"] <= 4
    for c in CONTENT.citizens:
        if c.ability == "dragon":
            assert c.value < 0
            assert c.exact_odds < 0.1, "a dragon has a hard requirement"
        else:
            assert 1 <= c.value <= 10
    names = [c.name for c in CONTENT.citizens]
    assert len(set(names)) == len(names)


def test_hypnotist_has_a_low_sum_requirement() -> None:
    """"Hypnotist (a low-sum requirement)". """
    for c in CONTENT.citizens:
        if c.ability == "hypnotist":
            assert c.requirement.type == "sum_at_most"
            assert c.requirement.s <= 14


def test_penalties() -> None:
    """"10 penalty cards … four of −1, four of −2, two of −3". """
    assert sorted(p.value for p in CONTENT.penalties) == [-3] * 2 + [-2] * 4 + [-1] * 4


def test_stored_odds_are_exact() -> None:
    """"compute, for every requirement, the probability that a player who plays well for that
    requirement meets it within three rolls … store it beside the card". Recomputed exactly."""
    for c in CONTENT.citizens:
        assert odds.probability(c.requirement, rolls=3) == c.exact_odds, c.name


def test_values_follow_difficulty() -> None:
    """"map it to victory points monotonically (harder = more points)". For dragons our rule is
    harder = more negative (a harder dragon hurts the player it is given to more)."""
    plain = [c for c in CONTENT.citizens if c.ability != "dragon"]
    for a in plain:
        for b in plain:
            if a.exact_odds < b.exact_odds:
                assert a.value >= b.value, (a.name, b.name)
    dragons = [c for c in CONTENT.citizens if c.ability == "dragon"]
    for a in dragons:
        for b in dragons:
            if a.exact_odds < b.exact_odds:
                assert a.value <= b.value, (a.name, b.name)


def test_values_come_from_the_documented_bands() -> None:
    """The bands in content.json are the mapping (docs/dice-realm.md lists them)."""
    for c in CONTENT.citizens:
        bands = CONTENT.dragon_bands if c.ability == "dragon" else CONTENT.value_bands
        assert c.value == band_value(bands, float(c.exact_odds)), c.name
    mins = [b.min_odds for b in CONTENT.value_bands]
    assert mins == sorted(mins, reverse=True)
    assert [b.value for b in CONTENT.value_bands] == sorted(b.value for b in CONTENT.value_bands)


def test_content_validation_rejects_bad_edits() -> None:
    """Loading validates the counts the rules rely on."""
    text = resources.files("kingdoms.dice_realm").joinpath("content.json").read_text("utf-8")
    data = json.loads(text)
    data["citizens"] = data["citizens"][:-1]
    with pytest.raises(ValueError, match="40 citizens"):
        load_content(json.dumps(data))
    data = json.loads(text)
    data["citizens"][0]["odds"] = "1/0"
    with pytest.raises(ValueError):
        load_content(json.dumps(data))
    data = json.loads(text)
    data["villages"][1]["value"] = 2  # two City 2s, no City 3
    with pytest.raises(ValueError, match="villages"):
        load_content(json.dumps(data))
    data = json.loads(text)
    plain = next(c for c in data["citizens"] if c["ability"] is None)
    plain["value"] += 1
    with pytest.raises(ValueError, match=f"citizen {plain['id']} is worth"):
        load_content(json.dumps(data))


def test_the_file_order_changes_no_card_number() -> None:
    """Cards are indexed by the numbers the file gives them, never by their place in it: with
    every card list reversed, the content builds the same cards by number (and so the same
    tables: each is derived from that, in number order); a repeated or skipped number fails at
    load, saying which."""
    text = resources.files("kingdoms.dice_realm").joinpath("content.json").read_text("utf-8")
    data = json.loads(text)
    for name in ("citizens", "villages", "penalties"):
        data[name].reverse()
    assert cards_by_number(load_content(json.dumps(data))) == CARDS
    data["penalties"][0]["number"] = 0
    with pytest.raises(ValueError, match=r"card numbers must be unique; .*\[0\]"):
        load_content(json.dumps(data))
    data = json.loads(text)
    data["penalties"][-1]["number"] = 70
    with pytest.raises(ValueError, match=r"card numbers must run from 0 with no gap.*\[64\]"):
        load_content(json.dumps(data))
