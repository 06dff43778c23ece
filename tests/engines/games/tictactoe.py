#!/usr/bin/env python3
"""A tic-tac-toe player that plays perfectly, in `abtrace test --feed game`'s
protocol.

It reads positions, one a line: nine characters x, o or '.' row by row from
the top left ("xo.x.o..."; x moves first, so the counts say who is to move).
For each it prints its move and the position's value for the side to move,
then a line `end` (so it runs with or without --batch):

    best b3      the square: column a-c, row 1-3 from the top
    value 97     100 - plies for a win, -100 + plies for a loss, 0 a draw

    abtrace test --feed game -g tictactoe -- python3 tictactoe.py

The search is negamax over the whole game, the end of the game checked
first, a win scored WIN less the plies to it so that the quickest win is
worth most.  Values count plies from the position they are for, so one
table of boards serves every position (at most 5,478 of them).
"""
import sys

WIN = 100
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]
seen = {}


def won(board, who):
    return any(all(board[i] == who for i in line) for line in LINES)


def moves(board, me):
    """Each empty square, the board after me plays there, and its value."""
    other = 'o' if me == 'x' else 'x'
    for i in range(9):
        if board[i] != '.':
            continue
        after = board[:i] + me + board[i + 1:]
        if won(after, me):             # the game's end, checked first
            v = WIN - 1
        elif '.' not in after:
            v = 0
        else:
            v = -value(after, other)
            v = v - 1 if v > 0 else v + 1 if v < 0 else 0  # a ply further
        yield i, v


def value(board, me):
    """The value of board for me, to move, plies counted from it."""
    if board not in seen:
        seen[board] = max(v for _, v in moves(board, me))
    return seen[board]


def answer(board):
    me = 'x' if board.count('x') == board.count('o') else 'o'
    best = None
    for i, v in moves(board, me):
        if best is None or v > best[0]:
            best = (v, i)
    v, i = best
    return f'best {"abc"[i % 3]}{i // 3 + 1}\nvalue {v}\nend\n'


for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
