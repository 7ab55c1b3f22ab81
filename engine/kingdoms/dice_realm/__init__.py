"""Dice Realm: roll six dice up to three times to win citizens and found villages."""
