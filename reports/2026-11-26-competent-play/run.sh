#!/usr/bin/env bash
# Verdicts under doctrine panels and under competent play, for every
# shipped States of Battle scenario. Usage (from the repository root):
#   reports/2026-11-26-competent-play/run.sh MUSTER_BINARY OUT [BUDGET]
# BUDGET: battles per best-response search (default 200000, half of
# counter's default, to keep 5 x 6 best responses near 15 minutes). Every command line and its terminal output lands in OUT/log.txt;
# the wall time of each step in OUT/times.txt.
set -euo pipefail
bin="$1"; out="$2"; budget="${3:-200000}"
mkdir -p "$out"; : > "$out/log.txt"; : > "$out/times.txt"
source "$(dirname "$0")/steps.sh"
for s in heroes_and_monster cavalry_flanks gunline last_stand relief_column; do
    f=scenarios/states_of_battle/$s.toml
    step "panel-$s" panel "$f" --battles 2000 --out "$out/panel-$s" --force
    step "own-$s" run "$f" --battles 4000 --no-notes --no-report --out "$out/own-$s" --force
    step "counter-$s" counter "$f" --rounds 3 --budget "$budget" --confirm 4000 --out "$out/counter-$s" --force
    step "competent-$s" run "$f" --competent "$out/counter-$s" --battles 4000 --no-notes --no-report --out "$out/competent-$s" --force
done
h=scenarios/states_of_battle/heroes_and_monster.toml
c="$out/counter-heroes_and_monster"
step tune-own tune "$h" --unit troll --param mcv --battles 2000 --out "$out/tune-own" --force
step tune-competent tune "$h" --unit troll --param mcv --battles 2000 --competent "$c" --out "$out/tune-competent" --force
step decks-own decks "$h" --first-round 100 --rounds 4 --confirm 3 --out "$out/decks-own" --force
step decks-competent decks "$h" --first-round 100 --rounds 4 --confirm 3 --competent "$c" --out "$out/decks-competent" --force
