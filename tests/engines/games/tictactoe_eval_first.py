#!/usr/bin/env python3
"""A tic-tac-toe player with a classic bug: the evaluation is called before
the end-of-game check.

The protocol is tictactoe.py's.  The search is depth-limited negamax, its
depth the number of empty squares (so it sees to the end of every game),
and it tests the depth before it tests for a win.  On a full board the
depth is 0, so a board the last move filled and won is scored by the
evaluation (lines open to the side to move less lines open to the other),
a small number, instead of as a lost game.  Any position where some line of
play ends in a win on the last square gets a wrong value, and sometimes a
wrong move.

    abtrace test --feed game -g tictactoe -- python3 tictactoe_eval_first.py
"""
import sys

WIN = 100
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]


def won(board, who):
    return any(all(board[i] == who for i in line) for line in LINES)


def evaluate(board, me):
    """Lines holding only my marks less lines holding only the other's."""
    score = 0
    for line in LINES:
        marks = {board[i] for i in line} - {'.'}
        if marks == {me}:
            score += 1
        elif marks and me not in marks:
            score -= 1
    return score


def negamax(board, me, depth, ply, seen):
    other = 'o' if me == 'x' else 'x'
    if depth == 0:                 # BUG: the horizon before the game's end
        return evaluate(board, me)
    if won(board, other):
        return -(WIN - ply)
    key = (board, ply)
    if key not in seen:
        seen[key] = max(-negamax(board[:i] + me + board[i + 1:], other, depth - 1,
                                 ply + 1, seen)
                        for i in range(9) if board[i] == '.')
    return seen[key]


def answer(board):
    me = 'x' if board.count('x') == board.count('o') else 'o'
    other = 'o' if me == 'x' else 'x'
    depth = board.count('.')
    seen = {}
    best = None
    for i in range(9):
        if board[i] != '.':
            continue
        v = -negamax(board[:i] + me + board[i + 1:], other, depth - 1, 1, seen)
        if best is None or v > best[0]:
            best = (v, i)
    v, i = best
    return f'best {"abc"[i % 3]}{i // 3 + 1}\nvalue {v}\nend\n'


for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
