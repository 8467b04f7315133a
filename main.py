"""Burrow Box: start the game (``python main.py``) or a sub-command (``python main.py --help``).

Also the entry point of the PyInstaller executable (see build.spec).
"""

if __name__ == "__main__":
    import sys

    if getattr(sys, "frozen", False):
        import multiprocessing

        # the expert's helper processes (game/ai/parallel.py) start this program again: in
        # the frozen executable this call runs the helper instead of the game (from source
        # it does nothing, and importing multiprocessing would cost the start-up ~20 ms)
        multiprocessing.freeze_support()
    from game.cli import main

    raise SystemExit(main())
