"""Dice Realm's screen (``screen.create_screen``) and its texts."""
