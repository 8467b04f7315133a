"""``main.py bench --net`` (issue 34): its figures are measured and reported (the numbers are
the bench's business, not the suite's: the machine may be busy)."""
from __future__ import annotations

import pytest

from game import bench_net


@pytest.mark.slow
def test_the_network_bench_measures_latency_memory_and_idle(monkeypatch):
    monkeypatch.setenv("BURROWBOX_LAN", "off")
    small = {"tables": 2, "players": 2, "moves": 4, "memory_moves": 4, "idle_seconds": 0.5}
    monkeypatch.setattr(bench_net, "QUICK", small)
    result = bench_net.run(quick=True)
    lat = result["latency"]
    assert lat["moves"] >= 6 and 0 < lat["p50_ms"] <= lat["p99_ms"] <= lat["max_ms"]
    assert result["host_memory"]["moves"] >= 4 and result["host_memory"]["rss_mb"]
    assert result["idle"]["cpu_pct"] is not None
    text = bench_net.format_report(result)
    assert "p99" in text and "resident" in text and "CPU" in text
    names = [c["name"] for c in result["checks"]]
    assert names == ["latency_p50_ms", "latency_p99_ms", "host_rss_mb", "host_added_mb",
                     "idle_cpu_pct"]
