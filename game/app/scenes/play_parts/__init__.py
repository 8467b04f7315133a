"""The parts of the play screen, each mixed into ``PlayScene``: the side panel, the short
messages over the board, the guide's bubble, the Hint button and the table's big moments."""
