#!/usr/bin/env python3
"""The benchmark table: abtrace beside CPython and a bare C alpha-beta.

    meson compile -C build bench
    python3 tests/bench/run.py build/src/abtrace build/tests/bench/bench

Generates uniform trees (1M leaves: branching 4, depth 10; and 4M leaves),
times whole processes (best of several runs, peak RSS from wait4) and the
library's phases in-process (tests/bench/bench.c), and prints each figure
beside its target from issue 6.  Not part of `meson test`: timings are
measured and printed, never asserted.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("BENCH_RUNS", "3"))


def run(argv, stdin=None):
    """Best wall time and the peak RSS (bytes) of the best run."""
    best = None
    for _ in range(RUNS):
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err = proc.stderr.read().decode()
        proc.stderr.close()
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"{' '.join(argv)} failed: {err}")
        if best is None or wall < best[0]:
            best = (wall, usage.ru_maxrss * 1024)
    return best


def json_load_in_process(path):
    best = None
    for _ in range(RUNS):
        with open(path) as f:
            text = f.read()
        start = time.perf_counter()
        json.loads(text)
        t = time.perf_counter() - start
        best = t if best is None else min(best, t)
    return best


def phases(bench, path):
    out = subprocess.run([bench, "phases", path], check=True,
                         capture_output=True, text=True).stdout
    best = None
    for _ in range(RUNS):
        out = subprocess.run([bench, "phases", path], check=True,
                             capture_output=True, text=True).stdout
        figures = {k: float(v) for k, v in
                   (kv.split("=") for kv in out.split())}
        if best is None:
            best = figures
        else:
            for k, v in figures.items():
                if k.endswith("_s"):
                    best[k] = min(best[k], v)
    return best


def row(what, figure, yardstick, target, ok):
    mark = "ok" if ok else "MISSED"
    print(f"  {what:<44} {figure:>14} {yardstick:>18}  {target:<12} {mark}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    abtrace, bench = (os.path.abspath(p) for p in sys.argv[1:])
    tmp = tempfile.mkdtemp(prefix="abtrace-bench-")
    trees = [("1M leaves (b=4, d=10)", 4, 10), ("4M leaves (b=4, d=11)", 4, 11)]
    try:
        for title, b, d in trees:
            path = os.path.join(tmp, f"b{b}d{d}.tree")
            with open(path, "w") as f:
                subprocess.run([bench, "gen", str(b), str(d), "1"],
                               stdout=f, check=True)
            report(title, path, abtrace, bench, full=(d == 10))
    finally:
        for name in os.listdir(tmp):
            os.unlink(os.path.join(tmp, name))
        os.rmdir(tmp)


def report(title, path, abtrace, bench, full):
    size = os.path.getsize(path)
    mb = size / 1e6
    ph = phases(bench, path)
    nodes = ph["nodes"]
    print(f"\n{title}: {size / 1e6:.1f} MB, {int(nodes)} nodes, "
          f"best of {RUNS} runs")
    print(f"  {'':<44} {'abtrace':>14} {'yardstick':>18}  {'target':<12}")

    py_parse = json_load_in_process(path)
    parse_mbs = mb / ph["parse_s"]
    row("parse, in-process (MB/s)", f"{parse_mbs:.0f}",
        f"json.load {mb / py_parse:.0f}", "≥ 5×",
        parse_mbs >= 5 * mb / py_parse)
    print(f"  {'':<44} {'':>14} {'':>18}  ({parse_mbs * py_parse / mb:.1f}×)")
    parse_proc, _ = run([bench, "parse", path])
    json_proc, _ = run([sys.executable, "-c",
                        "import json,sys; json.load(open(sys.argv[1]))", path])
    row("parse, whole process (s)", f"{parse_proc:.3f}",
        f"json.load {json_proc:.3f}", "≥ 5×", json_proc >= 5 * parse_proc)
    print(f"  {'':<44} {'':>14} {'':>18}  ({json_proc / parse_proc:.1f}×)")

    mm_t, mm_rss = run([abtrace, "stats", "--algo", "minimax", "--order",
                        "given", path])
    if full:
        py_t, _ = run([sys.executable, os.path.join(HERE, "minimax.py"), path])
        row("stats --algo minimax, whole process (s)", f"{mm_t:.3f}",
            f"Python {py_t:.3f}", "≥ 15×", py_t >= 15 * mm_t)
        print(f"  {'':<44} {'':>14} {'':>18}  ({py_t / mm_t:.1f}×)")
    else:
        row("stats --algo minimax, whole process (s)", f"{mm_t:.3f}", "", "",
            True)
    ab_t, _ = run([abtrace, "stats", "--algo", "alphabeta", "--order",
                   "given", path])
    bare_t, _ = run([bench, "bare", path])
    row("stats --algo alphabeta, whole process (s)", f"{ab_t:.3f}",
        f"bare C {bare_t:.3f}", "≤ 2×", ab_t <= 2 * bare_t)
    print(f"  {'':<44} {'':>14} {'':>18}  ({ab_t / bare_t:.2f}×)")

    for algo in ("minimax", "alphabeta"):
        visited = ph[f"{algo}_visited"]
        events = ph[f"{algo}_events"]
        row(f"{algo}: search, ns per node visited",
            f"{ph[f'{algo}_search_s'] / visited * 1e9:.1f}",
            f"bare C {ph['plain_alphabeta_s'] / ph['plain_visited'] * 1e9:.1f}"
            if algo == "alphabeta" else "", "", True)
        row(f"{algo}: record trace, ns per node / event",
            f"{ph[f'{algo}_record_s'] / visited * 1e9:.1f} / "
            f"{ph[f'{algo}_record_s'] / events * 1e9:.1f}", "", "", True)
    per_node = ph["tree_peak_bytes"] / nodes
    row("tree, peak bytes per node", f"{per_node:.1f}", "", "≤ 64",
        per_node <= 64)
    ev = ph["minimax_events"]
    per_event = ph["minimax_records_peak_bytes"] / ev
    row("trace, peak bytes per recorded event", f"{per_event:.1f}", "",
        "≤ 32", per_event <= 32)
    row("trace, per-node state, bytes per node",
        f"{ph['minimax_state_bytes'] / nodes:.1f}", "", "", True)
    row("stats --algo minimax, peak RSS per node", f"{mm_rss / nodes:.1f}",
        "", "", True)


if __name__ == "__main__":
    main()
