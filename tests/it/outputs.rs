//! Outputs whole or absent, signals and long jobs: SIGTERM and SIGHUP stop
//! a run with a whole folder marked partial; a run killed (SIGKILL) right
//! after a checkpoint leaves a whole partial folder that `run --resume`
//! completes byte for byte as an uninterrupted run (and a shard likewise);
//! a write failure in the middle of a write-out leaves the previous output
//! as it was and no staging folder; stale staging and temporaries are
//! cleaned; a folder of another command is refused without `--force`; a
//! closed pipe ends the process quietly; `--threads` is bounded.
//! No assertion depends on wall-clock time: the tests wait for files to
//! appear (with a generous limit) and act on what they see.

use std::path::Path;
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

pub(super) const FAST: &str = "scenarios/means_war/pikemen_vs_swordsmen.toml";

pub(super) fn muster() -> Command {
    Command::new(env!("CARGO_BIN_EXE_muster"))
}

pub(super) fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "exit {:?}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

pub(super) fn run_to(out: &Path, extra: &[&str]) -> Output {
    muster()
        .args(["run", FAST, "--quiet", "--threads", "2"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Every file under `a` equals the same file under `b`, and both hold the
/// same names (recursively).
pub(super) fn same_tree(a: &Path, b: &Path) {
    let names = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(a), names(b), "{} vs {}", a.display(), b.display());
    for n in names(a) {
        let (x, y) = (a.join(&n), b.join(&n));
        if x.is_dir() {
            same_tree(&x, &y);
        } else {
            assert_eq!(
                std::fs::read(&x).unwrap(),
                std::fs::read(&y).unwrap(),
                "{} differs",
                x.display()
            );
        }
    }
}

/// A copy of the folder tree `from` at `to`.
pub(super) fn snapshot(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            snapshot(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// The hidden entries muster left beside `out` (staging or set-aside
/// folders); a killed command's lock file, which the system released and
/// the next command takes over, is not one.
pub(super) fn leftovers(out: &Path) -> Vec<String> {
    let name = out.file_name().unwrap().to_string_lossy().to_string();
    std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(&format!(".{name}.muster-")) && !n.ends_with("-lock"))
        .collect()
}

/// Waits until `path` exists (the child is still running), or fails after
/// a limit far above what the test needs.
pub(super) fn wait_for(path: &Path, child: &mut Child) {
    let limit = Instant::now() + Duration::from_secs(300);
    while !path.exists() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("muster ended ({status}) before {} appeared", path.display());
        }
        assert!(Instant::now() < limit, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub(super) fn signal(child: &Child, sig: i32) {
    // SAFETY: sends a signal to our own child process.
    let r = unsafe { libc::kill(child.id() as libc::pid_t, sig) };
    assert_eq!(r, 0);
}

pub(super) fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn sigterm_and_sighup_stop_a_run_with_a_whole_partial_folder() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, sig) in [("term", libc::SIGTERM), ("hup", libc::SIGHUP)] {
        let out = tmp.path().join(name);
        // Far more battles than the test waits for; the first checkpoint
        // (after a second) shows that battles are being played.
        let mut child = muster()
            .args(["run", FAST, "--battles", "1000000000", "--quiet"])
            .args(["--threads", "2", "--checkpoint", "1", "--out"])
            .arg(&out)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        wait_for(&out.join("resume.json"), &mut child);
        signal(&child, sig);
        let done = child.wait_with_output().unwrap();
        assert_eq!(
            done.status.code(),
            Some(130),
            "{name}: {}",
            String::from_utf8_lossy(&done.stderr)
        );
        let stdout = String::from_utf8_lossy(&done.stdout);
        assert!(stdout.contains("PARTIAL: interrupted"), "{stdout}");
        let run = text(&out.join("run.toml"));
        assert!(run.contains("partial = true"), "{run}");
        assert!(run.contains("interrupted: only the first"), "{run}");
        for f in ["summary.csv", "rounds.csv", "units.csv", "resume.json"] {
            assert!(out.join(f).is_file(), "{name}: {f} missing");
        }
        assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));
    }
}

/// Starts a run that writes a checkpoint after its first chunk and then
/// waits to be killed; kills it (SIGKILL) once the checkpoint is there.
pub(super) fn killed_after_checkpoint(out: &Path, extra: &[&str]) {
    let mut child = muster()
        .args(["run", FAST, "--quiet", "--threads", "2"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .env("MUSTER_TEST_CHECKPOINT_HOLD", "1")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    wait_for(&out.join("resume.json"), &mut child);
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_run_killed_after_a_checkpoint_resumes_to_the_uninterrupted_output() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, extra) in [
        ("run", vec!["--battles", "3000"]),
        ("shard", vec!["--battles", "5000", "--shard", "1/2"]),
        // Batches of 500 until +/-0.02: several batches, cut in the first.
        (
            "precision",
            vec![
                "--battles",
                "500",
                "--precision",
                "0.02",
                "--max-battles",
                "20000",
            ],
        ),
    ] {
        let killed = tmp.path().join(format!("{name}-killed"));
        killed_after_checkpoint(&killed, &extra);
        // What the kill left is whole: a partial run.toml with its CSVs.
        let run = text(&killed.join("run.toml"));
        assert!(run.contains("partial = true"), "{run}");
        assert!(run.contains("checkpoint of a run still playing"), "{run}");
        assert!(killed.join("summary.csv").is_file());
        assert!(leftovers(&killed).is_empty(), "{:?}", leftovers(&killed));
        // A copy whose run.toml is edited afterwards does not resume.
        let edited = tmp.path().join(format!("{name}-edited"));
        std::fs::create_dir(&edited).unwrap();
        for e in std::fs::read_dir(&killed).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), edited.join(e.file_name())).unwrap();
        }
        std::fs::write(edited.join("run.toml"), run.replace("seed = 1", "seed = 2")).unwrap();
        let refused = muster()
            .arg("run")
            .arg("--resume")
            .arg(&edited)
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2));
        let why = String::from_utf8_lossy(&refused.stderr);
        assert!(why.contains("run.toml changed"), "{why}");

        let resumed = muster()
            .args(["run", "--quiet", "--threads", "2", "--resume"])
            .arg(&killed)
            .output()
            .unwrap();
        ok(&resumed);
        let whole = tmp.path().join(format!("{name}-whole"));
        ok(&run_to(&whole, &extra));
        same_tree(&killed, &whole);
        assert!(!killed.join("resume.json").exists());

        // A complete run has nothing to resume.
        let again = muster()
            .arg("run")
            .arg("--resume")
            .arg(&killed)
            .output()
            .unwrap();
        assert_eq!(again.status.code(), Some(2));
        let why = String::from_utf8_lossy(&again.stderr);
        assert!(why.contains("complete run"), "{why}");
    }
}

#[test]
fn a_failed_write_out_leaves_the_previous_output_and_no_staging() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&run_to(&out, &["--battles", "300"]));
    let before = tmp.path().join("before");
    snapshot(&out, &before);
    // A run of other battles into the same folder, failing at each of its
    // file writes in turn (summary, rounds, units, run.toml, resume.json).
    for k in 1..=4 {
        let failed = muster()
            .args(["run", FAST, "--quiet", "--battles", "500", "--out"])
            .arg(&out)
            .env("MUSTER_TEST_FAIL_WRITE", k.to_string())
            .output()
            .unwrap();
        assert_eq!(failed.status.code(), Some(2), "write {k}");
        let err = String::from_utf8_lossy(&failed.stderr);
        assert_eq!(err.matches("os error 28").count(), 1, "{err}");
        assert!(err.contains("hint: no space left on device"), "{err}");
        assert!(!err.contains(".muster-staging-"), "{err}");
        same_tree(&out, &before);
        assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));
    }
    // The same for a comparison's variant folders.
    let cmp = tmp.path().join("cmp");
    let compare = |out: &Path, battles: &str, fail: Option<u32>| {
        let mut c = muster();
        c.args(["compare", FAST, "--vary", "options.fear_radius=2,3"])
            .args(["--battles", battles, "--quiet", "--out"])
            .arg(out);
        if let Some(k) = fail {
            c.env("MUSTER_TEST_FAIL_WRITE", k.to_string());
        }
        c.output().unwrap()
    };
    ok(&compare(&cmp, "200", None));
    let cmp_before = tmp.path().join("cmp-before");
    snapshot(&cmp, &cmp_before);
    for k in [2, 6, 9] {
        let failed = compare(&cmp, "300", Some(k));
        assert_eq!(failed.status.code(), Some(2), "write {k}");
        same_tree(&cmp, &cmp_before);
        assert!(leftovers(&cmp).is_empty());
    }
}

#[test]
fn stale_staging_and_temporaries_are_cleaned() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&run_to(&out, &["--battles", "300"]));
    // What a killed run leaves: a staging folder beside (of a process that
    // no longer exists) and a torn temporary inside.
    let stale = tmp.path().join(".out.muster-staging-999999999-0");
    std::fs::create_dir(&stale).unwrap();
    std::fs::write(stale.join("summary.csv"), "torn").unwrap();
    std::fs::write(out.join(".muster-AbC123.tmp"), "torn").unwrap();
    ok(&run_to(&out, &["--battles", "300"]));
    assert!(!stale.exists());
    assert!(!out.join(".muster-AbC123.tmp").exists());
    assert!(leftovers(&out).is_empty());
}

#[test]
fn another_commands_folder_is_refused_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let cmp = tmp.path().join("cmp");
    ok(&muster()
        .args(["compare", FAST, "--vary", "options.fear_radius=2,3"])
        .args(["--battles", "100", "--quiet", "--out"])
        .arg(&cmp)
        .output()
        .unwrap());
    let refused = run_to(&cmp, &["--battles", "100"]);
    assert_eq!(refused.status.code(), Some(2));
    let why = String::from_utf8_lossy(&refused.stderr);
    assert!(why.contains("--force"), "{why}");
    assert!(why.contains("muster compare"), "{why}");
    assert!(!cmp.join("run.toml").exists());
    // A run folder given to compare, likewise.
    let run = tmp.path().join("run");
    ok(&run_to(&run, &["--battles", "100"]));
    let refused = muster()
        .args(["compare", FAST, "--vary", "options.fear_radius=2,3"])
        .args(["--battles", "100", "--quiet", "--out"])
        .arg(&run)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(!run.join("analysis.toml").exists());
    // With --force, the run is written and the comparison's files kept.
    ok(&run_to(&cmp, &["--battles", "100", "--force"]));
    for f in [
        "run.toml",
        "summary.csv",
        "analysis.toml",
        "compare.csv",
        "report.html",
    ] {
        assert!(cmp.join(f).exists(), "{f}");
    }
    // A merge into an earlier shard's folder leaves no stale shard.json.
    let (s0, s1, s2) = (
        tmp.path().join("s0"),
        tmp.path().join("s1"),
        tmp.path().join("s2"),
    );
    ok(&run_to(&s0, &["--battles", "400", "--shard", "0/2"]));
    ok(&run_to(&s1, &["--battles", "400", "--shard", "1/2"]));
    ok(&run_to(&s2, &["--battles", "400", "--shard", "0/2"]));
    ok(&muster()
        .arg("merge")
        .arg(&s0)
        .arg(&s1)
        .arg("--out")
        .arg(&s2)
        .output()
        .unwrap());
    assert!(!s2.join("shard.json").exists());
    let merged = text(&s2.join("run.toml"));
    assert!(merged.contains("battles_played = 400"), "{merged}");
}

/// Runs muster with `args`, its stdout or stderr (`which`) a pipe whose
/// reading end is already closed.
fn with_closed_pipe(args: &[&str], stderr: bool) -> std::process::ExitStatus {
    use std::os::fd::{FromRawFd, OwnedFd};
    let mut fds = [0; 2];
    // SAFETY: pipe fills two descriptors we own from here on.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: fds[0] and fds[1] are open descriptors nobody else owns.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    let mut c = muster();
    c.args(args);
    if stderr {
        c.stderr(std::process::Stdio::from(write));
        c.stdout(std::process::Stdio::null());
    } else {
        c.stdout(std::process::Stdio::from(write));
    }
    c.status().unwrap()
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    for (args, stderr) in [
        (&["check", "tests/data/does-not-exist.toml"][..], true),
        (&["rules", "armies"][..], false),
        (
            &[
                "run",
                FAST,
                "--battles",
                "300",
                "--quiet",
                "--out",
                "/dev/null/x",
            ][..],
            true,
        ),
    ] {
        let status = with_closed_pipe(args, stderr);
        // A panic exits 101, SIGPIPE would kill a run before it writes;
        // the text is dropped and the command ends with its own code.
        assert_eq!(status.signal(), None, "{args:?}: {status}");
        let expected = if args[0] == "rules" { 0 } else { 2 };
        assert_eq!(status.code(), Some(expected), "{args:?}: {status}");
    }
}

#[test]
fn threads_are_bounded() {
    for (threads, says) in [("5000", "limit of 1024"), ("0", "at least 1")] {
        for cmd in [
            vec!["run", FAST, "--battles", "10"],
            vec![
                "compare",
                FAST,
                "--vary",
                "options.fear_radius=2,3",
                "--battles",
                "10",
            ],
        ] {
            let out = muster()
                .args(&cmd)
                .args([
                    "--quiet",
                    "--threads",
                    threads,
                    "--out",
                    "/nonexistent/never",
                ])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2));
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(err.contains("--threads") && err.contains(says), "{err}");
        }
    }
    // The limit itself is accepted.
    let tmp = tempfile::tempdir().unwrap();
    ok(&muster()
        .args([
            "run",
            FAST,
            "--battles",
            "10",
            "--quiet",
            "--threads",
            "1024",
            "--out",
        ])
        .arg(tmp.path().join("o"))
        .output()
        .unwrap());
}

#[test]
fn sigterm_stops_fairness_and_decks_with_exit_130() {
    let tmp = tempfile::tempdir().unwrap();
    let fairness = [
        "fairness",
        "scenarios/states_of_battle/fairness/line_units.toml",
        "--battles",
        "100000",
    ];
    let decks = [
        "decks",
        "scenarios/states_of_battle/heroes_and_monster.toml",
        "--first-round",
        "100000",
    ];
    // Far more battles than the test waits for, stopped (usually) in
    // set-up and in play: either way the command says it was interrupted,
    // exits 130 within seconds and leaves no staging behind.
    let jobs: [(&str, Vec<&str>, u64); 4] = [
        (
            "fairness-setup",
            [&fairness[..], &["--matchups", "300"]].concat(),
            1000,
        ),
        (
            "fairness-play",
            [&fairness[..], &["--matchups", "20"]].concat(),
            3000,
        ),
        ("decks-setup", decks.to_vec(), 500),
        ("decks-play", decks.to_vec(), 8000),
    ];
    for (name, args, wait) in jobs {
        let out = tmp.path().join(name);
        let child = muster()
            .args(&args)
            .args(["--quiet", "--threads", "2", "--out"])
            .arg(&out)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait));
        signal(&child, libc::SIGTERM);
        let stopping = Instant::now();
        let done = child.wait_with_output().unwrap();
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&done.stdout),
            String::from_utf8_lossy(&done.stderr)
        );
        assert_eq!(done.status.code(), Some(130), "{name}: {said}");
        assert!(
            stopping.elapsed() < Duration::from_secs(10),
            "{name}: slow stop"
        );
        assert!(
            said.to_lowercase().contains("interrupted"),
            "{name}: {said}"
        );
        assert!(!said.contains("panicked"), "{name}: {said}");
        if out.exists() {
            assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));
        }
    }
}

#[test]
fn a_seed_above_i64_max_round_trips_through_run_toml() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    ok(&run_to(
        &a,
        &["--battles", "20", "--seed", "18446744073709551615"],
    ));
    let run = text(&a.join("run.toml"));
    assert!(run.contains("seed = \"18446744073709551615\""), "{run}");
    ok(&muster()
        .arg("run")
        .arg(a.join("run.toml"))
        .args(["--quiet", "--out"])
        .arg(&b)
        .output()
        .unwrap());
    same_tree(&a, &b);
}

#[test]
fn report_on_a_damaged_csv_says_which_file_and_why() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    ok(&run_to(&out, &["--battles", "20"]));
    let rounds = text(&out.join("rounds.csv"));
    let cases = [
        (
            "rounds.csv",
            rounds[..100].to_string(),
            "cannot read this CSV file at line 2",
        ),
        (
            "summary.csv",
            "garbage,x\n1,2\n".to_string(),
            "has no column side, battles",
        ),
    ];
    for (file, damaged, says) in cases {
        let good = text(&out.join(file));
        std::fs::write(out.join(file), damaged).unwrap();
        let report = muster().arg("report").arg(&out).output().unwrap();
        assert_eq!(report.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&report.stderr);
        assert!(err.contains(file) && err.contains(says), "{err}");
        assert!(
            err.contains("damaged") && !err.contains("cannot write"),
            "{err}"
        );
        std::fs::write(out.join(file), good).unwrap();
    }
}
