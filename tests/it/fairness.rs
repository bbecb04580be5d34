//! The fairness model: it recovers planted unit values from outcomes drawn
//! from the model itself; on a symmetric list two copies of one unit get
//! the same worth; the command writes a self-contained report and explains
//! bad lists with file, line and field.

use super::analysis::{assert_self_contained, muster};
use muster::analysis::fairness::armies::Market;
use muster::analysis::fairness::model::{fit_fairness, flag, Matchup};
use muster::dice::Dice;
use std::path::Path;

/// Outcomes drawn from a planted additive model: the fit's 95% intervals
/// hold the planted worths and suggested costs (within sampling error) and
/// the flags name the planted over- and under-costed units.
#[test]
fn the_model_recovers_planted_unit_values() {
    let market = Market {
        costs: vec![100, 60, 150, 80],
        min: vec![0; 4],
        max: vec![5, 6, 4, 6],
        sides: vec![[true, true]; 4],
        budget: 1000,
        spread: 0.15,
        slots: [14, 14],
    };
    // Worth per point relative to a point's worth: units 0 and 1 are fair,
    // unit 2 is worth 1.4 times its cost, unit 3 0.75 times.
    let per_point = 0.004;
    let factor = [1.0, 1.0, 1.4, 0.75];
    let worth: Vec<f64> = (0..4)
        .map(|u| per_point * factor[u] * f64::from(market.costs[u]))
        .collect();
    let first_side = 0.1;
    let battles = 200;
    let mut matchups = Vec::new();
    for j in 0..400 {
        let armies = market.matchup(3, j).unwrap();
        let eta: f64 = first_side
            + (0..4)
                .map(|u| worth[u] * (f64::from(armies[0][u]) - f64::from(armies[1][u])))
                .sum::<f64>();
        let p = 1.0 / (1.0 + (-eta).exp());
        let mut dice = Dice::for_battle(99, j);
        let wins = (0..battles)
            .filter(|_| (dice.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p)
            .count();
        matchups.push(Matchup {
            armies,
            score: wins as f64,
            battles,
        });
    }
    let names: Vec<String> = (0..4).map(|u| format!("unit {u}")).collect();
    let fit = fit_fairness(&matchups, &market.costs, &names).unwrap();
    // The planted suggested cost, by the model's own normalisation.
    let mean: Vec<f64> = (0..4)
        .map(|u| {
            matchups
                .iter()
                .map(|m| f64::from(m.armies[0][u] + m.armies[1][u]))
                .sum::<f64>()
                / (2 * matchups.len()) as f64
        })
        .collect();
    let rate = (0..4).map(|u| mean[u] * worth[u]).sum::<f64>()
        / (0..4)
            .map(|u| mean[u] * f64::from(market.costs[u]))
            .sum::<f64>();
    // 3.3 standard errors: all eight checks hold together with 99% odds.
    let widen = |(est, lo, hi): (f64, f64, f64)| {
        let half = (hi - lo) / 2.0 * 3.3 / 1.96;
        (est - half, est + half)
    };
    for (u, (&planted_worth, fitted)) in worth.iter().zip(&fit.units).enumerate() {
        let (lo, hi) = widen(fitted.worth);
        assert!(
            (lo..=hi).contains(&planted_worth),
            "unit {u}: worth {planted_worth} not in {lo}..{hi}"
        );
        let planted = planted_worth / rate;
        let (lo, hi) = widen(fitted.suggested);
        assert!(
            (lo..=hi).contains(&planted),
            "unit {u}: suggested cost {planted} not in {lo}..{hi}"
        );
    }
    let flags = |suggested: &dyn Fn(usize) -> f64| -> Vec<&str> {
        (0..4)
            .map(|u| flag(market.costs[u], suggested(u)))
            .collect()
    };
    let planted = flags(&|u| worth[u] / rate);
    assert_eq!(
        planted,
        ["", "", "undercosted", "overcosted"],
        "rate {rate}"
    );
    assert_eq!(flags(&|u| fit.units[u].suggested.0), planted);
    assert!(
        !fit.fits_poorly(),
        "the planted model fits: p = {:?}",
        fit.fit_p()
    );
    let (_, lo, hi) = fit.first_side;
    assert!((lo..=hi).contains(&first_side));
}

/// Writes a list in `dir` whose units 1 and 2 are copies of one unit (same
/// profile, same cost) and unit 3 another; both sides buy from it.
fn symmetric_list(dir: &Path, extra: &str) -> std::path::PathBuf {
    // `infantry_lines` played to 12 turns: at its own six, most battles
    // end on the clock and go to the side that destroyed more points,
    // where a bigger army loses as many points as it takes, and the fit
    // finds no worth in points at all (exchange rate about 0).
    let scenario = dir.join("infantry_lines_12_turns.toml");
    let shipped = std::fs::read_to_string("scenarios/dnd_war/infantry_lines.toml").unwrap();
    assert!(shipped.contains("\ngame_turns = 6\n"));
    std::fs::write(
        &scenario,
        shipped.replace("\ngame_turns = 6\n", "\ngame_turns = 12\n"),
    )
    .unwrap();
    let path = dir.join("copies.toml");
    let text = format!(
        r#"[fairness]
name = "Copies"
scenario = "{}"
budget = 1600
spread = 0.25
{extra}
[[side]]
slots = [[9, 4], [27, 4], [45, 4], [63, 4], [18, 11], [36, 11], [54, 11]]

[[side]]
slots = [[63, 44], [45, 44], [27, 44], [9, 44], [54, 37], [36, 37], [18, 37]]

[[unit]]
profile = "human_spearmen"
label = "spears A"
companies = 2
frontage = 2
max = 3

[[unit]]
profile = "human_spearmen"
label = "spears B"
companies = 2
frontage = 2
max = 3

[[unit]]
profile = "orc_warriors"
companies = 1
frontage = 1
max = 4
"#,
        scenario.display()
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn column(csv: &str, unit: &str, name: &str) -> f64 {
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = header.iter().position(|h| *h == name).unwrap();
    let row = lines.find(|l| l.starts_with(&format!("{unit},"))).unwrap();
    row.split(',').nth(i).unwrap().parse().unwrap()
}

/// Two copies of one unit are worth the same: their worths differ by less
/// than the sampling error allows; the report is self-contained.
#[test]
fn copies_of_a_unit_get_the_same_worth() {
    let tmp = tempfile::tempdir().unwrap();
    let list = symmetric_list(tmp.path(), "");
    let out = tmp.path().join("out");
    let o = muster()
        .arg("fairness")
        .arg(&list)
        .args(["--matchups", "150", "--battles", "100", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(out.join("fairness.csv")).unwrap();
    let (a, b) = (
        column(&csv, "spears A", "worth"),
        column(&csv, "spears B", "worth"),
    );
    let se =
        |u: &str| (column(&csv, u, "worth_hi95") - column(&csv, u, "worth_lo95")) / (2.0 * 1.96);
    let combined = (se("spears A").powi(2) + se("spears B").powi(2)).sqrt();
    assert!(
        (a - b).abs() < 3.3 * combined,
        "copies differ: {a} vs {b} (se {combined})\n{csv}"
    );
    assert!(a > 0.0 && b > 0.0, "a unit is worth something: {csv}");
    assert_eq!(
        column(&csv, "spears A", "cost"),
        column(&csv, "spears B", "cost")
    );
    let matchups = std::fs::read_to_string(out.join("matchups.csv")).unwrap();
    assert_eq!(matchups.lines().count(), 151);
    assert_self_contained(&out);
    // The same on one thread, byte for byte.
    let one = tmp.path().join("one");
    let o = muster()
        .arg("fairness")
        .arg(&list)
        .args([
            "--matchups",
            "150",
            "--battles",
            "100",
            "--quiet",
            "--threads",
            "1",
            "--out",
        ])
        .arg(&one)
        .output()
        .unwrap();
    assert!(o.status.success());
    for f in ["fairness.csv", "matchups.csv"] {
        assert_eq!(
            std::fs::read(out.join(f)).unwrap(),
            std::fs::read(one.join(f)).unwrap(),
            "{f} depends on the thread count"
        );
    }
}

#[test]
fn a_bad_fairness_list_names_file_line_and_field() {
    let tmp = tempfile::tempdir().unwrap();
    let list = symmetric_list(tmp.path(), "colour = \"red\"\n");
    let text = std::fs::read_to_string(&list)
        .unwrap()
        .replacen("companies = 2", "companies = 0", 1)
        .replacen("max = 4", "max = 4\nat = [1, 1]", 1);
    std::fs::write(&list, text).unwrap();
    let o = muster().arg("fairness").arg(&list).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("copies.toml:6:1: `fairness.colour`: unknown key"),
        "{err}"
    );
    assert!(
        err.contains("`unit[2].at`: a bought unit has no `at`"),
        "{err}"
    );
    // After those are fixed, the unit's own problem points at its table.
    let text = std::fs::read_to_string(&list)
        .unwrap()
        .replace("colour = \"red\"\n", "")
        .replace("at = [1, 1]\n", "");
    std::fs::write(&list, text).unwrap();
    let o = muster().arg("fairness").arg(&list).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("`unit[0].companies`"), "{err}");
    assert!(err.contains("spears A"), "{err}");
}

/// An asymmetric list: the second side buys only its own `[[side.unit]]`s
/// (orcs), the first only the shared ones (human spearmen of two labels);
/// each side's armies hold only what it may buy and the model is fitted.
#[test]
fn a_side_with_its_own_units_buys_only_those() {
    let tmp = tempfile::tempdir().unwrap();
    let list = symmetric_list(tmp.path(), "");
    let text = std::fs::read_to_string(&list).unwrap();
    // Move the orc unit into the second side's own list.
    let orcs = text.find("[[unit]]\nprofile = \"orc_warriors\"").unwrap();
    let (shared, orc_unit) = text.split_at(orcs);
    let second = shared.rfind("[[side]]").unwrap();
    let text = format!(
        "{}{}\n{}",
        &shared[..second],
        &shared[second..],
        orc_unit
            .replace("[[unit]]", "[[side.unit]]")
            .replace("max = 4", "max = 7")
    );
    let text = text.replacen(
        "[[side]]\nslots = [[63, 44]",
        "[[unit]]\nprofile = \"human_archers\"\ncompanies = 1\nfrontage = 1\nmax = 2\n\n[[side]]\nslots = [[63, 44]",
        1,
    );
    std::fs::write(&list, &text).unwrap();
    let out = tmp.path().join("out");
    let o = muster()
        .arg("fairness")
        .arg(&list)
        .args(["--matchups", "60", "--battles", "20", "--quiet", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{}\n{text}",
        String::from_utf8_lossy(&o.stderr)
    );
    let m = muster::report::table::CsvTable::read(&out.join("matchups.csv")).unwrap();
    for r in &m.rows {
        assert_eq!(m.num(r, "first:orc_warriors"), 0.0);
        assert_eq!(m.num(r, "second:spears A"), 0.0);
        assert_eq!(m.num(r, "second:human_archers"), 0.0);
    }
    assert!(m.rows.iter().any(|r| m.num(r, "second:orc_warriors") > 0.0));
}
