#!/usr/bin/env python3
"""lcb_tables.py OUTDIR - the tables of docs/lcb-results.md §2-§6 from the
CSVs of scripts/lcb_sweep.sh (make sweep-lcb) in OUTDIR.

Reads lcb_ber.csv, lcb_latency.csv, lcb_maxlen.csv, lcb_retry.csv and
lcb_speed.csv (columns by header name, so their order does not matter) and
writes lcb_tab_ber.md, lcb_tab_latency.md, lcb_tab_maxlen.md,
lcb_tab_retry.md and lcb_tab_speed.md beside them: markdown tables that
make publish-sweep-lcb puts between the markers of the same names in
docs/lcb-results.md. Exit 0, or 2 on bad usage, a missing file or column,
or a value that is not a number (nothing is written then).
"""
import csv
import os
import sys


class Bad(Exception):
    pass


def rows(path, cols):
    try:
        with open(path, newline='', encoding='utf-8') as f:
            r = csv.DictReader(f)
            missing = [c for c in cols if c not in (r.fieldnames or [])]
            if missing:
                raise Bad('%s: no column %s' % (path, ', '.join(missing)))
            return list(r)
    except OSError as e:
        raise Bad('%s: %s' % (path, e.strerror))


def num(row, col, path):
    try:
        return float(row[col])
    except (TypeError, ValueError):
        raise Bad('%s: %s = %r is not a number' % (path, col, row[col]))


def by_len(rs, key):
    """The rows grouped by column key, in the order the values first come:
    [(value, {len: row})]."""
    by = {}
    for r in rs:
        by.setdefault(r[key], {})[r['len']] = r
    return list(by.items())


def table(head, body):
    out = ['| ' + ' | '.join(head) + ' |', '|' + '---|' * len(head)]
    out += ['| ' + ' | '.join(r) + ' |' for r in body]
    return '\n'.join(out) + '\n'


def ber(d):
    p = os.path.join(d, 'lcb_ber.csv')
    rs = rows(p, ['ber', 'len', 'goodput_payload', 'goodput_linklayer', 'replays_a', 'recoveries_ab'])
    body = []
    for b, g in by_len(rs, 'ber'):
        m, w = g.get('fixed:64'), g.get('bw')
        if not m or not w:
            raise Bad('%s: BER %s lacks the fixed:64 or the bw run' % (p, b))
        body.append([b, '%.4f' % num(m, 'goodput_linklayer', p), '%.4f' % num(m, 'goodput_payload', p),
                     '%.4f' % num(w, 'goodput_linklayer', p), '%.4f' % num(w, 'goodput_payload', p),
                     '%d' % num(m, 'replays_a', p), '%d' % num(m, 'recoveries_ab', p)])
    return table(['BER', '64-phit: link-layer', '64-phit: payload', 'BW mix: link-layer', 'BW mix: payload',
                  'replays (64-phit)', 'recoveries (64-phit)'], body)


def latency(d):
    p = os.path.join(d, 'lcb_latency.csv')
    rs = rows(p, ['latency', 'len', 'rtt_ack', 'goodput_linklayer'])
    body = []
    for lat, g in by_len(rs, 'latency'):
        if any(k not in g for k in ('fixed:64', 'fixed:19', 'fixed:4')):
            raise Bad('%s: latency %s lacks a length' % (p, lat))
        body.append([lat, '%d' % num(g['fixed:64'], 'rtt_ack', p)] +
                    ['%.4f' % num(g[k], 'goodput_linklayer', p) for k in ('fixed:64', 'fixed:19', 'fixed:4')])
    return table(['latency', 'RTT_ack', '64-phit', '19-phit', '4-phit'], body)


def maxlen(d):
    p = os.path.join(d, 'lcb_maxlen.csv')
    rs = rows(p, ['goodput_payload', 'goodput_linklayer'])
    if len(rs) != 1:
        raise Bad('%s: %d rows, not 1' % (p, len(rs)))
    ll, pay = num(rs[0], 'goodput_linklayer', p), num(rs[0], 'goodput_payload', p)
    return table(['definition', 'goodput, phits/cycle', 'of the raw link phit rate'], [
        ['link-layer payload: every phit of a delivered healthy packet (head, body, EOP)', '%.4f' % ll,
         '%.1f %%' % (100 * ll)],
        ['payload only: body phits after the head (and route/hash phits), without the EOP', '%.4f' % pay,
         '%.1f %%' % (100 * pay)]])


def retry(d):
    p = os.path.join(d, 'lcb_retry.csv')
    rs = rows(p, ['latency', 'rtt_ack', 'errors', 'recoveries', 'recovery_mean_cycles', 'recovery_max_cycles',
                  'lost_phits_per_error'])
    body = [[r['latency'], '%d' % num(r, 'rtt_ack', p),
             '%d / %d' % (num(r, 'errors', p), num(r, 'recoveries', p)),
             '%.1f' % num(r, 'recovery_mean_cycles', p), '%d' % num(r, 'recovery_max_cycles', p),
             '%.1f' % num(r, 'lost_phits_per_error', p)] for r in rs]
    return table(['latency', 'RTT_ack', 'errors / recoveries', 'recovery mean', 'recovery max',
                  'lost phits per error'], body)


def speed(d):
    p = os.path.join(d, 'lcb_speed.csv')
    rs = rows(p, ['pair', 'cycles', 'cpu_seconds', 'cycles_per_cpu_second'])
    body = []
    for r in rs:
        c = num(r, 'cycles', p)
        body.append([r['pair'], '%.3g M' % (c / 1e6) if c >= 1e6 else '%dk' % round(c / 1e3),
                     '%.2f' % num(r, 'cpu_seconds', p), '%.2f M' % (num(r, 'cycles_per_cpu_second', p) / 1e6)])
    return table(['pair', 'cycles', 'CPU s', 'cycles / CPU s'], body)


def main(argv):
    if len(argv) == 2 and argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 0
    if len(argv) != 2 or argv[1].startswith('-'):
        print('usage: lcb_tables.py OUTDIR   (--help)', file=sys.stderr)
        return 2
    d = argv[1]
    try:
        tabs = {'ber': ber(d), 'latency': latency(d), 'maxlen': maxlen(d), 'retry': retry(d), 'speed': speed(d)}
    except Bad as e:
        print('lcb_tables: %s' % e, file=sys.stderr)
        return 2
    for k, t in tabs.items():
        path = os.path.join(d, 'lcb_tab_%s.md' % k)
        try:
            with open(path + '.tmp', 'w', encoding='utf-8') as f:
                f.write(t)
            os.replace(path + '.tmp', path)
        except OSError as e:
            print('lcb_tables: %s: %s' % (path, e.strerror), file=sys.stderr)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
