#!/bin/sh
# Throughput and peak memory of the States of Battle reference scenario at
# scale, with the release binary. Run from the repository root after
# `cargo build --release`; writes scale.csv here (or to OUT). Takes about
# 10 minutes.
set -eu
bin=target/release/muster
scenario=scenarios/states_of_battle/heroes_and_monster.toml
out=${OUT:-reports/2026-11-22-sob-speed/scale.csv}
tmp=$(mktemp -d)
echo "battles,threads,seconds,battles_per_s,max_rss_kib" > "$out"
for spec in 200000:1 200000:2 1000000:2 10000000:2; do
    n=${spec%%:*}
    t=${spec##*:}
    /usr/bin/time -f "%e %M" -o "$tmp/time" \
        "$bin" run "$scenario" --battles "$n" --threads "$t" --quiet --out "$tmp/run" >/dev/null
    read -r secs rss < "$tmp/time"
    echo "$n,$t,$secs,$(echo "$n / $secs" | bc),$rss" >> "$out"
done
rm -rf "$tmp"
cat "$out"
