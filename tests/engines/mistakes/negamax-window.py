#!/usr/bin/env python3
"""negamax-window: negamax passes (-alpha, -beta) instead of (-beta, -alpha).

The search of negamax.py, its log from the mover's side: run abtrace with
--view negamax.
"""
from protocol import INF, run, show


def negamax(node, path, alpha, beta, color, log, returned=None):
    name = path or 'root'
    if not isinstance(node, list):
        value = node if color > 0 else -node
        log.append(f'leaf {name} {show(value)}')
        return value
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
    best = -INF
    for i, child in enumerate(node, 1):
        v = -negamax(child, f'{path}.{i}' if path else str(i),
                     -alpha, -beta, -color, log)   # MISTAKE: (-beta, -alpha)
        if returned is not None:
            returned.append((i, v))
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best


run(negamax)
