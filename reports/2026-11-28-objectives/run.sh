#!/usr/bin/env bash
# How battles end, and the verdict, under the shipped doctrines and under
# competent play, for every shipped States of Battle and Standards of
# Valor scenario. Usage, from the root of the checkout whose scenarios
# are to be played:
#   run.sh MUSTER_BINARY OUT [BUDGET]
# BUDGET: battles per best-response search (default 200000, as in the
# 2026-11-26 competent-play study). Per scenario: `run` with its own
# doctrines (4,000 battles), `counter --rounds 3`, and `run --competent`
# with the pair it ends on (4,000 battles). Everything printed lands in
# OUT/log.txt, each step's wall time in OUT/times.txt.
set -euo pipefail
bin="$1"; out="$2"; budget="${3:-200000}"
mkdir -p "$out"; : > "$out/log.txt"; : > "$out/times.txt"
step() { # name, then the command's arguments
    local name="$1"; shift
    local t0; t0=$(date +%s)
    echo "\$ muster $*" >> "$out/log.txt"
    "$bin" "$@" >> "$out/log.txt" 2>&1 || echo "exit $?" >> "$out/log.txt"
    echo "$name $(( $(date +%s) - t0 ))" >> "$out/times.txt"
}
for f in scenarios/states_of_battle/*.toml scenarios/standards_of_valor/*.toml; do
    s="$(basename "$(dirname "$f")")-$(basename "$f" .toml)"
    step "own-$s" run "$f" --battles 4000 --no-notes --no-report --quiet --out "$out/own-$s" --force
    step "counter-$s" counter "$f" --rounds 3 --budget "$budget" --confirm 4000 --quiet --out "$out/counter-$s" --force
    step "competent-$s" run "$f" --competent "$out/counter-$s" --battles 4000 --no-notes --no-report --quiet --out "$out/competent-$s" --force
done
