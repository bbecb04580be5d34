#!/bin/sh
# Throughput and peak memory at scale, by the first round's script: run
# from the repository root after `cargo build --release`; writes scale.csv
# here. Takes about 8 minutes.
OUT=reports/2026-11-22-sob-speed-5/scale.csv exec sh reports/2026-11-22-sob-speed/scale.sh
