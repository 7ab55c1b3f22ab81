"""Burgrave: a deck-building journey round a castle (rules engine, content and bots)."""
