"""One package per game, each exporting its :class:`~kingdoms_web.play.contract.GameUI` as
``UI`` from its ``__init__`` (the screen, rules book and figures, guide, help topics, title art
and style sheet), collected in :mod:`kingdoms_web.games.registry`."""
