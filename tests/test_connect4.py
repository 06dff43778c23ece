#!/usr/bin/env python3
"""test_connect4.py ABTRACE - connect four positions searched by abtrace
(`stats --json -g connect4:...`) against a solver written here: plain
memoised minimax over boards, a different algorithm from abtrace's (which
builds the game tree and searches it with alpha-beta), written from the
rules, not from abtrace's code.

The rules and scores are those of abtrace(1)'s -g, as sources/connect4.c
documents them: x moves first; four in a row wins; a finished game scores
100 - plies from MAX's side (MAX: the side to move at the root), -100 +
plies for a loss, 0 for a draw; with --depth N a position N plies down
whose game is not over is worth its evaluation: the windows of four squares
holding only the side to move's pieces minus those holding only the
other's (clamped to +-50), from MAX's side.

Checked: the value and that abtrace's best move is one of the best moves,
- on the empty 4x4 board at every depth limit 1..8 (its whole tree, some
  131 million nodes, is over abtrace's node limit for a game, which this
  test also checks), and from a few mid-game positions with a limit;
- on random 4x4 and 5x4 positions searched to the end.

Run by `meson test` (suite "games"); prints each difference and exits 1
when there is any.
"""
import json
import random
import subprocess
import sys

WIN = 100
EVAL_LIMIT = 50


class Board:
    def __init__(self, w, h, cols):
        self.w, self.h = w, h
        self.cols = [list(c) for c in cols]

    def key(self):
        return tuple(tuple(c) for c in self.cols)

    def pieces(self):
        return sum(len(c) for c in self.cols)

    def mover(self):
        return 'x' if self.pieces() % 2 == 0 else 'o'

    def at(self, c, r):
        if 0 <= c < self.w and 0 <= r < len(self.cols[c]):
            return self.cols[c][r]
        return None

    def moves(self):
        return [c for c in range(self.w) if len(self.cols[c]) < self.h]

    def four_at(self, c, r):
        who = self.at(c, r)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                k = 1
                while self.at(c + sign * k * dc, r + sign * k * dr) == who:
                    run += 1
                    k += 1
            if run >= 4:
                return True
        return False

    def over(self):
        for c in range(self.w):
            for r in range(len(self.cols[c])):
                if self.four_at(c, r):
                    return True
        return self.pieces() == self.w * self.h

    def windows(self):
        for c in range(self.w):
            for r in range(self.h):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(c + k * dc, r + k * dr) for k in range(4)]
                    if all(0 <= x < self.w and 0 <= y < self.h for x, y in cells):
                        yield cells

    def evaluate(self):
        """From the side to move's view."""
        me = self.mover()
        v = 0
        for cells in self.windows():
            got = [self.at(x, y) for x, y in cells]
            mine = sum(1 for g in got if g == me)
            theirs = sum(1 for g in got if g is not None and g != me)
            if mine and not theirs:
                v += 1
            elif theirs and not mine:
                v -= 1
        return max(-EVAL_LIMIT, min(EVAL_LIMIT, v))

    def spec(self):
        return '%dx%d:%s' % (self.w, self.h, '/'.join(''.join(c) for c in self.cols))


def solve(board, limit):
    """The root's value from MAX's side and the value of each of its moves:
    minimax over boards, each board's value remembered (a board's depth
    below the root is its number of pieces minus the root's, so a board
    has one value wherever it is reached)."""
    memo = {}

    def after(c, d):
        """The value of playing column c at depth d."""
        board.cols[c].append(board.mover())
        if board.four_at(c, len(board.cols[c]) - 1):
            # the side that moved at depth d wins, d + 1 plies in
            v = WIN - (d + 1) if d % 2 == 0 else -(WIN - (d + 1))
        elif board.pieces() == board.w * board.h:
            v = 0
        else:
            v = value(d + 1)
        board.cols[c].pop()
        return v

    def value(d):
        key = board.key()
        if key not in memo:
            if d == limit:
                v = board.evaluate()
                memo[key] = v if d % 2 == 0 else -v
            else:
                vs = [after(c, d) for c in board.moves()]
                memo[key] = max(vs) if d % 2 == 0 else min(vs)
        return memo[key]

    moves = {c: after(c, 0) for c in board.moves()}
    return max(moves.values()), moves


def run(abtrace, spec, depth):
    args = [abtrace, 'stats', '--json', '--algo', 'alphabeta', '-g', 'connect4:' + spec]
    if depth:
        args += ['--depth', str(depth)]
    p = subprocess.run(args, capture_output=True, text=True, timeout=600)
    return p


def random_position(rng, w, h, plies):
    while True:
        b = Board(w, h, [[] for _ in range(w)])
        ok = True
        for _ in range(plies):
            c = rng.choice(b.moves())
            b.cols[c].append(b.mover())
            if b.four_at(c, len(b.cols[c]) - 1) or b.pieces() == w * h:
                ok = False
                break
        if ok:
            return b


def main():
    abtrace = sys.argv[1]
    rng = random.Random(4)
    failures = 0
    checked = 0
    cases = [(Board(4, 4, [[]] * 4), d) for d in range(1, 9)]
    cases += [(random_position(rng, 4, 4, 4), d) for d in (3, 5, 7)]
    cases += [(random_position(rng, 4, 4, rng.randint(5, 9)), None) for _ in range(14)]
    cases += [(random_position(rng, 5, 4, rng.randint(10, 13)), None) for _ in range(6)]
    for board, depth in cases:
        spec = board.spec()
        p = run(abtrace, spec, depth)
        if p.returncode != 0:
            if 'more than' in p.stderr and depth is None:
                continue  # over the node limit: not this test's business
            print('connect4:%s --depth %s: abtrace failed: %s' % (spec, depth, p.stderr))
            failures += 1
            continue
        got = json.loads(p.stdout)['alphabeta']
        value, moves = solve(board, depth)
        best_rank = int(got['best']) - 1
        legal = board.moves()
        best_move = legal[best_rank] if 0 <= best_rank < len(legal) else None
        where = 'connect4:%s%s' % (spec, ' --depth %d' % depth if depth else '')
        if got['value'] != value:
            print('%s: abtrace says %s, the solver %s' % (where, got['value'], value))
            failures += 1
        elif best_move is None or moves[best_move] != value:
            print('%s: abtrace plays %s (worth %s), the solver\'s best are %s (worth %s)' %
                  (where, best_move, moves.get(best_move),
                   [chr(ord('a') + c) for c in moves if moves[c] == value], value))
            failures += 1
        checked += 1
    # The empty 4x4 board's whole tree is over the limit: a clear error.
    p = run(abtrace, '4x4', None)
    if p.returncode != 2 or 'more than' not in p.stderr or '--depth' not in p.stderr:
        print('connect4:4x4 without --depth: expected the node limit\'s error, got %d: %s' %
              (p.returncode, p.stderr))
        failures += 1
    if checked < 20:
        print('only %d positions checked' % checked)
        failures += 1
    print('%d positions checked, %d differences' % (checked, failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
