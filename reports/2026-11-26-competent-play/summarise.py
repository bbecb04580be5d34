#!/usr/bin/env python3
"""Tables of the competent-play study from its output folder.
Usage: summarise.py OUT  (the folder run.sh wrote); prints Markdown."""
import csv, sys, tomllib
from pathlib import Path

out = Path(sys.argv[1])
SCENARIOS = ["heroes_and_monster", "cavalry_flanks", "gunline", "last_stand", "relief_column"]

def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))

def times():
    t = {}
    for line in (out / "times.txt").read_text().splitlines():
        name, secs = line.split()
        t[name] = float(secs)
    return t

def pct(x):
    return f"{100 * float(x):.1f}%"

def first_side(path):
    r = rows(path)[0]
    return r["side"], f"{pct(r['win_rate'])} ({pct(r['win_rate_lo95'])}-{pct(r['win_rate_hi95'])})"

t = times()
print("| scenario | panel (81 pairings, raced, up to 2000 battles each) | first side's win rate, scenario's doctrines | counter: steps adopted, gains (points) | converged | first side's win rate, final pair | wall (panel / counter) |")
print("|---|---|---|---|---|---|---|")
for s in SCENARIOS:
    m = tomllib.loads((out / f"panel-{s}" / "analysis.toml").read_text())
    robust = m["answers"][0].split(":")[0] if m["answers"][0].startswith("THE") else "holds"
    favours = m["answers"][0]
    side, own = first_side(out / f"own-{s}" / "summary.csv")
    _, comp = first_side(out / f"competent-{s}" / "summary.csv")
    steps = [r for r in rows(out / f"counter-{s}" / "counter.csv") if r["doctrine"] == "best"]
    gains = ", ".join(
        f"{r['side'][0]}{r['step']} {100*float(r['gain']):+.1f}" + ("" if r["adopted"] == "true" else " (not adopted)")
        for r in steps if r["gain"]
    )
    c = tomllib.loads((out / f"counter-{s}" / "competent.toml").read_text())
    print(f"| {s} | {favours} | {side} {own} | {gains} | {'yes' if c['converged'] else 'no'} | {side} {comp} | {t[f'panel-{s}']:.0f} s / {t[f'counter-{s}']:.0f} s |")
print()
for name in ["tune-own", "tune-competent", "decks-own", "decks-competent"]:
    m = tomllib.loads((out / name / "analysis.toml").read_text())
    print(f"- **{name}** ({t[name]:.0f} s): {m['answers'][0]}")
    for a in m["answers"][1:3]:
        print(f"  {a}")
