"""Tables of how battles ended and the verdict, per scenario, from the
folders run.sh writes. Usage: summarise.py BEFORE AFTER > tables.md
(either may be `-` to leave its columns out)."""
import csv, glob, os, re, sys

CLOCK = {"round_limit", "safety_cap", "turn_limit_points", "turn_limit_draw", "turn_limit"}


def summary(folder):
    path = os.path.join(folder, "summary.csv")
    if not os.path.exists(path):
        return None
    rows = list(csv.DictReader(open(path)))
    first = rows[0]
    ends = {k[len("share_end_"):]: float(v) for k, v in first.items() if k.startswith("share_end_")}
    return {
        "side": first["side"],
        "win": float(first["win_rate"]),
        "lo": float(first["win_rate_lo95"]),
        "hi": float(first["win_rate_hi95"]),
        "clock": sum(v for k, v in ends.items() if k in CLOCK),
        "ends": ends,
    }


def holds(counter):
    """Which sides end fictitious play on movement = hold (the final pair)."""
    out = []
    for f in sorted(glob.glob(os.path.join(counter, "doctrines", "*-doctrine.toml"))):
        text = open(f).read()
        if re.search(r'^movement\s*=\s*"hold"', text, re.M):
            out.append(os.path.basename(f).split("-doctrine")[0])
    return ", ".join(out) or "none"


def cell(s):
    if s is None:
        return "n/a", "n/a"
    ends = ", ".join(f"{k} {100 * v:.0f}%" for k, v in sorted(s["ends"].items(), key=lambda kv: -kv[1]) if v > 0)
    return f"{s['side']} {100 * s['win']:.1f}% ({100 * s['lo']:.1f}-{100 * s['hi']:.1f})", f"clock {100 * s['clock']:.0f}%: {ends}"


def table(root, label):
    print(f"\n### {label}\n")
    print("| scenario | first side, own doctrines | how battles ended (own) | first side, competent play | how battles ended (competent) | final pair holds still |")
    print("|---|---|---|---|---|---|")
    for own in sorted(glob.glob(os.path.join(root, "own-*"))):
        name = os.path.basename(own)[len("own-"):]
        a, b = cell(summary(own))
        c, d = cell(summary(os.path.join(root, "competent-" + name)))
        h = holds(os.path.join(root, "counter-" + name))
        print(f"| {name} | {a} | {b} | {c} | {d} | {h} |")


for root, label in zip(sys.argv[1:3], ["Before (71ce5cf)", "After"]):
    if root != "-":
        table(root, label)
