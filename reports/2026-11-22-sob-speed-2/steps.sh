#!/bin/sh
# This round's steps, timed by the first round's script (same method:
# 20,000 battles on one thread, three rounds interleaved, outputs compared
# with the base step's). Run from the repository root; writes steps.csv
# here. Takes about 12 minutes.
STEPS="base:41f49bd s1:516c248 s2:b4ee7f6 s3:e7ff21a s4:8706e4f s5:777b59f s6:7fe97a5 s7:b253528 final:b9d4658" \
    OUT=reports/2026-11-22-sob-speed-2/steps.csv \
    exec sh reports/2026-11-22-sob-speed/steps.sh
