"""abtrace_test.py - what the scripts that run `abtrace test` share
(test_engines.py, test_game_engines.py): running it for its JSON report,
and checks that are counted rather than stopping the script."""
import json
import os
import subprocess
import sys
import time

WRAPPER = os.environ.get('ABTRACE_WRAPPER', '').split()
failures = []


def run(abtrace, options, program, timeout):
    """Runs abtrace test OPTIONS --json -- PROGRAM: (status, report, took)."""
    cmd = WRAPPER + [abtrace, 'test', '--json'] + options + ['--'] + program
    start = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    took = time.monotonic() - start
    report = None
    if p.stdout.strip():
        try:
            report = json.loads(p.stdout)
        except ValueError:
            pass
    if p.returncode not in (0, 1) or report is None:
        sys.stderr.write(f'{" ".join(cmd)}: status {p.returncode}\n{p.stdout}{p.stderr}')
    return p.returncode, report, took


def check(condition, what):
    if not condition:
        failures.append(what)
        print('FAIL', what)
