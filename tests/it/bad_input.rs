//! Bad input: each malformed file gives exit 2 and the expected message,
//! with file:line:column, and nothing panics.

use std::path::Path;
use std::process::Command;

#[derive(serde::Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
struct Case {
    file: String,
    expect: Vec<String>,
    /// Texts that must not appear (follow-on or duplicate messages).
    #[serde(default)]
    absent: Vec<String>,
    /// The number of problems reported, when given.
    #[serde(default)]
    problems: Option<usize>,
}

fn check(path: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_muster"))
        .arg("check")
        .arg(path)
        .output()
        .unwrap()
}

#[test]
fn malformed_files_are_rejected_with_located_messages() {
    let cases: Cases = toml::from_str(&super::support::data("bad_inputs.toml")).unwrap();
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad");
    for c in &cases.case {
        let path = bad.join(&c.file);
        let out = check(&path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{}: exit code; stderr:\n{stderr}",
            c.file
        );
        assert!(
            !stderr.contains("panicked"),
            "{} panicked:\n{stderr}",
            c.file
        );
        let located = format!("{}:", path.display());
        assert!(
            stderr.lines().any(|l| l.starts_with(&located)
                && l.split(':')
                    .nth(1)
                    .is_some_and(|n| n.parse::<usize>().is_ok_and(|n| n > 0))),
            "{}: no file:line:column in\n{stderr}",
            c.file
        );
        for e in &c.expect {
            assert!(
                stderr.contains(e.as_str()),
                "{}: expected `{e}` in\n{stderr}",
                c.file
            );
        }
        for a in &c.absent {
            assert!(
                !stderr.contains(a.as_str()),
                "{}: `{a}` should not be in\n{stderr}",
                c.file
            );
        }
        if let Some(n) = c.problems {
            let found = format!("\n{n} problem{} found", if n == 1 { "" } else { "s" });
            assert!(
                stderr.contains(&found),
                "{}: expected {n} problems in\n{stderr}",
                c.file
            );
        }
        // `run` refuses it the same way, writing nothing.
        let dir = tempfile::tempdir().unwrap();
        let run = Command::new(env!("CARGO_BIN_EXE_muster"))
            .arg("run")
            .arg(&path)
            .args(["--quiet", "--out"])
            .arg(dir.path().join("o"))
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{}: run exit code", c.file);
        assert!(
            !dir.path().join("o").exists(),
            "{}: run wrote outputs for invalid input",
            c.file
        );
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["check", "no/such/file.toml"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read the file"));
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad/several_problems.toml");
    let out = check(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    for e in [
        "unknown troop `Bowmen`",
        "count must be at least 1",
        "is off the board",
        "unknown rule option `fogg`",
        "6 problems found",
    ] {
        assert!(stderr.contains(e), "expected `{e}` in\n{stderr}");
    }
}

/// A file with tens of thousands of problems: each is located at its own
/// line (the locator indexes line starts once), the first hundred are
/// listed and the rest counted. How long this takes is measured in
/// `reports/2026-11-25-input/`, not here.
#[test]
fn a_flood_of_problems_is_located_listed_and_counted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scenario =
        std::fs::read_to_string(root.join("scenarios/dnd_war/infantry_lines.toml")).unwrap();
    let n = 20_000;
    let mut text: String = (0..n).map(|i| format!("stray_{i} = 1\n")).collect();
    text.push_str(&scenario);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flood.toml");
    std::fs::write(&path, text).unwrap();
    let out = check(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr.contains("flood.toml:1:1: `stray_0`: unknown key"),
        "{stderr}"
    );
    assert!(
        stderr.contains("flood.toml:100:1: `stray_99`: unknown key"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("`stray_100`"),
        "only 100 are listed:\n{stderr}"
    );
    assert!(
        stderr.contains(&format!("... and {} more, not listed", n - 100)),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("{n} problems found")), "{stderr}");
}
