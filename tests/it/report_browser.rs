//! report.html in a real browser: a run's report, rendered by headless
//! Chromium, loads with its verdict sentence, the army sheet and every
//! chart as inline SVG with its title and text. Without Chromium the test
//! fails when `CI` is set (`.ci/run` installs Debian's `chromium`) and
//! says it skipped otherwise.

use std::path::Path;
use std::process::{Command, Output};

/// Chromium's flags for a headless, offline, throw-away profile.
fn chromium(profile: &Path, args: &[&str]) -> Output {
    Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs")
}

/// Whether Chromium is installed; panics under CI when it is not.
fn have_chromium() -> bool {
    let found = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed and CI is set: install it (apt-get install -y chromium)"
        );
        eprintln!(
            "SKIPPED report_browser: chromium is not installed (apt-get install -y chromium)"
        );
    }
    found
}

/// The first answer of report.html as the page's HTML writes it.
fn verdict_of(html: &str) -> &str {
    let answers = &html[html.find("<ul class=\"answers\">").unwrap()..];
    let start = answers.find("<li>").unwrap() + 4;
    &answers[start..answers.find("</li>").unwrap()]
}

#[test]
fn a_run_report_loads_in_chromium_with_its_verdict_sheet_and_charts() {
    if !have_chromium() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let o = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["run", "--battles", "400", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report = out.join("report.html");
    let html = std::fs::read_to_string(&report).unwrap();
    let url = format!("file://{}", report.display());
    let dom = chromium(&dir.path().join("profile"), &["--dump-dom", &url]);
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let dom = String::from_utf8_lossy(&dom.stdout);
    let verdict = verdict_of(&html);
    // One of the verdict's three forms: a side favoured, a near-even
    // result, or no side favoured beyond chance.
    assert!(
        ["favours", "even", "Neither side is favoured"]
            .iter()
            .any(|w| verdict.contains(w)),
        "{verdict}"
    );
    assert!(dom.contains(verdict), "verdict `{verdict}` not rendered");
    assert!(dom.contains("<h2>The armies</h2>") && dom.contains("army.csv"));
    let charts = std::fs::read_dir(out.join("charts")).unwrap().count();
    let svgs: Vec<&str> = dom.split("<svg").skip(1).collect();
    assert!(charts > 0);
    assert_eq!(svgs.len(), charts, "one inline SVG per chart file");
    for svg in &svgs {
        let svg = &svg[..svg.find("</svg>").expect("a closed SVG")];
        assert!(
            svg.matches("<text").count() >= 3,
            "a chart without title and axes"
        );
    }
    assert!(
        !dom.contains("<img") && !dom.contains("src=\""),
        "external references"
    );
    let shot = dir.path().join("shot.png");
    let s = chromium(
        &dir.path().join("profile2"),
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1100,2400",
            &url,
        ],
    );
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    let png = std::fs::read(&shot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 20_000,
        "a blank screenshot"
    );
}
