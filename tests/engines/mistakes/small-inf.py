#!/usr/bin/env python3
"""small-inf: the program's infinity is 1000, smaller than some values.

Run with --inf 1000, so the log's 1000 reads as infinity: then only a tree
with values beyond it shows the mistake.
"""
from protocol import run, show

INF = 1000  # MISTAKE: some values lie beyond it


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
            beta = min(beta, v)
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best


run(alphabeta, inf=INF)
