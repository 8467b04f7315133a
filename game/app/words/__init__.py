"""The names the screens give things the rules know by id, and the quick references (the event
sentences and hints are in ``game.app.eventtext``)."""
