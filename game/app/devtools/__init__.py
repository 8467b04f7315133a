"""Tools for developers and tests: the play scene driven without a player (screenshots, bench),
the UI monkey, and the click targets a real-window test reads."""
