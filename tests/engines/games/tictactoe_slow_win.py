#!/usr/bin/env python3
"""A tic-tac-toe player with a classic bug: a slow win is scored as a quick
one.

The protocol is tictactoe.py's.  The search is tictactoe.py's negamax, but a
won game scores WIN whatever its distance: `WIN - ply` became `WIN`.  Every
won or lost position gets the wrong value (100 for a win in 3 plies, which
is worth 97), and between two winning moves it may take the slower one,
which in a real game can put the win off for ever.

    abtrace test --feed game -g tictactoe -- python3 tictactoe_slow_win.py
"""
import sys

WIN = 100
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


def won(board, who):
    return any(all(board[i] == who for i in line) for line in LINES)


def negamax(board, me, seen):
    other = 'o' if me == 'x' else 'x'
    if won(board, other):
        return -WIN                # BUG: WIN - ply, the plies forgotten
    if '.' not in board:
        return 0
    if board not in seen:
        seen[board] = max(-negamax(board[:i] + me + board[i + 1:], other, seen)
                          for i in range(9) if board[i] == '.')
    return seen[board]


def answer(board):
    me = 'x' if board.count('x') == board.count('o') else 'o'
    other = 'o' if me == 'x' else 'x'
    seen = {}
    best = None
    for i in range(9):
        if board[i] != '.':
            continue
        v = -negamax(board[:i] + me + board[i + 1:], other, seen)
        if best is None or v > best[0]:
            best = (v, i)
    v, i = best
    return f'best {"abc"[i % 3]}{i // 3 + 1}\nvalue {v}\nend\n'


for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
