#!/usr/bin/env python3
"""Shares of a callgrind profile by layer of muster.

Reads `callgrind_annotate --auto=no --threshold=100 FILE` on stdin and
prints the exclusive instructions of each layer (a module of muster, the
C library, ...), the inlined code counted where it was inlined. Given the
profile's path as argument, it also prints the inclusive cost of the
doctrine's questions (from `callgrind_annotate --tree=calling`).
"""
import collections
import re
import subprocess
import sys

ROW = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$")


def rows(text):
    for line in text.splitlines():
        m = ROW.match(line)
        if m and "PROGRAM TOTALS" not in m.group(2):
            yield int(m.group(1).replace(",", "")), m.group(2)


def layer(entry):
    fn = entry.split(":", 1)[1] if ":" in entry else entry
    if "geometry::" in fn.split("rules::")[0]:
        return "geometry (rect, plane, terrain)"
    if re.search(r"mem(move|cpy|set)", entry):
        return "C library: memory copies"
    if re.search(r"hypot|floor|sincos|libm", entry):
        return "C library: maths"
    m = re.search(r"rules::sob::(\w+)", fn)
    if m:
        return "States of Battle overlay: " + m.group(1)
    m = re.search(r"rules::dnd_war::(ops::\w+|\w+)", fn)
    if m:
        return "D&D War core: " + m.group(1)
    return "other"


def main():
    flat = list(rows(sys.stdin.read()))
    total = sum(n for n, _ in flat)
    shares = collections.Counter()
    for n, entry in flat:
        shares[layer(entry)] += n
    print(f"exclusive, {total:,} instructions")
    for name, n in shares.most_common():
        print(f"{100 * n / total:6.2f}%  {name}")
    if len(sys.argv) < 2:
        return
    tree = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--tree=calling", "--auto=no",
         sys.argv[1]],
        capture_output=True, text=True, check=True).stdout
    # The doctrine's questions, as compiled functions (the entries in the
    # binary itself), each less what it spends asking another of them.
    questions = {
        "SobCore>::charge_option": "charge options (best_charge)",
        "Ctx<T>>::shooting_choice": "shooting targets",
        "Game<C>>::command_group": "command groups",
        "Game<C>>::wanted_order": "the wanted Orders card",
        "BattleState::nearest_enemy": "nearest enemies",
    }

    def question(entry):
        if "target/release/muster]" not in entry:
            return None
        return next((k for k in questions if k in entry), None)

    cost = collections.Counter()
    current = None
    for line in tree.splitlines():
        m = re.match(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+([*>])\s+(.*)$", line)
        if not m:
            continue
        n, kind, entry = int(m.group(1).replace(",", "")), m.group(2), m.group(3)
        if kind == "*":
            current = question(entry)
            if current:
                cost[current] += n
        elif current and question(entry) and question(entry) != current:
            cost[current] -= n
    print("\ninclusive, the doctrine's questions (each less the others it asks)")
    for key, name in questions.items():
        print(f"{100 * cost[key] / total:6.2f}%  {name}")
    asked = sum(cost.values())
    print(f"{100 * asked / total:6.2f}%  together: without any of them, at most "
          f"{total / (total - asked):.2f} times as fast")


if __name__ == "__main__":
    main()
