"""Generate ``docs/burgrave-cards.md``: a table of every card, manuscript and board item.

Run ``python -m kingdoms.burgrave.cards_doc > docs/burgrave-cards.md``; a test checks that the
committed file equals :func:`cards_markdown`, so the rules help never drifts from the data. The
rule texts are the ones players read, rendered in English from the catalogs (:mod:`.words`).
"""

from __future__ import annotations

from kingdoms.core import registry  # noqa: F401 - registers the games' word catalogs
from kingdoms.core.text import render

from .content import CONTENT, PLAYER_CARDS, RIBBONS
from .tables import (
    CASTLE_REWARDS,
    DESIGNS,
    PLAYER_CARD_SETUP,
    PRINTED,
    PRINTED_SCRIPT_COST,
    PRINTED_SCRIPT_EFFECTS,
    SCRIPTS,
    SEG_LINK_REWARDS,
    SEG_SPOT_NAMES,
    SEG_SPOT_REWARDS,
    Design,
)
from .words import design_text, effects_text, icons_text, script_text

_EXCHANGES = {1: "1 merchant → 1 silver", 2: "2 merchants → 1 any resource",
              3: "3 merchants → destroy a card", 4: "4 merchants → flip a debt or deed"}


def _cards(title: str, designs: list[Design]) -> list[str]:
    lines = [f"## {title} ({len(designs)})", "", "| name | value | icons | rule text |",
             "|---|---|---|---|"]
    for d in designs:
        lines.append(f"| {d.name} | {d.value} | {render(icons_text(d.icons))} "
                     f"| {render(design_text(d))} |")
    return [*lines, ""]


def cards_markdown() -> str:
    out = ["# Burgrave: every card", "",
           "Generated from `engine/kingdoms/burgrave/content.json` by "
           "`python -m kingdoms.burgrave.cards_doc`; do not edit by hand.", ""]
    out += _cards("Starting townsfolk (the same 8 per colour)",
                  [d for d in DESIGNS if d.kind == "starting"])
    out += _cards("Heroes", [d for d in DESIGNS if d.kind == "hero"])
    out += _cards("Neutral townsfolk", [d for d in DESIGNS if d.kind == "neutral"])
    out += [f"## Manuscripts ({len(SCRIPTS)})", "", "| name | cost | ribbon | base | text |",
            "|---|---|---|---|---|"]
    for i, s in enumerate(SCRIPTS):
        out.append(f"| {s.name} | {s.cost} | {RIBBONS[s.ribbon]} | {'yes' if s.base else ''} "
                   f"| {render(script_text(i))} |")
    out += ["", "## Cleric bonus cards", "", "| name | ribbon | points |", "|---|---|---|"]
    out += [f"| {c.name} | {c.ribbon} | {c.points} VP and a permanent cleric icon |"
            for c in CONTENT.cleric_bonus]
    out += ["", "## Player cards", "", "| name | space | starting items | extra setup step |",
            "|---|---|---|---|"]
    for i, p in enumerate(PLAYER_CARDS):
        items = ", ".join(f"{v} {k}" for k in ("silver", "ink", "gold", "stone", "debts", "deeds")
                          if (v := getattr(p, k)))
        setup = render(effects_text(PLAYER_CARD_SETUP[i]))
        out.append(f"| {p.name} | {p.space} | {items} | {setup} |")
    out += ["", "## Board segments", ""]
    for i, seg in enumerate(CONTENT.segments):
        out += [f"### {seg.name}", "",
                f"Exchanges: west bank {_EXCHANGES[seg.exchanges[0]]}; "
                f"east bank {_EXCHANGES[seg.exchanges[1]]}.", "",
                "| spot | bank | reward |", "|---|---|---|"]
        for k in range(6):
            bank = "west" if k < 3 else "east"
            closed = " (closed below 3 players)" if k in (2, 3) else ""
            out.append(f"| {SEG_SPOT_NAMES[i][k]}{closed} | {bank} | "
                       f"{render(effects_text(SEG_SPOT_REWARDS[i][k]))} |")
        links = ["west 1–2", "west 2–3", "east 1–2", "east 2–3", "east 3 – next west 1"]
        out += ["", "Links: " + "; ".join(
            f"{name}: {render(effects_text(r))}" for name, r in zip(links, SEG_LINK_REWARDS[i],
                                                                    strict=True)) + ".", ""]
        pt = PRINTED[i]
        out += [f"Printed townsfolk: {pt.name} (value {pt.value}, "
                f"{render(icons_text(pt.icons))}; {render(design_text(pt))})", "",
                f"Printed manuscript: {seg.printed_manuscript.name} (cost "
                f"{PRINTED_SCRIPT_COST[i]}: {render(effects_text(PRINTED_SCRIPT_EFFECTS[i]))})",
                ""]
    out += ["## Castle sections", "", "| section | tier-2 reward |", "|---|---|"]
    out += [f"| {c.name} | {render(effects_text(CASTLE_REWARDS[i]))} |"
            for i, c in enumerate(CONTENT.castle)]
    out += ["", "## Virtue/corruption track", "",
            "| space | you gain (above) | opponents (below) |", "|---|---|---|"]
    for k in range(7):
        below = CONTENT.collision_below[k]
        who = {"criminal": "with a criminal in their line", "honest": "without a criminal",
               "all": "every opponent"}[below.who]
        out.append(f"| {k + 1} | {', '.join(CONTENT.collision_above[k])} | {who}: "
                   f"{', '.join(below.effects)} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(cards_markdown(), end="")
