"""What one seat cannot see in a Burgrave game, drawn afresh: :func:`resample`.

Why: a bot must decide from its seat's information only (:mod:`kingdoms.core.bots`). Everything
below is hidden from ``seat`` and redrawn, canonically (sorted, then shuffled by the given
generator), so two states that differ only in these things give the same sample:

* each opponent's hand and draw pile — the seat knows which cards an opponent owns there (every
  card entered a player's hand or deck through public hires, discards and reshuffles), not
  which are in hand: the pool is dealt again, hand sizes kept;
* the order of its own draw pile (its contents are known);
* the townsfolk piles below their top cards, pooled across the five piles (sizes kept);
* the manuscript piles below their tops: the grey base manuscripts still at the bottom of a
  pile, and the others above them, each pooled across the piles;
* in a solo game, the rival's scheme deck and set-apart future schemes: the seat knows its
  starting schemes (those not face up are in the deck) but not which future schemes difficulty
  shuffled in nor the order of either pile: the future schemes in the deck and the set-apart
  ones are pooled and dealt again (sizes kept), then the deck is shuffled;
* the seed (future shuffles).
"""

from __future__ import annotations

from kingdoms.core.rng import Rng

from .solo_content import SCHEMES
from .state import Rival, State
from .tables import SCRIPTS

Piles = tuple[tuple[int, ...], ...]


def _redeal(piles: Piles, rng: Rng) -> Piles:
    """Keep each pile's top (its last card) and size; pool and redeal the cards below."""
    pool = sorted(card for pile in piles for card in pile[:-1])
    rng.shuffle(pool)
    out = []
    for pile in piles:
        below = len(pile) - 1
        if below <= 0:
            out.append(pile)
            continue
        out.append((*pool[:below], pile[-1]))
        del pool[:below]
    return tuple(out)


def _redeal_manuscripts(piles: Piles, rng: Rng) -> Piles:
    """Like :func:`_redeal`, keeping a hidden base manuscript at the bottom of each pile."""
    bases = sorted(pile[0] for pile in piles if len(pile) >= 2 and SCRIPTS[pile[0]].base)
    others = sorted(card for pile in piles for card in pile[:-1] if not SCRIPTS[card].base)
    rng.shuffle(bases)
    rng.shuffle(others)
    out = []
    for pile in piles:
        if len(pile) < 2:
            out.append(pile)
            continue
        hidden_base = SCRIPTS[pile[0]].base
        middle = len(pile) - 1 - hidden_base
        dealt = [bases.pop()] if hidden_base else []
        dealt += others[:middle]
        del others[:middle]
        out.append((*dealt, pile[-1]))
    return tuple(out)


def _redeal_schemes(rival: Rival, rng: Rng) -> None:
    """The rival's hidden schemes dealt again (see the module's docstring); ``rival`` is the
    sample's own copy."""
    starting = sorted(s for s in rival.deck if not SCHEMES[s].future)
    pool = sorted([s for s in rival.deck if SCHEMES[s].future] + rival.future)
    rng.shuffle(pool)
    mixed_in = len(rival.deck) - len(starting)
    deck = starting + pool[:mixed_in]
    rng.shuffle(deck)
    rival.deck, rival.future = deck, pool[mixed_in:]


def resample(state: State, seat: int, rng: Rng) -> State:
    """A state ``seat`` cannot tell from ``state`` (see the module's docstring)."""
    sample = state.clone()
    for other in range(sample.seat_count):
        player = sample.player_mut(other)
        if other == seat:
            deck = sorted(player.deck)
            rng.shuffle(deck)
            player.deck = deck
            continue
        pool = sorted(player.hand + player.deck)
        rng.shuffle(pool)
        size = len(player.hand)
        player.hand = sorted(pool[:size])
        player.deck = pool[size:]
    if sample.rival is not None:
        _redeal_schemes(sample.rival, rng)
    sample.townsfolk_piles = _redeal(sample.townsfolk_piles, rng)
    sample.manuscript_piles = _redeal_manuscripts(sample.manuscript_piles, rng)
    sample.seed = rng.next_u64()
    sample.rng_counter = 0
    sample.legal_cache = None
    return sample
