#!/usr/bin/env python3
"""`abtrace test`'s speed: how many trees a second it feeds, runs and
checks, and how long shrinking takes.

    meson compile -C build bench-test
    python3 tests/bench/bench_test.py build/src/abtrace \\
        build/tests/engines/alphabeta tests/engines

Prints, never asserts (a shared machine's timings are no test):
- --batch against the C example engine, small trees (--depth 2
  --branching 2, and the shapes test mixes in): trees per second (aim
  5,000 or more);
- one process per tree, the same trees: trees per second;
- the time to shrink a failing 100-leaf tree (--branching 10 --depth 2;
  the engine is right but cuts on ties, abtrace holds it to --strict),
  against the C engine and the Python one, with the runs it took;
- the same for one of the Python engines with a named mistake.
Each figure is the best of BENCH_RUNS runs (default 3), by wall time.
"""
import json
import os
import subprocess
import sys
import time

RUNS = int(os.environ.get('BENCH_RUNS', '3'))


def best(cmd):
    """(wall seconds, the JSON report) of the fastest of RUNS runs."""
    fastest = None
    for _ in range(RUNS):
        start = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True)
        took = time.monotonic() - start
        if p.returncode not in (0, 1):
            sys.exit(f'{" ".join(cmd)}: status {p.returncode}\n{p.stderr}')
        if fastest is None or took < fastest[0]:
            fastest = (took, json.loads(p.stdout))
    return fastest


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    abtrace, engine, engines = sys.argv[1:]
    python = [sys.executable, os.path.join(engines, 'alphabeta.py')]
    small = ['--depth', '2', '--branching', '2', '--seed', '1']
    print(f'abtrace test, best of {RUNS} runs (wall time)')
    for name, options, program, count in [
            ('--batch, C engine, small trees', ['--batch'], [engine], 50000),
            ('--batch, Python engine, small trees', ['--batch'], python, 20000),
            ('one process per tree, C engine', [], [engine], 3000),
            ('one process per tree, Python engine', [], python, 50)]:
        took, report = best([abtrace, 'test', '--json', '--count', str(count)] +
                            small + options + ['--'] + program)
        assert report['finding'] is None, report['finding']
        print(f'  {name:<44} {report["trees"] / took:>10,.0f} trees/s'
              f'  ({report["trees"]} trees in {took:.2f} s)')
    wide = ['--branching', '10', '--depth', '2', '--count', '1']
    for name, options, program in [
            ('shrink a 100-leaf tree, C engine, --batch', ['--batch'], [engine]),
            ('shrink a 100-leaf tree, C engine', [], [engine]),
            ('shrink a 100-leaf tree, Python engine, --batch', ['--batch'], python)]:
        for seed in range(1, 50):
            took, report = best([abtrace, 'test', '--json', '--strict', '--seed',
                                 str(seed)] + wide + options + ['--'] + program)
            finding = report['finding']
            if finding:
                break
        print(f'  {name:<44} {took:>10.3f} s'
              f'  ({finding["leaves_before"]} leaves to {finding["leaves"]}, '
              f'{finding["runs"]} runs)')
    mistake = [sys.executable, os.path.join(engines, 'mistakes', 'swapped-update.py')]
    took, report = best([abtrace, 'test', '--json', '--batch', '--branching', '10',
                         '--depth', '2', '--seed', '1', '--'] + mistake)
    finding = report['finding']
    print(f'  {"swapped-update.py, --batch: find and shrink":<44} {took:>10.3f} s'
          f'  (tree {report["trees"]}, {finding["leaves_before"]} leaves to '
          f'{finding["leaves"]}, {finding["runs"]} runs)')


main()
