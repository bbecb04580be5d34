//! The user's own files in an output folder are never moved or deleted:
//! a folder holding files muster did not write is refused without
//! `--force` (whatever their names: CSVs, charts/, report.html, variants/,
//! doctrines/), and with `--force` they are kept byte for byte, under an
//! injected error at every file-system call of the write-out and a
//! SIGKILL before each; a later command finds the folder whole or marked
//! incomplete, and completes it. Stale outputs of an earlier run go; two
//! writers on one folder are refused; odd `--out` paths get clear answers.

use super::outputs::{leftovers, muster, ok, run_to, same_tree, signal, snapshot, text, wait_for};
use std::collections::BTreeSet;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Output;

/// Writes an author's own files into `dir`: CSVs, a chart folder, a
/// report, variant and doctrine files (with `report`: a report.html too,
/// a name muster writes).
fn users_files(dir: &Path, report: bool) {
    let files = [
        ("budget.csv", "unit,points\ntroll,400\n"),
        ("data.csv", "a,b\n1,2\n"),
        ("charts/mine.svg", "<svg/>"),
        ("variants/v1.toml", "name = \"mine\"\n"),
        ("doctrines/mine.toml", "movement = \"hold\"\n"),
        ("notes/plan.txt", "ask the group\n"),
    ];
    for (name, body) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    if report {
        std::fs::write(dir.join("report.html"), "<p>my own report</p>").unwrap();
    }
}

/// The user's files of [`users_files`] are all there, byte for byte.
fn users_files_kept(dir: &Path, saved: &Path) {
    for f in files(saved) {
        assert_eq!(
            std::fs::read(dir.join(&f)).ok(),
            std::fs::read(saved.join(&f)).ok(),
            "{f} lost or changed in {}",
            dir.display()
        );
    }
}

/// Every file below `dir`, relative.
fn files(dir: &Path) -> BTreeSet<String> {
    let all = super::support::tree(dir).into_keys();
    all.map(|p| p.to_string_lossy().into_owned()).collect()
}

/// The record muster keeps in `dir`: (complete, files).
fn record(dir: &Path) -> (bool, BTreeSet<String>) {
    let text = text(&dir.join(".muster-owned.json"));
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let listed = v["files"].as_array().unwrap();
    let listed = listed.iter().map(|f| f.as_str().unwrap().to_string());
    (v["complete"].as_bool().unwrap(), listed.collect())
}

/// `dir` holds the user's files of `saved` and muster's files, every one
/// of which its record lists; when `whole`, the record is complete and
/// lists exactly the files muster's are.
fn sound(dir: &Path, saved: &Path, whole: bool) {
    users_files_kept(dir, saved);
    let (complete, listed) = record(dir);
    let theirs = files(saved);
    let mine: BTreeSet<String> = files(dir)
        .into_iter()
        .filter(|f| !theirs.contains(f) && !f.starts_with(".muster-"))
        .collect();
    assert!(
        mine.is_subset(&listed),
        "unlisted: {:?}",
        mine.difference(&listed)
    );
    if whole {
        assert!(complete, "{} incomplete", dir.display());
        assert_eq!(mine, listed);
        assert!(dir.join("run.toml").is_file());
    }
}

fn refused(out: &Output, naming: &str) {
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(why.contains("--force"), "{why}");
    assert!(why.contains(naming), "{why}");
}

fn compare_to(out: &Path, extra: &[&str]) -> Output {
    muster()
        .args([
            "compare",
            super::outputs::FAST,
            "--vary",
            "options.fear_radius=2,3",
        ])
        .args(["--battles", "60", "--quiet"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn a_folder_of_the_users_files_is_refused_and_left_as_it_was() {
    let tmp = tempfile::tempdir().unwrap();
    let (s0, s1) = (tmp.path().join("s0"), tmp.path().join("s1"));
    ok(&run_to(&s0, &["--battles", "100", "--shard", "0/2"]));
    ok(&run_to(&s1, &["--battles", "100", "--shard", "1/2"]));
    let mydata = tmp.path().join("mydata");
    users_files(&mydata, true);
    let saved = tmp.path().join("saved");
    snapshot(&mydata, &saved);
    refused(&run_to(&mydata, &["--battles", "50"]), "budget.csv");
    refused(&compare_to(&mydata, &[]), "variants/");
    let merge = muster()
        .arg("merge")
        .args([&s0, &s1])
        .arg("--out")
        .arg(&mydata)
        .output()
        .unwrap();
    refused(&merge, "report.html");
    same_tree(&mydata, &saved);
    assert!(leftovers(&mydata).is_empty(), "{:?}", leftovers(&mydata));
}

#[test]
fn with_force_the_users_files_are_kept_and_stale_outputs_go() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    users_files(&out, false);
    let saved = tmp.path().join("saved");
    snapshot(&out, &saved);
    // A States of Battle run, then an Armies run: the card tables go.
    let sob = muster()
        .args(["run", "--battles", "40", "--quiet", "--force", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    ok(&sob);
    assert!(out.join("cards.csv").is_file());
    sound(&out, &saved, true);
    let armies = "scenarios/armies/open_field.toml";
    let next = ["run", armies, "--battles", "30", "--quiet", "--force"];
    ok(&muster().args(next).arg("--out").arg(&out).output().unwrap());
    assert!(!out.join("cards.csv").exists());
    assert!(!out.join("mc_flow.csv").exists());
    sound(&out, &saved, true);
    // Without a report, the earlier report and charts go too (the user's
    // chart stays).
    let no_report = muster()
        .args(next)
        .args(["--no-report", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    ok(&no_report);
    assert!(!out.join("report.html").exists());
    assert!(out.join("charts/mine.svg").is_file());
    sound(&out, &saved, true);
    // Another command's folder: its files are kept as well.
    ok(&compare_to(&out, &["--force"]));
    users_files_kept(&out, &saved);
    assert!(out.join("run.toml").is_file());
    assert!(out.join("compare.csv").is_file());
    // Without --force, a folder muster wrote whole is simply replaced.
    let own = tmp.path().join("own");
    ok(&run_to(&own, &["--battles", "50"]));
    ok(&run_to(&own, &["--battles", "60", "--no-report"]));
    assert!(!own.join("report.html").exists());
    assert!(text(&own.join("run.toml")).contains("battles = 60"));
}

/// Runs `run --force` into `out` with the fault hook `hook` set to each
/// step in turn, until a run no longer reaches the step; `check` looks at
/// the folder after each. Returns the number of steps.
fn every_step(out: &Path, hook: &str, check: impl Fn(&Output)) -> u64 {
    for k in 1..500u64 {
        let value = match hook {
            "MUSTER_TEST_FS_FAULT" => format!("{k}:5"),
            _ => k.to_string(),
        };
        let done = muster()
            .args(["run", super::outputs::FAST, "--quiet", "--force"])
            .args(["--battles", &(50 + k).to_string(), "--out"])
            .arg(out)
            .env(hook, value)
            .output()
            .unwrap();
        let hit = match hook {
            "MUSTER_TEST_FS_FAULT" => String::from_utf8_lossy(&done.stderr).contains("os error 5"),
            _ => done.status.signal() == Some(libc::SIGKILL),
        };
        if !hit {
            ok(&done);
            return k - 1;
        }
        check(&done);
    }
    panic!("the write-out never ended");
}

#[test]
fn no_error_and_no_kill_during_the_write_out_loses_a_file() {
    let tmp = tempfile::tempdir().unwrap();
    for (mode, users) in [("mixed", true), ("own", false)] {
        let out = tmp.path().join(mode);
        let saved = tmp.path().join(format!("{mode}-saved"));
        std::fs::create_dir_all(&saved).unwrap();
        if users {
            users_files(&out, false);
            snapshot(&out, &saved);
        }
        ok(&run_to(&out, &["--battles", "40", "--force"]));
        for hook in ["MUSTER_TEST_FS_FAULT", "MUSTER_TEST_FS_KILL"] {
            let steps = every_step(&out, hook, |failed| {
                // An error before the new output is in place fails the
                // command; one after it (clearing the old) is a note.
                if hook == "MUSTER_TEST_FS_FAULT" {
                    assert!(matches!(failed.status.code(), Some(0 | 2)), "{failed:?}");
                }
                // Whole where the folder is muster's alone (the swap is
                // one atomic exchange); in a mixed folder, every muster
                // file listed, and the next run completes it.
                sound(&out, &saved, !users);
                let again = run_to(&out, &["--battles", "40", "--force"]);
                ok(&again);
                let said = String::from_utf8_lossy(&again.stderr);
                assert!(!said.contains("did not write"), "{said}");
                sound(&out, &saved, true);
                assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));
            });
            assert!(steps >= 1, "{mode} {hook}: no step");
        }
    }
}

#[test]
fn a_folder_left_half_written_is_said_so_and_completed() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    users_files(&out, false);
    let saved = tmp.path().join("saved");
    snapshot(&out, &saved);
    ok(&run_to(&out, &["--battles", "40", "--force"]));
    // Killed after the incomplete record and the first renames.
    let cut = muster()
        .args(["run", super::outputs::FAST, "--quiet", "--force"])
        .args(["--battles", "47", "--out"])
        .arg(&out)
        .env("MUSTER_TEST_FS_KILL", "4")
        .output()
        .unwrap();
    assert_eq!(cut.status.signal(), Some(libc::SIGKILL));
    assert!(!record(&out).0, "the record should say incomplete");
    let report = muster().arg("report").arg(&out).output().unwrap();
    assert_eq!(report.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&report.stderr).contains("half-written"));
    ok(&run_to(&out, &["--battles", "40", "--force"]));
    sound(&out, &saved, true);
}

/// A run into `out` that writes a checkpoint after its first chunk and
/// then holds until it is killed (the test hook).
fn held_run(out: &Path) -> std::process::Command {
    let mut run = muster();
    run.args([
        "run",
        super::outputs::FAST,
        "--quiet",
        "--battles",
        "100000",
    ])
    .arg("--out")
    .arg(out)
    .env("MUSTER_TEST_CHECKPOINT_HOLD", "1");
    run
}

#[test]
fn a_second_writer_is_refused_while_the_first_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut first = held_run(&out).spawn().unwrap();
    wait_for(&out.join("run.toml"), &mut first);
    let before = tmp.path().join("before");
    snapshot(&out, &before);
    for second in [
        run_to(&out, &["--battles", "50"]),
        run_to(&out, &["--battles", "50", "--force"]),
        muster().arg("report").arg(&out).output().unwrap(),
        muster()
            .args(["run", "--resume"])
            .arg(&out)
            .output()
            .unwrap(),
    ] {
        assert_eq!(second.status.code(), Some(2));
        let why = String::from_utf8_lossy(&second.stderr);
        assert!(why.contains("is being written by"), "{why}");
        assert!(why.contains(&format!("process {}", first.id())), "{why}");
    }
    same_tree(&out, &before);
    signal(&first, libc::SIGKILL);
    first.wait().unwrap();
    // The lock goes with its holder.
    ok(&run_to(&out, &["--battles", "50"]));
}

#[test]
fn odd_out_paths_get_clear_answers() {
    let tmp = tempfile::tempdir().unwrap();
    // A link leading nowhere is not "a file".
    let dangling = tmp.path().join("dangling");
    std::os::unix::fs::symlink(tmp.path().join("nowhere"), &dangling).unwrap();
    let out = run_to(&dangling, &["--battles", "20"]);
    assert_eq!(out.status.code(), Some(2));
    let why = String::from_utf8_lossy(&out.stderr);
    assert!(why.contains("symbolic link that leads nowhere"), "{why}");
    // A name of 250 characters, written twice.
    let long = tmp.path().join("n".repeat(250));
    ok(&run_to(&long, &["--battles", "20"]));
    ok(&run_to(&long, &["--battles", "30"]));
    assert!(text(&long.join("run.toml")).contains("battles = 30"));
    assert!(leftovers(&long).is_empty());
}

#[test]
fn a_failed_checkpoint_is_said_once_and_names_the_output_folder() {
    use std::io::BufRead;
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let mut child = held_run(&out)
        .env("MUSTER_TEST_FAIL_WRITE", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let warning = stderr
        .lines()
        .map(Result::unwrap)
        .find(|l| l.starts_with("warning: a checkpoint"))
        .expect("a checkpoint warning");
    signal(&child, libc::SIGKILL);
    child.wait().unwrap();
    assert_eq!(warning.matches("os error 28").count(), 1, "{warning}");
    assert!(!warning.contains(".muster-staging-"), "{warning}");
    assert!(warning.contains(&out.display().to_string()), "{warning}");
}

/// Mounts `from` on `on` (a bind mount, read-only when `ro`); false where
/// this process may not mount (not root), and the test says it skipped.
fn bind(from: &Path, on: &Path, ro: bool) -> bool {
    let mount = |args: &[&str]| {
        std::process::Command::new("mount")
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let (f, o) = (from.to_str().unwrap(), on.to_str().unwrap());
    if !mount(&["--bind", f, o]) {
        eprintln!("skipped: cannot bind-mount here (needs root)");
        return false;
    }
    if ro && !mount(&["-o", "remount,bind,ro", o]) {
        unmount(on);
        eprintln!("skipped: cannot remount read-only here");
        return false;
    }
    true
}

fn unmount(on: &Path) {
    let _ = std::process::Command::new("umount").arg(on).output();
}

#[test]
fn mount_points_are_written_in_place_and_a_read_only_folder_is_refused_first() {
    let tmp = tempfile::tempdir().unwrap();
    let (src, vol) = (tmp.path().join("src"), tmp.path().join("vol"));
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&vol).unwrap();
    users_files(&src, false);
    let saved = tmp.path().join("saved");
    snapshot(&src, &saved);
    // A volume's root, as a container sees it: it cannot be renamed.
    if !bind(&src, &vol, false) {
        return;
    }
    let written = run_to(&vol, &["--battles", "30", "--force"]);
    let again = run_to(&vol, &["--battles", "31", "--force"]);
    unmount(&vol);
    ok(&written);
    ok(&again);
    sound(&src, &saved, true);
    // A mount point inside the folder is one of the user's entries.
    let out = tmp.path().join("out");
    ok(&run_to(&out, &["--battles", "30"]));
    let inner = out.join("data");
    std::fs::create_dir(&inner).unwrap();
    assert!(bind(&src, &inner, false));
    let forced = run_to(&out, &["--battles", "32", "--force"]);
    let kept = files(&inner);
    unmount(&inner);
    ok(&forced);
    assert!(kept.contains("budget.csv"), "{kept:?}");
    users_files_kept(&src, &saved);
    // Read-only: refused before any battle, nothing written.
    let ro = tmp.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    assert!(bind(&src, &ro, true));
    let refused = run_to(&ro, &["--battles", "1000000", "--force"]);
    unmount(&ro);
    assert_eq!(refused.status.code(), Some(2));
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("Read-only file system"), "{why}");
    assert!(!why.contains(".muster-"), "{why}");
    assert!(refused.stdout.is_empty(), "played before refusing");
    sound(&src, &saved, true);
}
