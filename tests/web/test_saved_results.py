"""Finished games in the saved list say who won and with what (issue 29: "Finished games in the
saved list show no winner or score").

The result is a cache in the save, like its move count: written from the engine's
``Game.result`` when the game is over (autosave and import), read leniently (a malformed cache
hides only itself), and absent from saves written before it was kept (the list then says
"finished", as before).
"""

from __future__ import annotations

import json
import random

import pytest
from table_owner import Owner
from test_saving import random_game

from kingdoms.core.codes import encode_code
from kingdoms.core.protocol import Seat
from kingdoms.core.records import append, new_record
from kingdoms.core.registry import get_game
from kingdoms.core.session import Session, replay
from kingdoms_web import i18n
from kingdoms_web.play.table import GameTable
from kingdoms_web.saves import transfer
from kingdoms_web.saves.saved_games import load_saves, read_save
from kingdoms_web.saves.schema import SaveEntry, parse_entry, save_key
from kingdoms_web.saves.storage import MemoryBackend, Store
from kingdoms_web.shell.home import progress_text


@pytest.fixture(autouse=True)
def english() -> None:
    i18n.set_language("en")


def saved_finished(record: object) -> SaveEntry:
    store = Store(MemoryBackend())
    GameTable(Owner(store), Session(record), "done").autosave()  # type: ignore[arg-type]
    entry, _why = read_save(store, "done")
    assert entry is not None and entry.over
    return entry


@pytest.mark.parametrize(("game_id", "seed", "players"), [
    ("dice-realm", 3, 3), ("dice-realm", 8, 4), ("burgrave", 4, 2), ("burgrave", 9, 3)])
def test_a_finished_game_s_save_names_the_winner_and_every_score(game_id: str, seed: int,
                                                                  players: int) -> None:
    record, state = random_game(game_id, seed, players)
    result = get_game(game_id).result(state)
    entry = saved_finished(record)
    totals = {score.seat: score.total for score in result.scores}
    assert entry.scores == tuple(totals[seat] for seat in range(players))
    assert entry.winners == tuple(sorted(result.winners)) and entry.winners
    text = progress_text(entry)
    if (game_id, seed) == ("dice-realm", 8):  # the tie-break decided this one
        assert "won the tie-break with 3 points" in text
    best = totals[result.winners[0]]
    verb = "tied" if len(result.winners) > 1 else (
        "won the tie-break" if list(totals.values()).count(best) > 1 else "won")
    assert f"{i18n.join_list(f'P{s}' for s in sorted(result.winners))} {verb} with {best} points" \
        in text
    for seat, total in totals.items():
        if seat not in result.winners:
            assert f"P{seat} {total}" in text
    # Listed the same way after a restart (the result is stored, not recomputed).
    again = load_saves(Store(MemoryBackend({save_key("done"): entry.to_text()}))).entries[0]
    assert progress_text(again) == text


def test_a_solo_game_the_rival_won_says_so_with_the_person_s_score() -> None:
    game = get_game("burgrave")
    for seed in range(10):  # random play loses to the Rival in most games
        record = new_record("burgrave", [Seat(name="Ana")], seed=seed)
        state = replay(record)
        rng = random.Random(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            record, state = append(record, game, state, rng.choice(legal))
        if not game.result(state).winners:
            break
    else:
        pytest.fail("no seed where the Rival wins")
    entry = saved_finished(record)
    total = game.result(state).scores[0].total
    assert entry.winners == () and entry.scores == (total,)
    assert progress_text(entry).endswith(f"· the Rival won (Ana {total})")
    i18n.set_language("de")
    assert progress_text(entry).endswith(f"· der Rivale gewann (Ana {total})")


@pytest.mark.parametrize("cache", [
    None, 7, {"scores": [1, 2, 3], "winners": [0]}, {"scores": [1, 2], "winners": [5]},
    {"scores": ["1", 2], "winners": [0]}, {"scores": [True, 2], "winners": [0]},
    {"scores": [], "winners": []}, {"scores": [1, 2]}, {"scores": [1, 2**40], "winners": [0]}])
def test_a_missing_or_malformed_result_hides_only_itself(cache: object) -> None:
    record, _state = random_game("dice-realm", 3, 2)
    data = json.loads(saved_finished(record).to_text())
    data["result"] = cache
    entry, why = parse_entry(json.dumps(data), "done")
    assert why == "" and entry is not None and entry.over
    assert entry.scores == () and entry.winners == ()
    assert progress_text(entry) == f"{len(record.actions)} moves · finished"


def test_an_imported_finished_game_keeps_its_result_and_a_game_in_play_has_none() -> None:
    finished, state = random_game("dice-realm", 5, 2)
    playing, _ = random_game("burgrave", 5, 2, stop=10)
    codes = [encode_code(finished), encode_code(playing)]
    text = transfer.export_saves(
        [SaveEntry(f"s{n}", r.game_id, ("P0", "P1"), len(r.actions), c, 1.0)
         for n, (r, c) in enumerate(zip((finished, playing), codes, strict=True))], 5.0)
    ids = iter(["a", "b"])
    report = transfer.parse_import(text, set(), lambda: next(ids), 6.0)
    done, going = report.entries
    totals = {s.seat: s.total for s in get_game("dice-realm").result(state).scores}
    assert done.scores == (totals[0], totals[1]) and done.winners
    assert going.scores == () and going.winners == () and not going.over
    assert "to play" in progress_text(going)
