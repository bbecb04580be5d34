//! The Standards of Valor set-ups (L682-693): in a Fixed Battle the
//! command unit stands in the middle of its zone and every unit inside its
//! zone, none overlapping (also when a second line has to make room for
//! the command unit); the side with more units places first; in an
//! Encounter every unit is one normal move (the lead unit two) from its
//! baseline; and `at` given under a set-up, missing under `placed`, or a
//! force too big for its zone are located problems with a fix.

use super::sov_rules::{setup_of, sov_scenario};
use muster::rules::Side;
use muster::rulesets::standards_of_valor::deploy::{command_unit, lead_unit, SetupKind};
use muster::rulesets::standards_of_valor::field::{block_at, Block};
use muster::rulesets::standards_of_valor::setup::SovSetup;
use muster::rulesets::standards_of_valor::state::move_inches;
use muster::scenario::load_scenario_text;
use std::path::Path;

fn dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped(name: &str) -> String {
    std::fs::read_to_string(dir().join("scenarios/standards_of_valor").join(name)).unwrap()
}

fn problems_of(text: &str) -> String {
    load_scenario_text("test.toml", text, Some(dir()))
        .map(|_| ())
        .unwrap_err()
        .to_string()
}

/// A scenario of the seed's figures on a `width` x `depth` table under
/// `setup`, with these units (TOML inline tables).
fn scenario(table: [u32; 2], setup: &str, romans: &str, germans: &str) -> String {
    let [width, depth] = table;
    let battlefield = format!("width = {width}\ndepth = {depth}\nsetup = \"{setup}\"");
    sov_scenario(&battlefield, romans, germans, "")
}

const TRIBUNE: &str = r#"{ profile = "cohort_command", label = "tribune", figures = 3, formation = "open", quality = "veteran", lv = 1 }"#;
const CHIEFTAIN: &str = r#"{ profile = "germanic_warrior", label = "chieftain", figures = 24, files = 6, formation = "open", quality = "regular", lv = 1 }"#;

/// `n` centuries of 20 in 10 files, Close Order (10" x 2"), under the tribune.
fn centuries(n: usize) -> String {
    let c = (1..=n).map(|i| format!(r#"{{ profile = "legionary", label = "century_{i}", figures = 20, files = 10, formation = "close", quality = "veteran", lv = 2, parent = "tribune" }}"#));
    std::iter::once(TRIBUNE.to_string())
        .chain(c)
        .collect::<Vec<_>>()
        .join(", ")
}

fn block(s: &SovSetup, u: usize) -> Block {
    let x = &s.units[u];
    let mount = s.profile_of(u).mount;
    block_at(x.at, (x.figures, x.files), x.formation, mount)
}

/// How far unit `u`'s rear and front edges are from its own baseline.
fn from_baseline(s: &SovSetup, u: usize) -> (f32, f32) {
    let b = block(s, u);
    let y = match s.units[u].side {
        Side::A => b.centre[1],
        Side::B => s.depth - b.centre[1],
    };
    (y - b.half_y, y + b.half_y)
}

fn assert_on_table_apart(s: &SovSetup) {
    let blocks: Vec<Block> = (0..s.units.len()).map(|u| block(s, u)).collect();
    for (i, a) in blocks.iter().enumerate() {
        let label = &s.units[i].label;
        assert!(
            a.centre[0] - a.half_x >= -1e-3 && a.centre[0] + a.half_x <= s.width + 1e-3,
            "{label} off the table: {a:?}"
        );
        assert!(
            a.centre[1] - a.half_y >= -1e-3 && a.centre[1] + a.half_y <= s.depth + 1e-3,
            "{label} off the table: {a:?}"
        );
        for (j, b) in blocks.iter().enumerate().skip(i + 1) {
            let apart = (a.centre[0] - b.centre[0]).abs() >= a.half_x + b.half_x - 1e-3
                || (a.centre[1] - b.centre[1]).abs() >= a.half_y + b.half_y - 1e-3;
            assert!(apart, "{label} overlaps {}", s.units[j].label);
        }
    }
}

/// Every unit inside the band of its baseline, a third of the table deep.
fn assert_in_zones(s: &SovSetup) {
    let zone = s.depth / 3.0;
    for u in 0..s.units.len() {
        let (rear, front) = from_baseline(s, u);
        assert!(
            rear >= -1e-3 && front <= zone + 1e-3,
            "{} reaches {rear}..{front} from its baseline; the zone is {zone}",
            s.units[u].label
        );
    }
}

#[test]
fn the_command_unit_stands_in_the_middle_of_its_zone() {
    let s = setup_of(&shipped("fixed_battle.toml"));
    assert_eq!(s.set_up, SetupKind::FixedBattle);
    let zone = s.depth / 3.0;
    let tribune = command_unit(&s.units, Side::A).unwrap();
    let chieftain = command_unit(&s.units, Side::B).unwrap();
    assert_eq!(s.units[tribune].label, "tribune");
    assert_eq!(s.units[chieftain].label, "chieftain");
    assert_eq!(s.units[tribune].at, [s.width / 2.0, zone / 2.0]);
    assert_eq!(s.units[chieftain].at, [s.width / 2.0, s.depth - zone / 2.0]);
    // The others stand in one line, front edges on the zone's front edge.
    for u in (0..s.units.len()).filter(|&u| u != tribune && u != chieftain) {
        let (_, front) = from_baseline(&s, u);
        assert!((front - zone).abs() < 1e-3, "{}", s.units[u].label);
    }
    // Left to right as seen from the baseline, in list order: the Romans'
    // eastward, the Germans' westward.
    let xs = |side: Side| -> Vec<f32> {
        (0..s.units.len())
            .filter(|&u| s.units[u].side == side && u != tribune && u != chieftain)
            .map(|u| s.units[u].at[0])
            .collect()
    };
    assert!(xs(Side::A).windows(2).all(|w| w[0] < w[1]));
    assert!(xs(Side::B).windows(2).all(|w| w[0] > w[1]));
}

#[test]
fn every_unit_stands_in_its_zone_on_the_table_and_apart() {
    let s = setup_of(&shipped("fixed_battle.toml"));
    assert_in_zones(&s);
    assert_on_table_apart(&s);
    // Six centuries on a 48" table: four in the front line (46" wide), the
    // other two 6" behind it, either side of the tribune in the zone's middle.
    let s = setup_of(&scenario(
        [48, 48],
        "fixed_battle",
        &centuries(6),
        CHIEFTAIN,
    ));
    assert_in_zones(&s);
    assert_on_table_apart(&s);
    let second: Vec<_> = (0..s.units.len())
        .filter(|&u| s.units[u].side == Side::A && from_baseline(&s, u).1 < 15.0)
        .map(|u| s.units[u].label.as_str())
        .collect();
    assert_eq!(second, ["tribune", "century_5", "century_6"]);
    assert_eq!(from_baseline(&s, 5).1, 8.0);
    assert!(s.units[5].at[0] < 24.0 && s.units[6].at[0] > 24.0);
}

#[test]
fn the_side_with_more_units_places_first_and_sides_alternate() {
    let s = setup_of(&shipped("fixed_battle.toml"));
    let order: Vec<&str> = s
        .placing_order
        .iter()
        .map(|&u| s.units[u].label.as_str())
        .collect();
    assert_eq!(
        order,
        [
            "chieftain",
            "tribune",
            "warband_1",
            "century_I",
            "warband_2",
            "auxilia",
            "warband_3",
            "sagittarii",
            "warband_4",
            "turma",
            "warband_5",
            "warband_6",
        ]
    );
    // An Encounter starts with the lead units; with equal numbers side 1
    // goes first.
    let s = setup_of(&shipped("encounter.toml"));
    let first: Vec<&str> = s.placing_order[..3]
        .iter()
        .map(|&u| s.units[u].label.as_str())
        .collect();
    assert_eq!(first, ["warband_1", "turma", "chieftain"]);
    let s = setup_of(&scenario(
        [72, 48],
        "encounter",
        &centuries(1),
        &format!("{CHIEFTAIN}, {CHIEFTAIN}").replacen("chieftain", "second", 1),
    ));
    assert_eq!(s.units[s.placing_order[0]].side, Side::A);
}

#[test]
fn encounter_units_come_on_one_normal_move_and_the_lead_two() {
    let s = setup_of(&shipped("encounter.toml"));
    assert_eq!(s.set_up, SetupKind::Encounter);
    let leads = [Side::A, Side::B].map(|side| lead_unit(&s.units, &s.profiles, side).unwrap());
    assert_eq!(s.units[leads[0]].label, "turma");
    assert_eq!(s.units[leads[1]].label, "warband_1");
    for u in 0..s.units.len() {
        let step = move_inches(s.profile_of(u).move_die);
        let moves = if leads.contains(&u) { 2.0 } else { 1.0 };
        let (rear, _) = from_baseline(&s, u);
        assert!(
            rear > 0.0 && rear <= moves * step + 1e-3,
            "{}: rear edge {rear}\" from its baseline",
            s.units[u].label
        );
        assert!((rear - moves * step).abs() < 1e-3);
    }
    assert_on_table_apart(&s);
}

#[test]
fn at_given_under_a_set_up_and_missing_when_placed_are_located() {
    let text = shipped("fixed_battle.toml").replacen(
        "quality = \"veteran\", lv = 1 }",
        "quality = \"veteran\", lv = 1, at = [42, 3] }",
        1,
    );
    let err = problems_of(&text);
    assert!(err.contains("test.toml:"), "{err}");
    assert!(err.contains("`side[0].units[0].at`"), "{err}");
    assert!(
        err.contains("`at` is given but the set-up is fixed_battle"),
        "{err}"
    );
    assert!(
        err.contains("remove `at`, or set `setup = \"placed\"`"),
        "{err}"
    );
    let text = shipped("cohort_vs_warband.toml").replacen(", at = [36, 3]", "", 1);
    let err = problems_of(&text);
    assert!(err.contains("`side[0].units[0].at`"), "{err}");
    assert!(
        err.contains("`at` is missing and the set-up is placed"),
        "{err}"
    );
    assert!(err.contains("setup = \"fixed_battle\""), "{err}");
    let line = err.split(':').nth(1).unwrap();
    let tribune = text
        .lines()
        .position(|l| l.contains("tribune\", figures"))
        .unwrap()
        + 1;
    assert_eq!(line, tribune.to_string(), "{err}");
    // A word that is not a set-up, with the nearest one.
    let err = problems_of(&shipped("encounter.toml").replace("\"encounter\"", "\"encounters\""));
    assert!(err.contains("`battlefield.setup`"), "{err}");
    assert!(err.contains("encounter"), "{err}");
}

#[test]
fn a_force_too_big_for_its_zone_or_baseline_is_located() {
    // A seventh century has no room left: its line would start behind the
    // baseline.
    let err = problems_of(&scenario(
        [48, 48],
        "fixed_battle",
        &centuries(7),
        CHIEFTAIN,
    ));
    assert!(err.contains("`side[0].units[7]`"), "{err}");
    assert!(
        err.contains("`century_7` does not fit in its side's deployment zone"),
        "{err}"
    );
    assert!(err.contains("bigger table"), "{err}");
    // On cohort_vs_warband's 72" table two warbands have no room beside
    // the chieftain, and behind him their line would leave the table.
    let text = shipped("fixed_battle.toml").replace("width = 84", "width = 72");
    let err = problems_of(&text);
    assert!(
        err.contains("does not fit in its side's deployment zone"),
        "{err}"
    );
    // Seven warbands need 75" of baseline in an Encounter.
    let text = shipped("encounter.toml").replace("width = 84", "width = 72");
    let err = problems_of(&text);
    assert!(err.contains("`side[1].units[6]`"), "{err}");
    assert!(err.contains("does not fit on its baseline"), "{err}");
    assert!(err.contains("fewer files"), "{err}");
}
