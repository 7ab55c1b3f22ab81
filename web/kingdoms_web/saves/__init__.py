"""Keeping games: ``localStorage`` that never raises, the saved-games list and its migrations,
export/import of saves, and opening share codes. Pure logic, no browser imports: the page hands
in the storage backend and does the file reading and downloading itself."""
