"""The import graph of ``game/`` (every import, at the top of a module or inside a function):
no cycles, and the layers of DESIGN.md (*Tables, sessions and the network*) depend only
downwards.  A failure names the modules and the import."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"

# layer -> the project layers it may import (besides itself).  ``base`` is game/__init__.py.
# net may read the rules catalog (a table is made from GAMES) and ai (a remote computer seat).
ALLOWED = {
    "io": {"base"},
    "rules": {"base", "io"},
    "ai": {"base", "io", "rules"},
    "table": {"base", "io", "rules", "ai"},
    "net": {"base", "io", "rules", "ai", "table"},
}
NO_SCREEN = ("pygame", "pygame_gui")          # never imported by rules, ai, table, net, io
NO_WORDS = ("game.i18n",)                      # nor are the catalogs


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(p): p for p in GAME.rglob("*.py")}


def layer(mod: str) -> str:
    parts = mod.split(".")
    if len(parts) == 1:
        return "base"
    return parts[1] if len(parts) > 2 or MODULES.get(mod, Path()).name == "__init__.py" \
        else parts[1].removesuffix(".py")


def imports(mod: str) -> list[tuple[str, int]]:
    """(imported name, line) for every import in ``mod``: project modules resolved, others as
    written (``pygame``, ``yaml``)."""
    path = MODULES[mod]
    is_pkg = path.name == "__init__.py"
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            if node.level:
                base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            for a in node.names:
                full = f"{prefix}.{a.name}"
                out.append((full if full in MODULES else prefix, node.lineno))
    return out


def project_edges() -> dict[str, set[str]]:
    graph = {}
    for mod in MODULES:
        deps = set()
        for name, _ in imports(mod):
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != mod and name.startswith("game"):
                deps.add(name)
        graph[mod] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        m = stack.pop()
                        on.discard(m)
                        comp.append(m)
                        if m == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_the_import_graph_has_no_cycle():
    found = cycles(project_edges())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(c) for c in found)


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for mod in sorted(MODULES):
        own = layer(mod)
        if own not in ALLOWED:
            continue
        for name, line in imports(mod):
            where = f"{MODULES[mod].relative_to(ROOT)}:{line}"
            if name.split(".")[0] in NO_SCREEN or name.startswith(NO_WORDS):
                wrong.append(f"{where} imports {name} (no screen and no catalogs here)")
            elif name.startswith("game"):
                target = name
                while target and target not in MODULES:
                    target = target.rpartition(".")[0]
                other = layer(target) if target else "base"
                if other != own and other not in ALLOWED[own]:
                    wrong.append(f"{where}: {own} imports {name} ({other})")
    assert not wrong, "\n".join(wrong)


def test_the_graph_sees_the_project():
    """The walk finds the layers and their imports (a guard against a test that checks nothing)."""
    graph = project_edges()
    assert {"game.rules.base", "game.table.table", "game.net.host", "game.app.app"} <= set(graph)
    assert "game.rules.base" in graph["game.table.table"] or any(
        d.startswith("game.rules") for d in graph["game.table.table"])
