#!/usr/bin/env python3
"""Tables of compare.sh's folders: win rates, break outcomes, charge outcomes."""
import csv
import json
import os
import sys

out = sys.argv[1]
names = sorted(os.listdir(os.path.join(out, "before")))


def summary(which, name):
    with open(os.path.join(out, which, name, "summary.csv")) as f:
        row = next(csv.DictReader(f))
    return row


def outcomes(which, name):
    with open(os.path.join(out, which, name, "outcomes.json")) as f:
        return json.load(f)


print("## Win rates (10,000 battles, seed 1; first side, 95% interval)\n")
print("| scenario | first side | before | after | change (pp) | draws before | draws after |")
print("|---|---|---|---|---|---|---|")
for n in names:
    b, a = summary("before", n), summary("after", n)
    wb, wa = float(b["win_rate"]), float(a["win_rate"])
    print(f"| {n} | {b['side']} | {100*wb:.1f} ({100*float(b['win_rate_lo95']):.1f}-{100*float(b['win_rate_hi95']):.1f})"
          f" | {100*wa:.1f} ({100*float(a['win_rate_lo95']):.1f}-{100*float(a['win_rate_hi95']):.1f})"
          f" | {100*(wa-wb):+.1f} | {b['draws']} | {a['draws']} |")

BREAKS = ["fled", "destroyed_on_the_spot_by_the_unit_fought", "destroyed_on_the_spot_by_another_enemy",
          "destroyed_hemmed_in", "destroyed_further_on", "rallied_later"]
print("\n## Failed break tests: what the flight did (first 300 battles)\n")
print("| scenario | | " + " | ".join(BREAKS) + " |")
print("|---|---|" + "---|" * len(BREAKS))
for n in names:
    for which in ["before", "after"]:
        br = outcomes(which, n)["breaks"]
        print(f"| {n} | {which} | " + " | ".join(str(br.get(k, 0)) for k in BREAKS) + " |")

CHARGES = ["declared", "contact", "caught", "rolled_one", "out_of_reach", "no_room", "feared", "other"]
print("\n## Declared charges by outcome (first 300 battles)\n")
print("| scenario | | " + " | ".join(CHARGES) + " | no room share |")
print("|---|---|" + "---|" * (len(CHARGES) + 1))
for n in names:
    for which in ["before", "after"]:
        ch = outcomes(which, n)["charges"]
        share = ch.get("no_room", 0) / max(1, ch.get("declared", 0))
        print(f"| {n} | {which} | " + " | ".join(str(ch.get(k, 0)) for k in CHARGES) + f" | {100*share:.1f}% |")
