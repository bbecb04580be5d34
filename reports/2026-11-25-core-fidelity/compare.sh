#!/usr/bin/env bash
# Before/after of every shipped D&D War and States of Battle scenario:
# win rates over 10,000 battles at seed 1 (run), and break-test and
# charge outcomes over the first 300 traced battles (outcomes.py).
#
# usage: compare.sh BEFORE_MUSTER AFTER_MUSTER OUTDIR
# (each MUSTER is a release build of muster; run from the repository root)
set -euo pipefail
before="$1"; after="$2"; out="$3"
here="$(dirname "$0")"
mkdir -p "$out"
for s in scenarios/dnd_war/*.toml scenarios/states_of_battle/*.toml; do
    name="$(basename "$(dirname "$s")")-$(basename "$s" .toml)"
    for which in before after; do
        bin="$before"; [ "$which" = after ] && bin="$after"
        "$bin" run "$s" --battles 10000 --seed 1 --quiet --out "$out/$which/$name" >/dev/null
        python3 "$here/outcomes.py" "$bin" "$s" 300 1 > "$out/$which/$name/outcomes.json"
    done
done
python3 "$here/table.py" "$out"
