"""Typed errors. Every failure a user can cause is one of these, with a message fit to show.

Modelled on python-chess: errors are ``ValueError`` subclasses so callers that only care about
"bad input" can catch one thing, while the page and the CLI can tell the kinds apart.

Why an error may carry a :class:`~kingdoms.core.text.Text`: a refusal a player can see (an
illegal move, a bad option) must reach the page in the player's language, but the engine never
picks one. Raising ``IllegalActionError(Text(...))`` keeps the text as :attr:`KingdomsError.text`
for the page (``i18n.say``) and makes ``str(error)`` its English rendering for the command line,
logs and tests. Errors raised with a plain ``str`` are the ones only developers meet (a
programming error, a malformed hand-made state, the command line's usage): see
``docs/architecture.md``, "Words".

>>> from kingdoms.core.text import Text
>>> error = IllegalActionError(Text("core.error.game_over"))
>>> str(error), error.text
('The game is over.', Text('core.error.game_over'))
>>> IllegalActionError("developer detail").text is None
True
"""

from __future__ import annotations

from .text import Text, render


class KingdomsError(ValueError):
    """Base class of every error the engine raises on purpose."""

    text: Text | None
    """The message as translatable text, when a player may read it (else ``None``)."""

    def __init__(self, message: str | Text = "") -> None:
        if isinstance(message, Text):
            self.text = message
            super().__init__(render(message))
        else:
            self.text = None
            super().__init__(message)


class IllegalActionError(KingdomsError):
    """An action that the rules do not allow in this state; the message says why."""


class UnknownGameError(KingdomsError):
    """A game id that is not in the registry."""


class SetupError(KingdomsError):
    """Bad arguments for a new game: seat count, names, options."""


class CodeError(KingdomsError):
    """A share code or record that cannot be loaded.

    ``reason`` is a short machine-readable kind (``corrupt``, ``too_large``, ``newer_format``,
    ``unknown_game``, ``rules_version``, ``unknown_level``, ``illegal_action``, ``invalid``) so
    the page can pick a translated message; ``str(error)`` is the English sentence.
    """

    def __init__(self, reason: str, message: str, *, move: int | None = None,
                 level: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.move = move
        self.level = level
        """With ``unknown_level``: the level a seat names (``""`` for none)."""
