"""Burrow Box: start the game (``python main.py``) or a sub-command (``python main.py --help``).

Also the entry point of the PyInstaller executable (see build.spec).
"""

if __name__ == "__main__":
    from game.cli import main

    raise SystemExit(main())
