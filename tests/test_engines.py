#!/usr/bin/env python3
"""`abtrace test` against the example engines in tests/engines/.

- The correct engines (alphabeta.py, alphabeta.c, negamax.py with
  --view negamax) pass 1,000 trees under every convention: fail-soft,
  fail-hard, fail-hard=clamp, strict; with --batch and, for the C engine,
  one process per tree (a quarter as many trees); the JSON feed through a small adapter.
- Every engine with a named mistake (tests/engines/mistakes/ID.py) is
  caught within the default count and shrunk to at most 3 leaves (every
  mistake shows on some tree of at least one leaf, so that is within two
  leaves of the smallest); once `diff` names mistakes, `pitfalls` names it.
- misbehave.c's crash, exit, hang, silence and flood are each reported as
  their kind, with and without --batch, with a tree within two leaves of
  the smallest that triggers it, and abtrace never hangs.
- --save writes the files once and refuses to overwrite them; usage errors
  exit 2; SIGINT ends abtrace and the program it runs.

Usage: test_engines.py ABTRACE ALPHABETA_C MISBEHAVE_C ENGINES_DIR
$ABTRACE_WRAPPER (e.g. valgrind) is put in front of abtrace;
$ABTRACE_TEST_QUICK draws a twentieth of the trees.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import abtrace_test as abtrace_test_lib

ABTRACE, ALPHABETA_C, MISBEHAVE_C, ENGINES = sys.argv[1:5]
WRAPPER = abtrace_test_lib.WRAPPER
QUICK = bool(os.environ.get('ABTRACE_TEST_QUICK'))
COUNT = 50 if QUICK else 1000
PY = sys.executable
failures = abtrace_test_lib.failures
check = abtrace_test_lib.check


def abtrace_test(options, program, timeout=600):
    return abtrace_test_lib.run(ABTRACE, options, program, timeout)


# ---- No false alarm -------------------------------------------------------

CONVENTIONS = [[], ['--fail-hard'], ['--fail-hard=clamp'], ['--strict']]
CORRECT = [
    ('alphabeta.py', [], [PY, os.path.join(ENGINES, 'alphabeta.py')]),
    ('alphabeta.c', [], [ALPHABETA_C]),
    ('negamax.py', ['--view', 'negamax'], [PY, os.path.join(ENGINES, 'negamax.py')]),
]

for name, view, program in CORRECT:
    for convention in CONVENTIONS:
        for batch in (['--batch'], []) if name == 'alphabeta.c' else (['--batch'],):
            # One process per tree costs a start each: fewer trees.
            count = COUNT if batch else COUNT // 4
            status, report, took = abtrace_test(
                view + convention + batch + ['--count', str(count), '--seed', '11'],
                program + convention)
            what = f'{name} {" ".join(convention + batch)}'
            check(status == 0 and report and report['finding'] is None
                  and report['trees'] == count,
                  f'{what}: a false alarm: {report and report["finding"]}')
            print(f'ok {what}: {count} trees, {took:.1f} s')

# The JSON feed, MIN roots included, through a small adapter.
ADAPTER = f'''
import json, sys
sys.path.insert(0, {ENGINES!r})
from decimal import Decimal
from alphabeta import INF, alphabeta, show
def nested(node):
    return [nested(c) for c in node['children']] if isinstance(node, dict) else node
for line in sys.stdin:
    feed = json.loads(line, parse_float=Decimal)
    log, returned = [], []
    value = alphabeta(nested(feed['tree']), '', -INF, INF, feed['root'] == 'max', log, returned)
    log.append(f'value {{show(value)}}')
    log += [f'best {{i}}' for i, v in returned if v == value][:1]
    print('\\n'.join(log), 'end', sep='\\n', flush=True)
'''
status, report, took = abtrace_test(['--feed', 'json', '--batch', '--count', str(COUNT),
                                     '--seed', '5'], [PY, '-c', ADAPTER])
check(status == 0 and report and report['finding'] is None,
      f'the JSON feed: a false alarm: {report and report["finding"]}')
print(f'ok --feed json: {COUNT} trees, {took:.1f} s')

# ---- Every named mistake caught ---------------------------------------------

MISTAKES = os.path.join(ENGINES, 'mistakes')
for file in sorted(os.listdir(MISTAKES)):
    mistake = file[:-3]
    if not file.endswith('.py') or mistake == 'protocol':
        continue
    options = ['--batch', '--seed', '1']
    if mistake.startswith('negamax-'):
        options += ['--view', 'negamax']
    if mistake == 'small-inf':
        options += ['--inf', '1000']
    status, report, took = abtrace_test(options, [PY, os.path.join(MISTAKES, file)])
    finding = report and report['finding']
    check(status == 1 and finding and finding['kind'] == 'disagree',
          f'{mistake}: not caught ({status}, {finding})')
    if not finding:
        continue
    check(report['trees'] <= 1000, f'{mistake}: caught only after {report["trees"]} trees')
    check(finding['leaves'] <= 3,
          f'{mistake}: shrunk to {finding["leaves"]} leaves: {finding["tree"]!r}')
    diff = finding['diff']
    if diff and not diff.get('stand_in'):
        named = [p['id'] for p in diff.get('pitfalls', [])]
        check(mistake in named, f'{mistake}: pitfalls name {named}')
    print(f'ok {mistake}: tree {report["trees"]}, shrunk to {finding["leaves"]} '
          f'leaves {finding["tree"].strip()!r} in {finding["runs"]} runs, {took:.1f} s')

# ---- Crash, exit, hang, silence, flood ---------------------------------------

# mode: the kind, and the smallest tree's leaves (misbehave.c's triggers).
MISBEHAVIOURS = {
    'crash': ('crash', 3),     # a node with three children
    'exit': ('crash', 1),      # the root's first child an inner node
    'hang': ('timeout', 1),    # a negative leaf
    'silent': ('silent', 1),   # two levels
    'flood': ('too-much', 2),  # two leaves that tie
}
for mode, (kind, least) in MISBEHAVIOURS.items():
    for batch in ([], ['--batch']):
        status, report, took = abtrace_test(
            batch + ['--seed', '2', '--timeout', '0.5' if mode == 'hang' else '10'],
            [MISBEHAVE_C, mode], timeout=300)
        finding = report and report['finding']
        what = f'misbehave {mode} {" ".join(batch)}'
        check(status == 1 and finding and finding['kind'] == kind,
              f'{what}: {status}, {finding and finding["kind"]}')
        if finding:
            check(finding['leaves'] <= least + 2,
                  f'{what}: {finding["leaves"]} leaves: {finding["tree"]!r}')
            if mode == 'crash':
                check(finding.get('signal') == signal.SIGSEGV, f'{what}: {finding}')
            if mode == 'exit':
                check(finding.get('status') == 3, f'{what}: {finding}')
        check(took < 120, f'{what}: took {took:.0f} s')
        print(f'ok {what}: {finding and finding["kind"]}, '
              f'{finding and finding["leaves"]} leaves, {took:.1f} s')

# A flood's text report shows its start, not screens of it.
p = subprocess.run(WRAPPER + [ABTRACE, 'test', '--count', '2', '--seed', '1', '--', MISBEHAVE_C, 'flood'],
                   capture_output=True, text=True)
check(p.returncode == 1 and 'more bytes (--save keeps them all)' in p.stdout,
      f'flood report: {p.returncode} {p.stdout[-300:]!r}')
check(len(p.stdout.split('\n')) < 200, f'flood report: {len(p.stdout.splitlines())} lines')
print(f'ok misbehave flood: text report of {len(p.stdout.splitlines())} lines')

# ---- --save, the text report, usage errors, SIGINT -----------------------------

with tempfile.TemporaryDirectory() as tmp:
    save = os.path.join(tmp, 'found')
    swapped = [PY, os.path.join(MISTAKES, 'swapped-update.py')]
    cmd = WRAPPER + [ABTRACE, 'test', '--batch', '--seed', '1', '--save', save, '--'] + swapped
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 1, f'--save: status {p.returncode}: {p.stderr}')
    for part in ('The tree:', 'As fed (--feed list):', "The program's output:"):
        check(part in p.stdout, f'the text report lacks {part!r}')
    names = sorted(os.listdir(save)) if os.path.isdir(save) else []
    check(names == ['diff.txt', 'input.txt', 'output.log', 'report.txt', 'tree.tree'],
          f'--save wrote {names}')
    if 'tree.tree' in names:
        tree = os.path.join(save, 'tree.tree')
        t = subprocess.run(WRAPPER + [ABTRACE, 'trace', tree], capture_output=True)
        check(t.returncode == 0, 'the saved tree does not load')
        check(open(os.path.join(save, 'report.txt')).read() == p.stdout,
              'report.txt is not the report printed')
        before = open(tree).read()
        again = subprocess.run(cmd, capture_output=True, text=True)
        check(again.returncode == 2 and 'tree.tree' in again.stderr,
              f'--save over saved files: {again.returncode} {again.stderr}')
        check(open(tree).read() == before, '--save changed a saved file')
    # A link in the place of DIR is not followed.
    link = os.path.join(tmp, 'link')
    os.symlink(tmp, link)
    p = subprocess.run(WRAPPER + [ABTRACE, 'test', '--save', link, '--', ALPHABETA_C],
                       capture_output=True, text=True)
    check(p.returncode == 2, f'--save through a link: {p.returncode}')

USAGE = [
    [],
    ['--feed', 'xml', '--', ALPHABETA_C],
    ['--count', '0', '--', ALPHABETA_C],
    ['--timeout', '0', '--', ALPHABETA_C],
    ['--timeout', '1.2345', '--', ALPHABETA_C],
    ['--inf', '-5', '--', ALPHABETA_C],
    ['--root', 'min', '--', ALPHABETA_C],
    ['--players', 'max,chance,min', '--', ALPHABETA_C],
    ['--iterative', '--', ALPHABETA_C],
    ['stray', '--', ALPHABETA_C],
    ['--', '/nonexistent/engine'],
    ['--', ''],
]
for args in USAGE:
    p = subprocess.run(WRAPPER + [ABTRACE, 'test'] + args, capture_output=True, text=True)
    check(p.returncode == 2 and p.stderr and not p.stdout,
          f'abtrace test {args}: {p.returncode} {p.stdout!r} {p.stderr!r}')

# SIGINT while the program hangs: abtrace ends by it, and so does the program.
with tempfile.TemporaryDirectory() as tmp:
    pidfile = os.path.join(tmp, 'pid')
    script = f'echo $$ > {pidfile}; exec {MISBEHAVE_C} hang'
    p = subprocess.Popen([ABTRACE, 'test', '--timeout', '100', '--seed', '2', '--',
                          'sh', '-c', script], stdout=subprocess.DEVNULL)
    pid = None
    for _ in range(500):
        try:
            pid = int(open(pidfile).read())
            break
        except (OSError, ValueError):
            time.sleep(0.01)
    time.sleep(0.3)
    p.send_signal(signal.SIGINT)
    status = p.wait(timeout=30)
    check(status == -signal.SIGINT, f'SIGINT: abtrace ended with {status}')
    alive = pid is not None
    for _ in range(500):
        try:
            with open(f'/proc/{pid}/stat') as f:
                alive = f.read().rsplit(')', 1)[1].split()[0] != 'Z'
        except OSError:
            alive = False
        if not alive:
            break
        time.sleep(0.01)
    check(pid is not None and not alive, f'SIGINT: the program ({pid}) still runs')

if failures:
    print(f'{len(failures)} failure(s)')
    sys.exit(1)
print('all engines behaved')
