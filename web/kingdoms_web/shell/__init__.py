"""The page's shell: everything around a game (home screen, shared-game summary, dialogs,
settings, share dialog). It never draws a board and never decides a rule."""
