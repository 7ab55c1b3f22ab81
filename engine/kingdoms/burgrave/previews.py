"""What a move leads to, said before it is made: the primary actions the mover could afford on
each space they may reach (issue 26: "see a move before you make it").

The answer is the rules' own (:func:`.primary.action_codes` on a copy of the state where the
mover stands there, the steps paid), so the page never tries actions to find it, and it agrees
with the warning a move that leaves nothing to do asks to confirm (``explain.forfeits``).
"""

from __future__ import annotations

from kingdoms.core.text import Text, chain

from .actions import DISMISS_CODES, PASS
from .costs import icon_counts
from .primary import Primary, action_codes, primary_codes
from .state import State

ACTION_WORDS: dict[Primary, str] = {
    Primary.TRADE: "burgrave.preview.trade",
    Primary.BUILD: "burgrave.preview.build",
    Primary.PLACE: "burgrave.preview.place",
    Primary.TRANSCRIBE: "burgrave.preview.transcribe",
}


def move_preview(state: State, seat: int, space: int, cost: int) -> Text:
    """What ``seat`` could do on ``space`` after paying ``cost`` silver for the move: "trade
    or build", "place workers", "an action after a dismissal" (only a dismissal there gives
    the icons), or "nothing you can afford"."""
    probe = state.clone()
    player = probe.player_mut(seat)
    player.space = space
    player.silver -= cost
    player.free_steps = 0
    codes = action_codes(probe, seat)
    if codes == [PASS]:
        return Text("burgrave.preview.nothing")
    affordable = primary_codes(probe, seat, icon_counts(probe, seat), player.silver,
                               player.resources)
    kinds = [kind for kind in Primary if affordable[kind]]
    if not kinds and any(code in DISMISS_CODES for code in codes):
        return Text("burgrave.preview.dismiss")
    return chain("burgrave.preview.or", [Text(ACTION_WORDS[kind]) for kind in kinds],
                 Text("burgrave.preview.nothing"))
