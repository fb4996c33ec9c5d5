#!/usr/bin/env python3
"""junit_check.py - read a JUnit XML report as a dashboard does (Python's
xml.etree over expat, a strict XML 1.0 parser) and check it: the report
scripts/regress.sh writes for CI (build/regress/junit.xml) is tested so.

usage: junit_check.py [--tests N] [--failures N] [--failed NAME]...
                      [--passed NAME]... [--text] [-q] FILE
  --tests N       the report holds exactly N testcases
  --failures N    exactly N of them failed (a <failure> or <error> child)
  --failed NAME   the testcase NAME is in the report and failed (repeatable)
  --passed NAME   the testcase NAME is in the report and passed (repeatable)
  --text          every failure also carries text (the log tail)
  -q, --quiet     print nothing when the report is good
  -h, --help      this text

The XML must be well formed (expat: one root, matched tags, quoted
attributes, no duplicate attribute, only the predefined entities and
character references, valid UTF-8 and XML characters) and hold no DTD. Then,
as JUnit: the root is <testsuites> or <testsuite>; every testsuite's tests,
failures, errors and skipped attributes, where present, equal its counts
(nested suites counted into their parent), and the root's equal the sums;
every testcase has a non-empty name and a time, if present, that is a number
>= 0; every <failure> and <error> has a non-empty message.

Exit 0: good. 1: the report is malformed ("junit_check: FILE:LINE:COL:
...") or a check fails (each problem printed). 2: bad usage or the file
cannot be read.
"""
import sys
import xml.etree.ElementTree as ET
import xml.parsers.expat

USAGE = __doc__[__doc__.index("usage:"):__doc__.index("\n\n", __doc__.index("usage:"))]


class Report:
    def __init__(self, path):
        self.path = path
        self.problems = 0

    def problem(self, where, text):
        print("junit_check: %s: %s%s" % (self.path, where + ": " if where else "", text),
              file=sys.stderr)
        self.problems += 1


def no_dtd(data, path):
    """A DOCTYPE is refused (a report has none; entities stay predefined)."""
    found = []
    p = xml.parsers.expat.ParserCreate()
    p.StartDoctypeDeclHandler = lambda *a: found.append((p.CurrentLineNumber,
                                                         p.CurrentColumnNumber + 1))
    try:
        p.Parse(data, True)
    except xml.parsers.expat.ExpatError:
        return True  # the well-formedness error is reported by the tree parse
    if found:
        print("junit_check: %s:%d:%d: a DTD (<!DOCTYPE ...>) is not allowed" %
              (path, found[0][0], found[0][1]), file=sys.stderr)
        return False
    return True


def count_attr(rep, e, what, name, n):
    v = e.get(name)
    if v is None:
        return
    if not v.isdigit() or not v.isascii():
        rep.problem(what, '%s="%s": not a count' % (name, v))
    elif int(v) != n:
        rep.problem(what, '%s="%s" but it holds %d' % (name, v, n))


def is_time(v):
    try:
        return float(v) >= 0 and v.strip() == v and v.lower() not in ("nan", "inf", "infinity")
    except ValueError:
        return False


def check_suite(rep, s, need_text, seen):
    """Counts of suite s (tests, failures, errors, skipped); checks its cases."""
    c = [0, 0, 0, 0]
    what = "testsuite '%s'" % s.get("name", "?")
    for t in s:
        if t.tag == "testsuite":
            c = [a + b for a, b in zip(c, check_suite(rep, t, need_text, seen))]
            continue
        if t.tag != "testcase":
            continue  # properties, system-out, system-err
        c[0] += 1
        nm = t.get("name")
        if not nm:
            rep.problem(what, "a <testcase> without a name")
        tw = "testcase '%s'" % (nm or "?")
        tm = t.get("time")
        if tm is not None and not is_time(tm):
            rep.problem(tw, 'time="%s" is not a number >= 0' % tm)
        failed = False
        for f in t:
            if f.tag == "skipped":
                c[3] += 1
            if f.tag not in ("failure", "error"):
                continue
            if not failed:
                c[1 if f.tag == "failure" else 2] += 1
            failed = True
            if not f.get("message"):
                rep.problem(tw, "<%s> without a message" % f.tag)
            if need_text and not (f.text or "").strip():
                rep.problem(tw, "<%s> without text (the log tail)" % f.tag)
        if nm:
            seen.setdefault(nm, []).append(failed)
    for k, a in enumerate(("tests", "failures", "errors", "skipped")):
        count_attr(rep, s, what, a, c[k])
    return c


def count_arg(opt, v):
    if v is None or not v.isdigit() or not v.isascii():
        print("junit_check: %s wants a count (an integer >= 0), got '%s'" % (opt, v),
              file=sys.stderr)
        sys.exit(2)
    return int(v)


def parse_args(argv):
    o = {"tests": None, "failures": None, "failed": [], "passed": [], "text": False,
         "quiet": False}
    files = []
    i = 0
    while i < len(argv):
        a = argv[i]
        val = argv[i + 1] if i + 1 < len(argv) else None
        if a in ("-h", "--help"):
            print(__doc__.strip())
            sys.exit(0)
        elif a in ("--tests", "--failures"):
            o[a[2:]] = count_arg(a, val)
            i += 1
        elif a in ("--failed", "--passed"):
            if val is None:
                print("junit_check: %s wants a testcase name" % a, file=sys.stderr)
                sys.exit(2)
            o[a[2:]].append(val)
            i += 1
        elif a == "--text":
            o["text"] = True
        elif a in ("-q", "--quiet"):
            o["quiet"] = True
        elif a.startswith("-") and a != "-":
            print("junit_check: unknown option '%s'\n%s" % (a, USAGE), file=sys.stderr)
            sys.exit(2)
        else:
            files.append(a)
        i += 1
    if len(files) != 1:
        print("junit_check: want exactly one FILE\n%s" % USAGE, file=sys.stderr)
        sys.exit(2)
    return o, files[0]


def main(argv):
    o, path = parse_args(argv)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        print("junit_check: cannot read %s: %s" % (path, e.strerror), file=sys.stderr)
        return 2
    if not no_dtd(data, path):
        return 1
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        line, col = e.position
        msg = str(e).split(":")[0]
        print("junit_check: %s:%d:%d: %s" % (path, line, col + 1, msg), file=sys.stderr)
        return 1
    rep = Report(path)
    seen = {}
    tot = [0, 0, 0, 0]
    if root.tag == "testsuite":
        tot = check_suite(rep, root, o["text"], seen)
    elif root.tag == "testsuites":
        for s in root.findall("testsuite"):
            tot = [a + b for a, b in zip(tot, check_suite(rep, s, o["text"], seen))]
        for k, a in enumerate(("tests", "failures", "errors", "skipped")):
            count_attr(rep, root, "<testsuites>", a, tot[k])
    else:
        rep.problem("", "root element <%s>, expected <testsuites> or <testsuite>" % root.tag)
    failed = tot[1] + tot[2]
    if o["tests"] is not None and tot[0] != o["tests"]:
        rep.problem("", "%d testcases, expected %d" % (tot[0], o["tests"]))
    if o["failures"] is not None and failed != o["failures"]:
        rep.problem("", "%d failed testcases, expected %d" % (failed, o["failures"]))
    for want, fail in ((o["failed"], True), (o["passed"], False)):
        for nm in want:
            if nm not in seen:
                rep.problem("", "no testcase '%s' (expected it to %s)" % (nm, "fail" if fail else "pass"))
            for got in seen.get(nm, []):
                if got != fail:
                    rep.problem("testcase '%s'" % nm, "%s, expected it to %s" %
                                ("failed" if got else "passed", "fail" if fail else "pass"))
    if rep.problems:
        print("junit_check: %s: %d problem%s" % (path, rep.problems, "" if rep.problems == 1 else "s"),
              file=sys.stderr)
        return 1
    if not o["quiet"]:
        print("junit_check: %s: well-formed, %d testcases, %d failed, %d skipped: ok" %
              (path, tot[0], failed, tot[3]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
