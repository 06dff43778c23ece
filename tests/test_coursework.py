#!/usr/bin/env python3
"""The CS188 autograder's game-tree tests, run through abtrace.

Usage: test_coursework.py ABTRACE COURSEWORK_DIR

For every entry of COURSEWORK_DIR/expected.json (written by
tests/coursework/convert.py from the course's .test and .solution files)
this runs `ABTRACE trace --json OPTIONS TREE` and checks, against the
course's solution:

- the move: abtrace's `best` (the root child it chooses) is the state the
  course's chosen action leads to;
- the generated states: the course counts the start state and every
  successor its search generates, and its search generates each successor
  just before searching it, so that set is abtrace's root together with
  every node of an `enter` or a `leaf` event (the 2013 version's
  "expanded" states, those it asked for actions, a successor or a score,
  are the same set).

Trees whose depth limit cuts them (`needs_depth`) run with --depth; while
`abtrace trace` has no --depth they are reported as skipped.
$ABTRACE_WRAPPER (e.g. valgrind), when set, is put in front of abtrace.
"""

import json
import os
import subprocess
import sys


def run(abtrace, args):
    wrapper = os.environ.get("ABTRACE_WRAPPER", "").split()
    return subprocess.run(wrapper + [abtrace] + args, capture_output=True,
                          text=True, timeout=120)


def search(abtrace, tree, options):
    """abtrace's chosen root child and its generated set, by node name."""
    p = run(abtrace, ["trace", "--json"] + options + [tree])
    if p.returncode != 0:
        raise RuntimeError("exit %d: %s" % (p.returncode, p.stderr.strip()))
    events = [json.loads(line) for line in p.stdout.splitlines() if line]
    names, generated, best = {}, set(), None
    for e in events:
        if e["event"] in ("enter", "leaf"):
            names[e["path"]] = e["node"]
            generated.add(e["node"])
        elif e["event"] == "done":
            best = e["best"]
    if not events or events[-1]["event"] != "done":
        raise RuntimeError("no done event")
    return (names.get(best) if best is not None else None), generated


def main():
    abtrace, where = sys.argv[1], sys.argv[2]
    with open(os.path.join(where, "expected.json"), encoding="utf-8") as h:
        expected = json.load(h)
    has_depth = run(abtrace, ["trace", "--json", "--depth", "1", "-e",
                              "[=1[2] 3]"]).returncode == 0
    agree = failed = skipped = checks = 0
    for x in expected:
        name = "%s%s/%s" % ("" if x["version"] == "current" else x["version"] + " ",
                            x["question"], x["test"])
        if "needs_depth" in x and not has_depth:
            print("SKIP %s: needs --depth %d, which abtrace trace does not take yet"
                  % (name, x["needs_depth"]))
            skipped += 1
            continue
        tree = os.path.join(where, x["tree"])
        try:
            best, generated = search(abtrace, tree, x["options"])
        except (RuntimeError, subprocess.TimeoutExpired, ValueError) as e:
            print("FAIL %s: abtrace %s: %s" % (name, " ".join(x["options"]), e))
            failed += 1
            continue
        rename = x["rename"]
        want_best = rename.get(x["best"], x["best"])
        want = {rename.get(s, s) for s in x["generated"]}
        problems = []
        checks += 2
        if best != want_best:
            problems.append("chose %s, the course chose %s (%s)"
                            % (best, want_best, x["action"]))
        if generated != want:
            problems.append("generated %s more, %s fewer than the course"
                            % (sorted(generated - want) or "none",
                               sorted(want - generated) or "none"))
        if problems:
            print("FAIL %s (%s %s): %s" % (name, x["algo"], " ".join(x["options"]),
                                          "; ".join(problems)))
            failed += 1
        else:
            print("ok   %s (%s %s): %s, %d states generated"
                  % (name, x["algo"], " ".join(x["options"]), x["action"],
                     len(want)))
            agree += 1
    print("%d of %d course tests agree (move and generated states), %d failed,"
          " %d skipped; %d checks" % (agree, len(expected), failed, skipped, checks))
    if agree == 0 or failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
