#!/usr/bin/env python3
"""Every example the README shows is what the program prints.

An example is an indented block whose first line starts with "$ ": each
"$ COMMAND" line is run, and the lines after it, up to the next "$ " line or
the end of the block, are what it must print (standard output and standard
error together, as a terminal shows them), byte for byte once the README's
four spaces of indentation are taken off.  A block made only of abtrace
command lines and no "$ " (the exports to files) is run in a scratch folder
and each line must exit 0.

The commands run under bash with the build's abtrace first on PATH, from
the source root, LANG=C.UTF-8 and no terminal (standard input /dev/null).
A "$ cd DIR" line moves the commands after it in the same section (up to
the next heading), as the README shows them.  A command that runs a Python file the folder does not
hold (the README's own engine, shown as code above it) runs in a scratch
folder where that file is the last Python block the README showed before it.

A failure prints the README's line, the command and a unified diff.

Usage: test_readme.py ABTRACE README.md
"""
import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 120


def blocks(lines):
    """The indented blocks: (first line number, lines without their indent,
    the line number of the heading they are under)."""
    found = []
    i = 0
    n = len(lines)
    heading = 0
    while i < n:
        if lines[i].startswith('#'):
            heading = i + 1
        starts = (lines[i].startswith('    ') and lines[i].strip()
                  and (i == 0 or not lines[i - 1].strip()))
        if not starts:
            i += 1
            continue
        start = i
        body = []
        while i < n and (lines[i].startswith('    ') or not lines[i].strip()):
            body.append(lines[i][4:] if lines[i].strip() else '')
            i += 1
        while body and not body[-1]:
            body.pop()
        found.append((start + 1, body, heading))
    return found


def examples(body, first):
    """The (line number, command, expected output) of a "$ " block."""
    out = []
    for k, line in enumerate(body):
        if line.startswith('$ '):
            out.append([first + k, line[2:], []])
        else:
            out[-1][2].append(line)
    return [(num, cmd, ''.join(l + '\n' for l in want)) for num, cmd, want in out]


def environment(abtrace):
    env = dict(os.environ)
    for name in list(env):
        if name.startswith('LC_') or name in ('LANGUAGE', 'COLUMNS', 'LINES', 'TERM'):
            del env[name]
    env['LANG'] = 'C.UTF-8'
    env['PATH'] = os.path.dirname(os.path.abspath(abtrace)) + os.pathsep + env.get('PATH', '')
    return env


def run(cmd, cwd, env):
    try:
        proc = subprocess.run(['bash', '-c', cmd], cwd=cwd, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f'(no end after {TIMEOUT} s)\n'
    return proc.returncode, proc.stdout.decode('utf-8', 'replace')


def missing_python(cmd, cwd):
    """The Python file a command runs that the folder does not hold."""
    try:
        words = shlex.split(cmd)
    except ValueError:
        return None
    for word in words:
        if word.endswith('.py') and not os.path.exists(os.path.join(cwd, word)):
            return word
    return None


def main():
    abtrace, readme = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.abspath(readme))
    env = environment(abtrace)
    lines = open(readme, encoding='utf-8').read().split('\n')
    failures = []
    checked = 0
    python_code = None
    scratch = tempfile.mkdtemp(prefix='abtrace-readme-')
    try:
        cwd, section = root, None
        for first, body, heading in blocks(lines):
            if heading != section:
                cwd, section = root, heading
            if not body:
                continue
            if not body[0].startswith('$ '):
                if all(re.match(r'abtrace\s', line) for line in body):
                    # Commands shown without output: they write files.
                    for k, cmd in enumerate(body):
                        checked += 1
                        status, got = run(cmd, scratch, env)
                        print(f'README.md:{first + k}: {cmd}')
                        if status != 0:
                            failures.append(f'README.md:{first + k}: {cmd}\n'
                                            f'exit status {status}, not 0:\n{got}')
                elif any(re.match(r'(def|import|from|print)\b', line) for line in body):
                    python_code = ''.join(l + '\n' for l in body)
                continue
            for num, cmd, want in examples(body, first):
                checked += 1
                print(f'README.md:{num}: {cmd}')
                words = cmd.split()
                if words and words[0] == 'cd':
                    target = os.path.normpath(os.path.join(cwd, words[1] if len(words) > 1 else root))
                    if not os.path.isdir(target):
                        failures.append(f'README.md:{num}: {cmd}\nno folder {target}')
                        break
                    cwd = target
                    got = ''
                else:
                    where = cwd
                    script = missing_python(cmd, cwd)
                    if script is not None and python_code is not None:
                        where = tempfile.mkdtemp(dir=scratch)
                        with open(os.path.join(where, script), 'w', encoding='utf-8') as f:
                            f.write(python_code)
                    _, got = run(cmd, where, env)
                if got != want:
                    diff = difflib.unified_diff(
                        want.splitlines(keepends=True), got.splitlines(keepends=True),
                        'README.md', 'printed', n=2)
                    text = ''.join(l if l.endswith('\n') else l + '\n\\ No newline at end\n'
                                   for l in diff)
                    failures.append(f'README.md:{num}: {cmd}\n{text}')
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for failure in failures:
        print('\nFAIL ' + failure, end='' if failure.endswith('\n') else '\n')
    print(f'\n{checked} README examples run, {len(failures)} differ.')
    if checked == 0:
        print('no examples found in the README')
        return 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
