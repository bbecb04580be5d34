#!/bin/sh
# This round's steps, timed by the first round's script (same method:
# 20,000 battles on one thread, three rounds interleaved, outputs compared
# with the base step's). Run from the repository root; writes steps.csv
# here. Takes about 6 minutes.
STEPS="base:37c3e50 s1:18b02ea final:37ee29f" \
    OUT=reports/2026-11-22-sob-speed-3/steps.csv \
    exec sh reports/2026-11-22-sob-speed/steps.sh
