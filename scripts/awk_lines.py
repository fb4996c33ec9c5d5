#!/usr/bin/env python3
"""awk_lines.py - how many lines of awk each shell script holds (issue 41:
"shell runs programs; it does not compute": no shell script holds more than
40 lines of awk).

usage: scripts/awk_lines.py [--max N] [--all] [--known FILE]... [FILE...]

With no FILE, every tracked shell script of the tree (git ls-files: *.sh, and
files whose first line is a sh or bash #!). An awk program is the first
quoted argument ('...' or "...") after a command word awk, gawk, mawk or
csv_awk (options such as -F, and -v NAME=VALUE, skipped), or the quoted value
of a variable whose name contains AWK (a library of awk functions held in
shell); its lines are the lines the quoted text spans. An awk program kept
in a file of its own (awk -f FILE, *.awk) is counted too: it is still awk
that the shell runs.

Prints "LINES FILE" for every file with awk (--all: every file), largest
first, then the total. Exit 0 when no file holds more than N lines
(--max, default 40), 1 when one does (each named), 2 on bad usage.
--known FILE: FILE is known to be over the limit and is being rewritten
elsewhere: it is named as such and does not fail the check while it is
over; once it is no longer over, naming it fails the check (remove the
exception).
"""
import os
import re
import subprocess
import sys

AWK_WORDS = ("awk", "gawk", "mawk", "csv_awk")
WORD_START = set(" \t\n|;&({`$!")


def quoted(text, i):
    """text[i] is a quote: the index just past the matching close quote. In
    double quotes a $(...) is skipped whole (its quotes are its own)."""
    q = text[i]
    j = i + 1
    while j < len(text):
        c = text[j]
        if q == '"' and c == "\\":
            j += 2
            continue
        if q == '"' and text.startswith("$(", j):
            j = subst_end(text, j)
            continue
        if c == q:
            return j + 1
        j += 1
    return len(text)


def subst_end(text, i):
    """text[i:] starts with $( (or $((): the index just past its ')'."""
    depth = 0
    j = i + 1
    while j < len(text):
        c = text[j]
        if c in "'\"":
            j = quoted(text, j)
            continue
        if c == "\\":
            j += 2
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return len(text)


def skip_blank(text, i):
    """Skip blanks and backslash-newlines."""
    while i < len(text):
        if text[i] in " \t":
            i += 1
        elif text.startswith("\\\n", i):
            i += 2
        else:
            break
    return i


def word_end(text, i):
    """End of a shell word: quoted pieces ('a'"b"'c' is one word) and $(...)
    inside it are skipped."""
    while i < len(text) and text[i] not in " \t\n;|&)":
        if text[i] in "'\"":
            i = quoted(text, i)
        elif text.startswith("$(", i):
            i = subst_end(text, i)
        else:
            i += 1
    return i


def programs(text):
    """Yield (line, lines) for every awk program in shell text."""
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "#" and (i == 0 or text[i - 1] in " \t\n"):
            # a comment: to the end of the line
            e = text.find("\n", i)
            i = n if e < 0 else e
            continue
        if c in "'\"":
            i = quoted(text, i)
            continue
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)=(['\"])", text[i:])
        if m and (i == 0 or text[i - 1] in WORD_START) and "AWK" in m.group(1).upper():
            s = i + len(m.group(1)) + 1
            e = word_end(text, s)
            yield text.count("\n", 0, s) + 1, text.count("\n", s, e - 1) + 1
            i = e
            continue
        w = next((w for w in AWK_WORDS if text.startswith(w, i)), None)
        j = i + len(w) if w else i
        if not w or (i > 0 and text[i - 1] not in WORD_START) or (j < n and text[j] not in " \t\\"):
            i += 1
            continue
        # options, then the program
        j = skip_blank(text, j)
        while j < n and text[j] == "-":
            opt = text[j:word_end(text, j)]
            j = skip_blank(text, word_end(text, j))
            if opt in ("-v", "-F", "-f"):
                j = skip_blank(text, word_end(text, j))
        if j < n and text[j] in "'\"":
            e = word_end(text, j)
            yield text.count("\n", 0, j) + 1, text.count("\n", j, e - 1) + 1
            i = e
        else:
            i = j


def is_shell(path):
    if path.endswith(".sh"):
        return True
    try:
        with open(path, "rb") as f:
            first = f.readline(200)
    except OSError:
        return False
    return first.startswith(b"#!") and re.search(rb"\b(ba)?sh\b", first) is not None


def main(argv):
    limit = 40
    show_all = False
    files = []
    known = set()
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--max":
            if not args or not args[0].isdigit():
                print("awk_lines: --max wants a count", file=sys.stderr)
                return 2
            limit = int(args.pop(0))
        elif a == "--all":
            show_all = True
        elif a == "--known":
            if not args:
                print("awk_lines: --known wants a file", file=sys.stderr)
                return 2
            known.add(os.path.normpath(args.pop(0)))
        elif a.startswith("-"):
            print("awk_lines: unknown option '%s' (see --help)" % a, file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        try:
            out = subprocess.run(["git", "-C", root, "ls-files"], check=True,
                                 capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError):
            print("awk_lines: not in a git tree; name the files", file=sys.stderr)
            return 2
        names = out.split()
        awkfiles = [os.path.join(root, f) for f in names if f.endswith(".awk")]
        files = [os.path.join(root, f) for f in names
                 if os.path.isfile(os.path.join(root, f)) and is_shell(os.path.join(root, f))]
        for f in awkfiles:
            files.append(f)
    rows = []
    for f in files:
        try:
            with open(f, encoding="utf-8", errors="replace") as h:
                text = h.read()
        except OSError as e:
            print("awk_lines: cannot read %s: %s" % (f, e.strerror), file=sys.stderr)
            return 2
        if f.endswith(".awk"):
            total = text.count("\n") + (0 if text.endswith("\n") else 1)
        else:
            total = sum(n for _, n in programs(text))
        rows.append((total, os.path.relpath(f)))
    rows.sort(key=lambda r: (-r[0], r[1]))
    over = [r for r in rows if r[0] > limit and os.path.normpath(r[1]) not in known]
    for n, f in rows:
        if n or show_all:
            print("%5d %s" % (n, f))
    print("%5d total in %d files; limit %d per script" % (sum(r[0] for r in rows), len(rows), limit))
    for n, f in over:
        print("awk_lines: %s holds %d lines of awk (more than %d)" % (f, n, limit), file=sys.stderr)
    stale = 0
    for k in sorted(known):
        n = next((r[0] for r in rows if os.path.normpath(r[1]) == k), None)
        if n is not None and n > limit:
            print("awk_lines: known exception: %s holds %d lines of awk (being rewritten elsewhere)" % (k, n))
        else:
            print("awk_lines: %s is no longer over the limit (%s lines): remove its --known" %
                  (k, "no" if n is None else n), file=sys.stderr)
            stale = 1
    return 1 if over or stale else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:
        sys.exit(1)
