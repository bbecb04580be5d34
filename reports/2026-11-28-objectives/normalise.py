"""Strips what issue 39 adds to outputs (the objective_taken end share,
the objective_seized MC-flow row, objective_share in resolved doctrines,
the how-battles-ended line and the clock warning) so that two identity
folders can be compared with diff -r. Usage: normalise.py DIR (in place)."""
import csv, io, os, re, sys

DROP_LINE = re.compile(r"(How battles ended|Warning: the time limit|objective_share = |time limit ended|battles ended|clock)")

def csv_file(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        return
    head = rows[0]
    keep = [i for i, h in enumerate(head) if h != "share_end_objective_taken"]
    out = [[r[i] for i in keep if i < len(r)] for r in rows if "objective_seized" not in r]
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(out)
    open(path, "w").write(buf.getvalue())

for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        p = os.path.join(root, name)
        if name.endswith(".csv"):
            csv_file(p)
        elif name.endswith((".stdout", ".stderr", ".toml", ".md", ".txt", ".html")):
            text = open(p, errors="replace").read().split("\n")
            open(p, "w").write("\n".join(l for l in text if not DROP_LINE.search(l)))
