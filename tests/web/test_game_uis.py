"""One registration per game on each side: every game the engine offers has exactly one page
part (:class:`~kingdoms_web.play.contract.GameUI`), and every part it names exists — so adding a
game is one engine package, one page package and its catalogs, and a game with a missing part
fails here instead of quietly lacking rules, help or art."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_owner import Owner

from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.registry import game_info, list_games
from kingdoms.core.session import Session
from kingdoms_web.games.registry import GAME_UIS
from kingdoms_web.offline_dom import OfflineDocument
from kingdoms_web.play.table import GameTable

PUBLIC = Path(__file__).resolve().parents[2] / "public"
GAMES = sorted(GAME_UIS)


def test_every_game_of_the_engine_has_one_page_part_and_no_other() -> None:
    offered = {info.game_id for info in list_games() if info.available}
    assert set(GAME_UIS) == offered
    assert all(ui.game_id == game_id for game_id, ui in GAME_UIS.items())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_files_a_game_names_exist_and_are_linked(game_id: str) -> None:
    ui = GAME_UIS[game_id]
    assert (PUBLIC / ui.title_art).is_file()
    assert (PUBLIC / ui.stylesheet).is_file()
    index = (PUBLIC / "index.html").read_text(encoding="utf-8")
    assert f'href="./{ui.stylesheet}"' in index


@pytest.mark.parametrize("game_id", GAMES)
def test_the_book_s_figures_guide_and_help_belong_to_the_game(game_id: str) -> None:
    ui = GAME_UIS[game_id]
    assert ui.book.game_id == game_id
    assert set(ui.book.figures()) == set(ui.figures())
    assert ui.coach and len({mark.id for mark in ui.coach}) == len(ui.coach)
    terms = {term.id for term in ui.book.terms}
    assert ui.help and {topic.term for topic in ui.help} <= terms


@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_of_each_is_drawn_through_its_registration(fake_dom: OfflineDocument,
                                                              game_id: str) -> None:
    info = game_info(game_id)
    seats = [Seat(name=f"P{n}") for n in range(max(2, info.min_seats))]
    table = GameTable(Owner(), Session(new_record(game_id, seats, seed=1)), "s1",
                      schedule=lambda _callback, _delay: None)
    root = fake_dom.createElement("main")
    fake_dom.body.append(root)
    table.mount(root)
    assert root.by_testid("game-screen") is not None
    assert root.querySelectorAll("[data-offer], button:not([disabled])")
