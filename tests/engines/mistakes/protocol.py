"""What the engines with a named mistake share: reading the list feed and
printing the log, as alphabeta.py does.  Each engine in this folder is the
search of alphabeta.py (or negamax.py) with one mistake, marked MISTAKE.

    abtrace test --batch -- python3 mistakes/swapped-update.py
    abtrace test --batch --view negamax -- python3 mistakes/negamax-window.py
    abtrace test --batch --inf 1000 -- python3 mistakes/small-inf.py
"""
import json
import sys
from decimal import Decimal

INF = float('inf')


def show(v):
    return 'inf' if v == INF else '-inf' if v == -INF else str(v + 0)


def run(search, inf=INF):
    """For each tree on standard input: search(tree, path, alpha, beta,
    max_or_color, log, returned) from the root with (-inf, inf), then the
    root's value, its move and `end`."""
    for line in sys.stdin:
        if not line.strip():
            continue
        tree = json.loads(line, parse_float=Decimal)
        log, returned = [], []
        value = search(tree, '', -inf, inf, True, log, returned)
        log.append(f'value {show(value)}')
        log += [f'best {i}' for i, v in returned if v == value][:1]
        print('\n'.join(log), 'end', sep='\n', flush=True)
