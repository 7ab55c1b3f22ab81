"""Kingdoms: rules engines for two board games, shared by the browser page and the command line.

The package is pure Python (no browser imports) so the same code runs on CPython for tests and
the CLI and on Pyodide in the page; replays match byte for byte in both.
"""

__version__ = "0.1.0"
