#!/usr/bin/env python3
"""parent-only: the cut test compares with the parent's bound only.

Each node hands its children only the bound it set itself (MAX its alpha,
MIN its beta), the other side infinite: no cut is ever deep.
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
        # MISTAKE: only this node's own bound goes down, not the window
        v = alphabeta(child, f'{path}.{i}' if path else str(i),
                      alpha if is_max else -INF, INF if is_max else beta,
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
