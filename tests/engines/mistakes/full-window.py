#!/usr/bin/env python3
"""full-window: every child is searched with (-inf, +inf).

The bounds move, but no child ever sees them: right values, no pruning.
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
        # MISTAKE: the window is never passed down
        v = alphabeta(child, f'{path}.{i}' if path else str(i),
                      -INF, INF, not is_max, log)
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
