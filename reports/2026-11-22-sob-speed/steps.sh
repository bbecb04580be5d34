#!/bin/sh
# Builds each step's commit and times 20,000 States of Battle battles on one
# thread, three rounds interleaved, and checks that every step's output
# folder matches the first step's (run.toml's git_revision aside).
# Run from the repository root; writes steps.csv here. Takes about 8 minutes.
# STEPS ("name:commit ...", the first named base) and OUT (the CSV) may be
# given to time other commits the same way.
set -eu
scenario=scenarios/states_of_battle/heroes_and_monster.toml
out=${OUT:-reports/2026-11-22-sob-speed/steps.csv}
tmp=$(mktemp -d)
steps=${STEPS:-"base:52ca7b7 s1:7e9a084 s2:bf8846f s3:fd4182e final:677fff1"}
for step in $steps; do
    name=${step%%:*}
    commit=${step##*:}
    git worktree add -q "$tmp/src-$name" "$commit"
    cargo build -q --release --manifest-path "$tmp/src-$name/Cargo.toml" --target-dir "$tmp/target"
    cp "$tmp/target/release/muster" "$tmp/muster-$name"
    git worktree remove --force "$tmp/src-$name"
done
echo "step,commit,run,seconds" > "$out"
for run in 1 2 3; do
    for step in $steps; do
        name=${step%%:*}
        /usr/bin/time -f "%e" -o "$tmp/time" "$tmp/muster-$name" run "$scenario" \
            --battles 20000 --threads 1 --quiet --out "$tmp/out-$name" >/dev/null
        echo "$name,${step##*:},$run,$(cat "$tmp/time")" >> "$out"
    done
done
for step in $steps; do
    name=${step%%:*}
    diff -r -I git_revision "$tmp/out-base" "$tmp/out-$name" >/dev/null && echo "$name: same output as base"
done
rm -rf "$tmp"
cat "$out"
