#!/usr/bin/env bash
# Plays every shipped scenario and every analysis example with the binary
# given, writing everything it prints and writes into OUT; two builds are
# byte-identical when `diff -r` of their OUT folders is empty.
# Usage: identity.sh MUSTER_BINARY OUT   (from the repository root)
# The build's git revision (in run.toml and report.html) is replaced by REV.
set -uo pipefail
bin="$1"; out="$2"
rm -rf "$out"; mkdir -p "$out"
n=300
step() { # name, then the command's arguments
    local name="$1"; shift
    "$bin" "$@" >"$out/$name.stdout" 2>"$out/$name.stderr"
    echo "exit $?" >>"$out/$name.stdout"
}
for s in scenarios/*/*.toml; do
    k="$(basename "$(dirname "$s")")-$(basename "$s" .toml)"
    step "run-$k" run "$s" --battles $n --quiet --out "$out/run-$k"
    step "trace-$k" trace "$s" --battle 3
    step "jsonl-$k" trace "$s" --battle 5 --format jsonl
done
step run-default run --battles $n --quiet --out "$out/run-default"
step check-all check scenarios/*/*.toml scenarios/*/lists/*.toml scenarios/*/doctrines/*.toml scenarios/*/fairness/*.toml
for r in armies means_war dnd_war states_of_battle; do step "rules-$r" rules $r; done
step rerun run "$out/run-states_of_battle-heroes_and_monster/run.toml" --quiet --out "$out/rerun"
h=scenarios/states_of_battle/heroes_and_monster.toml
step compare compare $h --vary side.Humans.mc_adjust=0,1,-1 --battles $n --quiet --out "$out/compare"
step compare-files compare scenarios/dnd_war/infantry_lines.toml scenarios/dnd_war/cavalry_flanks.toml --battles $n --quiet --out "$out/compare-files"
step sweep sweep $h --grid side.Humans.mc_adjust=-2..0:1 --grid side.Orcs.gd=8,10 --battles $n --quiet --out "$out/sweep"
step tune tune $h --unit troll --param mcv --battles $n --quiet --out "$out/tune"
step tune-points tune $h --unit troll --param points --battles $n --quiet --out "$out/tune-points"
step decks decks $h --side Humans --first-round 20 --rounds 2 --confirm 2 --quiet --out "$out/decks"
step fairness fairness scenarios/states_of_battle/fairness/line_units.toml --matchups 20 --battles 10 --quiet --out "$out/fairness"
step shard0 run $h --battles $n --shard 0/2 --quiet --out "$out/shard0"
step shard1 run $h --battles $n --shard 1/2 --quiet --out "$out/shard1"
step merge merge "$out/shard0" "$out/shard1" --out "$out/merged"
cp -r "$out/compare" "$out/compare-rebuilt"
step report report "$out/compare-rebuilt"
step bad-check check tests/data/does-not-exist.toml
grep -rlF "$out" "$out" | xargs -r sed -i "s#$out#OUT#g"
grep -rlE 'git_revision' "$out" | xargs -r sed -i -E 's/(git_revision[^0-9a-f]*)[0-9a-f]{7,40}(-dirty)?/\1REV/g'
# Timings differ from run to run.
sed -i -E 's/[0-9]+\.[0-9]+ s\b/T s/g; s/[0-9]+ battles\/s/N battles\/s/g' "$out"/*.stdout "$out"/*.stderr
grep -rlE 'battles in [0-9]+ s' "$out" | xargs -r sed -i -E 's/battles in [0-9]+ s/battles in T s/g'
