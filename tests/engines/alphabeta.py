#!/usr/bin/env python3
"""A correct alpha-beta search that speaks `abtrace test`'s protocol.

It reads trees in the list feed, one per line: JSON nested arrays, a leaf
a number, an inner node the list of its children, MAX at the root and the
players alternating.  For each tree it prints its log (the lines are
abtrace-log(5)'s) and then a line `end`, so it runs with or without --batch:

    enter PATH ALPHA BETA   an inner node is entered with this window
    leaf PATH VALUE         a leaf is evaluated
    cut PATH                the cut test fired
    return PATH VALUE       an inner node returns VALUE
    value V / best PATH     the root's value and its move

PATH is `root` or the 1-based child numbers joined by dots (`2.1`).

    abtrace test -- python3 alphabeta.py
    abtrace test --batch --fail-hard -- python3 alphabeta.py --fail-hard
    (also --fail-hard=clamp, --strict: give abtrace the same option)
"""
import json
import sys
from decimal import Decimal

INF = float('inf')
FAIL = 'soft'      # 'hard': a node returns its bound; 'clamp': inside its window
STRICT = False     # cut on alpha > beta only


def show(v):
    return 'inf' if v == INF else '-inf' if v == -INF else str(v + 0)  # not -0


def alphabeta(node, path, alpha, beta, is_max, log, returned=None):
    name = path or 'root'
    if not isinstance(node, list):
        log.append(f'leaf {name} {show(node)}')
        return node
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
    alpha0, beta0 = alpha, beta
    best = -INF if is_max else INF
    for i, child in enumerate(node, 1):
        v = alphabeta(child, f'{path}.{i}' if path else str(i),
                      alpha, beta, not is_max, log)
        if returned is not None:
            returned.append((i, v))
        if is_max:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha > beta or (alpha == beta and not STRICT):
            log.append(f'cut {name}')
            break
    if FAIL == 'hard':
        best = alpha if is_max else beta
    elif FAIL == 'clamp':
        best = min(max(best, alpha0), beta0)
    log.append(f'return {name} {show(best)}')
    return best


def main():
    global FAIL, STRICT
    for arg in sys.argv[1:]:
        if arg == '--strict':
            STRICT = True
        elif arg.startswith('--fail-hard'):
            FAIL = 'clamp' if arg == '--fail-hard=clamp' else 'hard'
    for line in sys.stdin:
        if not line.strip():
            continue
        tree = json.loads(line, parse_float=Decimal)
        log, returned = [], []
        value = alphabeta(tree, '', -INF, INF, True, log, returned)
        log.append(f'value {show(value)}')
        # The move: the first child that returned the root's value.
        log += [f'best {i}' for i, v in returned if v == value][:1]
        print('\n'.join(log), 'end', sep='\n', flush=True)


if __name__ == '__main__':
    main()
