#!/usr/bin/env bash
# The share of Cast Spells cards that cast a spell, per side: battles 0 to
# N-1 at seed 1 of one scenario, replayed with `muster trace`. A card
# casts when a "shoots at" line follows its "plays cast_spells" line before
# the next card or turn.
#
# usage: cast_rate.sh MUSTER SCENARIO N   (from the repository root)
set -euo pipefail
muster="$1"; scenario="$2"; n="$3"
for i in $(seq 0 $((n - 1))); do
    "$muster" trace "$scenario" --battle "$i" --seed 1 2>/dev/null
done | python3 -c '
import collections, re, sys
plays, casts = collections.Counter(), collections.Counter()
side, cast = None, False
for line in sys.stdin:
    card = re.search(r"\]   (\w+): plays (\w+)", line)
    if card or "turn --" in line or line.startswith("battle"):
        if side:
            plays[side] += 1
            casts[side] += cast
        side = card.group(1) if card and card.group(2) == "cast_spells" else None
        cast = False
    elif side and "shoots at" in line:
        cast = True
for s in sorted(plays):
    print(f"{s}: {casts[s]} of {plays[s]} Cast Spells cards cast ({100 * casts[s] / plays[s]:.1f}%)")
'
