"""A game being played or watched: the contract a game screen implements, the running-game
session (engine, autosave, undo, the privacy and end screens), and history and replay."""
