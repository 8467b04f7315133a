"""A player's progress beyond one game: the deal of the day, achievements, replays, and what a
finished game leaves behind (``endgame``)."""
