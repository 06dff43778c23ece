#!/usr/bin/env python3
"""Write the CS188 "multiagent" autograder's game-tree tests as abtrace trees.

Usage: convert.py COURSE_TEST_CASES_DIR OUT_DIR SOURCE_NOTE [PREFIX]

COURSE_TEST_CASES_DIR is a checkout's test_cases/ directory (q2 minimax,
q3 alpha-beta, q4 expectimax).  For every GraphGameTreeTest there, this
writes OUT_DIR/qN-NAME.tree (or OUT_DIR/depth/qN-NAME.tree when the course's
depth limit cuts the tree) and OUT_DIR/expected.json with the course's
solution: its chosen root action, the child that action leads to, and the
set of states it generated.  SOURCE_NOTE (e.g. "github.com/OWNER/REPO,
test_cases/") goes into each tree's comment; PREFIX (e.g. "2013-") is put
before each tree's name, and entries already in expected.json under other
names are kept, so several versions of the course's tests can be added.

How the course's test is read (its multiagentTestClasses.py): the states
reachable from start_state by the successors lines, in the order the lines
give; a state in win_states or lose_states is terminal (evaluated, never
expanded); agent (level mod num_agents) moves, agent 0 being MAX (Pacman)
and the others MIN ghosts (q2, q3) or equally likely chance nodes (q4);
`depth: D` lets the search go D rounds of all agents deep, so a state at
level D * num_agents is evaluated by its evaluation line instead of being
expanded.  "generated" is the start state and every successor the search
asked for, which for a search that asks for each successor just before it
searches it is the set of states it visits.  The course's 2013 version
counted "expanded" states instead: every state the search asked for its
legal actions, a successor or its score, again the states it visits (the
start state included).
"""

import json
import os
import re
import sys

ALGO = {"MinimaxAgent": "q2", "AlphaBetaAgent": "q3", "ExpectimaxAgent": "q4"}
RESERVED = {"max", "min", "chance", "root"}
LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_']*\Z")


def read_test(path):
    """The course's key: "value" / key: \"\"\"lines\"\"\" format."""
    text = open(path, encoding="utf-8").read().replace("\r\n", "\n")
    out, lines, i = {}, text.split("\n"), 0
    while i < len(lines):
        line = lines[i]
        i += 1
        m = re.match(r'^(\w+):\s*"""\s*$', line)
        if m:
            body = []
            while i < len(lines) and lines[i].strip() != '"""':
                body.append(lines[i])
                i += 1
            i += 1
            out[m.group(1)] = "\n".join(body)
            continue
        m = re.match(r'^(\w+):\s*"(.*)"\s*$', line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


class Skip(Exception):
    pass


def convert(test, solution, name, question, source_note, prefix):
    agents = int(test["num_agents"])
    depth = int(test["depth"])
    horizon = depth * agents
    start = test["start_state"]
    terminal = set(test["win_states"].split()) | set(test["lose_states"].split())
    evaluation = {}
    for line in test["evaluation"].split("\n"):
        if line.split():
            state, value = line.split()
            evaluation[state] = value  # the course's own spelling
    kids = {}
    for line in test["successors"].split("\n"):
        if line.split():
            state, action, nxt = line.split()
            kids.setdefault(state, []).append((action, nxt))

    seen, cut, dropped = {}, False, []

    def walk(state, level):
        nonlocal cut
        if state in seen:
            raise Skip("state %s is reached twice (a graph, not a tree)" % state)
        seen[state] = level
        if state in terminal or state not in kids:
            if state in kids:
                dropped.append(state)
            if state not in evaluation:
                raise Skip("leaf %s has no evaluation" % state)
            return (state, evaluation[state], [])
        if level >= horizon:
            cut = True
        return (state, evaluation.get(state),
                [(a, walk(s, level + 1)) for a, s in kids[state]])

    root = walk(start, 0)

    rename = {}
    for state, level in seen.items():
        if level == 0 and (state == "root" or
                           (state not in RESERVED and LABEL.match(state))):
            continue
        if level == 0:
            rename[state] = "root"  # the root is named root unless labelled
        elif state.lower() in RESERVED or not LABEL.match(state):
            raise Skip("state %s cannot be a label" % state)

    def label(state):
        return "" if state in rename else state

    out = []

    def write(node, indent, action):
        state, value, children = node
        note = "  # %s" % action if action else ""
        if not children:
            out.append("%s%s=%s%s" % (" " * indent, label(state), value, note))
            return
        static = "=" + value if value is not None else ""
        out.append("%s%s%s[%s" % (" " * indent, label(state), static, note))
        for a, child in children:
            write(child, indent + 2, a)
        out.append(" " * indent + "]")

    kind = "chance" if question == "q4" else "min"
    players = " ".join(["max"] + [kind] * (agents - 1))
    algo = {"q2": "minimax", "q3": "alpha-beta", "q4": "expectimax"}[question]
    head = ["# The CS188 (UC Berkeley) multiagent project's autograder test",
            "# %s/%s.test (%s, class GraphGameTreeTest, %d agents, depth %d)%s," %
            (question, name, test["alg"], agents, depth,
             " of %s" % prefix.strip("-") if prefix else ""),
            "# from %s%s/%s.test and .solution." % (source_note, question, name),
            "# State names are the labels, children in the order of its successors"
            " lines;",
            "# the comment after a node is the action that leads to it."]
    if rename:
        head.append("# The course's state %s is the root here (%s is no label)." %
                    (", ".join(rename), ", ".join(rename)))
    if dropped:
        head.append("# Terminal (win/lose) states written as leaves though the course"
                    " lists successors for them: %s." % " ".join(dropped))
    if cut:
        head.append("# Its depth limit evaluates the states at level %d by their"
                    " evaluation lines:" % horizon)
        head.append("# run with --depth %d." % horizon)
    head.append("title: CS188 multiagent %s%s/%s (%s)" % (prefix, question, name, algo))
    head.append("players: " + players)

    write(root, 0, None)

    actions = dict(kids.get(start, []))
    action = solution["action"]
    if action not in actions:
        raise Skip("solution action %s is not a root action" % action)
    child = actions[action]
    expect = {
        "tree": ("depth/" if cut else "") + "%s%s-%s.tree" % (prefix, question, name),
        "version": prefix.strip("-") or "current",
        "question": question,
        "test": name,
        "algo": algo,
        "options": {"q2": ["--algo", "minimax"], "q3": ["--strict"],
                    "q4": ["--algo", "minimax"]}[question]
                   + (["--depth", str(horizon)] if cut else []),
        "action": action,
        "best": child,
        "generated": solution.get("generated", solution.get("expanded", "")).split(),
        "counted": "generated" if "generated" in solution else "expanded",
        "rename": rename,
    }
    if cut:
        expect["needs_depth"] = horizon
    return "\n".join(head + out) + "\n", expect


def course_search(test):
    """The course's search as this file reads its rules, on the test's own
    data (binary floating point, as the course computes): the chosen root
    action and the sorted states generated.  main() checks it against each
    .solution, so a misreading of the rules shows before any tree does."""
    agents = int(test["num_agents"])
    horizon = int(test["depth"]) * agents
    alg = test["alg"]
    terminal = set(test["win_states"].split()) | set(test["lose_states"].split())
    evaluation = {l.split()[0]: float(l.split()[1])
                  for l in test["evaluation"].split("\n") if l.split()}
    kids = {}
    for line in test["successors"].split("\n"):
        if line.split():
            state, action, nxt = line.split()
            kids.setdefault(state, []).append((action, nxt))
    generated = {test["start_state"]}

    def value(state, level, alpha, beta):
        if state in terminal or level == horizon or state not in kids:
            return evaluation[state]
        if level % agents and alg == "ExpectimaxAgent":
            total = 0.0
            for _, nxt in kids[state]:
                generated.add(nxt)
                total += value(nxt, level + 1, alpha, beta)
            return total / len(kids[state])
        maximizing = level % agents == 0
        v = float("-inf") if maximizing else float("inf")
        for _, nxt in kids[state]:
            generated.add(nxt)
            w = value(nxt, level + 1, alpha, beta)
            v = max(v, w) if maximizing else min(v, w)
            if alg == "AlphaBetaAgent":
                if (v > beta) if maximizing else (v < alpha):
                    return v
                if maximizing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        return v

    best, best_value, alpha = None, float("-inf"), float("-inf")
    for action, nxt in kids[test["start_state"]]:
        generated.add(nxt)
        v = value(nxt, 1, alpha, float("inf"))
        if v > best_value:
            best, best_value = action, v
        alpha = max(alpha, v)
    return best, sorted(generated)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    src, dst, note = sys.argv[1:4]
    prefix = sys.argv[4] if len(sys.argv) == 5 else ""
    os.makedirs(os.path.join(dst, "depth"), exist_ok=True)
    expected, skipped, other, misread = [], [], [], []
    old = os.path.join(dst, "expected.json")
    kept = []
    if os.path.exists(old):
        with open(old, encoding="utf-8") as h:
            kept = [e for e in json.load(h)
                    if e.get("version") != (prefix.strip("-") or "current")]
    for question in ("q2", "q3", "q4"):
        qdir = os.path.join(src, question)
        for f in sorted(os.listdir(qdir)):
            if not f.endswith(".test"):
                continue
            name = f[:-5]
            test = read_test(os.path.join(qdir, f))
            if test.get("class") != "GraphGameTreeTest":
                other.append("%s/%s (%s)" % (question, name, test.get("class")))
                continue
            assert ALGO[test["alg"]] == question, f
            solution = read_test(os.path.join(qdir, name + ".solution"))
            counted = solution.get("generated", solution.get("expanded", ""))
            if course_search(test) != (solution["action"], sorted(counted.split())):
                misread.append("%s/%s" % (question, name))
            try:
                text, expect = convert(test, solution, name, question, note,
                                       prefix)
            except Skip as e:
                skipped.append("%s/%s: %s" % (question, name, e))
                continue
            with open(os.path.join(dst, expect["tree"]), "w", encoding="utf-8") as h:
                h.write(text)
            expected.append(expect)
    with open(os.path.join(dst, "expected.json"), "w", encoding="utf-8") as h:
        json.dump(kept + expected, h, indent=1)
        h.write("\n")
    print("%d trees (%d need --depth), %d not trees, %d could not be written" %
          (len(expected), sum("needs_depth" in e for e in expected), len(other),
           len(skipped)))
    for s in other + skipped:
        print("  " + s)
    print("the course's rules as read here reproduce %d of %d solutions"
          % (len(expected) + len(skipped) - len(misread),
             len(expected) + len(skipped)))
    if misread:
        sys.exit("not reproduced: " + " ".join(misread))


if __name__ == "__main__":
    main()
