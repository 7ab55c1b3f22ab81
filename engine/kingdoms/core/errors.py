"""Typed errors. Every failure a user can cause is one of these, with a message fit to show.

Modelled on python-chess: errors are ``ValueError`` subclasses so callers that only care about
"bad input" can catch one thing, while the page and the CLI can tell the kinds apart.
"""

from __future__ import annotations


class KingdomsError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(KingdomsError):
    """An action that the rules do not allow in this state; the message says why."""


class UnknownGameError(KingdomsError):
    """A game id that is not in the registry."""


class SetupError(KingdomsError):
    """Bad arguments for a new game: seat count, names, options."""


class CodeError(KingdomsError):
    """A share code or record that cannot be loaded.

    ``reason`` is a short machine-readable kind (``corrupt``, ``too_large``, ``newer_format``,
    ``unknown_game``, ``rules_version``, ``illegal_action``, ``invalid``) so the page can pick a
    translated message; ``str(error)`` is the English sentence.
    """

    def __init__(self, reason: str, message: str, *, move: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.move = move
