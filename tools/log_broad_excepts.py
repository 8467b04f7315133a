"""Make every broad ``except`` in ``game/`` log before it falls back (a developer tool).

``python tools/log_broad_excepts.py`` inserts, as the first line of each ``except Exception``
(or ``BaseException``) block that logs nothing, ``log.warning("...", exc_info=True)`` naming the
function, and adds ``log = logging.getLogger(__name__)`` to modules that need it.  Idempotent;
``tests/project/test_logging.py`` checks that nothing is left to do.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "game"
BROAD = {"Exception", "BaseException"}


def is_broad(handler: ast.ExceptHandler) -> bool:
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    return any(isinstance(n, ast.Name) and n.id in BROAD for n in names)


def logs(handler: ast.ExceptHandler) -> bool:
    """Whether the block logs (``log.x(...)``/``logging.x(...)``) or re-raises."""
    for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) \
                and node.func.value.id in ("log", "logging", "logger"):
            return True
    return False


def silent_handlers(tree: ast.AST):
    """(handler, enclosing function name) for each broad except that logs nothing."""
    out = []

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            name = func
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = child.name
            if isinstance(child, ast.ExceptHandler) and is_broad(child) and not logs(child):
                out.append((child, name))
            visit(child, name)
    visit(tree, "<module>")
    return out


def fix(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    found = silent_handlers(tree)
    if not found:
        return 0
    lines = text.splitlines(keepends=True)
    for handler, func in sorted(found, key=lambda f: -f[0].body[0].lineno):
        first = handler.body[0]
        line = lines[first.lineno - 1]
        indent = line[:len(line) - len(line.lstrip())]
        what = "this" if func == "<module>" else func
        lines.insert(first.lineno - 1,
                     f'{indent}log.warning("{what}: fell back after an error", exc_info=True)\n')
    text = "".join(lines)
    tree = ast.parse(text)
    has_log = any(isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "log"
                                                   for t in n.targets) for n in tree.body)
    if not has_log:
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        has_logging = any(isinstance(n, ast.Import) and any(a.name == "logging" for a in n.names)
                          for n in tree.body)
        lines = text.splitlines(keepends=True)
        last = max(n.end_lineno for n in imports) if imports else 0
        lines[last:last] = ["\n", "log = logging.getLogger(__name__)\n"]
        if not has_logging:      # among the plain imports, in alphabetical order
            plain = [n for n in imports if isinstance(n, ast.Import)]
            after = [n for n in plain if n.names[0].name > "logging"]
            future = [n for n in imports if isinstance(n, ast.ImportFrom) and n.module == "__future__"]
            if after:
                lines.insert(after[0].lineno - 1, "import logging\n")
            elif plain:
                lines.insert(plain[-1].end_lineno, "import logging\n")
            elif future:
                lines.insert(future[-1].end_lineno, "\nimport logging\n")
            else:
                lines.insert(imports[0].lineno - 1 if imports else 0, "import logging\n")
        text = "".join(lines)
    ast.parse(text)
    path.write_text(text, encoding="utf-8")
    return len(found)


def main() -> int:
    total = 0
    for path in sorted(ROOT.rglob("*.py")):
        n = fix(path)
        if n:
            print(f"{path.relative_to(ROOT.parent)}: {n}")
        total += n
    print(f"{total} broad except blocks now log")
    return 0


if __name__ == "__main__":
    sys.exit(main())
