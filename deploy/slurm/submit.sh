#!/bin/bash
# Submits a sharded muster run to Slurm and its merge after it:
#   SCENARIO=scenarios/states_of_battle/heroes_and_monster.toml \
#   BATTLES=10000000 SHARDS=50 OUT=/shared/muster/run1 ./submit.sh
# The merged outputs (summary.csv, rounds.csv, ... and run.toml) land in
# $OUT/merged, identical to a single `muster run` of all the battles.
set -euo pipefail
: "${SCENARIO:?}" "${BATTLES:?}" "${SHARDS:?}" "${OUT:?}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$OUT"
export SCENARIO BATTLES SHARDS OUT SEED="${SEED:-1}" MUSTER="${MUSTER:-muster}"
array=$(sbatch --parsable --export=ALL --array="0-$((SHARDS - 1))" "$here/muster-shards.sbatch")
sbatch --parsable --export=ALL --dependency="afterok:${array}" "$here/muster-merge.sbatch"
