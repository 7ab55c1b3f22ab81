"""What happened on the Dice Realm board this turn (or since your last turn), in words."""

from __future__ import annotations

from collections.abc import Sequence

from kingdoms.dice_realm.explain import slid_count
from kingdoms.dice_realm.game import DiceRealmView
from kingdoms_web.dom import Element, el
from kingdoms_web.games.dice_realm.text import event_text
from kingdoms_web.i18n import join_parts, t


def events_section(view: DiceRealmView, since: Sequence[str] = ()) -> Element:
    """The events of the turn being played, in words; of several rolls only the latest is
    listed, and the citizens that slid are counted. Before the viewer's turn has begun:
    everything the others did ``since`` the viewer's last turn (the engine's sentences: with
    two computers at the table the first one's turn is not lost), else the last turn's."""
    names = [p["name"] for p in view["players"]]
    this_turn = view["this_turn"]
    if since and not this_turn:
        return _section(t("dice-realm.since_your_turn"),
                        [el("li", line, cls="ev", attrs={"data-type": "since"})
                         for line in since])
    events = this_turn if this_turn else view["last_turn"]
    heading = t("dice-realm.this_turn") if this_turn else t("dice-realm.last_turn")
    items: list[Element] = []
    rolls = [e for e in events if e.get("type") == "roll"]
    for event in events:
        if event.get("type") == "roll" and event is not rolls[-1]:
            continue  # only the latest roll of the turn
        text = event_text(event, names)
        if text:
            items.append(el("li", text, cls=f"ev ev-{event.get('type')}",
                            attrs={"data-type": event.get("type")}))
    slides = slid_count(events)
    if slides:
        items.append(el("li", t("dice-realm.event.slide", count=slides), cls="ev ev-slide",
                        attrs={"data-type": "slide"}))
    if not items:
        items.append(el("li", t("dice-realm.no_events"), cls="ev note"))
    return _section(heading, items)


def _section(heading: str, items: list[Element]) -> Element:
    return el("section", el("h2", join_parts([t("dice-realm.events"), heading]), cls="dr-h"),
              el("ul", *items, cls="dr-event-list", attrs={"role": "list"}),
              cls="dr-events", testid="events")
