"""Tables over the network: the protocol, a host that serves one table (in the app or headless),
and a client (websockets, asyncio, each in a thread of its own beside the app's frame loop).
No pygame and no catalogs here: the app says every code in words."""
