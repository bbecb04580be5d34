#!/usr/bin/env python3
"""Fault, kill and concurrency study of muster's output folders.

Usage: study.py MUSTER_DEBUG_BINARY SCENARIO_DIR
(the hooks MUSTER_TEST_FS_FAULT / MUSTER_TEST_FS_KILL work in builds with
debug assertions only). For each command (run, compare), each folder
(muster's own; the user's files + --force) and each hook, the write-out is
cut at every file-system call in turn; after each cut the user's files are
compared byte for byte, the folder's record is checked to list every file
muster left, and the command is run again and must complete the folder.
"""
import json, os, shutil, signal, subprocess, sys, tempfile, time

MUSTER, SCEN = sys.argv[1], sys.argv[2]
FAST = os.path.join(SCEN, "means_war/pikemen_vs_swordsmen.toml")
USER = {"budget.csv": "unit,points\n", "data.csv": "a\n1\n", "charts/mine.svg": "<svg/>",
        "variants/v1.toml": "x = 1\n", "doctrines/mine.toml": "y = 2\n", "notes/plan.txt": "p\n"}

def files(d):
    out = set()
    for root, _, names in os.walk(d):
        for n in names:
            out.add(os.path.relpath(os.path.join(root, n), d))
    return out

def command(kind, out, battles, env=None):
    if kind == "run":
        args = [MUSTER, "run", FAST, "--battles", str(battles)]
    else:
        args = [MUSTER, "compare", FAST, "--vary", "options.fear_radius=2,3", "--battles", str(battles)]
    e = dict(os.environ, **(env or {}))
    return subprocess.run(args + ["--quiet", "--force", "--out", out], env=e, capture_output=True, text=True)

def check(out, user, complete):
    lost = sum(1 for f, t in user.items() if not os.path.isfile(os.path.join(out, f)) or open(os.path.join(out, f)).read() != t)
    rec = json.load(open(os.path.join(out, ".muster-owned.json")))
    mine = {f for f in files(out) if f not in user and not f.startswith(".muster-")}
    unlisted = len(mine - set(rec["files"]))
    whole = rec["complete"] and mine == set(rec["files"])
    return lost, unlisted, (whole or not complete)

def study(kind, mixed, hook):
    tmp = tempfile.mkdtemp()
    out = os.path.join(tmp, "out")
    user = USER if mixed else {}
    for f, t in user.items():
        os.makedirs(os.path.dirname(os.path.join(out, f)), exist_ok=True)
        open(os.path.join(out, f), "w").write(t)
    assert command(kind, out, 40).returncode == 0
    points = lost = unlisted = torn = failed_again = 0
    for k in range(1, 1000):
        val = f"{k}:5" if hook == "MUSTER_TEST_FS_FAULT" else str(k)
        r = command(kind, out, 50 + k, {hook: val})
        hit = ("os error 5" in r.stderr) if hook == "MUSTER_TEST_FS_FAULT" else (r.returncode == -signal.SIGKILL)
        if not hit:
            break
        points += 1
        l, u, w = check(out, user, not mixed)
        lost, unlisted, torn = lost + l, unlisted + u, torn + (not w)
        again = command(kind, out, 40)
        l, u, w = check(out, user, True)
        failed_again += (again.returncode != 0) or (not w)
        lost += l
    shutil.rmtree(tmp)
    return points, lost, unlisted, torn, failed_again

def concurrency(trials):
    """`report DIR` and a second `run` while `run --out DIR` writes."""
    refused = reverted = 0
    for _ in range(trials):
        tmp = tempfile.mkdtemp()
        out = os.path.join(tmp, "out")
        first = subprocess.Popen([MUSTER, "run", FAST, "--battles", "100000", "--quiet", "--out", out],
                                 env=dict(os.environ, MUSTER_TEST_CHECKPOINT_HOLD="1"),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not os.path.exists(os.path.join(out, "run.toml")):
            time.sleep(0.05)
        before = open(os.path.join(out, "run.toml")).read()
        for args in (["report", out], ["run", FAST, "--battles", "50", "--quiet", "--out", out]):
            r = subprocess.run([MUSTER] + args, capture_output=True, text=True)
            refused += r.returncode == 2 and "is being written by" in r.stderr
        reverted += open(os.path.join(out, "run.toml")).read() != before
        first.kill(); first.wait()
        shutil.rmtree(tmp)
    return refused, 2 * trials, reverted

print("| command | folder | hook | points cut | user files lost | muster files unlisted | folder not whole (own folder) | re-run failed |")
print("|---|---|---|---|---|---|---|---|")
for kind in ("run", "compare"):
    for mixed in (False, True):
        for hook in ("MUSTER_TEST_FS_FAULT", "MUSTER_TEST_FS_KILL"):
            p, l, u, t, f = study(kind, mixed, hook)
            name = "user's files, --force" if mixed else "muster's own"
            print(f"| {kind} | {name} | {hook.split('_')[-1].lower()} | {p} | {l} | {u} | {t if not mixed else '-'} | {f} |", flush=True)
r, n, rev = concurrency(9)
print(f"\nconcurrency: {r} of {n} second writers refused; {rev} of 9 folders reverted")
