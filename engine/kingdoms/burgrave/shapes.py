"""The shapes of what Burgrave hands the page: its view of a position, the solo rival's part of
it, and the facts of a card or manuscript — as ``TypedDict``\\ s, so the page's reading of them
is type-checked (the view stays plain JSON: every field a string, number, list, dict or None).

Why a module of its own: these are the contract between the engine and the page, read in one
place; :mod:`.view` fills them, :mod:`.explain` gives the card facts, and the page imports
them through :mod:`.game` (``BurgraveView``) and :mod:`.explain`.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from ..core.text import TextJson


class CardFacts(TypedDict):
    """A townsfolk, hero or starting card (by card id) or a segment's printed townsfolk."""

    id: NotRequired[int]
    """The card id (absent for a printed townsfolk, which is no card of any deck)."""
    key: str
    name: str
    """Its English name (the page shows the catalog's, :func:`.explain.card_name`)."""
    kind: Literal["neutral", "hero", "starting", "printed"]
    value: int
    icons: list[str]


class ScriptFacts(TypedDict):
    """A manuscript (by manuscript id)."""

    id: int
    key: str
    name: str
    cost: int
    ribbon: str


class LastMove(TypedDict):
    """A burgrave's last move: the spaces it passed, and the turn it was made in."""

    path: list[int]
    turn: int


class PlayerView(TypedDict):
    """One seat's board as the viewer may see it (the solo rival's too)."""

    name: str
    kind: Literal["person", "bot"]
    space: int
    last_move: LastMove | None
    silver: int
    resources: dict[str, int]
    virtue: int
    corruption: int
    debts: int
    debts_flipped: int
    deeds: int
    deeds_flipped: int
    line: list[int]
    start_icons_visible: list[int]
    hand_size: int
    deck_size: int
    discard: list[int]
    destroyed: list[int]
    workers_in_supply: int
    buildings: dict[str, int]
    manuscripts: list[int]
    cleric_bonus: list[str]
    player_card: str | None
    hand_limit: int
    score: int
    hand: NotRequired[list[int]]
    """The viewer's own hand only."""
    deck_contents: NotRequired[list[str]]
    """The viewer's own draw pile, as design keys in sorted order (never its order)."""


class CastleView(TypedDict):
    design: str
    design_index: int
    tier1: list[int]
    tier2: list[int]
    tier3: list[int]


class SegmentView(TypedDict):
    design: str
    design_index: int
    exchanges: list[int]
    townsfolk_top: int | None
    townsfolk_left: int
    printed_townsfolk: str
    manuscript_top: int | None
    manuscripts_left: int
    castle: CastleView


class SpotsView(TypedDict):
    owner: list[int | None]
    closed: list[bool]
    building: list[str | None]


class DecisionView(TypedDict):
    kind: str
    seat: int


class PairView(TypedDict):
    player_card: str
    hero: int
    taken_by: int | None


class ScoreView(TypedDict):
    """A seat's score as the game's result gives it (``SeatScore``)."""

    seat: int
    total: int
    breakdown: dict[str, int]
    tie_break: list[int]


class RivalScore(TypedDict):
    total: int
    breakdown: dict[str, int]


class RivalView(TypedDict):
    """The solo rival's public part: its board, its schemes, its score."""

    seat: int
    board: str
    board_text: TextJson
    focus: str
    chart: list[str]
    difficulty: int
    line: list[str]
    scheme: str | None
    scheme_text: TextJson | None
    discard: list[str]
    deck_size: int
    future_size: int
    score: RivalScore


class BurgraveView(TypedDict):
    """A position as one seat (or a spectator, ``viewer`` None) may see it."""

    game_id: str
    viewer: int | None
    round: int
    final_round: int | None
    start_seat: int
    turn_seat: int | None
    current_seat: int | None
    decision: DecisionView | None
    over: bool
    players: list[PlayerView]
    segments: list[SegmentView]
    spots: SpotsView
    castle_leader: int | None
    cleric_bonus_owner: dict[str, int | None]
    debt_pile: int
    deed_pile: int
    poverty_revealed: bool
    prosperity_revealed: bool
    pairs: list[PairView]
    dismissed: list[int]
    rival: RivalView | None
    scores: list[ScoreView]
    winners: list[int]
