"""Dice Realm's screen (``screen.create_screen``), drawn with its parts: art, odds helper,
events, realms and texts."""
