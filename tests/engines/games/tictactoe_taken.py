#!/usr/bin/env python3
"""A tic-tac-toe player that answers a taken square.

The protocol is tictactoe.py's.  Its test for a free square is the wrong
way round (`board[i] != '.'` where `== '.'` was meant), so on a board with
any mark it plays the first marked square, which is no legal move; it has
no search yet and guesses every position a draw (value 0).  The report must
say the move is not legal in the position, and guess no bug from the value.

    abtrace test --feed game -g tictactoe -- python3 tictactoe_taken.py
"""
import sys


def answer(board):
    free = [i for i in range(9) if board[i] != '.']   # BUG: == '.' was meant
    i = free[0] if free else 4
    return f'best {"abc"[i % 3]}{i // 3 + 1}\nvalue 0\nend\n'


for line in sys.stdin:
    sys.stdout.write(answer(line.strip()))
    sys.stdout.flush()
