"""The server's house in three figures: its largest module, its largest class, the import
circles in ``boardroom`` (issue 30's before/after table in docs/server.md).

    .venv/bin/python scripts/house_figures.py

- the largest module in ``boardroom/server`` (lines);
- the class in ``boardroom/server`` with the most methods: its public ones (no leading
  underscore) and all of them;
- the import circles: groups of modules of ``boardroom`` that import each other, round a
  loop (strongly connected components of the module graph, imports under
  ``TYPE_CHECKING`` included), each listed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "boardroom" / "server"


def largest_module() -> tuple[str, int]:
    """The server module with the most lines, and their count."""
    sizes = {path.name: len(path.read_text().splitlines()) for path in SERVER.glob("*.py")}
    name = max(sizes, key=lambda n: sizes[n])
    return name, sizes[name]


def largest_class() -> tuple[str, int, int]:
    """The server class with the most methods: its name, public methods, all methods."""
    best = ("", 0, 0)
    for path in sorted(SERVER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ClassDef):
                continue
            methods = [
                n.name
                for n in node.body
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                and not (n.name.startswith("__") and n.name.endswith("__"))
            ]
            public = [m for m in methods if not m.startswith("_")]
            if len(methods) > best[2]:
                best = (f"{path.name}:{node.name}", len(public), len(methods))
    return best


def circles() -> list[list[str]]:
    """Every group of ``boardroom`` modules that import each other round a loop."""
    graph = grimp.build_graph("boardroom")
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    return [sorted(group) for group in _components(modules, edges) if len(group) > 1]


def _components(nodes: list[str], edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iteratively: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, at = work.pop()
            if at == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            following = edges.get(node, [])
            if at < len(following):
                work.append((node, at + 1))
                nxt = following[at]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                found.append(group)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def main() -> None:
    name, lines = largest_module()
    owner, public, total = largest_class()
    loops = circles()
    print(f"largest server module:   {name} ({lines} lines)")
    print(f"largest server class:    {owner} ({public} public / {total} methods)")
    print(f"import circles:          {len(loops)}")
    for group in loops:
        print("  " + " <-> ".join(group))


if __name__ == "__main__":
    main()
