#!/usr/bin/env python3
"""swapped-update: MIN nodes raise alpha and MAX nodes lower beta.

The two update lines are swapped: the window moves the wrong way, so cuts
fire where they should not and miss where they should.
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
            beta = min(beta, v)      # MISTAKE: MAX must raise alpha
        else:
            best = min(best, v)
            alpha = max(alpha, v)    # MISTAKE: MIN must lower beta
        if alpha >= beta:
            log.append(f'cut {name}')
            break
    log.append(f'return {name} {show(best)}')
    return best


run(alphabeta)
