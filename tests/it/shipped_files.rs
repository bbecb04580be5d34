//! Every file under scenarios/ passes `muster check`, and the rule-option
//! listing covers the digest's options.

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
        if let Err(p) = check_file(f) {
            panic!("{} is invalid:\n{p}", f.display());
        }
    }
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
    let nope = std::process::Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["rules", "dnd_war"])
        .output()
        .unwrap();
    assert_eq!(nope.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&nope.stderr).contains("not implemented"));
}
