#!/usr/bin/env python3
"""runstat.py - run a command and record what it cost: CPU seconds (user +
system), its peak resident memory and wall seconds, from the kernel's account
of the child (getrusage). The benchmarks' memory and CPU figures (make
bench-net, scripts/net_scale.sh); not a test.

usage: scripts/runstat.py OUT -- COMMAND [ARG...]
  Runs COMMAND with this process's stdin, stdout and stderr, then writes one
  line "cpu_s=C rss_mb=M wall_s=W" to OUT and exits with COMMAND's status
  (128 + N if a signal N ended it). Exit 2 on bad usage or an OUT that cannot
  be written (before the command runs).
"""
import resource
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        sys.stderr.write("usage: runstat.py OUT -- COMMAND [ARG...]\n")
        return 2
    out = argv[1]
    try:
        f = open(out, "w")
    except OSError as e:
        sys.stderr.write("runstat: cannot write %s: %s\n" % (out, e.strerror))
        return 2
    t0 = time.monotonic()
    try:
        rc = subprocess.call(argv[3:])
    except OSError as e:
        sys.stderr.write("runstat: cannot run %s: %s\n" % (argv[3], e.strerror))
        f.close()
        return 2
    wall = time.monotonic() - t0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        f.write("cpu_s=%.3f rss_mb=%.1f wall_s=%.3f\n"
                % (ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, wall))
        f.close()
    except OSError as e:
        sys.stderr.write("runstat: cannot write %s: %s\n" % (out, e.strerror))
        return 2
    return rc if rc >= 0 else 128 - rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
