#!/usr/bin/env python3
"""late-test: the cut test runs before the bound takes the child's value.

Every cut comes one child late.
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
        else:
            best = min(best, v)
        if alpha >= beta:            # MISTAKE: tested before the update
            log.append(f'cut {name}')
            break
        if is_max:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
    log.append(f'return {name} {show(best)}')
    return best


run(alphabeta)
