#!/usr/bin/env python3
"""`abtrace test --feed game` against the game players in tests/engines/games/.

- The perfect players (tictactoe.py, nim.py, connect4.py) pass every
  position, with
  --batch and with a process per position: no false alarm.
- The two game bugs of the lecture notes are caught and shrunk to a
  position with at most two empty squares (two counters in nim), the
  report naming the bug: the evaluation called before the end-of-game
  check (tictactoe_eval_first.py), a slow win scored as a quick one
  (tictactoe_slow_win.py, nim.py --slow-win).
- A move that is not legal (tictactoe_taken.py answers a taken square) is
  told as such, with the position, and no bug is guessed from its value.
- A program that exits, hangs, prints nothing, or answers outside the
  protocol is reported as such, on a small position.
- --save writes the files; usage errors exit 2.

Usage: test_game_engines.py ABTRACE GAMES_DIR
$ABTRACE_WRAPPER (e.g. valgrind) is put in front of abtrace;
$ABTRACE_TEST_QUICK draws a tenth of the positions.
"""
import os
import subprocess
import sys
import tempfile
import time

import abtrace_test as abtrace_test_lib

ABTRACE, GAMES = sys.argv[1:3]
WRAPPER = abtrace_test_lib.WRAPPER
QUICK = bool(os.environ.get('ABTRACE_TEST_QUICK'))
COUNT = 30 if QUICK else 300
PY = sys.executable
failures = abtrace_test_lib.failures
check = abtrace_test_lib.check


def abtrace_test(options, program, timeout=900):
    return abtrace_test_lib.run(ABTRACE, options, program, timeout)


def player(name, *args):
    return [PY, os.path.join(GAMES, name)] + list(args)


def empty_squares(position):
    """Empty squares of a tic-tac-toe or connect four position, counters
    of a nim one."""
    game, _, text = position.partition(':')
    if game == 'tictactoe':
        return text.count('.')
    if game == 'connect4':
        size, _, cols = text.partition(':')
        width, height = (int(n) for n in size.split('x'))
        return width * height - len(cols.replace('/', ''))
    return sum(int(h) for h in text.split(','))


# ---- No false alarm ---------------------------------------------------------

PERFECT = [
    ('tictactoe', 'tictactoe.py', []),
    ('tictactoe:x...o....', 'tictactoe.py', []),
    ('nim:3,4,5', 'nim.py', []),
    ('nim:4,4,4', 'nim.py', []),
    ('nim:1,2,3,4', 'nim.py', []),
    ('connect4:4x4', 'connect4.py', []),
    ('connect4:5x4:xo/o/xx/o/', 'connect4.py', []),
]
for game, name, args in PERFECT:
    for batch in (['--batch'], []):
        count = COUNT if batch else COUNT // 10
        status, report, took = abtrace_test(
            ['--feed', 'game', '-g', game, '--count', str(count), '--seed', '3'] + batch,
            player(name, *args))
        what = f'{name} on {game} {" ".join(batch)}'
        check(status == 0 and report and report['finding'] is None
              and report['trees'] == count and report['game'] == game.split(':')[0],
              f'{what}: a false alarm: {report and report["finding"]}')
        print(f'ok {what}: {count} positions, {took:.1f} s')

# ---- The two game bugs, caught and shrunk ------------------------------------

BUGS = [
    ('tictactoe', 'tictactoe_eval_first.py', [], 'checked before the evaluation'),
    ('tictactoe', 'tictactoe_slow_win.py', [], 'as if it came at once'),
    ('nim:3,4,5', 'nim.py', ['--slow-win'], 'as if it came at once'),
    ('connect4:4x4', 'connect4.py', ['--slow-win'], 'as if it came at once'),
]
for game, name, args, says in BUGS:
    for seed in ('1', '2', '3'):
        status, report, took = abtrace_test(
            ['--feed', 'game', '-g', game, '--batch', '--seed', seed], player(name, *args))
        finding = report and report['finding']
        what = f'{name} {" ".join(args)} seed {seed}'
        check(status == 1 and finding and finding['kind'] == 'disagree',
              f'{what}: not caught ({status}, {finding})')
        if not finding:
            continue
        check(report['trees'] <= 300, f'{what}: caught only at position {report["trees"]}')
        position = finding['position']
        check(empty_squares(position) <= 2, f'{what}: shrunk only to {position}')
        check(finding['diff'] and says in finding['diff']['why'],
              f'{what}: the report does not name the bug: {finding["diff"]}')
        check(finding['nodes'] <= finding['nodes_before'], f'{what}: {finding}')
        print(f'ok {what}: position {report["trees"]}, shrunk to {position} '
              f'in {finding["runs"]} runs, {took:.1f} s')

# The text report: the position, its board, the output, the verdict.
p = subprocess.run(WRAPPER + [ABTRACE, 'test', '--feed', 'game', '-g', 'tictactoe',
                              '--batch', '--seed', '1', '--'] +
                   player('tictactoe_slow_win.py'), capture_output=True, text=True)
check(p.returncode == 1, f'the text report: status {p.returncode}')
for part in ('its answer is not perfect play', 'The position: tictactoe:',
             '      a b c\n', 'As fed (--feed game):', "The program's output:",
             '    value 100\n', 'Compared with perfect play:', 'score it 100 - plies'):
    check(part in p.stdout, f'the text report lacks {part!r}:\n{p.stdout}')

# ---- An illegal move: told as such, no bug guessed from it --------------------

for seed in ('1', '2'):
    status, report, _ = abtrace_test(
        ['--feed', 'game', '-g', 'tictactoe', '--batch', '--seed', seed],
        player('tictactoe_taken.py'))
    finding = report and report['finding']
    what = f'tictactoe_taken.py seed {seed}'
    check(status == 1 and finding and finding['kind'] == 'disagree',
          f'{what}: not caught ({status}, {finding})')
    if not finding:
        continue
    why = finding['diff'] and finding['diff']['why'] or ''
    move = finding['diff'] and finding['diff']['given'] and finding['diff']['given']['best']
    check(f"Its move '{move}' is not legal in this position ({finding['position']})" in why,
          f'{what}: the illegal move is not told: {why!r}')
    for guess in ('seems', 'checked before', 'as if it came at once', 'Both win'):
        check(guess not in why, f'{what}: a bug guessed from an illegal move: {why!r}')
    print(f'ok {what}: shrunk to {finding["position"]}: {why}')

# ---- Programs that go wrong otherwise ----------------------------------------

ODD = [
    # (what, program, options, kind, empty squares at most)
    ('exits', [PY, '-c', 'import sys; sys.exit(3)'], [], 'crash', 1),
    ('hangs', [PY, '-c', 'import time; time.sleep(60)'], ['--timeout', '0.3'], 'timeout', 8),
    ('silent', [PY, '-c', 'import sys; sys.stdin.read()'], [], 'silent', 1),
    ('no move', [PY, '-c', 'print("value 0")'], [], 'disagree', 1),
    ('chatter', [PY, '-c', 'print("thinking...")'], [], 'disagree', 1),
    ('no such move', [PY, '-c', 'print("best z9\\nvalue 0")'], [], 'disagree', 1),
]
for what, program, options, kind, most in ODD:
    status, report, took = abtrace_test(
        ['--feed', 'game', '-g', 'tictactoe', '--seed', '4', '--count', '20'] + options,
        program, timeout=300)
    finding = report and report['finding']
    check(status == 1 and finding and finding['kind'] == kind,
          f'{what}: {status}, {finding and finding["kind"]}')
    if finding:
        check(empty_squares(finding['position']) <= most,
              f'{what}: shrunk only to {finding["position"]}')
    check(took < 120, f'{what}: took {took:.0f} s')
    print(f'ok {what}: {finding and finding["kind"]} on {finding and finding["position"]}, '
          f'{took:.1f} s')

# The protocol's complaints, in the report.
for program, says in [
        ('print("thinking...")', "is neither 'best MOVE' nor 'value V'"),
        ('print("best z9\\nvalue 0")', "'z9' is not legal in this position (tictactoe:"),
        ('print("best a1\\nbest a2\\nvalue 0")', "a second time"),
        ('print("best a1\\nvalue 0.5")', "not a whole number"),
        ('print("value 0")', "no line 'best MOVE'")]:
    status, report, _ = abtrace_test(['--feed', 'game', '-g', 'tictactoe', '--count', '5'],
                                     [PY, '-c', program])
    finding = report and report['finding']
    check(finding and finding['diff'] and says in finding['diff']['why'],
          f'{program}: {finding and finding["diff"]}')

# ---- --save, usage errors ---------------------------------------------------------

with tempfile.TemporaryDirectory() as tmp:
    save = os.path.join(tmp, 'found')
    cmd = WRAPPER + [ABTRACE, 'test', '--feed', 'game', '-g', 'nim:2,3', '--batch',
                     '--seed', '1', '--save', save, '--'] + player('nim.py', '--slow-win')
    p = subprocess.run(cmd, capture_output=True, text=True)
    check(p.returncode == 1, f'--save: status {p.returncode}: {p.stderr}')
    names = sorted(os.listdir(save)) if os.path.isdir(save) else []
    check(names == ['diff.txt', 'input.txt', 'output.log', 'report.txt', 'tree.tree'],
          f'--save wrote {names}')
    if 'report.txt' in names:
        check(open(os.path.join(save, 'report.txt')).read() == p.stdout,
              'report.txt is not the report printed')
        t = subprocess.run(WRAPPER + [ABTRACE, 'trace', os.path.join(save, 'tree.tree')],
                           capture_output=True)
        check(t.returncode == 0, 'the saved tree does not load')

PERFECT_TTT = player('tictactoe.py')
USAGE = [
    (['--feed', 'game', '--'] + PERFECT_TTT, 'name it with -g'),
    (['-g', 'tictactoe', '--'] + PERFECT_TTT, 'with --feed game'),
    (['--feed', 'game', '-g', 'chess', '--'] + PERFECT_TTT, "no game is called 'chess'"),
    (['--feed', 'game', '-g', 'tictactoe:xxxoo....', '--'] + PERFECT_TTT, 'three in a row'),
    (['--feed', 'game', '-g', 'tictactoe', '-g', 'nim', '--'] + PERFECT_TTT, 'given twice'),
]
for options, says in USAGE:
    p = subprocess.run(WRAPPER + [ABTRACE, 'test'] + options, capture_output=True, text=True)
    check(p.returncode == 2 and says in p.stderr,
          f'abtrace test {" ".join(options)}: {p.returncode} {p.stderr!r}')

if failures:
    print(f'{len(failures)} failures')
    sys.exit(1)
print('all game engine tests passed')
