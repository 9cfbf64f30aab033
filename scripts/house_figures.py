"""The house in figures (issues 30 and 46): the largest modules and classes of the server and
the store, the largest page script, the import circles in ``boardroom`` and the pairs of
places ``duplicates`` finds (the before/after tables in docs/server.md's map).

    .venv/bin/python scripts/house_figures.py [--root DIR]

- the largest module in ``boardroom/server`` and in ``boardroom/store`` (lines);
- the class there with the most methods: its public ones (no leading underscore) and all of
  them, not counting dunders; for a store class also with what it inherits from the store's
  own classes (before issue 46 ``Store`` mixed in ``Shelf``);
- the largest page script under ``boardroom/web/static/js`` (lines);
- the import circles: groups of modules of ``boardroom`` that import each other round a
  loop (strongly connected components of grimp's module graph, imports under
  ``TYPE_CHECKING`` included), each listed; 0 expected;
- the ``duplicates`` pairs: the count on the first line of ``duplicates --repo ROOT``
  (the command on PATH; "not on PATH" where it is missing).

``--root`` reads another checkout or export of the project (``git archive main | tar -x -C
/tmp/main`` for main's figures); by default this one.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

HERE = Path(__file__).resolve().parents[1]


def largest_module(folder: Path, pattern: str = "*.py") -> tuple[str, int]:
    """The file under ``folder`` (recursively) with the most lines, and their count."""
    sizes = {
        path.relative_to(folder).as_posix(): len(path.read_text().splitlines())
        for path in folder.rglob(pattern)
    }
    name = max(sizes, key=lambda n: sizes[n])
    return name, sizes[name]


def _classes(folder: Path) -> dict[str, tuple[str, list[str], list[str]]]:
    """Every class under ``folder``: its name → (file, base names, its own methods)."""
    found: dict[str, tuple[str, list[str], list[str]]] = {}
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ClassDef):
                continue
            methods = [
                n.name
                for n in node.body
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                and not (n.name.startswith("__") and n.name.endswith("__"))
            ]
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            found[node.name] = (path.name, bases, methods)
    return found


def largest_class(folder: Path) -> tuple[str, int, int, int]:
    """The class under ``folder`` with the most methods of its own: ``file:name``, public
    methods, all methods, public methods with those inherited from the folder's classes."""
    classes = _classes(folder)

    def inherited(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        _, bases, methods = classes[name]
        names = set(methods)
        for base in bases:
            if base in classes and base not in seen:
                names |= inherited(base, seen | {name})
        return names

    best = ("", 0, 0, 0)
    for name, (file, _, methods) in classes.items():
        if len(methods) > best[2]:
            public = [m for m in methods if not m.startswith("_")]
            everything = [m for m in inherited(name) if not m.startswith("_")]
            best = (f"{file}:{name}", len(public), len(methods), len(everything))
    return best


def circles(root: Path) -> list[list[str]]:
    """Every group of ``boardroom`` modules that import each other round a loop."""
    sys.path.insert(0, str(root))
    graph = grimp.build_graph("boardroom", cache_dir=None)
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


def duplicate_pairs(root: Path) -> str:
    """The first line of ``duplicates`` over the tree: its pairs and the files it read."""
    command = shutil.which("duplicates")
    if command is None:
        return "not on PATH"
    done = subprocess.run(
        [command, "--repo", str(root), "--seconds", "120"],
        capture_output=True,
        text=True,
        check=False,
    )
    first = done.stdout.splitlines()[0] if done.stdout else done.stderr.strip()
    counted = re.match(r"(\d+) pairs of places \((\d+) files read\)", first)
    if counted is None:
        return first
    pairs, files = counted.groups()
    incomplete = [line for line in done.stdout.splitlines() if line.startswith("incomplete:")]
    return f"{pairs} pairs in {files} files" + (f" ({incomplete[0]})" if incomplete else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="the project's folder")
    root = parser.parse_args().root.resolve()
    rooms = root / "boardroom"
    for floor in ("server", "store"):
        name, lines = largest_module(rooms / floor)
        owner, public, total, with_bases = largest_class(rooms / floor)
        inherits = f", {with_bases} public with its bases'" if with_bases != public else ""
        print(f"largest {floor} module: {' ' * (6 - len(floor))}{name} ({lines} lines)")
        print(
            f"largest {floor} class:  {' ' * (6 - len(floor))}{owner} "
            f"({public} public / {total} methods{inherits})"
        )
    name, lines = largest_module(rooms / "web" / "static" / "js", "*.js")
    print(f"largest page script:   {name} ({lines} lines)")
    loops = circles(root)
    print(f"import circles:        {len(loops)}")
    for group in loops:
        print("  " + " <-> ".join(group))
    print(f"duplicates:            {duplicate_pairs(root)}")


if __name__ == "__main__":
    main()
