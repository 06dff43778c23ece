#!/usr/bin/env python3
"""A correct negamax alpha-beta search that speaks `abtrace test`'s protocol.

The same protocol as alphabeta.py, but every number it prints (windows,
leaves, returns, the root's value) is from the side of the player to move,
as negamax computes it: run abtrace with --view negamax to read it so.

    abtrace test --view negamax -- python3 negamax.py
    (also --fail-hard, --fail-hard=clamp, --strict: give abtrace the same)
"""
import json
import sys
from decimal import Decimal

INF = float('inf')
FAIL = 'soft'
STRICT = False


def show(v):
    return 'inf' if v == INF else '-inf' if v == -INF else str(v + 0)


def negamax(node, path, alpha, beta, color, log, returned=None):
    name = path or 'root'
    if not isinstance(node, list):
        value = node if color > 0 else -node   # the mover's side
        log.append(f'leaf {name} {show(value)}')
        return value
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
    alpha0, beta0 = alpha, beta
    best = -INF
    for i, child in enumerate(node, 1):
        v = -negamax(child, f'{path}.{i}' if path else str(i),
                     -beta, -alpha, -color, log)
        if returned is not None:
            returned.append((i, v))
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha > beta or (alpha == beta and not STRICT):
            log.append(f'cut {name}')
            break
    if FAIL == 'hard':
        best = alpha
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
        value = negamax(tree, '', -INF, INF, 1, log, returned)
        log.append(f'value {show(value)}')
        log += [f'best {i}' for i, v in returned if v == value][:1]
        print('\n'.join(log), 'end', sep='\n', flush=True)


main()
