#!/usr/bin/env bash
# Instructions per battle (valgrind cachegrind, load-independent): the
# difference between 1,200 and 200 battles on one thread, over 1,000,
# for each scenario given (paths under scenarios/, without .toml).
#
# usage: cost.sh MUSTER LABEL OUTDIR SCENARIO...   (from the repository root)
set -euo pipefail
bin="$1"; label="$2"; out="$3"; shift 3; mkdir -p "$out"
for s in "$@"; do
    n=$(basename "$s")
    for b in 200 1200; do
        valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$out/$label-$n-$b.cg" \
            "$bin" run "scenarios/$s.toml" --battles "$b" --seed 1 --threads 1 --quiet --no-report \
            --out "$out/runs/$label-$n-$b" > /dev/null 2> "$out/$label-$n-$b.log"
    done
    a=$(grep "I *refs" "$out/$label-$n-200.log" | awk '{print $NF}' | tr -d ,)
    c=$(grep "I *refs" "$out/$label-$n-1200.log" | awk '{print $NF}' | tr -d ,)
    echo "$label $n $(( (c - a) / 1000 ))"
done
