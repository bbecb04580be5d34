#!/usr/bin/env python3
"""Prints the study's tables from run.sh's OUT folder: value per point of
every figure type, the quality ladder as measured against the formula's
multiples, the fitted price of Leadership Value, and how each answer
moves across the doctrine panel's pairings. Intervals of ratios and
differences are taken from the endpoints of the fitted intervals, so
they are conservative (wider than a joint interval would be)."""
import csv
import sys
from collections import defaultdict

out = sys.argv[1]
rows = {r["unit"]: r for r in csv.DictReader(open(f"{out}/fairness/fairness.csv"))}
f = lambda r, k: float(r[k])

print("## Value per point (scenario doctrine `shieldwall` both sides)\n")
print("| figure type | cost | worth (log-odds) | per 1000 points | suggested cost (95%) | suggested / cost |")
print("|---|---|---|---|---|---|")
for name, r in rows.items():
    print(f"| {name} | {r['cost']} | {f(r,'worth'):.3f} ({f(r,'worth_lo95'):.3f}-{f(r,'worth_hi95'):.3f}) "
          f"| {1000*f(r,'per_point'):.3f} ({1000*f(r,'per_point_lo95'):.3f}-{1000*f(r,'per_point_hi95'):.3f}) "
          f"| {f(r,'suggested_cost'):.0f} ({f(r,'suggested_lo95'):.0f}-{f(r,'suggested_hi95'):.0f}) "
          f"| {f(r,'suggested_over_cost'):.2f} |")

def ratio(a, b):
    ra, rb = rows[a], rows[b]
    mid = f(ra, "suggested_cost") / f(rb, "suggested_cost")
    lo = f(ra, "suggested_lo95") / f(rb, "suggested_hi95")
    hi = f(ra, "suggested_hi95") / f(rb, "suggested_lo95")
    return mid, lo, hi

print("\n## The quality ladder (the same warband of 24, LV 2)\n")
print("| quality | formula multiple / Regular's | measured worth / Regular's (conservative 95%) |")
print("|---|---|---|")
for name, q in [("warband_green", 2), ("warband_regular", 3), ("warband_veteran", 4)]:
    mid, lo, hi = ratio(name, "warband_regular")
    print(f"| {name.split('_')[1]} | {q/3:.2f} | {mid:.2f} ({lo:.2f}-{hi:.2f}) |")

print("\n## Leadership Value (a Regular warband of 24; the formula prices none)\n")
print("| LV | fitted price, points (95%) | against LV 2 (conservative 95%) |")
print("|---|---|---|")
for name, lv in [("warband_lv1", 1), ("warband_regular", 2), ("warband_lv3", 3)]:
    r = rows[name]
    mid, lo, hi = ratio(name, "warband_regular")
    print(f"| {lv} | {f(r,'suggested_cost'):.0f} ({f(r,'suggested_lo95'):.0f}-{f(r,'suggested_hi95'):.0f}) | x{mid:.2f} ({lo:.2f}-{hi:.2f}) |")

print("\n## Across the doctrine panel (9 pairings of shieldwall, skirmish_screen, wild_charge)\n")
panel = defaultdict(dict)
for r in csv.DictReader(open(f"{out}/fairness-panel/pairings.csv")):
    unit = r["question"].split(" (")[0]
    panel[r["pairing"]][unit] = (float(r["value"]), r["answer"], r["doctrines"])
print("| figure type | suggested cost: min - max over pairings | answers |")
print("|---|---|---|")
for unit in rows:
    vals = [p[unit][0] for p in panel.values()]
    answers = defaultdict(int)
    for p in panel.values():
        answers[p[unit][1]] += 1
    said = "; ".join(f"{a} in {n}" for a, n in sorted(answers.items()))
    print(f"| {unit} | {min(vals):.0f} - {max(vals):.0f} | {said} |")
print("\n| pairing | Green / Regular | Veteran / Regular | LV 1 / LV 2 | LV 3 / LV 2 |")
print("|---|---|---|---|---|")
for key in sorted(panel, key=lambda k: int(k[1:])):
    p = panel[key]
    reg = p["warband_regular"][0]
    cells = [p[u][0] / reg for u in ["warband_green", "warband_veteran", "warband_lv1", "warband_lv3"]]
    print(f"| {key} {p['warband_regular'][2]} | " + " | ".join(f"{c:.2f}" for c in cells) + " |")
