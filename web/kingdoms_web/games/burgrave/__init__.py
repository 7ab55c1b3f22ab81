"""Burgrave's screen (``screen.create_screen``): the board, the player boards, and the model
(prompts, offered controls, texts; no DOM)."""
