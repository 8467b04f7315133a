"""Playing together from different computers (issue 34), the window's side.

    host_session.py    HostSession: a table here, served to the others (game/net/host.py)
    remote_session.py  RemoteSession: a seat at a table hosted elsewhere (game/net/client.py)
    start.py           Play online (host or join), the set-up of a hosted table
    lobby.py           the host's lobby: the code, the addresses, who has joined, Start
    join.py            Join a table: found on the home network, or by address and code
    server.py          a table server: its address, Create a table there, My tables
    play.py            the play screen of a table online; menu.py: quick messages, away seats
    errors.py          every code as one sentence; store.py: the seats' tokens kept to rejoin

The app imports this package only when a player opens one of these screens (``App.scene``):
the title screen never loads the network libraries.
"""
from __future__ import annotations

from .join import JoinScene
from .lobby import LobbyScene
from .menu import OnlineMenuScene
from .play import OnlinePlayScene
from .server import ServerScene, ServerSetupScene
from .start import HostSetupScene, OnlineScene

SCENES = {"online": OnlineScene, "host_setup": HostSetupScene, "lobby": LobbyScene,
          "join": JoinScene, "online_play": OnlinePlayScene, "online_menu": OnlineMenuScene,
          "online_server": ServerScene, "server_setup": ServerSetupScene}
