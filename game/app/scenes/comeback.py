"""The screens of the deal of the day, the achievements and the replays, by name (the app
adds them to its ``SCENES``)."""
from __future__ import annotations

from .achievements import AchievementsScene, EarnedScene
from .calendar import CalendarScene
from .daily import DailyScene
from .replay import ReplayScene
from .replays import ImportScene, ReplaysScene
from .share import ShareScene

SCENES = {"daily": DailyScene, "daily_calendar": CalendarScene, "achievements": AchievementsScene,
          "earned": EarnedScene, "replays": ReplaysScene, "replay_import": ImportScene,
          "replay": ReplayScene, "share": ShareScene}
