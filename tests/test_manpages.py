#!/usr/bin/env python3
"""test_manpages.py - every error a tree file, an answer file or a program's
log can get is in its manual page, in each language the page is written in.

The messages are read from the source, not listed by hand: every format
string handed to the parsers' error calls (`fail(p, POS, "...")` in
src/core/parse.c, `FAIL(p, POS, _("..."))` in src/homework/answer.c,
`ab_diag_set(diag, ...)`, both branches of a `?:`).  Each page is rendered
with groff as plain text on very long lines, and each message must be
found in it, with its printf conversions (%s, %u, %.*s, ...) standing for
whatever the page writes there (NAME, N, ...).  A Chinese page is held to
the Chinese the program prints (po/zh_CN.po's msgstr), or to the English
where a message has no translation yet.

Usage: test_manpages.py SOURCE_ROOT [--list]
  --list prints the messages each page must hold, and checks nothing.
Exit status: 0 all found, 1 some missing, 77 (skipped) without groff.
"""
import os
import re
import shutil
import subprocess
import sys

# The pages and the code whose messages each must hold.  src/core/tree.c
# is the tree builder: its refusals (AB_BUILD_*) are worded in parse.c,
# and any it words itself are read from it too; src/base/file.c reads
# both kinds of file (a missing file, one too large).
TREE = ['src/core/parse.c', 'src/core/tree.c', 'src/base/file.c']
ANSWER = ['src/homework/answer.c', 'src/base/file.c']
# A program's log (abtrace diff, abtrace test): the reader's refusals, and
# the comparison's own (a tree its search cannot run on).
LOG = ['src/testing/log.c', 'src/testing/diff.c']
PAGES = [
    ('src/man/abtrace-tree.5.in', None, TREE),
    ('src/man/abtrace-tree.zh_CN.5.in', 'zh_CN', TREE),
    ('src/man/abtrace-answer.5.in', None, ANSWER),
    ('src/man/abtrace-answer.zh_CN.5.in', 'zh_CN', ANSWER),
    ('src/man/abtrace-log.5.in', None, LOG),
    ('src/man/abtrace-log.zh_CN.5.in', 'zh_CN', LOG),
]

# The calls that carry an error's message, and which argument is the format.
CALLS = {'fail': 2, 'FAIL': 2, 'ab_diag_fail': 4, 'ab_diag_at': 4,
         'ab_diag_set': 1}

C_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
CONVERSION = re.compile(r'%(?:%|(?:\d+\$)?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?'
                        r'(?:hh|h|ll|l|z|j|t|L)?[diouxXcsfgeEp])')


def unescape(s):
    """A C string literal's text."""
    return re.sub(r'\\(["\\\'nt])',
                  lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)), s)


def strip_comments(text):
    """The C text with comments blanked and #define lines removed, string
    literals kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    lines = ''.join(out).split('\n')
    keep, in_define = [], False
    for line in lines:
        if in_define or re.match(r'\s*#\s*define\b', line):
            in_define = line.rstrip().endswith('\\')
            keep.append('')
        else:
            keep.append(line)
    return '\n'.join(keep)


def arguments(text, open_at):
    """The top-level arguments of the call whose '(' is at open_at."""
    args, depth, start, i = [], 0, open_at + 1, open_at
    while i < len(text):
        c = text[i]
        if c in '"\'':
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            i = j
        elif c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
            if depth == 0:
                args.append(text[start:i])
                return args
        elif c == ',' and depth == 1:
            args.append(text[start:i])
            start = i + 1
        i += 1
    return args


def formats(arg):
    """The message formats in one argument: adjacent literals joined, each
    branch of a ?: apart."""
    found = []
    for branch in re.split(r'[?:](?=(?:[^"]*"[^"]*")*[^"]*$)', arg):
        parts = C_STRING.findall(branch)
        if parts:
            found.append(unescape(''.join(parts)))
    return found


def messages(root, sources):
    found = []
    for rel in sources:
        path = os.path.join(root, rel)
        if not os.path.exists(path):
            continue
        text = strip_comments(open(path, encoding='utf-8').read())
        for m in re.finditer(r'\b(' + '|'.join(CALLS) + r')\s*\(', text):
            args = arguments(text, m.end() - 1)
            index = CALLS[m.group(1)]
            if len(args) <= index:
                continue
            for fmt in formats(args[index]):
                # "%s" alone passes a message made elsewhere.
                if re.search(r'[A-Za-z]{2}', CONVERSION.sub('', fmt)):
                    if fmt not in found:
                        found.append(fmt)
    return found


def catalogue(path):
    """msgid -> msgstr of a .po file, fuzzy and empty entries left out."""
    entries, fuzzy, key, cur = {}, False, None, None
    msgid = msgstr = ''

    def flush():
        if msgid and msgstr and not fuzzy:
            entries[msgid] = msgstr

    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if line.startswith('#,'):
            fuzzy = 'fuzzy' in line
        elif line.startswith('msgid '):
            flush()
            msgid, msgstr, key = '', '', 'id'
            msgid = unescape(line[6:].strip()[1:-1])
        elif line.startswith('msgstr '):
            key = 'str'
            msgstr = unescape(line[7:].strip()[1:-1])
        elif line.startswith('"') and key:
            if key == 'id':
                msgid += unescape(line.strip()[1:-1])
            else:
                msgstr += unescape(line.strip()[1:-1])
        elif not line.strip():
            flush()
            msgid = msgstr = ''
            key, fuzzy = None, False
    flush()
    return entries


def normalize(text):
    """Rendered text as one line: typographic quotes and dashes as typed,
    white space collapsed."""
    for a, b in (('\u2018', "'"), ('\u2019', "'"), ('\u201c', '"'), ('\u201d', '"'),
                 ('\u2212', '-'), ('\u2010', '-'), ('\u00a0', ' ')):
        text = text.replace(a, b)
    return re.sub(r'\s+', ' ', text)


def pattern(fmt):
    """A regular expression for the message, each conversion standing for a
    short stretch of text."""
    pieces, last = [], 0
    for m in CONVERSION.finditer(fmt):
        pieces.append(re.escape(normalize(fmt[last:m.start()])))
        pieces.append('%' if m.group(0) == '%%' else r'.{1,40}?')
        last = m.end()
    pieces.append(re.escape(normalize(fmt[last:])))
    return re.compile(''.join(pieces).replace(r'\ ', r'\s*'))


def render(path):
    """The page as plain text, on lines too long to break or hyphenate."""
    out = subprocess.run(['groff', '-k', '-man', '-Tutf8', '-P-cbou', '-rLL=2000n',
                          '-rHY=0', path], capture_output=True, check=True)
    return normalize(out.stdout.decode('utf-8'))


def main():
    root = sys.argv[1]
    listing = '--list' in sys.argv[2:]
    if not listing and not shutil.which('groff'):
        print('skipped: groff is not installed')
        return 77
    zh = catalogue(os.path.join(root, 'po', 'zh_CN.po'))
    missing = total = 0
    for page, lang, sources in PAGES:
        wanted = messages(root, sources)
        if not wanted:
            print(f'FAIL {page}: no messages found in {", ".join(sources)}')
            missing += 1
            continue
        if lang == 'zh_CN':
            wanted = [zh.get(m, m) for m in wanted]
        if listing:
            print(f'# {page}: {len(wanted)} messages')
            for m in wanted:
                print(m)
            continue
        if not os.path.exists(os.path.join(root, page)):
            print(f'FAIL {page}: no such page')
            missing += len(wanted)
            total += len(wanted)
            continue
        text = render(os.path.join(root, page))
        absent = [m for m in wanted if not pattern(m).search(text)]
        for m in absent:
            print(f'FAIL {page}: missing "{m}"')
        print(f'{page}: {len(wanted) - len(absent)} of {len(wanted)} messages '
              f'from {", ".join(sources)}')
        missing += len(absent)
        total += len(wanted)
    if listing:
        return 0
    print(f'{total - missing} of {total} messages found in their pages')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
