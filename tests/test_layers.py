#!/usr/bin/env python3
"""The library's folders are layers: a folder includes only from folders
below it and from itself.  src/meson.build lists them, lowest first; this
test reads that list and every #include under src/, and fails on an include
that runs uphill, on one that does not name its folder ("core/tree.h", not
"tree.h"), and on <curses.h> outside tui/.

Usage: test_layers.py SRCDIR
"""
import os
import re
import sys


def layers(src):
    """The folders in src/meson.build's role list, lowest first."""
    text = open(os.path.join(src, 'meson.build'), encoding='utf-8').read()
    found = re.findall(r'^#   (\w+)/', text, re.M)
    if not found:
        sys.exit('no folder list in src/meson.build')
    return found


def main():
    src = sys.argv[1]
    order = layers(src)
    rank = {name: i for i, name in enumerate(order)}
    failures = []
    checked = 0
    for folder in sorted(os.listdir(src)):
        path = os.path.join(src, folder)
        if not os.path.isdir(path):
            continue
        # A folder with no C in it (src/man/, the manual pages) is no layer.
        if not any(name.endswith(('.c', '.h')) for name in os.listdir(path)):
            continue
        if folder not in rank:
            failures.append(f'src/{folder}/ is not in src/meson.build\'s list of layers')
            continue
        for name in sorted(os.listdir(path)):
            if not name.endswith(('.c', '.h')):
                continue
            rel = f'src/{folder}/{name}'
            with open(os.path.join(path, name), encoding='utf-8') as f:
                for lineno, line in enumerate(f, 1):
                    m = re.match(r'\s*#\s*include\s*([<"])([^">]+)[">]', line)
                    if not m:
                        continue
                    checked += 1
                    quoted, header = m.group(1) == '"', m.group(2)
                    if not quoted:
                        if header in ('curses.h', 'ncurses.h', 'ncursesw/curses.h') and folder != 'tui':
                            failures.append(f'{rel}:{lineno}: <{header}> outside tui/')
                        continue
                    if header == 'config.h':
                        continue
                    if '/' not in header:
                        failures.append(f'{rel}:{lineno}: "{header}" does not name its folder')
                        continue
                    target = header.split('/')[0]
                    if target not in rank:
                        failures.append(f'{rel}:{lineno}: "{header}": no such layer')
                    elif rank[target] > rank[folder]:
                        failures.append(f'{rel}:{lineno}: {folder}/ includes "{header}", '
                                        f'which is above it ({" < ".join(order)})')
    for f in failures:
        print('FAIL', f)
    print(f'{checked} includes read in {len(order)} layers ({" < ".join(order)}): '
          f'{len(failures)} wrong')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
