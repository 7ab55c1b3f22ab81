"""One package per game, each with a ``screen`` module exposing ``create_screen(host)`` (see
:mod:`kingdoms_web.play.contract`); the app lists them in ``app.VIEW_MODULES``."""
