"""Tables on the home network, found by themselves: mDNS / DNS-SD with ``zeroconf`` (it speaks
with Bonjour and Avahi).  A host announces ``_burrowbox._tcp`` with the game, its seats and its
code (anyone on the home network may join a table listed there); the Join screen browses for a
few seconds.

``BURROWBOX_LAN`` (or the setting of the same meaning) chooses where this happens:
    on        every network interface (the default in the app)
    loopback  127.0.0.1 only: nothing leaves this computer (tests and CI)
    off       no announcing, no browsing
Every failure (no network, a firewall, a missing multicast route) only means no LAN list.
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time

log = logging.getLogger(__name__)

SERVICE = "_burrowbox._tcp.local."
MODES = ("on", "loopback", "off")


def mode() -> str:
    value = os.environ.get("BURROWBOX_LAN", "on").strip().lower()
    return value if value in MODES else "off"


def _zeroconf(m: str):
    from zeroconf import IPVersion, Zeroconf
    if m == "loopback":
        return Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


class Announcer:
    """Announce one hosted table while it waits for players (``close()`` withdraws it)."""

    def __init__(self, name: str, port: int, props: dict, address: str | None = None):
        self.zc = None
        self.info = None
        m = mode()
        if m == "off":
            return
        try:
            from zeroconf import ServiceInfo
            addr = "127.0.0.1" if m == "loopback" else (address or _own_address())
            label = "".join(ch for ch in name if ch.isalnum() or ch in " -")[:40] or "table"
            self.info = ServiceInfo(SERVICE, f"{label}-{port}.{SERVICE}", port=port,
                                    addresses=[socket.inet_aton(addr)],
                                    properties={k: str(v)[:200] for k, v in props.items()})
            self.zc = _zeroconf(m)
            self.zc.register_service(self.info, allow_name_change=True)
        except Exception as exc:  # noqa: BLE001 - no LAN list, the table still works
            log.info("the table is not announced on the home network: %s", exc)
            self.close()

    def close(self) -> None:
        zc, self.zc = self.zc, None
        if zc is None:
            return
        try:
            if self.info is not None:
                zc.unregister_service(self.info)
        except Exception:  # noqa: BLE001
            log.debug("withdrawing the announcement failed", exc_info=True)
        finally:
            zc.close()


def browse(seconds: float = 2.0) -> list[dict]:
    """The tables announced on the home network, found within ``seconds`` (at most 10):
    ``[{"name", "address", "port", **properties}]``."""
    m = mode()
    if m == "off":
        return []
    found: dict[str, dict] = {}
    try:
        from zeroconf import ServiceBrowser, ServiceStateChange
        zc = _zeroconf(m)
    except Exception as exc:  # noqa: BLE001
        log.info("cannot look for tables on the home network: %s", exc)
        return []
    lock = threading.Lock()

    def changed(zeroconf, service_type, name, state_change):
        if state_change is not ServiceStateChange.Added:
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:  # noqa: BLE001
            log.warning("changed: fell back after an error", exc_info=True)
            return
        if info is None or not info.addresses:
            return
        props = {}
        for k, v in (info.properties or {}).items():
            try:
                props[k.decode("utf-8")[:40]] = (v or b"").decode("utf-8")[:200]
            except (UnicodeDecodeError, AttributeError):
                continue
        with lock:
            found[name] = {"name": name.split(".")[0][:60],
                           "address": socket.inet_ntoa(info.addresses[0]),
                           "port": int(info.port), **props}

    try:
        browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
        time.sleep(max(0.2, min(10.0, seconds)))
        browser.cancel()
    except Exception as exc:  # noqa: BLE001
        log.info("looking for tables on the home network failed: %s", exc)
    finally:
        zc.close()
    with lock:
        return list(found.values())


def _own_address() -> str:
    """The address this computer has on its home network (no packet is sent: a UDP socket is
    only pointed at a private address to learn the route), 127.0.0.1 when there is none."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()
