#!/usr/bin/env bash
# Win rates and how battles ended for the Standards of Valor shipped
# scenarios: BEFORE_MUSTER run on the scenario files of BEFORE_TREE (a
# checkout of the previous commit, whose placements differ), AFTER_MUSTER
# on this tree's; 10,000 battles at seed 1 each. The table comes from
# the fidelity-two study's table.py.
#
# usage: compare.sh BEFORE_MUSTER BEFORE_TREE AFTER_MUSTER SCRATCH > table.md
# (SCRATCH receives the runs; only the tables are kept in results/)
# (run from the repository root; each MUSTER is a release build)
set -euo pipefail
before="$1"; tree="$2"; after="$3"; out="$4"
here="$(dirname "$0")"
mkdir -p "$out"
for s in scenarios/standards_of_valor/*.toml; do
    name="standards_of_valor-$(basename "$s" .toml)"
    (cd "$tree" && "$before" run "$s" --battles 10000 --seed 1 --quiet --no-report --out "$OLDPWD/$out/before/$name" >/dev/null)
    "$after" run "$s" --battles 10000 --seed 1 --quiet --no-report --out "$out/after/$name" >/dev/null
done
python3 "$here/../2026-11-28-fidelity-two/table.py" "$out"
