#!/bin/sh
# This round's steps, timed by the first round's script (same method:
# 20,000 battles on one thread, three rounds interleaved, outputs compared
# with the base step's). Run from the repository root; writes steps.csv
# here. Takes about 8 minutes.
STEPS="base:f9f8d97 s1:3f49ba0 s2:b6ebde1 final:6706765" \
    OUT=reports/2026-11-22-sob-speed-4/steps.csv \
    exec sh reports/2026-11-22-sob-speed/steps.sh
