#!/usr/bin/env python3
"""negamax-max-view: negamax scores every leaf from MAX's side.

The search of negamax.py, its log from the mover's side: run abtrace with
--view negamax.
"""
from protocol import INF, run, show


def negamax(node, path, alpha, beta, color, log, returned=None):
    name = path or 'root'
    if not isinstance(node, list):
        value = node   # MISTAKE: the mover's side is color * node
        log.append(f'leaf {name} {show(value)}')
        return value
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
    best = -INF
    for i, child in enumerate(node, 1):
        v = -negamax(child, f'{path}.{i}' if path else str(i),
                     -beta, -alpha, -color, log)
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
