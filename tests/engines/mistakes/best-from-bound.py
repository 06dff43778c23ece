#!/usr/bin/env python3
"""best-from-bound: the root's move is taken from a child's returned bound.

The root keeps the last child whose returned number ties the best (`>=`
where `>` is meant).  A cut child returns a bound, not its value, so a
child that only ties the root's value through its bound can be named.
"""
import json
import sys
from decimal import Decimal

from protocol import INF, show


def alphabeta(node, path, alpha, beta, is_max, log):
    name = path or 'root'
    if not isinstance(node, list):
        log.append(f'leaf {name} {show(node)}')
        return node, None
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
    best, move = -INF if is_max else INF, None
    for i, child in enumerate(node, 1):
        v, _ = alphabeta(child, f'{path}.{i}' if path else str(i),
                         alpha, beta, not is_max, log)
        if is_max and v >= best:     # MISTAKE: a tie replaces the move
            best, move = v, i
        elif not is_max and v <= best:
            best, move = v, i
        if is_max:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best, move


for line in sys.stdin:
    if not line.strip():
        continue
    log = []
    value, move = alphabeta(json.loads(line, parse_float=Decimal), '',
                            -INF, INF, True, log)
    log += [f'value {show(value)}', f'best {move}']
    print('\n'.join(log), 'end', sep='\n', flush=True)
