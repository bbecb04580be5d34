#!/usr/bin/env python3
"""The data-loss cases of the issue, run against one muster binary.

Usage: cases.py MUSTER_BINARY SCENARIO_DIR
Prints one row per case: the exit codes and what happened to the user's
files (lost = deleted or changed), stale files kept, folders reverted.
Works with any muster build (no test hooks needed).
"""
import os, shutil, subprocess, sys, tempfile, time

MUSTER, SCEN = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
FAST = os.path.join(SCEN, "means_war/pikemen_vs_swordsmen.toml")

def sh(*args, env=None):
    return subprocess.run([MUSTER, *args], capture_output=True, text=True, env=dict(os.environ, **(env or {})))

def put(d, files):
    for f, t in files.items():
        os.makedirs(os.path.dirname(os.path.join(d, f)) or d, exist_ok=True)
        open(os.path.join(d, f), "w").write(t)

def lost(d, files):
    return sum(1 for f, t in files.items()
               if not os.path.isfile(os.path.join(d, f)) or open(os.path.join(d, f)).read() != t)

def row(case, codes, result):
    print(f"| {case} | {' '.join(str(c) for c in codes)} | {result} |", flush=True)

tmp = tempfile.mkdtemp()
os.chdir(tmp)
csvs = {"budget.csv": "unit,points\n", "data.csv": "a\n1\n"}
user4 = {"variants/v1.toml": "x = 1\n", "doctrines/mine.toml": "y = 2\n", "results.csv": "r\n"}
sh("run", FAST, "--battles", "100", "--quiet", "--shard", "0/2", "--out", "s0")
sh("run", FAST, "--battles", "100", "--quiet", "--shard", "1/2", "--out", "s1")
vary = ["--vary", "options.fear_radius=2,3", "--battles", "60", "--quiet"]
for name, args in [("run", ["run", FAST, "--battles", "50", "--quiet"]),
                   ("compare", ["compare", FAST, *vary]),
                   ("merge", ["merge", "s0", "s1"])]:
    d = f"mydata-{name}"
    put(d, csvs)
    r = sh(*args, "--out", d)
    row(f"1. `{name} --out mydata` (budget.csv, data.csv)", [r.returncode], f"{lost(d, csvs)} of 2 user files lost")
put("user4", user4)
r = sh("compare", FAST, *vary, "--out", "user4")
row("2. `compare --out user4` (variants/v1.toml, doctrines/mine.toml, results.csv)", [r.returncode], f"{lost('user4', user4)} of 3 user files lost")
put("user5", user4)
r = sh("compare", FAST, *vary, "--force", "--out", "user5")
row("2. the same with `--force`", [r.returncode], f"{lost('user5', user4)} of 3 user files lost")
note = {"notes.txt": "mine\n"}
put("mixed", note)
a = sh("run", "--battles", "30", "--quiet", "--force", "--out", "mixed")
b = sh("run", os.path.join(SCEN, "armies/open_field.toml"), "--battles", "30", "--quiet", "--force", "--out", "mixed")
stale = [f for f in ("cards.csv", "mc_flow.csv") if os.path.exists(os.path.join("mixed", f))]
row("4. with notes.txt of the user's: a States of Battle run, then an Armies run, both `--force`", [a.returncode, b.returncode], f"stale files kept: {', '.join(stale) or 'none'}")
put("nr", note)
a = sh("run", FAST, "--battles", "50", "--quiet", "--force", "--out", "nr")
b = sh("run", FAST, "--battles", "60", "--quiet", "--no-report", "--force", "--out", "nr")
row("4. with notes.txt: a run of 50, then `--no-report` of 60, both `--force`", [a.returncode, b.returncode],
    "stale report.html kept" if os.path.exists("nr/report.html") else "no stale report.html")
a = sh("merge", "s0", "s1", "--out", "s0")
row("6. `merge s0 s1 --out s0`", [a.returncode],
    "shard s0 replaced" if not os.path.exists("s0/shard.json") else "shard s0 kept")
reverted = refused = ran = 0
for t in range(9):
    # The run ends (checkpoint every second) while report rebuilds the
    # folder from the first checkpoint: does the folder end as the run's?
    out = f"race{t}"
    first = subprocess.Popen([MUSTER, "run", FAST, "--battles", "30000", "--quiet", "--checkpoint", "1", "--out", out],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not os.path.exists(os.path.join(out, "run.toml")) and first.poll() is None:
        time.sleep(0.01)
    r = sh("report", out, "--png")
    refused += r.returncode == 2
    ran += first.wait() == 0
    reverted += "partial = true" in open(os.path.join(out, "run.toml")).read()
row("5. `report DIR` while `run --out DIR` writes (9 trials)", [],
    f"{refused} reports refused; the run exited 0 in {ran}; {reverted} folders left holding a checkpoint instead of the finished run")
shutil.rmtree(tmp)
