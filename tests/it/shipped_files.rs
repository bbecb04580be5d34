//! Every file under scenarios/ passes `muster check`, and the rule-option
//! listing covers the digest's options.

use muster::analysis::fairness::list as fairness;
use muster::scenario::check_file;
use std::path::Path;

fn toml_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            toml_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}

#[test]
fn every_shipped_file_is_valid() {
    let mut files = Vec::new();
    toml_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"),
        &mut files,
    );
    assert!(
        files.len() >= 9,
        "scenarios, lists and doctrines are shipped"
    );
    for f in &files {
        let checked = if fairness::is_fairness_list(f) {
            fairness::load(f).map(|_| ())
        } else {
            check_file(f).map(|_| ())
        };
        if let Err(p) = checked {
            panic!("{} is invalid:\n{p}", f.display());
        }
    }
    // `muster check` knows fairness lists too.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "check",
            "scenarios/states_of_battle/fairness/line_units.toml",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("(fairness list)"));
}

#[test]
fn rules_armies_lists_every_option() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "armies"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for name in [
        "turn_order",
        "move_geometry",
        "diagonal_squeeze",
        "range_metric",
        "friendly_units_on_path",
        "officer_count_rounding",
        "commander_anchors_troops",
        "leash_check_timing",
        "adv_stacking",
        "ranged_defense_disadvantage",
        "fortification_damage",
        "difficult_terrain_mode",
        "fog",
        "timeout_result",
        "unit_allocation_rounding",
        "wall: 20 hp, +2 defence",
    ] {
        assert!(text.contains(name), "`muster rules armies` lacks {name}");
    }
    let sov = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "standards_of_valor"])
        .output()
        .unwrap();
    assert!(sov.status.success());
    let text = String::from_utf8_lossy(&sov.stdout);
    for spec in muster::rulesets::standards_of_valor::options::SPECS {
        assert!(
            text.contains(spec.name),
            "`muster rules standards_of_valor` lacks {}",
            spec.name
        );
    }
    assert!(text.contains("not simulated: Standards of Valor"), "{text}");
    let sob = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "states_of_battle"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&sob.stdout);
    for name in [
        "round_limit = 15",
        "[states_of_battle]",
        "NOT SIMULATED",
        "sas_d20_need = 18",
        "[[side.trigger]]",
        "reinforcements (units = ",
        "army_morale_army = drawer",
    ] {
        assert!(
            text.contains(name),
            "`muster rules states_of_battle` lacks {name}"
        );
    }
    // The round limit and the elimination rule are the digest's, not the
    // seed's: their help says so.
    for option in ["round_limit = 15", "eliminated_army_loses = true"] {
        let help = text
            .split(option)
            .nth(1)
            .and_then(|t| t.split("\n\n").next());
        assert!(
            help.is_some_and(|h| h.contains("NOT IN THE SEED")),
            "`{option}`: {help:?}"
        );
    }
}

#[test]
fn rules_means_war_lists_every_option_and_the_gaps() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "means_war"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for name in [
        "ip_roll_scope",
        "phase_rounding",
        "ia_pct_cap",
        "ia_allocation",
        "ip_move_triggers_check",
        "ap_move_fraction",
        "morale_sign",
        "kills_basis",
        "morale_scope",
        "morale_target_rounding",
        "morale_check_trigger",
        "restricted_check_mapping",
        "state_update",
        "resurgence_resets_damage_scaling",
        "resurgence_bonus_stacks",
        "first_attack_damage_factor",
        "outnumbered_basis",
        "auto_flanked_weak",
        "pass_through_friends",
        "surrender_capture",
        "leadership_check",
        "luck_check",
        "tactical_advantages",
        "not simulated",
    ] {
        assert!(text.contains(name), "`muster rules means_war` lacks {name}");
    }
}

/// Each value of every option in `specs`: the words of a choice, both flags,
/// an integer's ends.
pub fn option_values(specs: &[muster::rules::options::OptionSpec]) -> Vec<(&'static str, String)> {
    use muster::rules::options::OptionValues;
    let mut out = Vec::new();
    for spec in specs {
        let values: Vec<String> = match spec.values {
            OptionValues::Choice(words) => words.iter().map(|w| format!("\"{w}\"")).collect(),
            OptionValues::Flag => vec!["true".into(), "false".into()],
            OptionValues::Int { min, max } => vec![min.to_string(), max.to_string()],
        };
        out.extend(values.into_iter().map(|v| (spec.name, v)));
    }
    out
}

#[test]
fn rules_dnd_war_lists_every_option_and_the_tables() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "dnd_war"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for spec in muster::rulesets::dnd_war::options::SPECS {
        assert!(
            text.contains(spec.name),
            "`muster rules dnd_war` lacks {}",
            spec.name
        );
    }
    for line in [
        "eladrin*: +6",
        "printed 840000, corrected 84000",
        "level 5: 6000 / 12000 / 18000 / 24000",
        "not simulated",
    ] {
        assert!(text.contains(line), "`muster rules dnd_war` lacks {line}");
    }
}

#[test]
fn a_closed_stdout_pipe_ends_a_run_quietly() {
    use std::process::Stdio;
    let out = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["run", "--battles", "200", "--quiet", "--out"])
        .arg(out.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Like `muster run | head -0`: the reader goes away before any output.
    drop(child.stdout.take());
    let done = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(done.status.code(), Some(0));
    assert!(out.path().join("summary.csv").exists());
}
