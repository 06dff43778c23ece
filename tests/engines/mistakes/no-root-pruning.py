#!/usr/bin/env python3
"""no-root-pruning: the root searches every child with the full window.

The root keeps its alpha but never passes it down: its children cannot
cut against it.
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
        # MISTAKE: the root passes (-inf, inf), not its window
        v = alphabeta(child, f'{path}.{i}' if path else str(i),
                      alpha if path else -INF, beta if path else INF,
                      not is_max, log)
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
