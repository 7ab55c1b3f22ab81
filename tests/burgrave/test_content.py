"""Content: the data loads, has the counts the rules need, its ids mean the same whatever order
the file lists things in, and the cards table is up to date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdoms.burgrave import actions as A
from kingdoms.burgrave.actions import VOCAB_SIZE
from kingdoms.burgrave.cards_doc import cards_markdown
from kingdoms.burgrave.content import CONTENT, IDS, N_CARDS, index_ids, load_content
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.tables import (
    CARD_DESIGN,
    SCRIPTS,
    Design,
    card_designs,
    card_json,
    script_json,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "burgrave-cards.md"
DATA = Path(__file__).resolve().parents[2] / "engine" / "kingdoms" / "burgrave" / "content.json"


def test_counts() -> None:
    """Content to author: 68 neutral townsfolk, 10 heroes, 10 player cards, 35 manuscripts in
    five piles (5 base), 4 cleric bonus cards, 5 segments, 5 castle sections."""
    assert len(CONTENT.townsfolk) == 68 and len(CONTENT.heroes) == 10
    assert len(CONTENT.player_cards) == 10 and len(SCRIPTS) == 35
    assert sum(s.base for s in SCRIPTS) == 5 and len(CONTENT.cleric_bonus) == 4
    assert all(3 <= s.cost <= 7 for s in SCRIPTS)


def test_bad_content_is_rejected() -> None:
    data = json.loads(DATA.read_text("utf-8"))
    data["townsfolk"][0]["effects"] = ["teleport:1"]
    with pytest.raises(ValueError, match="unknown effect"):
        load_content(json.dumps(data))
    data = json.loads(DATA.read_text("utf-8"))
    data["townsfolk"].pop()
    with pytest.raises(ValueError, match="68"):
        load_content(json.dumps(data))


def test_the_file_order_changes_no_id() -> None:
    """Cards are indexed by the ids the file gives them, never by their place in it: with every
    card list reversed, the content builds the same ids and the same compiled designs. (A
    starting design's ``ids`` are in colour order: that order is data, not file order.)"""
    data = json.loads(DATA.read_text("utf-8"))
    for name in ("townsfolk", "heroes", "starting_townsfolk", "manuscripts", "player_cards"):
        data[name].reverse()
    ids = index_ids(load_content(json.dumps(data)))
    assert ids == IDS

    def compiled(designs: tuple[Design, ...]) -> list[tuple[object, ...]]:
        return [tuple(getattr(d, name) for name in Design.__slots__) for d in designs]

    assert compiled(card_designs(ids)) == compiled(CARD_DESIGN)


def test_ids_must_be_unique_and_without_gaps() -> None:
    """A repeated or skipped id fails at import, saying which."""
    data = json.loads(DATA.read_text("utf-8"))
    data["heroes"][0]["id"] = 0
    with pytest.raises(ValueError, match=r"card ids must be unique; used more than once: \[0\]"):
        load_content(json.dumps(data))
    data = json.loads(DATA.read_text("utf-8"))
    data["manuscripts"][-1]["id"] = 40
    with pytest.raises(ValueError, match=r"manuscript ids must run from 0 with no gap.*\[34\]"):
        load_content(json.dumps(data))
    data = json.loads(DATA.read_text("utf-8"))
    data["starting_townsfolk"][0]["ids"] = [78, 86, 94]
    with pytest.raises(ValueError, match="at least 4 items"):
        load_content(json.dumps(data))


def test_card_ids_fit_the_action_vocabulary() -> None:
    """A card is played as 200 + id and chosen as 400 + id: ids below 200 fit, and one more
    card than that fails at import with the reason, before any code could change meaning."""
    A.check_card_room(N_CARDS)
    A.check_card_room(200)
    with pytest.raises(ValueError, match="201 card ids outgrow the action vocabulary"):
        A.check_card_room(201)


def test_cards_doc_is_up_to_date() -> None:
    """docs/burgrave-cards.md is generated from the data (python -m kingdoms.burgrave.cards_doc)."""
    assert DOC.read_text("utf-8") == cards_markdown()


def test_card_descriptions_are_json() -> None:
    """Cards and manuscripts are described by id as plain JSON (what the page draws from): all
    110 card ids (68 neutral, 10 heroes, 8 starting designs in 4 colours) and 35 manuscripts."""
    cards = [card_json(card) for card in range(N_CARDS)]
    scripts = [script_json(script) for script in range(len(SCRIPTS))]
    assert json.loads(json.dumps([cards, scripts])) == [cards, scripts]
    assert [card["id"] for card in cards] == list(range(110))
    assert [script["id"] for script in scripts] == list(range(35))


def test_vocabulary_round_trip() -> None:
    """Actions: every vocabulary index decodes, re-encodes and survives JSON."""
    for code, action in A.ACTIONS.items():
        assert A.encode(action) == code and GAME.decode_action(code) == action
        assert GAME.action_adapter.validate_json(action.model_dump_json()) == action
    assert max(A.ACTIONS) < VOCAB_SIZE
