#!/usr/bin/env python3
"""test_contract.py ABTRACE - the project's own event-contract test.

Holds `abtrace trace --json` and `abtrace stats --json` to the event table
of abtrace-events(7), EVENTS (src/man/abtrace-events.7.in, copied below as
data: the page is the contract; change the two together) on the lecture tree, every bundled
tree and a few hundred random trees, under every search convention:

- each line is one JSON object; steps count 1, 2, 3, ...; the last event is
  `done`; each event has exactly its table's fields with the right types
  (newer fields, marked optional, are type-checked when present);
- the counts in `done` are the counts of `enter` and `leaf` events, and
  `leaves_total` is the tree's leaves;
- the root's value is the minimax value; every `return`'s [lo, hi] holds
  the node's true minimax value and its `value` lies in [lo, hi] under
  fail-soft; a `cutoff` has alpha >= beta (alpha > beta when strict), its
  `pruned` are children of its node, `by` is an ancestor, and nothing
  under a pruned child is ever entered or looked at afterwards;
- `stats --json` agrees: the same totals, minimax looks at every leaf,
  alpha-beta at as many leaves as its trace, every value the minimax value.

Run by `meson test` (suite "contract"); prints each difference and exits 1
when there is any.
"""
import json
import os
import random
import subprocess
import sys
from fractions import Fraction

ABT = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ABTRACE", "abtrace")
problems = []

# ---- abtrace-events(7)'s event table ---------------------------------------

def VALUE(v):
    """An exact value: an int, a decimal, or a fraction string "a/b"."""
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    if isinstance(v, str) and "/" in v:
        a, _, b = v.partition("/")
        return a.lstrip("-").isdigit() and b.isdigit()
    return False


def BOUND(v):
    return VALUE(v) or v in ("-inf", "+inf")


def PATH(v):
    return isinstance(v, str) and (v == "" or all(p.isdigit() and p[0] != "0" for p in v.split(".")))


def INT(v):
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def BOOL(v):
    return isinstance(v, bool)


def NAME(v):
    return isinstance(v, str) and v != ""


def PATHS(v):
    return isinstance(v, list) and all(PATH(p) for p in v)


def BEST(v):
    return v is None or PATH(v)


def one_of(*words):
    return lambda v: v in words


def ENTRY(v):
    """A transposition table's entry: the position, the depth searched
    below it, the value, its flag and the best child's position."""
    return (isinstance(v, dict) and set(v) == {"position", "depth", "value", "flag", "best"}
            and NAME(v["position"]) and INT(v["depth"]) and BOUND(v["value"])
            and v["flag"] in ("exact", "lower", "upper") and (v["best"] is None or NAME(v["best"])))


def ENTRY_OR_NULL(v):
    return v is None or ENTRY(v)


FIELDS = {
    "enter": {"path": PATH, "node": NAME, "player": one_of("max", "min", "chance"),
              "depth": INT, "alpha": BOUND, "beta": BOUND},
    "leaf": {"path": PATH, "node": NAME, "value": VALUE},
    "update": {"path": PATH, "node": NAME, "what": one_of("alpha", "beta", "value"),
               "old": BOUND, "new": BOUND},
    "cutoff": {"path": PATH, "node": NAME, "alpha": BOUND, "beta": BOUND, "by": PATH,
               "deep": BOOL, "pruned": PATHS},
    "return": {"path": PATH, "node": NAME, "value": BOUND, "lo": BOUND, "hi": BOUND},
    "probe": {"path": PATH, "node": NAME, "slot": INT, "hit": BOOL, "entry": ENTRY_OR_NULL,
              "need": INT, "use": one_of("miss", "shallow", "none", "value", "alpha", "beta"),
              "alpha": BOUND, "beta": BOUND},
    "store": {"path": PATH, "node": NAME, "slot": INT, "entry": ENTRY, "replaced": ENTRY_OR_NULL,
              "alpha": BOUND, "beta": BOUND},
    "research": {"path": PATH, "node": NAME, "value": BOUND, "old_alpha": BOUND, "old_beta": BOUND,
                 "alpha": BOUND, "beta": BOUND},
    "order": {"path": PATH, "node": NAME, "order": PATHS,
              "why": lambda v: isinstance(v, list) and all(w in ("given", "table", "killer", "history") for w in v)},
    "iteration": {"depth": INT},
    "result": {"depth": INT, "value": BOUND, "best": BEST, "leaves_visited": INT,
               "nodes_visited": INT},
    "done": {"value": BOUND, "best": BEST, "leaves_visited": INT, "leaves_total": INT,
             "nodes_visited": INT},
}
# Fields the table has that only some searches give (static values under
# --depth; [lo, hi] at a chance node's cutoff).
OPTIONAL = {"leaf": {"static": BOOL}, "cutoff": {"lo": BOUND, "hi": BOUND},
            "order": {"scores": lambda v: isinstance(v, list) and all(INT(x) for x in v)}}
COMMON = {"step", "event"}

# ---- Values -----------------------------------------------------------------

INF = Fraction(10) ** 40


def num(v):
    if v == "+inf":
        return INF
    if v == "-inf":
        return -INF
    if isinstance(v, str):
        return Fraction(v)
    return Fraction(str(v)) if isinstance(v, float) else Fraction(v)


def minimax(node, maxing):
    if not isinstance(node, list):
        return Fraction(node)
    vals = [minimax(k, not maxing) for k in node]
    return max(vals) if maxing else min(vals)


def at(tree, path):
    node = tree
    if path:
        for p in path.split("."):
            node = node[int(p) - 1]
    return node


def depth_of(path):
    return 0 if path == "" else path.count(".") + 1


def leaves(node):
    return 1 if not isinstance(node, list) else sum(leaves(k) for k in node)


def inner(node):
    return 0 if not isinstance(node, list) else 1 + sum(inner(k) for k in node)


def under(path, root):
    return path == root or path.startswith(root + ".") or root == ""

# ---- Running abtrace ----------------------------------------------------------


def run(args, what):
    p = subprocess.run([ABT] + args, capture_output=True, timeout=120)
    if p.returncode != 0:
        problems.append("%s: exit %d: %s" % (what, p.returncode,
                                            p.stderr.decode(errors="replace").strip()[:300]))
        return None
    try:
        return p.stdout.decode("utf-8")
    except UnicodeDecodeError as e:
        problems.append("%s: output is not UTF-8: %s" % (what, e))
        return None


def check_fields(e, i, what):
    kind = e.get("event")
    if kind not in FIELDS:
        problems.append("%s: event %d: unknown event %r" % (what, i, kind))
        return False
    good = True
    for f, test in FIELDS[kind].items():
        if f not in e:
            problems.append("%s: event %d (%s): no field %r" % (what, i, kind, f))
            good = False
        elif not test(e[f]):
            problems.append("%s: event %d (%s): field %r = %r" % (what, i, kind, f, e[f]))
            good = False
    for f, test in OPTIONAL.get(kind, {}).items():
        if f in e and not test(e[f]):
            problems.append("%s: event %d (%s): field %r = %r" % (what, i, kind, f, e[f]))
            good = False
    extra = set(e) - COMMON - set(FIELDS[kind]) - set(OPTIONAL.get(kind, {}))
    if extra:
        problems.append("%s: event %d (%s): fields not in the table: %s" % (what, i, kind, sorted(extra)))
        good = False
    return good


def trace(args, what):
    out = run(["trace", "--json"] + args, what)
    if out is None:
        return None
    evs = []
    for i, line in enumerate(out.splitlines(), 1):
        try:
            e = json.loads(line)
        except ValueError:
            problems.append("%s: line %d is not JSON: %r" % (what, i, line[:100]))
            return None
        if not isinstance(e, dict):
            problems.append("%s: line %d is not an object" % (what, i))
            return None
        if e.get("step") != i:
            problems.append("%s: line %d has step %r" % (what, i, e.get("step")))
            return None
        if not check_fields(e, i, what):
            return None
        evs.append(e)
    if not evs or evs[-1]["event"] != "done":
        problems.append("%s: the last event is not done" % what)
        return None
    if sum(e["event"] == "done" for e in evs) != 1:
        problems.append("%s: more than one done" % what)
        return None
    return evs


def check_search(tree, text, opts, what):
    """tree: the nested list; text: how abtrace gets it (-e TEXT)."""
    evs = trace(opts + ["-e", text], what)
    if evs is None:
        return None
    root_min = "--root" in opts and opts[opts.index("--root") + 1] == "min"
    strict = "--strict" in opts
    soft = not any(o.startswith("--fail-hard") for o in opts)
    minimax_only = "minimax" in opts
    done = evs[-1]
    true = minimax(tree, not root_min)
    if num(done["value"]) != true:
        problems.append("%s: done value %s, minimax value %s" % (what, done["value"], true))
    n_leaf = sum(e["event"] == "leaf" for e in evs)
    n_enter = sum(e["event"] == "enter" for e in evs)
    if (done["leaves_visited"], done["nodes_visited"], done["leaves_total"]) != (n_leaf, n_enter, leaves(tree)):
        problems.append("%s: done counts %s/%s/%s, events %d/%d, tree %d leaves" % (
            what, done["leaves_visited"], done["nodes_visited"], done["leaves_total"],
            n_leaf, n_enter, leaves(tree)))
    # Minimax cuts nothing and looks at every leaf; with a table, it looks
    # at a position's leaves once.
    table = any(o.startswith("--tt") for o in opts)
    if minimax_only and ((n_leaf != leaves(tree) and not table) or
                         any(e["event"] == "cutoff" for e in evs)):
        problems.append("%s: minimax cut or skipped leaves" % what)
    pruned = []
    moved = {}  # path: the use of its last probe
    for i, e in enumerate(evs, 1):
        kind = e["event"]
        if kind == "done":
            continue
        path = e["path"]
        try:
            node = at(tree, path)
        except (IndexError, TypeError):
            problems.append("%s: event %d names path %r, not in the tree" % (what, i, path))
            return evs
        if kind == "research":
            # The node is searched again from scratch: what its first
            # search pruned may be visited now.
            pruned = [p for p in pruned if not under(p, path)]
            if not (num(e["alpha"]) <= num(e["old_alpha"]) and num(e["old_beta"]) <= num(e["beta"])):
                problems.append("%s: event %d: research narrows the window" % (what, i))
            nxt = evs[i] if i < len(evs) else None
            if not nxt or nxt["event"] != "enter" or nxt["path"] != path or \
                    (nxt["alpha"], nxt["beta"]) != (e["alpha"], e["beta"]):
                problems.append("%s: event %d: research not followed by entering %s again" % (what, i, path))
        for p in pruned:
            if under(path, p) and kind in ("enter", "leaf"):
                problems.append("%s: event %d visits %s under the pruned %s" % (what, i, path, p))
        if kind == "enter":
            if not isinstance(node, list):
                problems.append("%s: event %d enters the leaf %s" % (what, i, path))
            want = "min" if (depth_of(path) % 2 == 0) == root_min else "max"
            if e["player"] != want or e["depth"] != depth_of(path):
                problems.append("%s: event %d: %s at depth %s, want %s at %d" % (
                    what, i, e["player"], e["depth"], want, depth_of(path)))
        elif kind == "leaf":
            if isinstance(node, list) and not e.get("static"):
                problems.append("%s: event %d: leaf event at the inner node %s" % (what, i, path))
            elif not isinstance(node, list) and num(e["value"]) != Fraction(node):
                problems.append("%s: event %d: leaf %s = %s, the tree says %s" % (what, i, path, e["value"], node))
        elif kind == "order":
            kids = [path + "." + str(k + 1) if path else str(k + 1) for k in range(len(node))]
            if sorted(e["order"]) != sorted(kids) or len(e["why"]) != len(kids):
                problems.append("%s: event %d: order %s is not %s's children" % (what, i, e["order"], path))
        elif kind == "probe":
            moved[path] = e["use"]
            if e["hit"] != (e["entry"] is not None) or e["hit"] == (e["use"] == "miss"):
                problems.append("%s: event %d: probe hit %s with entry %s, use %s" % (
                    what, i, e["hit"], e["entry"], e["use"]))
            elif e["hit"] and e["entry"]["position"] != e["node"]:
                problems.append("%s: event %d: probe of %s finds %s's entry" % (
                    what, i, e["node"], e["entry"]["position"]))
        elif kind == "store":
            en = e["entry"]
            t = minimax(node, (depth_of(path) % 2 == 0) != root_min)
            v = num(en["value"])
            ok = {"exact": v == t, "lower": v <= t, "upper": v >= t}[en["flag"]]
            if en["position"] != e["node"] or not ok:
                problems.append("%s: event %d: %s stores %s, true value %s" % (what, i, path, en, t))
        elif kind == "return":
            lo, hi, v = num(e["lo"]), num(e["hi"]), num(e["value"])
            t = minimax(node, (depth_of(path) % 2 == 0) != root_min)
            if not lo <= t <= hi:
                problems.append("%s: event %d: %s proved [%s, %s], true value %s" % (
                    what, i, path, e["lo"], e["hi"], t))
            if soft and not lo <= v <= hi:
                problems.append("%s: event %d: %s returns %s outside [%s, %s]" % (
                    what, i, path, e["value"], e["lo"], e["hi"]))
        elif kind == "cutoff":
            a, b = num(e["alpha"]), num(e["beta"])
            if not (a > b if strict else a >= b):
                problems.append("%s: event %d: cutoff with alpha %s, beta %s" % (what, i, e["alpha"], e["beta"]))
            kids = {path + "." + str(k + 1) if path else str(k + 1) for k in range(len(node))}
            if not e["pruned"] or not set(e["pruned"]) <= kids:
                problems.append("%s: event %d: pruned %s are not children of %r" % (what, i, e["pruned"], path))
            # by is an ancestor, or (--tt) the node itself where its
            # probe moved the bound on the other side (a MIN node's alpha,
            # a MAX node's beta) from its entry.
            own = e["by"] == path and moved.get(path) in ("alpha", "beta")
            if not own and not (e["by"] != path and under(path, e["by"])):
                problems.append("%s: event %d: by %r is not an ancestor of %r" % (what, i, e["by"], path))
            if e["deep"] != (not own and depth_of(path) - depth_of(e["by"]) > 1):
                problems.append("%s: event %d: deep %s with by %r at %r" % (what, i, e["deep"], e["by"], path))
            pruned += e["pruned"]
    return evs


def check_stats(tree, text, opts, what):
    out = run(["stats", "--json"] + opts + ["-e", text], what)
    if out is None:
        return
    try:
        s = json.loads(out)
    except ValueError:
        problems.append("%s: not JSON: %r" % (what, out[:200]))
        return
    root_min = "--root" in opts and opts[opts.index("--root") + 1] == "min"
    true = minimax(tree, not root_min)
    try:
        if (s["leaves_total"], s["inner_total"]) != (leaves(tree), inner(tree)):
            problems.append("%s: totals %s/%s, tree %d/%d" % (what, s["leaves_total"], s["inner_total"],
                                                            leaves(tree), inner(tree)))
        if s["minimax"]["leaves"] != leaves(tree) or s["minimax"]["nodes"] != inner(tree):
            problems.append("%s: minimax looked at %s of %d leaves" % (what, s["minimax"]["leaves"], leaves(tree)))
        for k in ("minimax", "alphabeta", "best_order", "worst_order"):
            if num(s[k]["value"]) != true:
                problems.append("%s: %s value %s, minimax value %s" % (what, k, s[k]["value"], true))
            if not BEST(s[k]["best"]) or not INT(s[k]["leaves"]) or not INT(s[k]["nodes"]):
                problems.append("%s: %s has bad fields: %s" % (what, k, s[k]))
        # (Best order need not beat the given one on an uneven tree: among
        # equal children it may put a bigger subtree first.)
        if any(s[k]["leaves"] > leaves(tree) for k in ("alphabeta", "best_order", "worst_order")):
            problems.append("%s: more leaves than the tree's %d: %s" % (what, leaves(tree), s))
        evs = trace(opts + ["--algo", "alphabeta", "-e", text], what + " (trace)")
        if evs and evs[-1]["leaves_visited"] != s["alphabeta"]["leaves"]:
            problems.append("%s: stats says alpha-beta looks at %s leaves, its trace %s" % (
                what, s["alphabeta"]["leaves"], evs[-1]["leaves_visited"]))
    except (KeyError, TypeError) as e:
        problems.append("%s: %s: %r" % (what, type(e).__name__, out[:200]))


CONVENTIONS = [
    [], ["--algo", "minimax"], ["--fail-hard"], ["--strict"], ["--root", "min"],
    ["--fail-hard", "--strict", "--root", "min"], ["--order", "reverse"],
    ["--tt"], ["--tt=1", "--fail-hard=clamp"], ["--pvs"], ["--pvs", "--fail-hard", "--strict"],
    ["--order", "killer"], ["--order", "history", "--tt", "--pvs"],
]


def random_tree(rng, depth):
    if depth == 0 or (depth < 3 and rng.random() < 0.25):
        return rng.randint(-9, 9)
    return [random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]


# ---- The widened contract: players, chance nodes, exact decimals ----------
#
# A coursework tree here is ("leaf", value) or (kind, [(prob, child)...]),
# kind None meaning "from the players: cycle".  It is written in abtrace's
# syntax, and its true value is computed with Fractions, independently of
# abtrace, to hold every return's [lo, hi] and the root value to.

PLAYER_CYCLES = [["max", "min"], ["max", "min", "min"], ["max", "chance", "min"],
                 ["chance", "max", "min"], ["min", "max", "chance", "max"]]


def course_tree(rng, depth, top=True):
    if not top and (depth == 0 or rng.random() < 0.2):
        d = rng.choice([0, 1, 2])
        if d == 0:
            return ("leaf", Fraction(rng.randint(-3, 3)))
        return ("leaf", Fraction(rng.randint(-30 * 10 ** d, 30 * 10 ** d), 10 ** d))
    kind = rng.choice([None, None, None, "max", "min", "chance"])
    k = rng.randint(1, 3)
    probs = None
    if kind == "chance" and rng.random() < 0.5:
        parts = [1] * k
        for _ in range(10 - k):
            parts[rng.randrange(k)] += 1
        probs = [Fraction(x, 10) for x in parts]
    return (kind, [(probs[i] if probs else None, course_tree(rng, depth - 1, False))
                   for i in range(k)])


def dag_text(node, rng):
    """The tree as tree-file text where a subtree equal to one written
    earlier at a level of the same parity is, now and then, a
    transposition: &NAME of the first, labelled N1, N2, ..."""
    seen = {}
    counter = [0]

    def write(n, depth):
        if not isinstance(n, list):
            return str(n)
        key = json.dumps(n)
        if key in seen and seen[key][1] % 2 == depth % 2 and rng.random() < 0.7:
            return "&" + seen[key][0]
        inner = " ".join(write(k, depth + 1) for k in n)
        if key not in seen:
            counter[0] += 1
            seen[key] = ("N%d" % counter[0], depth)
            return "%s[%s]" % (seen[key][0], inner)
        return "[%s]" % inner
    return write(node, 0)


def dag_tree(rng, depth, pool):
    """A random tree whose subtrees repeat: from pool, or new."""
    if depth == 0 or (depth < 3 and rng.random() < 0.25):
        return rng.randint(-4, 4)
    if pool and rng.random() < 0.4:
        t = rng.choice(pool)
        if height(t) <= depth:
            return json.loads(json.dumps(t))
    t = [dag_tree(rng, depth - 1, pool) for _ in range(rng.randint(1, 3))]
    pool.append(t)
    return t


def height(node):
    return 0 if not isinstance(node, list) else 1 + max(height(k) for k in node)


def clamp_leaves(node, lo, hi):
    if node[0] == "leaf":
        return ("leaf", min(max(node[1], lo), hi))
    return (node[0], [(p, clamp_leaves(c, lo, hi)) for p, c in node[1]])


def exact_text(v):
    if v.denominator == 1:
        return str(v.numerator)
    sign = "-" if v < 0 else ""
    v = abs(v)
    d = 0
    while (v * 10 ** d).denominator != 1:
        d += 1
    whole = v * 10 ** d
    digits = str(whole.numerator).rjust(d + 1, "0")
    return sign + digits[:-d] + "." + digits[-d:]


def course_text(node):
    if node[0] == "leaf":
        return exact_text(node[1])
    kids = []
    for p, c in node[1]:
        kids.append((exact_text(p) + ": " if p is not None else "") + course_text(c))
    return ("<%s>" % node[0] if node[0] else "") + "[" + " ".join(kids) + "]"


def kind_at(node, depth, cycle):
    return node[0] or cycle[depth % len(cycle)]


def true_values(node, depth, cycle, path, out):
    if node[0] == "leaf":
        out[path] = node[1]
        return node[1]
    kind = kind_at(node, depth, cycle)
    vals = []
    for i, (p, c) in enumerate(node[1], 1):
        vals.append(true_values(c, depth + 1, cycle, (path + "." if path else "") + str(i), out))
    if kind == "max":
        v = max(vals)
    elif kind == "min":
        v = min(vals)
    else:
        ps = [p if p is not None else Fraction(1, len(vals)) for p, _ in node[1]]
        v = sum(p * x for p, x in zip(ps, vals))
    out[path] = v
    return v


def kinds_by_path(node, depth, cycle, path, out):
    if node[0] == "leaf":
        return
    out[path] = kind_at(node, depth, cycle)
    for i, (_, c) in enumerate(node[1], 1):
        kinds_by_path(c, depth + 1, cycle, (path + "." if path else "") + str(i), out)


def check_coursework(rng, count):
    checked = 0
    for n in range(count):
        cycle = rng.choice(PLAYER_CYCLES)
        bounded = rng.random() < 0.5
        tree = course_tree(rng, rng.randint(1, 4))
        if bounded:
            tree = clamp_leaves(tree, Fraction(-3), Fraction(3))
        text = "players: %s\n%s%s\n" % (" ".join(cycle), "bounds: -3..3\n" if bounded else "",
                                         course_text(tree))
        truth, kinds = {}, {}
        true_values(tree, 0, cycle, "", truth)
        kinds_by_path(tree, 0, cycle, "", kinds)
        prunes = ["none", "node", "star1"] if bounded else ["none"]
        for opts in ([], ["--fail-hard"], ["--strict"], ["--algo", "minimax"]):
            for prune in prunes:
                what = "coursework tree %d %s --chance-prune %s" % (n, " ".join(opts), prune)
                evs = trace(opts + ["--chance-prune", prune, "-e", text], what)
                if not evs:
                    continue
                checked += 1
                for i, e in enumerate(evs, 1):
                    kind = e["event"]
                    if kind == "enter" and e["player"] != kinds.get(e["path"]):
                        problems.append("%s: event %d: %s is %s, want %s" % (
                            what, i, e["path"], e["player"], kinds.get(e["path"])))
                    if kind == "return":
                        t = truth[e["path"]]
                        if not num(e["lo"]) <= t <= num(e["hi"]):
                            problems.append("%s: event %d: %s proved [%s, %s], true value %s" % (
                                what, i, e["path"], e["lo"], e["hi"], t))
                    if kind == "cutoff" and kinds.get(e["path"]) == "chance" and (
                            "lo" not in e or "hi" not in e):
                        problems.append("%s: event %d: a chance cutoff without lo, hi" % (what, i))
                d = evs[-1]
                if num(d["value"]) != truth[""]:
                    problems.append("%s: root %s, true value %s\n%s" % (what, d["value"], truth[""], text))
                if kinds[""] == "chance" and d["best"] is not None:
                    problems.append("%s: a chance root's best is %r, not null" % (what, d["best"]))
                for e in evs:
                    for key in ("value", "lo", "hi", "alpha", "beta", "old", "new"):
                        v = e.get(key)
                        if isinstance(v, str) and v not in ("+inf", "-inf"):
                            f = Fraction(v)
                            if (f * 10 ** 12).denominator == 1:
                                problems.append("%s: %s written as the string %r, an exact decimal" % (
                                    what, key, v))
    return checked


def main():
    lecture = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    trees = [lecture, [[1, 2], [3, 4]], [[[3, 17], [2, 12]], [[15], [25, 0]]], [5, [3, [7, 1]], 4]]
    rng = random.Random(12)
    while len(trees) < 120:
        t = random_tree(rng, rng.randint(2, 4))
        if isinstance(t, list):
            trees.append(t)
    for n, tree in enumerate(trees):
        text = json.dumps(tree)
        for opts in CONVENTIONS:
            if "--order" in opts and opts[opts.index("--order") + 1] not in ("killer", "history"):
                continue  # the order check below: paths change meaning
            check_search(tree, text, opts, "tree %d %s" % (n, " ".join(opts) or "default"))
        if n < 40:
            for opts in ([], ["--root", "min"]):
                check_stats(tree, text, opts, "stats tree %d %s" % (n, " ".join(opts)))
    # DAGs: positions reached twice, written with &NAME, and the table.
    rng = random.Random(22)
    dags = 0
    for n in range(60):
        tree = dag_tree(rng, rng.randint(2, 4), [])
        if not isinstance(tree, list):
            continue
        text = dag_text(tree, rng)
        dags += "&" in text
        for opts in ([], ["--tt"], ["--tt=1", "--fail-hard"], ["--tt=3", "--strict", "--root", "min"],
                     ["--tt", "--algo", "minimax"], ["--tt", "--pvs", "--fail-hard=clamp"],
                     ["--tt", "--order", "history"]):
            check_search(tree, text, opts, "DAG %d %s %s" % (n, " ".join(opts), text))
    # The lecture tree, exactly as abtrace-events(7) and abtrace(1) describe it.
    evs = trace(["-e", json.dumps(lecture)], "lecture")
    if evs:
        cut = [e for e in evs if e["event"] == "cutoff"]
        if len(cut) != 1 or (cut[0]["path"], cut[0]["by"], cut[0]["deep"], cut[0]["pruned"]) != ("2", "", False, ["2.2", "2.3"]):
            problems.append("lecture: cutoffs %s, want one at 2 by the root pruning 2.2 2.3" % cut)
        ret = {e["path"]: e for e in evs if e["event"] == "return"}
        if (ret["2"]["lo"], ret["2"]["hi"], ret[""]["lo"], ret[""]["hi"]) != ("-inf", 2, 3, 3):
            problems.append("lecture: C proves [%s, %s], the root [%s, %s]" % (
                ret["2"]["lo"], ret["2"]["hi"], ret[""]["lo"], ret[""]["hi"]))
        if (evs[-1]["value"], evs[-1]["best"], evs[-1]["leaves_visited"], evs[-1]["leaves_total"]) != (3, "1", 7, 9):
            problems.append("lecture: done %s" % evs[-1])
    # Another order still names nodes by their place in the file.
    evs = trace(["--order", "reverse", "-e", json.dumps(lecture)], "lecture reversed")
    if evs and [e["path"] for e in evs if e["event"] == "leaf"][:3] != ["3.3", "3.2", "3.1"]:
        problems.append("lecture reversed: leaves %s" % [e["path"] for e in evs if e["event"] == "leaf"])
    # Coursework trees: players, chance nodes, decimals and probabilities.
    coursework = check_coursework(random.Random(9), 60)
    # Every bundled tree, by name: the fields and the counts.
    for name in ("lecture", "seed002", "seed003", "no-pruning", "deep-cutoff", "min-root", "uneven",
                 "ordering", "ties", "two-ghosts", "expectimax", "dice", "horizon", "deepening"):
        extra = {"expectimax": [["--chance-prune", "star1"]], "horizon": [["--depth", "1"]],
                 "deepening": [["--iterative"], ["--depth", "2"]]}.get(name, [])
        for opts in [[], ["--fail-hard"], ["--algo", "minimax"]] + extra:
            evs = trace(opts + [name], "%s %s" % (name, " ".join(opts)))
            if evs:
                d = evs[-1]
                if (d["leaves_visited"], d["nodes_visited"]) != (
                        sum(e["event"] == "leaf" for e in evs), sum(e["event"] == "enter" for e in evs)):
                    problems.append("%s: done counts differ from the events" % name)
    for p in problems[:60]:
        print(p)
    if len(problems) > 60:
        print("... and %d more" % (len(problems) - 60))
    print("contract holds (%d trees, %d conventions; %d DAGs; %d coursework searches)" % (
        len(trees), len(CONVENTIONS), dags, coursework)
          if not problems else "%d differences from the contract" % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
