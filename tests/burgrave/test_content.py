"""Content: the data loads, has the counts the rules need, and the cards table is up to date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kingdoms.burgrave import actions as A
from kingdoms.burgrave.actions import VOCAB_SIZE
from kingdoms.burgrave.cards_doc import cards_markdown
from kingdoms.burgrave.content import CONTENT, N_CARDS, load_content
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.tables import SCRIPTS, card_json, script_json

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
