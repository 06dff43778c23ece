#!/usr/bin/env python3
"""convert.py TEST_CASES_DIR OUT_DIR: writes each depth-limited game-tree test
of the UC Berkeley CS188 multi-agent project (GraphGameTreeTest, questions
q2 minimax, q3 alpha-beta, q4 expectimax) as an abtrace tree file.

The tree keeps the test's state names as labels (the reserved words max, min,
root and chance get an "s_" in front), its evaluation values as leaf values
and as static values of inner nodes, and its agents as a players: cycle
(max min ..., or max chance ... for expectimax).  A win or lose state is a
leaf, as the course's agents treat it.  The course counts depth in rounds of
all agents, so depth d is abtrace's --depth d*agents.  The test's own
solution (the move, and the states generated: the start state and every
successor the search asked for) goes into "# expect:" comment lines, which
tests/test_cs188.c holds abtrace's search to.

The Pacman AI projects were developed at UC Berkeley (http://ai.berkeley.edu);
the core projects and autograders were primarily created by John DeNero and
Dan Klein, the student side autograding by Brad Miller, Nick Hay and Pieter
Abbeel.  These trees are derived from their test cases, for educational use.
"""
import os, re, sys

RESERVED = {"max", "min", "root", "chance"}

def parse(text):
    d, key, buf = {}, None, None
    for line in text.split("\n"):
        if buf is not None:
            if line.strip() == '"""':
                d[key] = "\n".join(buf)
                buf = None
            else:
                buf.append(line)
            continue
        m = re.match(r'^(\w+): """\s*$', line)
        if m:
            key, buf = m.group(1), []
            continue
        m = re.match(r'^(\w+): "(.*)"\s*$', line)
        if m:
            d[m.group(1)] = m.group(2)
    return d

def name(s):
    return "s_" + s if s.lower() in RESERVED else s

def number(v):
    x = float(v)
    s = ("%.9f" % x).rstrip("0").rstrip(".")
    return s if s not in ("-0", "") else "0"

def convert(path, out_dir):
    t = parse(open(path).read())
    if t.get("class") != "GraphGameTreeTest":
        return None
    sol = parse(open(path[:-5] + ".solution").read())
    agents = int(t["num_agents"])
    depth = int(t["depth"])
    alg = t["alg"]
    kids, action_of = {}, {}
    for line in t["successors"].split("\n"):
        if not line.split():
            continue
        a, act, b = line.split()
        kids.setdefault(a, []).append(b)
        action_of[(a, b)] = act
    ev = {}
    for line in t["evaluation"].split("\n"):
        if line.split():
            s, v = line.split()
            ev[s] = v
    terminal = set(t.get("win_states", "").split()) | set(t.get("lose_states", "").split())
    seen = set()

    def write(s):
        if s in seen:
            raise ValueError("%s: state %s is reached twice (not a tree)" % (path, s))
        seen.add(s)
        out = name(s)
        children = [] if s in terminal else kids.get(s, [])
        if not children:
            return "%s=%s" % (out, number(ev[s]))
        static = "=" + number(ev[s]) if s in ev else ""
        return "%s%s[%s]" % (out, static, " ".join(write(c) for c in children))

    start = t["start_state"]
    expr = write(start)
    other = "chance" if alg == "ExpectimaxAgent" else "min"
    options = ["--depth", str(depth * agents)]
    if alg == "AlphaBetaAgent":
        options.append("--strict")  # q3: no pruning on equality
    else:
        options += ["--algo", "minimax"]
    q = os.path.basename(os.path.dirname(path))
    base = os.path.basename(path)[:-5]
    lines = [
        "# Converted by tests/cs188/convert.py from the UC Berkeley CS188 multi-agent",
        "# project's test_cases/%s/%s.test (http://ai.berkeley.edu)." % (q, base),
        "title: CS188 %s %s" % (q, base),
        "source: UC Berkeley CS188 multiagent test_cases/%s/%s.test, %s, depth %d" % (q, base, alg, depth),
        "players: max" + (" " + other) * (agents - 1),
        "# expect: options %s" % " ".join(options),
        "# expect: action %s" % sol["action"],
        "# expect: actions %s" % " ".join("%s=%s" % (name(c), action_of[(start, c)]) for c in kids.get(start, [])),
        "# expect: generated %s" % " ".join(sorted(name(s) for s in sol["generated"].split())),
        expr,
        "",
    ]
    out = os.path.join(out_dir, "%s-%s.tree" % (q, base))
    open(out, "w").write("\n".join(lines))
    return out

if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n = 0
    for q in sorted(os.listdir(sys.argv[1])):
        d = os.path.join(sys.argv[1], q)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".test") and os.path.exists(os.path.join(d, f[:-5] + ".solution")):
                if convert(os.path.join(d, f), sys.argv[2]):
                    n += 1
    print("%d trees written" % n)
