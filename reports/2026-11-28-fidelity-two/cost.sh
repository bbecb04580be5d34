#!/usr/bin/env bash
# Instructions per battle (valgrind cachegrind, load-independent): the
# difference between 1,200 and 200 battles on one thread, over 1,000, on
# this study's three reference scenarios (the general script, with the
# scenarios as arguments, is reports/2026-11-28-lean-grid/cost.sh).
#
# usage: cost.sh MUSTER LABEL OUTDIR   (run from the repository root)
set -euo pipefail
exec "$(dirname "$0")/../2026-11-28-lean-grid/cost.sh" "$1" "$2" "$3" \
    states_of_battle/heroes_and_monster dnd_war/infantry_lines standards_of_valor/cohort_vs_warband
