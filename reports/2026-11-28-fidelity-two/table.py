"""One table of win rates before and after, from the two folders of runs.

usage: table.py OUTDIR   (OUTDIR/before/NAME and OUTDIR/after/NAME)
For each scenario: each side's win rate before and after, the change in
percentage points with its 95% half-width (the two runs are independent
samples of 10,000 battles each, so a change inside it is noise), and the
share of battles the clock ended before and after.
"""
import csv
import math
import os
import sys

out = sys.argv[1]


def read(folder):
    with open(os.path.join(folder, "summary.csv")) as f:
        return list(csv.DictReader(f))


def clock(row):
    return sum(float(v) for k, v in row.items()
               if k.startswith("share_end_") and ("limit" in k or "clock" in k or "timeout" in k))


print("| scenario | side | before | after | change (pp) | +/- (pp) | clock before | clock after |")
print("|---|---|---|---|---|---|---|---|")
for name in sorted(os.listdir(os.path.join(out, "after"))):
    before, after = read(os.path.join(out, "before", name)), read(os.path.join(out, "after", name))
    for b, a in zip(before, after):
        pb, pa = float(b["win_rate"]), float(a["win_rate"])
        n = int(b["battles"])
        half = 1.96 * math.sqrt(pb * (1 - pb) / n + pa * (1 - pa) / n) * 100
        print(f"| {name} | {b['side']} | {pb:.1%} | {pa:.1%} | {100 * (pa - pb):+.1f} | {half:.1f} "
              f"| {clock(b):.0%} | {clock(a):.0%} |")
