//! Shard and merge (`muster run --shard K/N`, `muster compare --shard K/N`,
//! `muster merge`): for several N, the shards of a run or a comparison,
//! played as separate processes in parallel and merged, give every output
//! file of the single run or comparison byte for byte; and merge refuses
//! shards that do not make up one run.

use std::path::{Path, PathBuf};
use std::process::Command;

fn muster() -> Command {
    Command::new(env!("CARGO_BIN_EXE_muster"))
}

fn run(scenario: Option<&str>, battles: u64, shard: Option<(u64, u64)>, out: &Path) {
    let mut c = muster();
    c.arg("run");
    if let Some(s) = scenario {
        c.arg(s);
    }
    c.args([
        "--battles",
        &battles.to_string(),
        "--quiet",
        "--threads",
        "1",
    ]);
    if let Some((k, n)) = shard {
        c.args(["--shard", &format!("{k}/{n}")]);
    }
    let status = c.arg("--out").arg(out).output().unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
}

/// Every file of `a` equals the same file of `b` (folders such as
/// `charts/` compared the same way), and both hold the same names.
fn same_files(a: &Path, b: &Path) {
    let names = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(a), names(b));
    for n in names(a) {
        if a.join(&n).is_dir() {
            same_files(&a.join(&n), &b.join(&n));
            continue;
        }
        assert_eq!(
            std::fs::read(a.join(&n)).unwrap(),
            std::fs::read(b.join(&n)).unwrap(),
            "{n} differs"
        );
    }
}

fn shard_and_merge(scenario: Option<&str>, battles: u64, n: u64, dir: &Path) -> PathBuf {
    // The shards run as separate processes at the same time.
    let handles: Vec<_> = (0..n)
        .map(|k| {
            let out = dir.join(format!("shard{k}"));
            let scenario = scenario.map(str::to_string);
            std::thread::spawn(move || run(scenario.as_deref(), battles, Some((k, n)), &out))
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let merged = dir.join("merged");
    // Shards given in reverse order: the order does not matter.
    let mut c = muster();
    c.arg("merge");
    for k in (0..n).rev() {
        c.arg(dir.join(format!("shard{k}")));
    }
    let out = c.arg("--out").arg(&merged).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    merged
}

#[test]
fn merged_shards_equal_the_single_run_byte_for_byte() {
    let tmp = tempfile::tempdir().unwrap();
    let single = tmp.path().join("single");
    run(None, 700, None, &single);
    for n in [1, 2, 3, 7] {
        let dir = tmp.path().join(format!("n{n}"));
        let merged = shard_and_merge(None, 700, n, &dir);
        same_files(&single, &merged);
    }
    // States of Battle: with its own tables (mc_flow.csv, cards.csv) and triggers.
    let sob = "scenarios/states_of_battle/relief_column.toml";
    let single = tmp.path().join("sob_single");
    run(Some(sob), 300, None, &single);
    let merged = shard_and_merge(Some(sob), 300, 4, &tmp.path().join("sob"));
    same_files(&single, &merged);
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    run(None, 200, Some((0, 2)), &d.join("a0"));
    run(None, 200, Some((1, 2)), &d.join("a1"));
    run(None, 300, Some((1, 2)), &d.join("other"));
    let merge = |dirs: &[&str]| {
        let mut c = muster();
        c.arg("merge");
        for x in dirs {
            c.arg(d.join(x));
        }
        let out = c.arg("--out").arg(d.join("m")).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(merge(&["a0"]).contains("missing shard(s): 1/2"));
    assert!(merge(&["a0", "a0", "a1"]).contains("given twice"));
    assert!(merge(&["a0", "other"]).contains("another run"));
    assert!(merge(&["."]).contains("shard.json"));
    assert!(!d.join("m").exists(), "no output is written");
    let bad = muster().args(["run", "--shard", "2/2"]).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("0 <= K < N"));
}

/// The shipped Slurm scripts, run as Slurm would run them (one process per
/// array task, in parallel, then the merge), give the single run's files.
#[test]
fn the_slurm_job_scripts_shard_and_merge_a_run() {
    let tmp = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_muster");
    let sob = "scenarios/states_of_battle/gunline.toml";
    let single = tmp.path().join("single");
    run(Some(sob), 240, None, &single);
    let out = tmp.path().join("slurm");
    let env = |c: &mut Command| {
        c.env("SCENARIO", sob)
            .env("BATTLES", "240")
            .env("SHARDS", "3")
            .env("OUT", &out)
            .env("MUSTER", bin);
    };
    let tasks: Vec<_> = (0..3)
        .map(|k| {
            let mut c = Command::new("bash");
            c.arg("deploy/slurm/muster-shards.sbatch")
                .env("SLURM_ARRAY_TASK_ID", k.to_string());
            env(&mut c);
            c.spawn().unwrap()
        })
        .collect();
    for t in tasks {
        assert!(t.wait_with_output().unwrap().status.success());
    }
    let mut merge = Command::new("bash");
    merge.arg("deploy/slurm/muster-merge.sbatch");
    env(&mut merge);
    assert!(merge.output().unwrap().status.success());
    same_files(&single, &out.join("merged"));
}

/// Every file under `a` (recursively) equals the same file under `b`.
fn same_trees(a: &Path, b: &Path) {
    let names = |d: &Path| {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().path().strip_prefix(d).unwrap().to_path_buf())
            .collect();
        v.sort();
        v
    };
    let (na, nb) = (names(a), names(b));
    assert_eq!(na, nb, "{} and {}", a.display(), b.display());
    for n in na {
        if a.join(&n).is_dir() {
            same_trees(&a.join(&n), &b.join(&n));
        } else {
            assert_eq!(
                std::fs::read(a.join(&n)).unwrap(),
                std::fs::read(b.join(&n)).unwrap(),
                "{} differs",
                n.display()
            );
        }
    }
}

/// `muster compare` (or `sweep` when `sweep`) of the same small study.
fn study(sweep: bool, extra: &[&str], out: &Path) {
    let grid: &[&str] = if sweep {
        &[
            "sweep",
            "scenarios/states_of_battle/heroes_and_monster.toml",
            "--grid",
            "side.Humans.mc_adjust=-1..1:1",
            "--grid",
            "side.Orcs.gd=8,10",
        ]
    } else {
        &[
            "compare",
            "scenarios/states_of_battle/heroes_and_monster.toml",
            "--vary",
            "side.Humans.mc_adjust=0,1,-1",
        ]
    };
    let o = muster()
        .args(grid)
        .args(["--battles", "601", "--quiet"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `compare --shard K/N` for N = 1 and 3 and `sweep --shard K/N` for
/// N = 2, the shards run in parallel and merged: every file of the single
/// study, byte for byte (the report's command is the study's own with the
/// merge's `--out`).
#[test]
fn merged_study_shards_equal_the_single_study() {
    let tmp = tempfile::tempdir().unwrap();
    for (sweep, n) in [(false, 1u64), (false, 3), (true, 2)] {
        let dir = tmp
            .path()
            .join(format!("{}{n}", if sweep { "s" } else { "n" }));
        let single = dir.join("merged");
        let handles: Vec<_> = (0..n)
            .map(|k| {
                let out = dir.join(format!("shard{k}"));
                std::thread::spawn(move || {
                    study(sweep, &["--shard", &format!("{k}/{n}")], &out);
                    out
                })
            })
            .collect();
        let shards: Vec<PathBuf> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        // Merged in reverse order: the order does not matter.
        let merged = dir.join("from-shards");
        let o = muster()
            .arg("merge")
            .args(shards.iter().rev())
            .arg("--out")
            .arg(&merged)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // The single comparison writes into a folder of the same name (its
        // report names its command, `--out` included), then moves aside.
        std::fs::rename(&merged, dir.join("keep")).unwrap();
        study(sweep, &[], &merged);
        std::fs::rename(&merged, &single).unwrap();
        std::fs::rename(dir.join("keep"), &merged).unwrap();
        same_trees(&single, &merged);
    }
    // A missing shard is refused by name.
    let dir = tmp.path().join("n3");
    let o = muster()
        .arg("merge")
        .arg(dir.join("shard0"))
        .arg(dir.join("shard2"))
        .arg("--out")
        .arg(tmp.path().join("bad"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing shard(s): 1/3"));
}
