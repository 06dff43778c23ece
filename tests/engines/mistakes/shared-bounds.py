#!/usr/bin/env python3
"""shared-bounds: alpha and beta are shared by the whole search.

They are globals instead of arguments passed by value: a child's updates
leak to its siblings and ancestors, alpha only rises and beta only falls,
and the first cut ends the whole search.
"""
from protocol import INF, run, show

alpha, beta = -INF, INF   # MISTAKE: one window for the whole search


def alphabeta(node, path, _alpha, _beta, is_max, log, returned=None):
    global alpha, beta
    if not path:
        alpha, beta = -INF, INF   # a new tree
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
            beta = min(beta, v)
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best


run(alphabeta)
