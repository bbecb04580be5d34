# Sourced by run.sh and more.sh: `step NAME ARGS...` runs muster ($bin)
# with ARGS and --quiet, appends the command line and what it printed to
# $out/log.txt and its wall time to $out/times.txt.
step() {
    local name="$1"; shift
    echo "\$ muster $*" >> "$out/log.txt"
    local t0; t0=$(date +%s.%N)
    "$bin" "$@" --quiet >> "$out/log.txt" 2>&1 || echo "(exit $?)" >> "$out/log.txt"
    printf '%s %.1f\n' "$name" "$(echo "$(date +%s.%N) - $t0" | bc)" >> "$out/times.txt"
    echo >> "$out/log.txt"
}
