"""Dice Realm's rules reference: its sections in order, each section's blocks, and its glossary
terms with the section that explains each (the words are the game's own catalog keys; see
:mod:`kingdoms_web.learn.book`)."""

from __future__ import annotations

from kingdoms_web.learn.book import Book, Section, Term

BOOK = Book("dice-realm", (
    Section("goal", ("p:intro", "p:win", "fig:goal")),
    Section("components", ("li:dice", "li:villages", "li:citizens", "li:scoundrels",
                           "fig:components")),
    Section("setup", ("ol:villages", "ol:citizens", "ol:scoundrels", "ol:start", "fig:setup")),
    Section("turn", ("p:intro", "ol:roll", "ol:keep", "ol:stop", "ol:take", "ol:refill",
                     "fig:dice", "p:lit")),
    Section("requirements", ("p:intro", "li:faces", "li:letters", "li:sum", "li:parity",
                             "li:combo", "fig:requirements", "p:disjoint")),
    Section("villages", ("p:intro", "p:optional", "fig:villages", "p:end")),
    Section("scoundrels", ("p:intro", "p:discard", "fig:scoundrels")),
    Section("abilities", ("p:intro", "li:elf", "li:hypnotist", "li:apprentice", "li:fairy",
                          "li:dragon", "fig:abilities")),
    Section("end", ("p:intro", "li:draw", "li:scoundrel", "li:village", "p:at_once",
                    "p:warning")),
    Section("scoring", ("p:intro", "p:example", "fig:scoring", "p:example_sum", "p:tie")),
    Section("faq", ("faq:must_take", "faq:village_choice", "faq:take_early", "faq:fairy",
                    "faq:two_fairies", "faq:hypnotist_end", "faq:hypnotised",
                    "faq:dragon_village", "faq:dragon_only", "faq:pairs", "faq:apprentice_end",
                    "faq:elf_apprentice", "faq:undo")),
), (
    Term("ability", "abilities"), Term("apprentice", "abilities"),
    Term("citizen", "components"), Term("discard_pile", "scoundrels"),
    Term("dragon", "abilities"), Term("draw_pile", "setup"), Term("elf", "abilities"),
    Term("fairy", "abilities"), Term("flip", "abilities"), Term("found", "villages"),
    Term("gift", "abilities"), Term("full_house", "requirements"),
    Term("hold", "turn"), Term("hypnotist", "abilities"), Term("kind", "requirements"),
    Term("letters", "requirements"), Term("lit", "turn"), Term("negative", "scoring"),
    Term("odds", "turn"), Term("pairs", "requirements"), Term("parity", "requirements"),
    Term("realm", "goal"), Term("requirement", "requirements"), Term("roll", "turn"),
    Term("row", "setup"), Term("scoundrel", "scoundrels"), Term("scoundrel_pile", "setup"),
    Term("slot", "setup"), Term("stop", "turn"), Term("straight", "requirements"),
    Term("total", "requirements"), Term("village", "villages"),
    Term("village_pile", "setup"),
))
