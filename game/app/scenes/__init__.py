"""The scenes: title, choose, seats, play, pause, settings, rules, results."""
