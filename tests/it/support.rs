//! Helpers shared by the tests.

use muster::rulesets::armies::setup::ArmiesSetup;
use muster::scenario::{load_scenario_text, ScenarioRules};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Loads scenario text (references resolve against scenarios/armies).
pub fn setup_from(text: &str) -> ArmiesSetup {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/armies");
    match load_scenario_text("test.toml", text, Some(&base)) {
        Ok(s) => match s.rules {
            ScenarioRules::Armies(armies) => armies.setup,
            _ => panic!("not an armies scenario"),
        },
        Err(p) => panic!("test scenario invalid:\n{p}"),
    }
}

/// Reads a file of tests/data.
pub fn data(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .expect("test data file")
}

/// Number of simulated trials for frequency tests (more with MUSTER_SLOW_TESTS=1).
pub fn trials() -> u64 {
    if std::env::var("MUSTER_SLOW_TESTS").is_ok_and(|v| v == "1") {
        2_000_000
    } else {
        300_000
    }
}

/// Loads a This Means WAR! scenario text (references resolve against scenarios/means_war).
pub fn war_setup_from(text: &str) -> muster::rulesets::means_war::setup::WarSetup {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/means_war");
    match load_scenario_text("test.toml", text, Some(&base)) {
        Ok(s) => match s.rules {
            ScenarioRules::MeansWar(war) => war.setup,
            _ => panic!("not a means_war scenario"),
        },
        Err(p) => panic!("test scenario invalid:\n{p}"),
    }
}

/// Asserts that `hits` of `n` trials is within 4 sigma of probability `p`.
pub fn within_4_sigma(what: &str, hits: u64, n: u64, p: f64) {
    let obs = hits as f64 / n as f64;
    let sigma = (p * (1.0 - p) / n as f64).sqrt();
    assert!(
        (obs - p).abs() <= 4.0 * sigma + 1e-12,
        "{what}: observed {obs:.5}, exact {p:.5} (4 sigma = {:.5})",
        4.0 * sigma
    );
}

/// Every file under `dir` (recursively) with its bytes.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                files.insert(path.strip_prefix(dir).unwrap().to_path_buf(), bytes);
            }
        }
    }
    files
}

/// The rolls (die faces, result) unit `who` made for `purpose`, in the
/// order of a trace's events.
pub fn rolls(events: &[muster::rules::TraceEvent], who: &str, purpose: &str) -> Vec<(u8, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            muster::rules::TraceEvent::Roll {
                who: w,
                purpose: p,
                die,
                kept,
                ..
            } if w == who && p == purpose => Some((*die, *kept)),
            _ => None,
        })
        .collect()
}

/// The shipped scenario files of the ruleset folder `scenarios/<folder>/`,
/// in name order.
pub fn shipped_scenarios(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(folder);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    found.sort();
    found
}

/// Every shipped Standards of Valor scenario's set-up, with its file stem.
pub fn shipped_sov_setups() -> Vec<(
    String,
    muster::rulesets::standards_of_valor::setup::SovSetup,
)> {
    shipped_scenarios("standards_of_valor")
        .into_iter()
        .map(|path| {
            let scenario = muster::scenario::load_scenario(&path).unwrap_or_else(|p| panic!("{p}"));
            let ScenarioRules::StandardsOfValor(rules) = scenario.rules else {
                panic!("{} is not Standards of Valor", path.display())
            };
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            (name, rules.setup)
        })
        .collect()
}

/// The set-up of the shipped Standards of Valor scenario `name`.
pub fn shipped_sov_setup(name: &str) -> muster::rulesets::standards_of_valor::setup::SovSetup {
    shipped_sov_setups()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no shipped scenario {name}"))
        .1
}

/// Fails, showing the first ten, when a check over `total` `what` found
/// anything.
pub fn assert_none_found(found: &[String], total: usize, what: &str) {
    assert!(
        found.is_empty(),
        "{} of {total} {what}: {:#?}",
        found.len(),
        &found[..found.len().min(10)]
    );
}
