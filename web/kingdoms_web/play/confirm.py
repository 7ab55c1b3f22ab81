"""The one rule for asking twice: a choice that gives something up, or a button that cannot be
taken back, waits for a second tap.

Why one rule for every game: what a choice cannot take back is the engine's answer
(:attr:`~kingdoms.core.explain.Choice.reveals`, ``ends_turn``, ``forfeits``), so the page only
decides *how* to ask, the same way everywhere:

- a choice that **forfeits** something (Burgrave: moving where nothing can be afforded; Dice
  Realm: taking a citizen while rolls remain) is always asked, with the engine's words;
- a plain **button** of the prompt that **reveals** something (a draw, a card turned up) is
  asked too, as a button in a list is easily hit by mistake and undo cannot take it back; a tap
  on the board's own pieces (a die, a space, a card) is deliberate enough;
- nothing is asked when the choice is the only one: there is nothing else to do.

How it is asked is the screen's (Burgrave: the same control tapped again; Dice Realm: the claim
chooser); which choice waits for its second tap is a :class:`Confirmation`.
"""

from __future__ import annotations

from typing import Any

from kingdoms.core.explain import PROMPT, Choice, Prompt
from kingdoms_web.i18n import say, t


def must_confirm(prompt: Prompt[Any], choice: Choice[Any]) -> bool:
    """Whether ``choice`` waits for a second tap (see the module's rule)."""
    if len(prompt.choices) < 2:
        return False
    return choice.forfeits is not None or (choice.reveals and choice.place == PROMPT)


def why_confirm(choice: Choice[Any]) -> str:
    """What the confirmation says: what the choice gives up, or that it cannot be undone."""
    if choice.forfeits is not None:
        return say(choice.forfeits)
    return t("confirm.no_undo")


class Confirmation:
    """Which control (by the screen's id for it) waits for its second tap.

    The first tap on a control that :func:`must_confirm` arms it; the second tap on the same
    control takes it; a tap on anything else, or a new decision, disarms it.
    """

    def __init__(self) -> None:
        self.armed: str | None = None

    def tap(self, ident: str, prompt: Prompt[Any], choice: Choice[Any]) -> bool:
        """A tap on control ``ident`` offering ``choice``: True when it is to be taken now,
        False when this tap only armed it (the screen then says :func:`why_confirm`)."""
        if self.armed == ident or not must_confirm(prompt, choice):
            self.armed = None
            return True
        self.armed = ident
        return False

    def clear(self) -> None:
        self.armed = None
