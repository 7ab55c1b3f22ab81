"""``python -m kingdoms``: see :mod:`kingdoms.cli`."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
