"""Pure logic of the Burgrave screen (no DOM): funding texts, pawn marks, reward chips, and
the prompt of the very first decision."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kingdoms.burgrave.content import ICONS, parse_effect
from kingdoms.burgrave.costs import fund
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.primary_prompt import funding_text
from kingdoms.core.protocol import Seat
from kingdoms.core.text import Text, render
from kingdoms_web import i18n
from kingdoms_web.games.burgrave import model as M


def setup_module() -> None:
    import kingdoms.core.registry  # noqa: F401 - registers the games' word catalogs

    i18n.set_language("en")


def test_funding_says_what_pays_and_what_is_missing() -> None:
    builder, noble = ICONS.index("builder"), ICONS.index("noble")
    stone, gold = Text("burgrave.res.stone"), Text("burgrave.res.gold")
    assert render(funding_text(fund(3, 3, 0), builder, stone)) == (
        "needs 3 builders: all from your icons")
    assert render(funding_text(fund(5, 3, 4), noble, gold)) == (
        "needs 5 nobles: 3 from icons, pay 2 gold")
    assert render(funding_text(fund(7, 2, 1), builder, stone)) == (
        "needs 7 builders: 2 from icons and 1 stone, 4 missing")


def test_reward_chips_are_icons_with_numbers_and_labelled_in_full() -> None:
    effects = (parse_effect("silver:2"), parse_effect("deed"), parse_effect("place_workers:1"))
    label, chips = M.chip_data(effects)
    assert label == "+2 silver, +1 deed, place 1 worker free in any tier-1 section"
    assert chips == ((("silver", "2"),), (("deed", "1"),), (("place-workers", "+1"),))
    assert M.effects_text(()) == "nothing"


def test_seat_marks_fall_back_to_numbers_when_initials_clash() -> None:
    view = {"players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "ada"}]}
    assert [M.seat_mark(view, s) for s in range(3)] == ["1", "2", "3"]


def test_first_prompt_offers_the_pairs_and_names_the_picker() -> None:
    state = GAME.new_game((Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cid")), 7)
    view = GAME.view(state, GAME.current_seat(state))
    prompt = M.build_prompt(GAME.prompt(state))
    assert prompt is not None and prompt.kind == "choose_pair"
    legal = GAME.legal_actions(state)
    assert [o.action for o in prompt.offers] == legal
    assert all(o.testid.startswith("pair-") and "Start on space" in o.detail
               for o in prompt.offers)
    assert M.control_path(legal[0], view, prompt) == [prompt.offers[0].testid]


def test_score_rows_follow_the_engine_breakdown() -> None:
    state = GAME.new_game((Seat(name="Ana"), Seat(name="Ben")), 3)
    view = GAME.view(state, None)
    rows = M.score_rows(view, 0)
    assert [label for label, _ in rows][:2] == ["Buildings", "Castle workers"]
    assert sum(v for _, v in rows) == view["scores"][0]["total"]


SPRITE = Path(__file__).resolve().parents[2] / "public" / "art" / "burgrave-icons.svg"


def _shown_symbols() -> set[str]:
    """Every sprite symbol the screen can draw: rewards, exchanges, prompt buttons, buildings,
    the legend itself."""
    from kingdoms.burgrave.content import CONTENT, EFFECT_KINDS, EffectKind
    from kingdoms_web.games.burgrave.icons import BUILDING_SYMBOL, SYMBOLS
    from kingdoms_web.games.burgrave.options import OPTION_SYMBOLS

    shown = set(SYMBOLS) | set(M.EXCHANGE_RESULT.values()) | set(OPTION_SYMBOLS.values())
    shown |= {"ink", "gold", "stone", "debt", "deed"}  # what a choice shows (OPTION_SUBJECT)
    shown |= set(BUILDING_SYMBOL.values()) | set(ICONS) | set(CONTENT.start_slot_icons)
    for kind in range(len(EFFECT_KINDS)):
        arg = 0 if EffectKind(kind) != EffectKind.BUILD_FREE else 1
        shown |= {symbol for symbol, _n in M.effect_badge((EffectKind(kind), 2, arg))}
    return shown


def test_a_choice_of_resource_or_flip_shows_what_it_chooses() -> None:
    """Three buttons of "any resource" read as one: each shows its own ink, gold or stone (and
    a flip its debt or deed)."""
    from kingdoms.burgrave.actions import ChooseFlip, ChooseResource
    from kingdoms_web.games.burgrave.options import option_symbol

    for resource in ("ink", "gold", "stone"):
        offer = M.Offer(testid="t", label="", action=ChooseResource(resource=resource))
        assert option_symbol(offer) == resource
    for kind in ("debt", "deed"):
        assert option_symbol(M.Offer(testid="t", label="", action=ChooseFlip(kind=kind))) == kind


def test_every_icon_shown_is_in_the_sprite_and_in_the_legend() -> None:
    from kingdoms_web.games.burgrave.icons import PAWN_SHAPES, SYMBOLS

    sprite = set(re.findall(r'<symbol id="([^"]+)"', SPRITE.read_text(encoding="utf-8")))
    pawns = {f"pawn-{shape}" for shape in PAWN_SHAPES}
    assert _shown_symbols() <= set(SYMBOLS), "an icon on screen the legend does not explain"
    assert set(SYMBOLS) | pawns == sprite


def test_the_build_prefixes_the_sprite_s_ids_as_the_icons_look_them_up() -> None:
    """The build puts the sprite into the page with its symbols' ids prefixed; an icon finds
    its drawing by that prefix, and a mismatch would draw every icon blank."""
    import build

    from kingdoms_web.games.burgrave.icons import SPRITE_PREFIX

    sprite = SPRITE.relative_to(build.ROOT / "public").as_posix()
    assert build.INLINE_SPRITES[sprite] == SPRITE_PREFIX


def test_an_icon_is_a_copy_of_its_symbol_s_drawing_in_the_page() -> None:
    """No ``<use>``: WebKit builds and lays out a shadow tree for each (icons.py)."""
    from kingdoms_web import dom
    from kingdoms_web.games.burgrave.icons import icon
    from kingdoms_web.offline_dom import OfflineDocument

    with dom.bound(OfflineDocument()) as doc:
        symbol = dom.el("symbol", dom.el("circle", attrs={"r": "9"}), dom.el("path", attrs={
            "d": "M9 15v-4"}), attrs={"id": "bgi-silver", "viewBox": "0 0 24 24", "fill": "none",
                                      "stroke": "currentColor", "stroke-width": "2"})
        doc.body.append(symbol)
        drawn = icon("silver", "bg-leads-icon")
        again = icon("silver", "bg-leads-icon")
    assert [child.tagName for child in drawn.children] == ["CIRCLE", "PATH"]
    assert drawn.getAttribute("stroke") == "currentColor"
    assert drawn.getAttribute("stroke-width") == "2"
    assert drawn.getAttribute("class") == "bg-ico bg-leads-icon"
    assert drawn.getAttribute("aria-hidden") == "true"
    assert "id" not in drawn.attrs  # never a second element with the symbol's id
    assert len(symbol.children) == 2  # copied, not taken from the sprite
    assert again is not drawn and [c.tagName for c in again.children] == ["CIRCLE", "PATH"]

    with dom.bound(OfflineDocument()):  # a page without the sprite refers to it
        referred = icon("silver", "bg-leads-icon")
    assert [(c.tagName, c.getAttribute("href")) for c in referred.children] == [
        ("USE", "#bgi-silver")]


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_every_icon_has_a_name_in_every_language(language: str) -> None:
    from kingdoms_web.games.burgrave.icons import SYMBOLS, symbol_name

    i18n.set_language(language)
    try:
        names = [symbol_name(symbol) for symbol in SYMBOLS]
    finally:
        i18n.set_language("en")
    assert all(name and not name.startswith("burgrave.") for name in names)
    assert len(set(names)) == len(names)


def test_a_prompt_choice_s_test_id_names_its_action_and_fields() -> None:
    from kingdoms.burgrave.actions import Bump, Pass
    from kingdoms.core.explain import Choice
    from kingdoms_web.games.burgrave.model import testid_for

    assert (testid_for(Choice(Pass(), None)),
            testid_for(Choice(Bump(section=1, tier=2, seat=0), None))) == (
        "action-pass", "action-bump-1-2-0")
