//! The one-sentence verdicts that open every analysis summary and report,
//! pinned word for word by snapshots.

use muster::analysis::verdict::{self, Beyond, Cell, Current, Diff, Priced, Standing, TuneFacts};

fn diff(estimate: f64, lo: f64, hi: f64) -> Diff {
    Diff { estimate, lo, hi }
}

#[test]
fn compare_verdicts() {
    let one = |d| verdict::compare("Humans", &[("mc_adjust = -1".to_string(), d)]);
    insta::assert_snapshot!("compare_lowers", one(diff(-0.041, -0.050, -0.032)));
    insta::assert_snapshot!("compare_raises", one(diff(0.0235, 0.011, 0.036)));
    insta::assert_snapshot!("compare_undetected", one(diff(0.003, -0.005, 0.011)));
    insta::assert_snapshot!(
        "compare_several",
        verdict::compare(
            "Orcs",
            &[
                ("gd = 8".to_string(), diff(-0.002, -0.01, 0.006)),
                ("gd = 12".to_string(), diff(0.062, 0.05, 0.074)),
            ]
        )
    );
}

#[test]
fn short_labels_keep_what_tells_paths_apart() {
    let paths = vec![
        "side.Humans.mc_adjust".to_string(),
        "side.Orcs.mc_adjust".to_string(),
        "side.Humans.gd".to_string(),
    ];
    let e = |p: &str, v: &str| (p.to_string(), v.to_string());
    insta::assert_snapshot!(
        verdict::short_label(
            &[e("side.Humans.mc_adjust", "-1"), e("side.Humans.gd", "8")],
            &paths
        ),
        @"Humans.mc_adjust = -1, gd = 8"
    );
    insta::assert_snapshot!(
        verdict::short_label(&[e("side.Humans.mc_adjust", "-1")], &paths[..1]),
        @"mc_adjust = -1"
    );
}

#[test]
fn sweep_verdicts() {
    let cell = |label: &str, rate: f64, lo: f64, hi: f64| Cell {
        label: label.to_string(),
        rate,
        lo,
        hi,
    };
    let cells = [
        cell("gd = 8", 0.31, 0.29, 0.33),
        cell("gd = 10", 0.503, 0.481, 0.525),
        cell("gd = 12", 0.724, 0.70, 0.745),
    ];
    insta::assert_snapshot!("sweep_even", verdict::sweep("Humans", &cells, 0.5));
    insta::assert_snapshot!("sweep_not_even", verdict::sweep("Humans", &cells[2..], 0.5));
    insta::assert_snapshot!(
        "sweep_one_cell_target",
        verdict::sweep("Elf host", &cells[..1], 0.3)
    );
}

fn facts() -> TuneFacts<'static> {
    TuneFacts {
        what: "troll's points",
        side: "Humans",
        target: 0.5,
        current: Some(400),
        range: (100, 1200),
        crossing: Some(450.4),
        consistent: Some((430, 470)),
        ends: (0.9, 0.1),
        beyond: None,
    }
}

#[test]
fn tune_verdicts() {
    insta::assert_snapshot!("tune_raise", verdict::tune(&facts()));
    insta::assert_snapshot!(
        "tune_lower_target",
        verdict::tune(&TuneFacts {
            what: "troll's MCV",
            current: Some(6),
            range: (1, 8),
            crossing: Some(3.6),
            consistent: Some((3, 4)),
            target: 0.7,
            ..facts()
        })
    );
    insta::assert_snapshot!(
        "tune_already",
        verdict::tune(&TuneFacts {
            crossing: Some(400.2),
            consistent: Some((390, 410)),
            ..facts()
        })
    );
    insta::assert_snapshot!(
        "tune_unset_no_interval",
        verdict::tune(&TuneFacts {
            what: "the MC ratio",
            current: None,
            crossing: Some(31.5),
            consistent: None,
            ..facts()
        })
    );
    let none = TuneFacts {
        what: "troll's MCV",
        range: (1, 8),
        crossing: None,
        consistent: None,
        current: Some(3),
        ends: (0.62, 0.88),
        ..facts()
    };
    insta::assert_snapshot!(
        "tune_no_crossing_no_legal_value",
        verdict::tune(&TuneFacts {
            beyond: Some(Beyond {
                up: false,
                end: 1,
                legal_to: None
            }),
            ..none.clone()
        })
    );
    insta::assert_snapshot!(
        "tune_no_crossing_legal_values_remain",
        verdict::tune(&TuneFacts {
            ends: (0.12, 0.35),
            beyond: Some(Beyond {
                up: true,
                end: 8,
                legal_to: Some(16)
            }),
            ..none.clone()
        })
    );
    insta::assert_snapshot!("tune_flat", verdict::tune(&none));
    insta::assert_snapshot!(
        "tune_no_crossing_interval_holds",
        verdict::tune(&TuneFacts {
            ends: (0.547, 0.647),
            consistent: Some((1, 1)),
            beyond: Some(Beyond {
                up: false,
                end: 1,
                legal_to: None
            }),
            ..none.clone()
        })
    );
}

#[test]
fn decks_verdicts() {
    let best = ("melee=4,move=2,brilliant_tactician=2", 0.643, 0.621, 0.665);
    insta::assert_snapshot!(
        "decks_among",
        verdict::decks("Humans", best, 35, 5, &Current::Among)
    );
    insta::assert_snapshot!(
        "decks_behind",
        verdict::decks("Humans", best, 35, 5, &Current::Behind)
    );
    insta::assert_snapshot!(
        "decks_one",
        verdict::decks("Humans", best, 1, 5, &Current::Among)
    );
    insta::assert_snapshot!(
        "decks_not_raced",
        verdict::decks("Orcs", best, 3, 2, &Current::NotRaced)
    );
    insta::assert_snapshot!(
        "decks_no_round",
        verdict::decks("Humans", best, 356, 0, &Current::Among)
    );
    let line = |s: &Standing| verdict::current_build("Humans", "melee=4,move=2", 12, 356, 0.612, s);
    insta::assert_snapshot!(
        "decks_rank_survived",
        line(&Standing::Survived(diff(-0.023, -0.038, -0.008)))
    );
    insta::assert_snapshot!("decks_rank_dropped", line(&Standing::Dropped(2)));
    insta::assert_snapshot!("decks_rank_best", line(&Standing::Best));
}

#[test]
fn fairness_verdicts() {
    let unit = |name: &'static str, cost: u32, s: (f64, f64, f64), flag: &'static str| Priced {
        name,
        cost,
        suggested: s,
        flag,
        clear: !flag.is_empty() && (s.2 < 0.9 * f64::from(cost) || s.1 > 1.1 * f64::from(cost)),
    };
    let units = [
        unit("troll", 400, (361.0, 332.0, 391.0), "overcosted"),
        unit("spearmen", 100, (104.0, 95.0, 113.0), ""),
        unit("wolf riders", 150, (181.0, 160.0, 203.0), "undercosted"),
    ];
    insta::assert_snapshot!("fairness_two_off", verdict::fairness(&units, 0.1));
    insta::assert_snapshot!("fairness_one_off", verdict::fairness(&units[..2], 0.1));
    insta::assert_snapshot!("fairness_all_fair", verdict::fairness(&units[1..2], 0.1));
    let vague = [
        unit("troll", 400, (695.0, -1383.0, 2772.0), "undercosted"),
        unit("wolf riders", 150, (181.0, 170.0, 203.0), "undercosted"),
    ];
    insta::assert_snapshot!("fairness_one_clear", verdict::fairness(&vague, 0.1));
    insta::assert_snapshot!("fairness_none_clear", verdict::fairness(&vague[..1], 0.1));
}

#[test]
fn numbers_read_as_words() {
    assert_eq!(verdict::fixed(-0.04, 1), "0.0");
    assert_eq!(verdict::span(-0.5, 1.1, 1), "-0.5 to 1.1");
    assert_eq!(verdict::span(3.2, 5.0, 1), "3.2-5.0");
    assert_eq!(verdict::side_wins("Humans"), "Humans win");
    assert_eq!(verdict::side_wins("Elf host"), "Elf host wins");
    assert_eq!(verdict::count(1, "round"), "1 round");
    assert_eq!(verdict::count(2, "round"), "2 rounds");
}

#[test]
fn the_clock_is_warned_of_only_past_a_third_of_the_battles() {
    let shares = |s: &[(&str, f64)]| -> Vec<(String, f64)> {
        s.iter().map(|(l, x)| (l.to_string(), *x)).collect()
    };
    assert_eq!(
        verdict::clock_warning(&shares(&[("", 0.3333)]), "battle"),
        None
    );
    assert_eq!(verdict::clock_warning(&[], "variant"), None);
    let warn = |s: &[(&str, f64)], noun| verdict::clock_warning(&shares(s), noun).unwrap();
    insta::assert_snapshot!(
        warn(&[("", 0.621)], "battle"),
        @"Warning: the time limit ended 62% of these battles; this answer is the clock's, not the armies'. Give the scenario objectives or a longer limit."
    );
    insta::assert_snapshot!(
        warn(&[("gd = 8", 0.2), ("gd = 12", 0.785)], "variant"),
        @"Warning: the time limit ended 79% of the battles of gd = 12 (1 of the 2 variants); for that variant the answer is the clock's, not the armies'. Give the scenario objectives or a longer limit."
    );
    insta::assert_snapshot!(
        warn(&[("a", 0.4), ("b", 0.1), ("c", 0.7)], "cell"),
        @"Warning: the time limit ended more than a third of the battles of 2 of the 3 cells, up to 70% for c; for those cells the answer is the clock's, not the armies'. Give the scenario objectives or a longer limit."
    );
    insta::assert_snapshot!(
        warn(&[("x", 0.34), ("y", 0.5), ("z", 0.4)], "build"),
        @"Warning: the time limit ended more than a third of the battles of all 3 builds, up to 50% for y; this answer is the clock's, not the armies'. Give the scenario objectives or a longer limit."
    );
    insta::assert_snapshot!(
        warn(&[("P1", 0.5), ("P2", 0.9)], "pairing"),
        @"Warning: the time limit ended more than a third of the battles of both pairings, up to 90% for P2; this answer is the clock's, not the armies'. Give the scenario objectives or a longer limit."
    );
}
