#!/usr/bin/env python3
"""min-updates-alpha: MIN nodes update alpha instead of beta.

MAX is right.  Beta never falls, so nothing is pruned, and the values stay
right: only the leaves looked at (or a log) show it.
"""
from protocol import INF, run, show


def alphabeta(node, path, alpha, beta, is_max, log, returned=None):
    name = path or 'root'
    if not isinstance(node, list):
        log.append(f'leaf {name} {show(node)}')
        return node
    log.append(f'enter {name} {show(alpha)} {show(beta)}')
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
            alpha = max(alpha, v)    # MISTAKE: MIN must lower beta
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best


run(alphabeta)
