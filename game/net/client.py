"""``TableClient``: a player's connection to a table at another computer.

It runs in an asyncio loop of its own thread, so the app's frame loop never waits for the
network: what arrives goes into ``inbox`` (read with ``poll()``) and ``wake()`` is called (the
app posts a pygame event, so an idle window wakes at once); what the player does is sent with
``act``/``undo``/``say``/``sit``.  A dropped connection is tried again by itself, with the seat's
token, a bounded number of times (``RETRIES``) over a bounded time; nothing is replayed twice (an
action carries the table version it was made at, so the host refuses a repeat as stale).

    client = TableClient("ws://127.0.0.1:8765", code="ABCDEF", name="Anna", colour=2)
    client.start()
    for msg in client.poll(): ...      # {"t": "welcome" | "state" | "update" | ...}
"""
from __future__ import annotations

import asyncio
import logging
import queue
import threading
from typing import Callable

from .. import __version__
from .protocol import APP, PROTOCOL, Bad, encode, parse_reply

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
REPLY_LIMIT = 8 * 1024 * 1024       # characters of one message from the host
RETRIES = 8                         # tries to reconnect after a dropped connection
BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0, 5.0, 5.0)
CONNECT_TIMEOUT = 6.0

# states of a client
CONNECTING, JOINED, AWAY, CLOSED = "connecting", "joined", "away", "closed"
# why a client closed for good (the app says it in words); the host's refusals are codes too
UNREACHABLE, REFUSED, LOST = "unreachable", "refused", "lost"
NO_ANSWER = "no_answer"           # nothing answered in time (a firewall that drops, a sleeping host)
NO_SUCH_HOST = "no_such_host"     # the name of the host is not known
NOT_A_TABLE = "not_a_table"       # something answered, but not a table of this program


def failure_code(exc: BaseException) -> str:
    """Why a first connection failed, as one of the codes above."""
    import socket
    if isinstance(exc, socket.gaierror):
        return NO_SUCH_HOST
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return NO_ANSWER
    if isinstance(exc, OSError):
        return UNREACHABLE
    return NOT_A_TABLE if type(exc).__module__.startswith("websockets") else UNREACHABLE


#: only addresses on this computer are used (the UI monkey sets it: what it types at random
#: must never reach another computer, nor a name server)
LOOPBACK_ONLY = False


def address_url(address: str) -> str | None:
    """``host``, ``host:port``, ``[v6]:port`` or a ws:// / wss:// URL as the URL to connect to,
    or None when it cannot be one."""
    url = _address_url(address)
    if url is not None and LOOPBACK_ONLY:
        from urllib.parse import urlsplit
        try:
            host = urlsplit(url).hostname
        except ValueError:
            return None
        if host not in ("127.0.0.1", "::1"):
            return None
    return url


def _address_url(address: str) -> str | None:
    if not isinstance(address, str):
        return None
    text = address.strip()
    if not text or len(text) > 300 or any(ch.isspace() for ch in text):
        return None
    if text.startswith(("ws://", "wss://")):
        return text
    if "://" in text:
        return None
    host, port = text, DEFAULT_PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host, rest = text[:end + 1], text[end + 1:]
        if rest:
            if not rest.startswith(":") or not rest[1:].isdigit():
                return None
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, p = text.partition(":")
        if not p.isdigit() or not host:
            return None
        port = int(p)
    elif text.count(":") > 1:
        host = f"[{text}]"
    if not 0 < port < 65536:
        return None
    return f"ws://{host}:{port}"


class TableClient:
    def __init__(self, url: str, code: str | None = None, name: str = "", colour: int = 0,
                 seat: int | None = None, token: str | None = None,
                 wake: Callable[[], None] | None = None, retries: int = RETRIES):
        self.url = url
        self.code = code
        self.name = name
        self.colour = colour
        self.wish = seat
        self.token = token
        self.wake = wake
        self.retries = retries
        self.state = CONNECTING
        self.why: str | None = None           # why it closed (a code)
        self.seat: int | None = None
        self.inbox: queue.Queue = queue.Queue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._ws = None
        self._stopping = False

    # ---- the app's side ------------------------------------------------------------------------
    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="table-client", daemon=True)
        self.thread.start()

    def poll(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, type_: str, **fields) -> None:
        text = encode(type_, **fields)
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(lambda: loop.create_task(self._send(text)))

    def act(self, action: dict, version: int) -> None:
        self.send("act", v=version, a=dict(action))

    def undo(self, version: int) -> None:
        self.send("undo", v=version)

    def say(self, message: str) -> None:
        self.send("say", m=message)

    def sit(self, seat: int) -> None:
        self.send("sit", seat=seat)

    def close(self, timeout: float = 3.0) -> None:
        self._stopping = True
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: loop.create_task(self._close()))
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout)

    # ---- the network's side --------------------------------------------------------------------
    def _deliver(self, msg: dict) -> None:
        self.inbox.put(msg)
        if self.wake is not None:
            try:
                self.wake()
            except Exception:  # noqa: BLE001 - waking the window is a courtesy
                log.debug("wake failed", exc_info=True)

    def _finish(self, why: str) -> None:
        if self.state != CLOSED:
            self.state = CLOSED
            self.why = why
            self._deliver({"t": "closed", "why": why})

    async def _send(self, text: str) -> None:
        ws = self._ws
        if ws is None:
            self._deliver({"t": "error", "code": "not_connected", "about": ""})
            return
        try:
            await ws.send(text)
        except Exception:  # noqa: BLE001 - the reader sees the closed connection
            log.info("a message could not be sent: the connection is gone")

    async def _close(self) -> None:
        ws = self._ws
        if ws is not None:
            await ws.close()

    def _run(self) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self.run())
        finally:
            try:        # a loop left inside "async for" has an async generator to finish
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def _hello(self) -> str:
        return encode("hello", p=PROTOCOL, app=APP, version=__version__, code=self.code,
                      name=self.name, colour=self.colour,
                      seat=None if self.token else self.wish, token=self.token)

    async def run(self) -> None:
        """Connect, say hello, read until the end; reconnect after a drop while seated."""
        from websockets.asyncio.client import connect
        tries = 0
        joined_once = False
        while not self._stopping:
            try:
                ws = await asyncio.wait_for(
                    connect(self.url, max_size=REPLY_LIMIT, open_timeout=CONNECT_TIMEOUT,
                            proxy=None, compression=None, user_agent_header=None),
                    CONNECT_TIMEOUT + 1)
            except (OSError, asyncio.TimeoutError, Exception) as exc:  # noqa: BLE001
                log.info("cannot reach %s: %s", self.url, type(exc).__name__)
                if not joined_once or tries >= self.retries or self._stopping:
                    self._finish(failure_code(exc) if not joined_once else LOST)
                    return
                await asyncio.sleep(BACKOFF[min(tries, len(BACKOFF) - 1)])
                tries += 1
                continue
            self._ws = ws
            try:
                await ws.send(self._hello())
                async for data in ws:
                    try:
                        msg = parse_reply(data, REPLY_LIMIT)
                    except Bad:
                        log.warning("an unreadable message from the host was dropped")
                        continue
                    if msg["t"] == "welcome" and isinstance(msg.get("token"), str):
                        self.token = msg["token"]
                        self.seat = msg.get("seat")
                        joined_once = True
                        tries = 0
                        self.state = JOINED
                    elif msg["t"] == "welcome":
                        joined_once = True
                        self.state = JOINED
                    elif msg["t"] == "error" and not joined_once:
                        self._deliver(msg)
                        self._finish(str(msg.get("code") or REFUSED))
                        await ws.close()
                        return
                    elif msg["t"] == "bye":
                        self._deliver(msg)
                        self._finish(str(msg.get("why") or "closed"))
                        await ws.close()
                        return
                    self._deliver(msg)
            except Exception as exc:  # noqa: BLE001 - a dropped connection: try again
                log.info("the connection dropped: %s", type(exc).__name__)
            finally:
                self._ws = None
            if getattr(ws, "close_code", None) in (1000, 1008) and not self._stopping:
                self._finish(LOST)           # closed on purpose (a newer connection, abuse)
                return
            if self._stopping or self.state == CLOSED:
                self._finish("closed")
                return
            if not self.token or tries >= self.retries:
                self._finish(LOST)
                return
            self.state = AWAY
            self._deliver({"t": "away"})
            await asyncio.sleep(BACKOFF[min(tries, len(BACKOFF) - 1)])
            tries += 1


def request(url: str, type_: str, timeout: float = 8.0, **fields) -> dict:
    """One question to a table server before joining (``create``, ``mine``, ``list``): the
    answer (``created``, ``tables``) or ``{"t": "error", "code": ...}``; ``unreachable`` when
    nothing answers."""
    from websockets.sync.client import connect
    if type_ == "create":
        fields = {"p": PROTOCOL, "app": APP, "version": __version__, **fields}
    try:
        with connect(url, open_timeout=timeout, close_timeout=2, max_size=REPLY_LIMIT,
                     proxy=None, compression=None, user_agent_header=None) as ws:
            ws.send(encode(type_, **fields))
            return parse_reply(ws.recv(timeout=timeout), REPLY_LIMIT)
    except Bad as bad:
        return {"t": "error", "code": bad.code}
    except (OSError, TimeoutError) as exc:
        log.info("cannot reach %s: %s", url, type(exc).__name__)
        return {"t": "error", "code": UNREACHABLE}
    except Exception as exc:  # noqa: BLE001 - a closed or refused connection
        log.info("the server did not answer: %s", type(exc).__name__)
        return {"t": "error", "code": UNREACHABLE}
