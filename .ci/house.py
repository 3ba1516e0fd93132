#!/usr/bin/env python3
"""House rules for the shape of Chatrang's code.

Run from the repository root (or pass the root as the only argument):

    python3 .ci/house.py [ROOT]     # check the tree; exit 1 with a report when broken
    python3 .ci/house.py --self-test

Three checks, each cheap enough to run on every push:

1. No import cycle between files within a crate.  Every `use` and every inline
   `crate::`/`super::`/`self::`/`child::` path is resolved to the file that DEFINES the
   named item, following re-exports (`pub use`, and private `use` seen by child modules),
   so that a `mod.rs` which merely re-exports does not close a false cycle (a `pub use`
   is an edge of its own file only when that file also uses the name itself).  Arrows
   that break a floor (check 2) are reported there and left out of the cycle search.
2. The floors of the root package: store below service below the adapters; the
   adapters do not know each other; in the rules, `game.rs` knows neither the
   registry nor the search (only the search's vocabulary leaves, its levels and results).
3. The bot above the rules names no game: no `GameId::Variant` and no path into a
   game module of the rules in `src/service`, `src/discord`, `src/matrix`, `src/console`.

The parser is deliberately small: it strips comments, strings and `#[cfg(test)]`
items, then reads paths with regular expressions.  Inline (non-test) `mod x { .. }`
blocks are treated as part of their file's module; the project has none today.
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CRATES = [
    # (name, source dir relative to the root, root files, extern name of the lib)
    ("chatrang", "src", ["lib.rs", "main.rs"], "chatrang"),
    ("chatrang-rules", "crates/chatrang-rules/src", ["lib.rs"], "chatrang_rules"),
    ("chatrang-render", "crates/chatrang-render/src", ["lib.rs"], "chatrang_render"),
    ("chatrang-tournament", "crates/chatrang-tournament/src", ["lib.rs"], "chatrang_tournament"),
    ("chatrang-uci", "crates/chatrang-uci/src", ["lib.rs", "main.rs"], "chatrang_uci"),
]

GAME_MODULES = ["chesslike", "chess", "cataclysm", "catalonia", "katarenga", "chromopolis", "picka"]
BOT_DIRS = ["src/service", "src/discord", "src/matrix", "src/console"]
ADAPTERS = ["src/discord/", "src/matrix/", "src/console/"]

# Floors: (files whose path starts with any of these, may not reference files starting with any
# of these, except these)
SEARCH_VOCABULARY = ["crates/chatrang-rules/src/search/found.rs", "crates/chatrang-rules/src/search/level.rs"]
FLOORS = [
    (["src/store/"], ["src/service/", "src/discord/", "src/matrix/", "src/console/", "src/bench/", "src/cli.rs"]),
    (["src/service/"], ADAPTERS + ["src/bench/", "src/cli.rs"]),
    (["src/discord/"], ["src/matrix/", "src/console/"]),
    (["src/matrix/"], ["src/discord/", "src/console/"]),
    (["src/console/"], ["src/discord/", "src/matrix/"]),
    # The bottom floor knows the search's vocabulary (its levels and what it found: leaves
    # that import nothing of the crate), never the search itself or the table of games.
    (["crates/chatrang-rules/src/game.rs"],
     ["crates/chatrang-rules/src/registry.rs", "crates/chatrang-rules/src/search/"], SEARCH_VOCABULARY),
]

# ---------------------------------------------------------------------------------------------
# Lexical cleaning


INTERESTING = re.compile(r"""//|/\*|b?r#*"|b?"|'""")


def strip_comments_and_strings(src: str) -> str:
    """Blank out comments (all kinds, nested block comments too), string, byte-string, raw
    string and char literals, keeping newlines, so that later regexes see only code and a
    `crate::x` inside a doc comment or message text is not taken for an import.  Plain code
    is copied in runs between the interesting spots found by one regex, for speed."""
    out, i, n = [], 0, len(src)
    while (m := INTERESTING.search(src, i)):
        tok, at = m.group(0), m.start()
        if tok[0] in "br" and at and _ident_char(src[at - 1]):
            out.append(src[i:at + 1])  # `r"` ending an identifier such as `br` in `abr"`
            i = at + 1
            continue
        out.append(src[i:at])
        end = _literal_end(src, at, tok)
        if end is None:  # a lifetime or a label, not a char literal
            out.append("'")
            i = at + 1
            continue
        text = src[at:end]
        keep = "".join(ch if ch == "\n" else " " for ch in text)
        if tok[0] != "/":  # keep a literal's quotes so `f("x")` still reads as a call
            keep = text[0] + keep[1:-1] + text[-1] if len(text) > 1 else keep
        out.append(keep)
        i = end
    out.append(src[i:])
    return "".join(out)


def _literal_end(src: str, at: int, tok: str) -> int | None:
    """Where the comment or literal starting at `at` (announced by `tok`) ends; None when
    a `'` starts a lifetime rather than a char literal."""
    n = len(src)
    if tok == "//":
        j = src.find("\n", at)
        return n if j < 0 else j
    if tok == "/*":
        depth, j = 1, at + 2
        while depth and j < n:
            k = min((x for x in (src.find("/*", j), src.find("*/", j)) if x >= 0), default=-1)
            if k < 0:
                return n
            depth += 1 if src.startswith("/*", k) else -1
            j = k + 2
        return j
    if tok == "'":
        if src.startswith("\\", at + 1):
            j = src.find("'", at + 3)
            return j + 1 if j > 0 else None
        return at + 3 if at + 2 < n and src[at + 2] == "'" else None
    if "r" in tok:  # raw string: no escapes, ends at the quote followed by as many #
        close = '"' + "#" * tok.count("#")
        j = src.find(close, at + len(tok))
        return n if j < 0 else j + len(close)
    m = STRING_BODY.match(src, at + len(tok))
    return m.end() if m else n


STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*"', re.S)


def _ident_char(c: str) -> bool:
    """Whether c can be part of an identifier (so `br"` in `abr"` is not a raw string)."""
    return c.isalnum() or c == "_"


CFG_TEST = re.compile(r"#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]")


@functools.lru_cache(maxsize=None)
def clean_code(file: Path) -> str:
    """A file's code with comments, strings and `#[cfg(test)]` items blanked; cached since
    both the import graph and the game-name check read the bot's files."""
    return drop_cfg_test(strip_comments_and_strings(file.read_text(encoding="utf-8")))


def drop_cfg_test(code: str) -> str:
    """Blank out every item carrying `#[cfg(test)]`: a `mod tests { .. }` (brace-matched),
    a `mod x;` (so its file never joins the module tree), or any other item up to its `;`
    or its closing brace.  Tests may import anything; they do not make the code's shape."""
    while m := CFG_TEST.search(code):
        j, braces, others = m.end(), 0, 0
        while j < len(code):
            ch = code[j]
            if ch == "{":
                braces += 1
            elif ch == "}":
                braces -= 1
                if braces == 0:
                    j += 1
                    break
            elif ch in "([":
                others += 1
            elif ch in ")]":
                others -= 1
            elif ch == ";" and braces == 0 and others == 0:  # not the `;` of `[u8; 3]`
                j += 1
                break
            j += 1
        code = code[: m.start()] + "".join(c if c == "\n" else " " for c in code[m.start(): j]) + code[j:]
    return code


def brace_depths(code: str) -> list[int]:
    """The brace depth at each offset, to tell a module's own `use`s from those in bodies."""
    out, depth = [], 0
    for ch in code:
        out.append(depth)
        depth += (ch == "{") - (ch == "}")
    out.append(depth)
    return out


def top_level(code: str) -> str:
    """The text at brace depth 0 (everything inside braces blanked): definitions found here
    are the module's own items, not a method `fn search` inside an `impl`.  `use` trees are
    parsed from the full text, since their braces are blanked here."""
    out, depth = [], 0
    for ch in code:
        if ch == "{":
            depth += 1
            out.append(" ")
        elif ch == "}":
            depth -= 1
            out.append(" ")
        elif depth > 0 and ch != "\n":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# `use` trees

USE_DECL = re.compile(r"(?<![\w:])(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]*);")


def expand_use_tree(tree: str) -> list[tuple[list[str], str]]:
    """Expand `a::{b, c::{self, d as e}, f::*}` into (segments, alias) leaves:
    (['a','b'],'b'), (['a','c'],'c'), (['a','c','d'],'e'), (['a','f','*'],'*')."""
    tree = re.sub(r"\s+", "", tree).lstrip(":")
    leaves: list[tuple[list[str], str]] = []

    def walk(prefix: list[str], text: str) -> None:
        brace = text.find("{")
        if brace < 0:
            path, alias = _split_alias(text)
            segs = prefix + [s for s in path.split("::") if s]
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            if segs:
                leaves.append((segs, alias or segs[-1]))
            return
        head = [s for s in text[:brace].split("::") if s]
        inner = text[brace + 1: text.rfind("}")]
        for part in _split_top(inner):
            if part:
                walk(prefix + head, part)

    walk([], tree)
    return leaves


def _split_alias(text: str) -> tuple[str, str | None]:
    """Split a leaf `path\x00alias` (parse_uses marks ` as ` with NUL before whitespace is
    squeezed out, so the alias survives) into its path and alias."""
    if "\x00" in text:
        path, alias = text.split("\x00", 1)
        return path, alias
    return text, None


def _split_top(text: str) -> list[str]:
    """Split a brace group's contents on commas at nesting depth 0."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def parse_uses(code: str) -> list[tuple[bool, list[str], str, int]]:
    """Every `use` declaration of the code as (is_pub, segments, alias, offset) leaves.
    `x as y` is marked with a NUL before whitespace is squeezed so the alias survives."""
    found = []
    for m in USE_DECL.finditer(code):
        tree = re.sub(r"\s+as\s+", "\x00", m.group(2))
        for segs, alias in expand_use_tree(tree):
            found.append((bool(m.group(1)), segs, alias, m.start()))
    return found


# ---------------------------------------------------------------------------------------------
# Crates and modules

DEF_RE = re.compile(
    r"(?<![\w:])(?:fn|struct|enum|trait|type|const|static(?:\s+mut)?|mod|union)\s+(?!fn\b|mut\b)([A-Za-z_]\w*)"
    r"|macro_rules!\s*([A-Za-z_]\w*)"
)
MOD_DECL = re.compile(r"(?<![\w:])mod\s+([A-Za-z_]\w*)\s*;")


@dataclass
class Module:
    """One module = one file (inline modules are folded into their file)."""
    path: tuple[str, ...]
    file: Path
    rel: str  # file path relative to the repository root, for reports
    code: str  # comments, strings and cfg(test) items blanked
    children: dict[str, tuple[str, ...]] = field(default_factory=dict)
    defs: set[str] = field(default_factory=set)
    imports: dict[str, list[str]] = field(default_factory=dict)  # top-level `use` aliases
    globs: list[list[str]] = field(default_factory=list)


@dataclass
class Crate:
    """A crate's module tree: lib root at (), a binary root (main.rs) at ('<bin>',)."""
    name: str
    extern: str
    modules: dict[tuple[str, ...], Module] = field(default_factory=dict)


def load_crate(root: Path, name: str, src_dir: str, roots: list[str], extern: str) -> Crate:
    """Walk `mod x;` declarations from each root file to build the module tree."""
    crate = Crate(name, extern)
    for root_file in roots:
        f = root / src_dir / root_file
        if f.exists():
            base = () if root_file == "lib.rs" else ("<bin>",)
            _load_module(root, crate, base, f, f.parent)
    return crate


def _load_module(root: Path, crate: Crate, path: tuple[str, ...], file: Path, child_dir: Path) -> None:
    """Read one module's file, record its items and `use`s, and recurse into `mod x;`."""
    code = clean_code(file)
    mod = Module(path, file, file.relative_to(root).as_posix(), code)
    crate.modules[path] = mod
    top = top_level(code)
    for m in DEF_RE.finditer(top):
        mod.defs.add(m.group(1) or m.group(2))
    depth = brace_depths(code)
    for is_pub, segs, alias, off in parse_uses(code):
        if depth[off]:
            continue  # a `use` inside a function body is not visible from outside
        if alias == "*":
            mod.globs.append(segs[:-1])
        elif alias != "_":
            mod.imports[alias] = segs
    for m in MOD_DECL.finditer(top):
        child = m.group(1)
        for cand in (child_dir / f"{child}.rs", child_dir / child / "mod.rs"):
            if cand.exists():
                mod.children[child] = path + (child,)
                _load_module(root, crate, path + (child,), cand, child_dir / child)
                break


# ---------------------------------------------------------------------------------------------
# Name resolution

EXTERNAL = ("ext",)


def lookup(crate: Crate, mpath: tuple[str, ...], name: str, guard: frozenset) -> tuple | None:
    """What `name` means inside module mpath: ('mod', path), ('item', module, name) for the
    module whose file defines it, EXTERNAL, or None when the module does not know the name.
    Imports and re-exports are followed to the defining file (that is what keeps a `mod.rs`
    which only re-exports out of the graph), with a guard against `use` loops."""
    mod = crate.modules.get(mpath)
    if mod is None or (mpath, name) in guard:
        return None
    guard = guard | {(mpath, name)}
    if name in mod.children:
        return ("mod", mod.children[name])
    if name in mod.defs:
        return ("item", mpath, name)
    if name in mod.imports:
        return resolve(crate, mpath, mod.imports[name], guard)
    for glob in mod.globs:
        source = resolve(crate, mpath, glob, guard)
        if source[0] == "mod" and (found := lookup(crate, source[1], name, guard)):
            return found
    return None


def resolve(crate: Crate, scope: tuple[str, ...], segs: list[str], guard: frozenset = frozenset()) -> tuple:
    """Resolve a path written in module `scope` to ('mod', path), ('item', module, name)
    or EXTERNAL (std, other crates, `crate::rules` which re-exports the rules crate).
    Walking stops at the first segment that is not a module: `a::Type::method` is Type's."""
    head = segs[0]
    in_bin = scope[:1] == ("<bin>",)
    if head == "crate":
        cur = ("mod", ("<bin>",) if in_bin else ())
    elif head == crate.extern and in_bin:
        cur = ("mod", ())  # main.rs reaches the library as `chatrang::`
    elif head == "self":
        cur = ("mod", scope)
    elif head == "super":
        ups = len(segs) - len(list(itertools.dropwhile(lambda s: s == "super", segs)))
        cur, segs = ("mod", scope[: len(scope) - ups]), ["super"] + segs[ups:]
    else:
        cur = lookup(crate, scope, head, guard) or EXTERNAL  # unknown head: `std`, `serde`
    for seg in segs[1:]:
        if cur[0] != "mod":
            break
        # A name the module does not define (a macro, a glob we cannot see): blame its file.
        cur = lookup(crate, cur[1], seg, guard) or ("item", cur[1], seg)
    return cur


def file_of(crate: Crate, target: tuple) -> str | None:
    """The repository-relative file a resolved target lives in, or None when external."""
    if target[0] == "ext":
        return None
    return crate.modules[target[1]].rel


# ---------------------------------------------------------------------------------------------
# Edges

INLINE_PATH = re.compile(r"(?<![\w:])((?:[a-z_][a-z0-9_]*)(?:\s*::\s*[A-Za-z_]\w*)+)")


@dataclass
class Edge:
    """One file naming an item (or a module) of another file of the same crate."""
    src: str
    dst: str
    name: str
    module_only: bool  # the reference names a module, not an item in it


def crate_edges(crate: Crate) -> list[Edge]:
    """All references from each file to another file of the same crate, deduplicated.
    References that name a module (`use super::kit;`) are kept apart: they count for the
    floors but not for cycles (the items then used through `kit::X` do)."""
    edges: dict[tuple, Edge] = {}
    for mod in crate.modules.values():
        local_aliases: dict[str, list[str]] = {}
        without_uses = USE_DECL.sub(blank_match, mod.code)
        for is_pub, segs, alias, _ in parse_uses(mod.code):
            if alias == "*":
                continue
            local_aliases[alias] = segs
            if is_pub and not re.search(rf"(?<![\w:]){re.escape(alias)}\b", without_uses):
                continue  # a bare re-export: importers get the edge to the defining file
            _add(edges, crate, mod, segs)
        for m in INLINE_PATH.finditer(without_uses):
            segs = [s.strip() for s in m.group(1).split("::")]
            if segs[0] not in ("crate", "self", "super", crate.extern) and segs[0] not in mod.children \
                    and segs[0] not in mod.imports:
                if segs[0] not in local_aliases:
                    continue
                segs = local_aliases[segs[0]] + segs[1:]
            _add(edges, crate, mod, segs)
    return list(edges.values())


def _add(edges: dict, crate: Crate, mod: Module, segs: list[str]) -> None:
    """Resolve one path from mod and record the edge if it lands in another file."""
    target = resolve(crate, mod.path, segs)
    dst = file_of(crate, target)
    if dst is None or dst == mod.rel:
        return
    module_only = target[0] == "mod"
    name = segs[-1] if module_only else target[2]
    key = (mod.rel, dst, name)
    if key not in edges or (edges[key].module_only and not module_only):
        edges[key] = Edge(mod.rel, dst, name, module_only)


# ---------------------------------------------------------------------------------------------
# Checks


def strongly_connected(nodes: set[str], succ: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (a long import chain cannot overflow Python's stack);
    the components of more than one file are the cycles.  Sorted for stable reports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def enter(v: str) -> tuple[str, Iterator[str]]:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        return v, iter(sorted(succ.get(v, ())))

    for start in sorted(nodes):
        if start in index:
            continue
        work = [enter(start)]
        while work:
            v, successors = work[-1]
            for w in successors:
                if w not in index:
                    work.append(enter(w))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:  # every successor of v is done
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[v])
                if low[v] == index[v]:
                    component = []
                    while not component or component[-1] != v:
                        component.append(stack.pop())
                        on_stack.discard(component[-1])
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def check_cycles(crate: Crate, edges: list[Edge], skip: set[tuple[str, str]] = frozenset()) -> list[str]:
    """Report each import cycle with the names tying every arrow inside it.  Arrows in
    `skip` (floor breaches, reported on their own) are left out: one upward import such as
    game.rs -> registry.rs would otherwise fuse every game into a single unreadable cycle
    and hide the cycles that remain once the floor is mended."""
    succ: dict[str, set[str]] = {}
    names: dict[tuple[str, str], set[str]] = {}
    for e in edges:
        if e.module_only or (e.src, e.dst) in skip:
            continue
        succ.setdefault(e.src, set()).add(e.dst)
        names.setdefault((e.src, e.dst), set()).add(e.name)
    nodes = {m.rel for m in crate.modules.values()}
    problems = []
    for comp in strongly_connected(nodes, succ):
        members = set(comp)
        lines = [f"cycle in {crate.name} ({len(comp)} files):"]
        for (a, b), ns in sorted(names.items()):
            if a in members and b in members:
                lines.append(f"    {a} -> {b}: {', '.join(sorted(ns))}")
        problems.append("\n".join(lines))
    return problems


def check_floors(edges: list[Edge]) -> tuple[list[str], set[tuple[str, str]]]:
    """Report references that go up through a floor or sideways between adapters (module
    references count here: a store file naming `crate::service` at all is already wrong);
    also return the breaching arrows, which the cycle search leaves out."""
    names: dict[tuple[str, str], set[str]] = {}
    for e in edges:
        names.setdefault((e.src, e.dst), set()).add(e.name)
    breaches = {
        (src, dst) for src, dst in names
        for lower, forbidden, *allowed in FLOORS
        if any(src.startswith(p) for p in lower) and any(dst.startswith(p) for p in forbidden)
        and not any(dst in a for a in allowed)
    }
    problems = [f"floor: {src} -> {dst}: {', '.join(sorted(names[src, dst]))}" for src, dst in sorted(breaches)]
    return problems, breaches


GAME_ID = re.compile(r"\bGameId\s*::\s*([A-Z]\w*)")
GAME_PATH = re.compile(r"\b(?:rules|chatrang_rules)\s*::\s*(" + "|".join(GAME_MODULES) + r")\b")


def line_of(code: str, offset: int) -> int:
    """The 1-based line of an offset (blanking kept every newline, so lines are the file's)."""
    return code.count("\n", 0, offset) + 1


def blank_match(m: re.Match) -> str:
    """Replace a regex match by spaces, newlines kept, so offsets and lines stay true."""
    return "".join(c if c == "\n" else " " for c in m.group(0))


def check_game_names(root: Path) -> list[str]:
    """Find game names in the bot: `GameId::Chess` (CamelCase variants only; `GameId::ALL`
    and `GameId::parse` are fine) and paths into a game module of the rules, in code and
    in expanded `use` trees."""
    problems = []
    for d in BOT_DIRS:
        for f in sorted((root / d).rglob("*.rs")):
            rel = f.relative_to(root).as_posix()
            code = clean_code(f)
            hits = set()
            for m in GAME_ID.finditer(code):
                if re.search(r"[a-z]", m.group(1)):  # CamelCase: a variant, not ALL or parse
                    hits.add((line_of(code, m.start()), f"GameId::{m.group(1)}"))
            # Paths written out in code; `use` trees are expanded below, so that
            # `use crate::rules::{chess::X, Game}` is caught and nothing is counted twice.
            for m in GAME_PATH.finditer(USE_DECL.sub(blank_match, code)):
                hits.add((line_of(code, m.start()), re.sub(r"\s+", "", m.group(0))))
            for _, segs, _, off in parse_uses(code):
                for a, b in zip(segs, segs[1:]):
                    if a in ("rules", "chatrang_rules") and b in GAME_MODULES:
                        hits.add((line_of(code, off), f"{a}::{b}"))
            for line, text in sorted(hits):
                problems.append(f"game name: {rel}:{line}: {text}")
    return problems


# ---------------------------------------------------------------------------------------------
# Driver


def run(root: Path) -> tuple[list[str], str]:
    """Run all checks on a repository; return (problems, one-line summary)."""
    problems, files, imports, present = [], 0, 0, 0
    loaded: list[tuple[Crate, list[Edge]]] = []
    for name, src_dir, roots, extern in CRATES:
        if not (root / src_dir).is_dir():
            continue
        present += 1
        crate = load_crate(root, name, src_dir, roots, extern)
        edges = crate_edges(crate)
        files += len({m.rel for m in crate.modules.values()})
        imports += len(edges)
        loaded.append((crate, edges))
    floors, breaches = check_floors([e for _, edges in loaded for e in edges])
    for crate, edges in loaded:
        found = check_cycles(crate, edges, breaches)
        if check_cycles(crate, edges) != found:
            found.append(f"note: in {crate.name} these cycles leave out the floor breaches below;"
                         " with them, more files fuse into one cycle")
        problems += found
    games = check_game_names(root) if (root / "src").is_dir() else []
    cycles = sum(p.startswith("cycle") for p in problems)
    problems += floors + games
    summary = (f"house: {present} crates, {files:,} files, {imports:,} imports; "
               + ("no cycles" if not cycles else f"{cycles} cycle{'s' * (cycles != 1)}") + "; "
               + ("floors hold" if not floors else f"{len(floors)} floor breach{'es' * (len(floors) != 1)}") + "; "
               + ("the bot names no game" if not games else f"the bot names a game {len(games)} time{'s' * (len(games) != 1)}"))
    return problems, summary


def main(argv: list[str]) -> int:
    """Command line: check a tree, or `--self-test`."""
    if "--self-test" in argv:
        return self_test()
    root = Path(argv[0] if argv else ".").resolve()
    if not (root / "Cargo.toml").exists():
        print(f"house: {root} has no Cargo.toml; run from the repository root or pass it", file=sys.stderr)
        return 2
    problems, summary = run(root)
    for p in problems:
        print(p)
    print(summary)
    return 1 if problems else 0


# ---------------------------------------------------------------------------------------------
# Self-test


SELF_TEST_CASES = {
    # name: (files, expected problem prefixes, exactly)
    "two-file cycle": ({
        "src/lib.rs": "pub mod a;\npub mod b;\n",
        "src/a.rs": "use super::b::B;\npub struct A(B);\n",
        "src/b.rs": "pub struct B;\nfn f() -> Option<crate::a::A> { None }\n",
    }, ["cycle in chatrang (2 files):\n    src/a.rs -> src/b.rs: B\n    src/b.rs -> src/a.rs: A"]),
    "re-export chain is not a cycle": ({
        "src/lib.rs": "pub mod m;\n",
        "src/m/mod.rs": "mod x;\nmod y;\npub use x::X;\npub use self::y::Y;\n",
        "src/m/x.rs": "pub struct X;\n",
        "src/m/y.rs": "use super::X; // via the mod.rs re-export\npub struct Y(X);\n",
    }, []),
    "re-export chain resolves to the defining file": ({
        "src/lib.rs": "pub mod m;\n",
        "src/m/mod.rs": "pub mod inner;\npub mod y;\npub use inner::X;\npub use y::Y;\n",
        "src/m/inner/mod.rs": "mod x;\npub use self::x::X;\n",
        "src/m/inner/x.rs": "pub struct X(Option<Box<super::super::Y>>);\n",
        "src/m/y.rs": "use crate::m::X;\npub struct Y(X);\n",
    }, ["cycle in chatrang (2 files):\n    src/m/inner/x.rs -> src/m/y.rs: Y\n    src/m/y.rs -> src/m/inner/x.rs: X"]),
    "nested use trees, comments, strings, lifetimes": ({
        "src/lib.rs": "pub mod a;\npub mod b;\npub mod c;\n",
        "src/a.rs": ("use crate::{\n    b::{self as bee, Bee as B2},\n    c::{C},\n};\n"
                     "/* crate::c::C /* nested */ crate::c::C */\npub struct A(B2, C);\n"),
        "src/b.rs": "pub struct Bee;\nfn open() -> char { '{' }\npub fn g() -> crate::a::A { todo!() }\n",
        "src/c.rs": ("pub struct C;\nconst S: &str = \"crate::a::A\"; // crate::a::A\n"
                     "const R: &str = r#\"crate::a::A \" still\"#;\n"
                     "fn f<'a>(x: &'a str) -> &'a str { x }\n/// [`crate::a::A`]\nfn h() {}\n"),
    }, ["cycle in chatrang (2 files):\n    src/a.rs -> src/b.rs: Bee\n    src/b.rs -> src/a.rs: A"]),
    "cfg(test) imports ignored": ({
        "src/lib.rs": "pub mod a;\npub mod b;\n",
        "src/a.rs": "use crate::b::B;\npub fn a() -> B { B }\n",
        "src/b.rs": ("pub struct B;\n#[cfg(test)]\nmod tests {\n    use crate::a::a;\n"
                     "    #[test]\n    fn t() { let _ = a(); if true { } }\n}\n"
                     "#[cfg(test)]\nmod more;\n"),
        "src/more.rs": "use crate::a::a;\n",
    }, []),
    "game names in the bot": ({
        "src/lib.rs": "pub mod service;\npub use chatrang_rules as rules;\n",
        "src/service/mod.rs": "mod pick;\n",
        "src/service/pick.rs": ("use crate::rules::{GameId, chess::Board};\n"
                                "fn f() { let _ = GameId::Chess; let _ = GameId::parse(\"x\"); let _ = GameId::ALL;\n"
                                "// GameId::Katarenga in a comment\n let s = \"GameId::Picka\"; }\n"),
    }, ["game name: src/service/pick.rs:1: rules::chess",
        "game name: src/service/pick.rs:2: GameId::Chess"]),
    "store above service": ({
        "src/lib.rs": "pub mod service;\npub mod store;\n",
        "src/service/mod.rs": "pub mod x;\n",
        "src/service/x.rs": "pub struct X;\n",
        "src/store/mod.rs": "pub fn keep(_: crate::service::x::X) {}\n",
    }, ["floor: src/store/mod.rs -> src/service/x.rs: X"]),
}


def self_test() -> int:
    """Build small fake crates in a temporary directory and check the script finds exactly
    what it should, so a change to the parser cannot silently blind it."""
    failures = 0
    for name, (files, expected) in SELF_TEST_CASES.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "Cargo.toml").write_text("[package]\nname = \"chatrang\"\n")
            for rel, text in files.items():
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_text(text)
            problems, _ = run(root)
        ok = sorted(problems) == sorted(expected)
        failures += not ok
        print(f"self-test {'ok  ' if ok else 'FAIL'}: {name}")
        if not ok:
            print("    expected:", *expected, sep="\n      ")
            print("    found:", *problems, sep="\n      ")
    print(f"self-test: {len(SELF_TEST_CASES) - failures}/{len(SELF_TEST_CASES)} cases pass")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
