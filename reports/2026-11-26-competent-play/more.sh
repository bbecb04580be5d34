#!/usr/bin/env bash
# The tune and decks answers of every shipped States of Battle scenario,
# under its own doctrines and under the final pair of run.sh's counter.
# Usage (from the repository root, after run.sh into the same OUT):
#   reports/2026-11-26-competent-play/more.sh MUSTER_BINARY OUT
set -euo pipefail
bin="$1"; out="$2"
source "$(dirname "$0")/steps.sh"
for s in heroes_and_monster cavalry_flanks gunline last_stand relief_column; do
    f=scenarios/states_of_battle/$s.toml
    c="$out/counter-$s"
    step "mcratio-own-$s" tune "$f" --param mc-ratio --battles 2000 --out "$out/mcratio-own-$s" --force
    step "mcratio-competent-$s" tune "$f" --param mc-ratio --battles 2000 --competent "$c" --out "$out/mcratio-competent-$s" --force
    if [ "$s" != heroes_and_monster ]; then
        step "decks-own-$s" decks "$f" --first-round 100 --rounds 4 --confirm 3 --out "$out/decks-own-$s" --force
        step "decks-competent-$s" decks "$f" --first-round 100 --rounds 4 --confirm 3 --competent "$c" --out "$out/decks-competent-$s" --force
    fi
done
