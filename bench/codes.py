"""Share-code length of finished 4-player games (targets: Dice Realm ≤ 400 characters, Burgrave
≤ 1,500), so a whole game still fits a link, a chat message and a QR code.

Games are played to the end on CPython with seeded play: Dice Realm by its odds bot (real games
take more rolls than random play), Burgrave by random legal moves that prefer acting to passing.
Player names are 12 characters, longer than most, so the figure is not flattered.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from typing import Any

SEEDS = range(1, 9)
PLAYERS = 4
TARGETS = {"dice-realm": 400, "burgrave": 1500}


def finished_record(game_id: str, seed: int) -> Any:
    from kingdoms.core.protocol import Seat
    from kingdoms.core.records import append, new_record
    from kingdoms.core.registry import get_game
    from kingdoms.core.session import replay

    game = get_game(game_id)
    record = new_record(game_id, [Seat(name=f"Player {n:02d} abc") for n in range(PLAYERS)],
                        seed=seed)
    state = replay(record)
    rng = random.Random(seed)
    choose: Callable[[Any], Any] | None = None
    if game_id == "dice-realm":
        from kingdoms.dice_realm import bots

        choose = bots.choose
    for _ in range(20_000):
        if game.is_over(state):
            break
        if choose is not None:
            action = choose(state)
        else:
            legal = game.legal_actions(state)
            active = [a for a in legal if a.action_type != "pass"]
            action = rng.choice(active or legal)
        record, state = append(record, game, state, action)
    return record


def code_lengths(game_id: str) -> list[tuple[int, int]]:
    """(actions, code length) for each seed's finished game."""
    from kingdoms.core.codes import encode_code

    out = []
    for seed in SEEDS:
        record = finished_record(game_id, seed)
        out.append((len(record.actions), len(encode_code(record))))
    return out


def share_codes(line: Callable[..., None]) -> None:
    print(f"Share code of a finished {PLAYERS}-player game ({len(SEEDS)} seeded games; "
          "characters)")
    for game_id, target in TARGETS.items():
        found = code_lengths(game_id)
        lengths = [length for _moves, length in found]
        moves = statistics.median(m for m, _length in found)
        line(f"{game_id}, median ({moves:.0f} moves)", f"{statistics.median(lengths):,.0f}")
        line(f"{game_id}, longest", f"{max(lengths):,}", f"target ≤ {target:,}")


if __name__ == "__main__":
    share_codes(lambda label, value, target="": print(f"  {label:<46} {value:>14}   {target}"))
