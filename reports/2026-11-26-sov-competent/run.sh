#!/usr/bin/env bash
# Standards of Valor under competent play: fictitious play on the
# reference scenario, its verdict, and the formula study's first command
# under the competent pair. Usage (from the repository root):
#   reports/2026-11-26-sov-competent/run.sh MUSTER_BINARY OUT
# Every command line and its output lands in OUT/log.txt, wall times in
# OUT/times.txt.
set -euo pipefail
bin="$1"; out="$2"
mkdir -p "$out"; : > "$out/log.txt"; : > "$out/times.txt"
source "$(dirname "$0")/../2026-11-26-competent-play/steps.sh"
s=scenarios/standards_of_valor/cohort_vs_warband.toml
list=scenarios/standards_of_valor/fairness/seed_figures.toml
step counter counter "$s" --rounds 4 --budget 200000 --confirm 4000 --out "$out/counter" --force
step shipped run "$s" --battles 4000 --out "$out/run-shipped" --force
step competent run "$s" --battles 4000 --competent "$out/counter" --out "$out/run-competent" --force
step fairness fairness "$list" --matchups 2000 --battles 200 --spread 0.25 \
    --competent "$out/counter" --out "$out/fairness-competent" --force
