#!/usr/bin/env bash
# Are the Standards of Valor formula's costs fair, and what is leadership
# worth? `muster fairness` on the seed's figures (the shipped list), under
# the scenario's doctrine and under a panel of the three shipped
# doctrines. Usage (from the repository root):
#   reports/2026-11-26-sov-formula/run.sh MUSTER_BINARY OUT
# Every command line and its output lands in OUT/log.txt, wall times in
# OUT/times.txt; summarise.py OUT prints the study's tables.
set -euo pipefail
bin="$1"; out="$2"
mkdir -p "$out"; : > "$out/log.txt"; : > "$out/times.txt"
source "$(dirname "$0")/../2026-11-26-competent-play/steps.sh"
list=scenarios/standards_of_valor/fairness/seed_figures.toml
step fairness fairness "$list" --matchups 2000 --battles 200 --spread 0.25 --out "$out/fairness" --force
step panel fairness "$list" --matchups 1000 --battles 200 --spread 0.25 \
    --doctrines shieldwall,skirmish_screen,wild_charge --out "$out/fairness-panel" --force
