"""The parts of the play screen, each a section with its own rect, drawing and input
(``sections.py``: ``Section``, ``SectionManager``, ``PlayLayout``): the board and the cover over it
(``board_area.py``), the side panel with the log and its buttons (``panel.py``), the short
messages (``messages.py``), the guide's bubble (``guide.py``), the Hint (``hint.py``) and the
table's big moments (``moment.py``)."""
