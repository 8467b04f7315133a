"""What the app keeps in the user-data folder: saved games and their journals, settings, the last
set-ups, player profiles and statistics (``setups``), records, replays; each file read strictly
(``jsonstore``) and written whole."""
