#!/usr/bin/env python3
"""Break-test and charge outcomes over traced battles.

usage: outcomes.py MUSTER SCENARIO.toml BATTLES [SEED]

Traces battles 0..BATTLES-1 (jsonl) and counts:
- break tests failed, by what the flight did next: fled (a fall back!
  move, off the table included), destroyed on the spot (You Cannot Pass!
  after 0.0 inches; by a unit it was fighting, or by another enemy in
  its path; before this study's fix the trace did not name the units
  fought, so all count as another enemy there), destroyed further on
  (You Cannot Pass! after a longer move); and how many of the broken
  units rallied later;
- declared charges, by outcome: contact, caught (a fleeing target),
  rolled a 1, out of reach, no room, feared, other.
Prints one JSON object.
"""
import json
import re
import subprocess
import sys
from collections import Counter

INTO = re.compile(r"flees into (.*) after ([0-9.]+) inches: You Cannot Pass!")
FROM = re.compile(r"and flees from (.*) toward bearing")


def battle_events(muster, scenario, battle, seed):
    out = subprocess.run(
        [muster, "trace", scenario, "--battle", str(battle), "--seed", str(seed),
         "--format", "jsonl"],
        check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def flight_outcome(change, fought):
    m = INTO.search(change)
    if m:
        if float(m.group(2)) > 0.0:
            return "destroyed_further_on"
        if m.group(1) in fought:
            return "destroyed_on_the_spot_by_the_unit_fought"
        return "destroyed_on_the_spot_by_another_enemy"
    if change.endswith("has no way out: You Cannot Pass!"):
        return "destroyed_hemmed_in"
    if change.startswith("falls back") or change == "flees off the table":
        return "fled"
    return None


def charge_outcome(change):
    for key, text in [("contact", "charges into the"), ("rolled_one", "rolls a 1"),
                      ("out_of_reach", "out of reach"), ("no_room", "finds no room"),
                      ("feared", "fails its fear")]:
        if text in change:
            return key
    return None


def count(events, breaks, charges):
    broken = {}      # unit -> waiting for its flight's outcome
    rallied = set()
    charging = None  # unit whose declared charge awaits its outcome
    for e in events:
        if e.get("event") != "change":
            continue
        unit, change = e["unit"], e["change"]
        if change.startswith("fails its break test"):
            broken[unit] = True
            continue
        m = FROM.search(change)
        if m and broken.get(unit):
            broken[unit] = m.group(1).split(", ")
        if broken.get(unit):
            out = flight_outcome(change, broken[unit] if isinstance(broken[unit], list) else [])
            if out:
                breaks[out] += 1
                broken[unit] = False
                if out == "fled":
                    rallied.add(unit)
        if change == "rallies and reforms" and unit in rallied:
            breaks["rallied_later"] += 1
            rallied.discard(unit)
        if change.startswith("declares a charge on"):
            if charging:
                charges["other"] += 1
            charging = (unit, change[len("declares a charge on "):].rsplit(" at ", 1)[0])
            charges["declared"] += 1
            continue
        if charging:
            out = charge_outcome(change) if unit == charging[0] else None
            if unit == charging[1] and change.startswith("is caught by"):
                out = "caught"
            if out:
                charges[out] += 1
                charging = None
    if charging:
        charges["other"] += 1


def main():
    muster, scenario, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    breaks, charges = Counter(), Counter()
    for b in range(n):
        count(battle_events(muster, scenario, b, seed), breaks, charges)
    print(json.dumps({"scenario": scenario, "battles": n, "seed": seed,
                      "breaks": dict(sorted(breaks.items())),
                      "charges": dict(sorted(charges.items()))}))


if __name__ == "__main__":
    main()
