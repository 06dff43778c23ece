#!/usr/bin/env python3
"""A nim player that plays perfectly, in `abtrace test --feed game`'s
protocol.

It reads positions, one a line: the heaps' sizes separated by commas
("3,4,5"); a move takes any number of counters from one heap, and whoever
takes the last counter wins.  For each it prints its move and the
position's value for the side to move, then a line `end`:

    best b2      take 2 from heap b (the heaps are a, b, c ... in order)
    value 97     100 - plies for a win, -100 + plies for a loss

    abtrace test --feed game -g nim:4,4,4 -- python3 nim.py

The search is negamax over the whole game, memoised on the heaps: the
nim-sum rule says who wins, but not how soon, and the value counts plies.
With --slow-win it has the classic bug of a slow win scored as a quick one
(WIN instead of WIN - plies).
"""
import sys

WIN = 100
SLOW_WIN = '--slow-win' in sys.argv[1:]


def moves(heaps):
    for h, size in enumerate(heaps):
        for take in range(1, size + 1):
            yield h, take


def value(heaps, seen):
    """The value of heaps for the side to move, plies counted from here."""
    if heaps not in seen:
        best = None
        for h, take in moves(heaps):
            after = heaps[:h] + (heaps[h] - take,) + heaps[h + 1:]
            if not any(after):
                v = WIN if SLOW_WIN else WIN - 1   # the last counter taken
            else:
                v = -value(after, seen)
                if not SLOW_WIN:                   # one ply further away
                    v = v - 1 if v > 0 else v + 1
            best = v if best is None else max(best, v)
        seen[heaps] = best
    return seen[heaps]


def answer(line):
    heaps = tuple(int(x) for x in line.split(','))
    seen = {}
    best = None
    for h, take in moves(heaps):
        after = heaps[:h] + (heaps[h] - take,) + heaps[h + 1:]
        if not any(after):
            v = WIN if SLOW_WIN else WIN - 1
        else:
            v = -value(after, seen)
            if not SLOW_WIN:
                v = v - 1 if v > 0 else v + 1
        if best is None or v > best[0]:
            best = (v, h, take)
    v, h, take = best
    return f'best {"abcdefghijklmnop"[h]}{take}\nvalue {v}\nend\n'


for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
