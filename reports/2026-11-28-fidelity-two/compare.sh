#!/usr/bin/env bash
# Win rates and how battles ended, for two builds of muster, over the
# shipped scenarios of the given ruleset folders (default: D&D War, States
# of Battle, Standards of Valor): 10,000 battles at seed 1 each.
#
# usage: compare.sh BEFORE_MUSTER AFTER_MUSTER OUTDIR [FOLDER...] [-- OPTION=VALUE...]
# Options after `--` are written into each scenario's options table for
# the AFTER build only (to show a reading against the default).
# (run from the repository root; each MUSTER is a release build)
set -euo pipefail
before="$1"; after="$2"; out="$3"; shift 3
folders=(); options=()
while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then shift; options=("$@"); break; fi
    folders+=("$1"); shift
done
[ ${#folders[@]} -eq 0 ] && folders=(dnd_war states_of_battle standards_of_valor)
here="$(dirname "$0")"
mkdir -p "$out"
for folder in "${folders[@]}"; do
    for s in scenarios/"$folder"/*.toml; do
        name="$folder-$(basename "$s" .toml)"
        "$before" run "$s" --battles 10000 --seed 1 --quiet --no-report --out "$out/before/$name" >/dev/null
        target="$s"
        if [ ${#options[@]} -gt 0 ]; then
            # beside the original, so that its army lists and doctrines resolve
            target="$(dirname "$s")/.study-$(basename "$s")"
            python3 "$here/with_options.py" "$s" "${options[@]}" > "$target"
        fi
        "$after" run "$target" --battles 10000 --seed 1 --quiet --no-report --out "$out/after/$name" >/dev/null
        [ "$target" = "$s" ] || rm -f "$target"
    done
done
python3 "$here/table.py" "$out"
