"""Burgrave's prompt buttons: each with its action's symbol, its words and, for a card to
choose (a hire), that card's value and icons, so the choice reads like the card it takes. The
screen (:mod:`.screen`) lays them out and handles their taps."""

from __future__ import annotations

from kingdoms.burgrave.game import BurgraveView
from kingdoms_web.dom import Element, el
from kingdoms_web.games.burgrave import model as M
from kingdoms_web.games.burgrave.icons import BUILDING_SYMBOL, icon
from kingdoms_web.games.burgrave.player import card_marks
from kingdoms_web.i18n import join_list, join_sentences, t

OPTION_SYMBOLS = {
    "trade": "trade", "place_workers": "place-workers", "transcribe": "transcribe",
    "hire": "hire", "dismiss": "dismiss", "move": "move", "rearrange": "rearrange",
    "destroy_top": "destroy", "choose_flip": "flip", "choose_resource": "any-resource",
    "bump": "worker", "move_worker": "move", "play_card": "hand", "play_blind": "deck",
    "choose_pair": "hero", "choose_card": "hand", "choose_segment": "townsfolk",
    "choose_spot": "spot", "build": "build"}
"""The icon beside a prompt button, by the engine's action type (the label says it in words)."""


OPTION_SUBJECT = {"choose_resource": "resource", "choose_flip": "kind"}
"""Actions whose button shows what is chosen (ink, gold or stone; a debt or a deed), each drawn
in the sprite under its own name, rather than the kind of choice: three alike buttons of "any
resource" read as one."""


def option_symbol(offer: M.Offer) -> str | None:
    """The sprite symbol for a prompt button: its building type, what it chooses, or its
    action's kind."""
    if offer.select is not None:
        return BUILDING_SYMBOL.get(offer.select)
    action_type = str(getattr(offer.action, "action_type", ""))
    subject = OPTION_SUBJECT.get(action_type)
    if subject is not None:
        return str(getattr(offer.action, subject))
    return OPTION_SYMBOLS.get(action_type)


def option_face(view: BurgraveView, offer: M.Offer) -> list[Element]:
    """The face of the card a prompt button is about (the engine's ``about``): its value and
    icons, before the button's words; none for other buttons."""
    if offer.about is None or offer.about[0] != "townsfolk":
        return []
    info = M.townsfolk_info(view["segments"][offer.about[1]])
    return [el("span", *card_marks(info), cls="bg-option-face",
               attrs={"role": "img", "aria-label": t("burgrave.card_marks", value=info["value"],
                                                     icons=join_list(M.icon_name(i) for i in
                                                                     info["icons"]))})]


def option_button(view: BurgraveView, offer: M.Offer) -> Element:
    """A prompt button for ``offer`` (its tap is the screen's to handle); one waiting for its
    confirming second tap says why and asks for it."""
    confirming = bool(offer.armed)
    detail = join_sentences([offer.armed, t("confirm.tap_again")]) if confirming \
        else offer.detail
    symbol = option_symbol(offer)
    face = option_face(view, offer)
    return el("button", icon(symbol, "bg-option-icon") if symbol else None,
              el("span", el("span", offer.label, cls="bg-option-label"),
                 el("span", *face, detail, cls="bg-option-detail") if detail or face else None,
                 cls="bg-option-text"),
              cls="btn bg-option" + (" is-selected" if offer.selected else "")
              + (" is-confirming" if confirming else "")
              + (" bg-option-pair" if offer.place == "pair" else ""),
              testid=offer.testid,
              attrs={"type": "button", "data-offer": "1",
                     "aria-pressed": "true" if offer.selected else None})


__all__ = ["OPTION_SUBJECT", "OPTION_SYMBOLS", "option_button", "option_face", "option_symbol"]
