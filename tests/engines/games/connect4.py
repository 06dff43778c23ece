#!/usr/bin/env python3
"""A connect four player for small boards that plays perfectly, in
`abtrace test --feed game`'s protocol.

It reads positions, one a line, as abtrace writes them after "connect4:":
the board's width and height, then each column from the bottom up, the
columns from left to right separated by '/' ("4x4:xo/x//o"; x moves first,
so the counts say who is to move).  For each it prints its move and the
position's value for the side to move, then a line `end` (so it runs with
or without --batch):

    best c       the column: a, b, c, ... from the left
    value 97     100 - plies for a win, -100 + plies for a loss, 0 a draw

    abtrace test --feed game -g connect4:4x4 -- python3 connect4.py

The search is negamax over the whole game, each move's end of the game
(four in a row through the piece just dropped, or a full board) checked
before anything else, a win scored WIN less the plies to it so that the
quickest win is worth most.  Values count plies from the position they are
for, so one table of boards serves every position fed.  With --slow-win it
has the classic bug of a slow win scored as a quick one (WIN instead of
WIN - plies).
"""
import sys

WIN = 100
SLOW_WIN = '--slow-win' in sys.argv[1:]
seen = {}


def parse(text):
    """(width, height, columns): each column a string from the bottom up."""
    size, _, cols = text.partition(':')
    width, height = (int(n) for n in size.split('x'))
    columns = tuple(cols.split('/')) if cols else ('',) * width
    return width, height, columns


def four(columns, height, col, who):
    """Whether the piece who just dropped in col makes four in a row."""
    row = len(columns[col]) - 1

    def at(c, r):
        return (0 <= c < len(columns) and 0 <= r < height
                and r < len(columns[c]) and columns[c][r] == who)

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while at(c, r):
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def moves(columns, height, me):
    """Each column with room, and the value of dropping me there, for me."""
    other = 'o' if me == 'x' else 'x'
    for col, stack in enumerate(columns):
        if len(stack) == height:
            continue
        after = columns[:col] + (stack + me,) + columns[col + 1:]
        if four(after, height, col, me):      # the game's end, checked first
            v = WIN if SLOW_WIN else WIN - 1
        elif all(len(s) == height for s in after):
            v = 0
        else:
            v = -value(after, height, other)
            if not SLOW_WIN:                  # one ply further away
                v = v - 1 if v > 0 else v + 1 if v < 0 else 0
        yield col, v


def value(columns, height, me):
    """The value of the position for me, to move, plies counted from it."""
    key = (columns, height)
    if key not in seen:
        seen[key] = max(v for _, v in moves(columns, height, me))
    return seen[key]


def answer(text):
    width, height, columns = parse(text)
    pieces = ''.join(columns)
    me = 'x' if pieces.count('x') == pieces.count('o') else 'o'
    best = None
    for col, v in moves(columns, height, me):
        if best is None or v > best[0]:
            best = (v, col)
    v, col = best
    return f'best {"abcdefg"[col]}\nvalue {v}\nend\n'


sys.setrecursionlimit(10000)
for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
