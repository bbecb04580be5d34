//! `--raw` rows and `muster analyze` (feature `parquet`): the rows of a run
//! add up to its summary, the rows of a comparison to its compare.csv, and
//! bad questions get clear errors. Without the feature, both say how to
//! get it.

use super::analysis::muster;

#[cfg(feature = "parquet")]
mod with_polars {
    use super::muster;
    use muster::parquet::analyze::analyze;
    use muster::report::table::CsvTable;

    const HEROES: &str = "scenarios/states_of_battle/heroes_and_monster.toml";

    #[test]
    fn raw_rows_of_a_run_add_up_to_its_summary() {
        let tmp = tempfile::tempdir().unwrap();
        let raw = tmp.path().join("battles.parquet");
        let out = tmp.path().join("run");
        let o = muster()
            .args(["run", HEROES, "--battles", "700", "--quiet", "--raw"])
            .arg(&raw)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let all = analyze(&raw, &[]).unwrap();
        assert_eq!(all.sides, ["Humans", "Orcs"]);
        assert_eq!(all.groups.len(), 1);
        let g = &all.groups[0];
        assert_eq!(g.battles, 700);
        let summary = CsvTable::read(&out.join("summary.csv")).unwrap();
        for (s, side) in all.sides.iter().enumerate() {
            let row = summary
                .rows
                .iter()
                .find(|r| summary.text(r, "side") == side)
                .unwrap();
            assert_eq!(g.wins[s] as f64, summary.num(row, "wins"), "{side}");
        }
        assert_eq!(g.wins.iter().sum::<u64>() + g.draws, 700);
        // Grouped by end reason, the groups partition the battles.
        let by = analyze(&raw, &["end_reason".to_string()]).unwrap();
        assert!(!by.groups.is_empty());
        assert_eq!(by.groups.iter().map(|g| g.battles).sum::<u64>(), 700);
        // A unit's fate column exists and groups too.
        let fate = analyze(&raw, &["fate:Orcs:troll".to_string()]).unwrap();
        assert_eq!(fate.groups.iter().map(|g| g.battles).sum::<u64>(), 700);
        // The CLI prints and writes the same table.
        let csv = tmp.path().join("by.csv");
        let o = muster()
            .args(["analyze"])
            .arg(&raw)
            .args(["--by", "end_reason", "--out"])
            .arg(&csv)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let t = CsvTable::read(&csv).unwrap();
        assert_eq!(t.rows.len(), by.groups.len());
        assert!(t.header.iter().any(|c| c == "Humans:lo95"));
    }

    #[test]
    fn raw_rows_of_a_comparison_match_its_table() {
        let tmp = tempfile::tempdir().unwrap();
        let raw = tmp.path().join("cmp.parquet");
        let out = tmp.path().join("cmp");
        let o = muster()
            .args([
                "compare",
                HEROES,
                "--vary",
                "side.Humans.mc_adjust=0,1",
                "--battles",
                "300",
                "--quiet",
                "--raw",
            ])
            .arg(&raw)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let by = analyze(&raw, &["variant".to_string()]).unwrap();
        let table = CsvTable::read(&out.join("compare.csv")).unwrap();
        assert_eq!(by.groups.len(), 2);
        for row in &table.rows {
            let label = table.text(row, "label");
            let g = by.groups.iter().find(|g| g.keys[0] == label).unwrap();
            assert_eq!(g.battles, 300);
            assert_eq!(g.wins[0] as f64, table.num(row, "wins"), "{label}");
        }
    }

    #[test]
    fn analyze_names_a_missing_column_and_a_foreign_file() {
        let tmp = tempfile::tempdir().unwrap();
        let raw = tmp.path().join("b.parquet");
        assert!(muster()
            .args(["run", "--battles", "50", "--quiet", "--raw"])
            .arg(&raw)
            .arg("--out")
            .arg(tmp.path().join("r"))
            .status()
            .unwrap()
            .success());
        let e = analyze(&raw, &["end_reasn".to_string()]).unwrap_err().0;
        assert!(
            e.contains("no such column") && e.contains("end_reason"),
            "{e}"
        );
        let text = tmp.path().join("not.parquet");
        std::fs::write(&text, "battle,winner\n1,draw\n").unwrap();
        let e = analyze(&text, &[]).unwrap_err().0;
        assert!(e.contains("not a readable Parquet file"), "{e}");
        let e = analyze(&tmp.path().join("missing.parquet"), &[])
            .unwrap_err()
            .0;
        assert!(e.contains("no such file"), "{e}");
    }
}

/// Without the feature, `--raw` and `analyze` stop before playing and say
/// how to build with Parquet support.
#[cfg(not(feature = "parquet"))]
#[test]
fn without_parquet_raw_and_analyze_say_how_to_get_it() {
    let tmp = tempfile::tempdir().unwrap();
    let raw = tmp.path().join("x.parquet");
    let o = muster()
        .args(["run", "--battles", "10", "--quiet", "--raw"])
        .arg(&raw)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--features parquet"));
    let o = muster().args(["analyze"]).arg(&raw).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--features parquet"));
    assert!(!raw.exists());
}
