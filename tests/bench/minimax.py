"""The yardstick for `abtrace stats --algo minimax`: a plain recursive
minimax over json.load, as the lecture notes write it."""
import json
import sys

INF = 10**18


def minimax(node, maximizing):
    if isinstance(node, int):
        return node
    if maximizing:
        value = -INF
        for child in node:
            value = max(value, minimax(child, False))
    else:
        value = INF
        for child in node:
            value = min(value, minimax(child, True))
    return value


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    with open(sys.argv[1]) as f:
        tree = json.load(f)
    print(minimax(tree, True))
