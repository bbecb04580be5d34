//! Digest B4: exact probabilities of This Means WAR! against frequencies
//! simulated through the real code, each within 4 sigma: the eight morale
//! bands for a range of targets (also counted exactly over the 100 faces),
//! two-outcome checks, initiative attacks per Unit Quality, which troop
//! type's initiative phase comes first, and the outcome of a fresh unit's
//! check inside a battle.

use super::support::{data, trials, war_setup_from, within_4_sigma};
use muster::dice::Dice;
use muster::rules::NoTrace;
use muster::rulesets::means_war::arith::{action_phase, attack_damage, ia_pct, initiative_phase};
use muster::rulesets::means_war::battle::{Battle, Scratch};
use muster::rulesets::means_war::morale::{band, passes, Band, MoraleState};
use muster::rulesets::means_war::options::PhaseRounding;

/// The B4 table: T and the counts out of 100 in the order of `Band::ALL`.
const BANDS: &[(i64, [u32; 8])] = &[
    (-50, [79, 10, 10, 0, 0, 0, 0, 1]),
    (-30, [59, 10, 10, 20, 0, 0, 0, 1]),
    (-10, [39, 10, 10, 20, 20, 0, 0, 1]),
    (0, [29, 10, 10, 20, 30, 0, 0, 1]),
    (10, [19, 10, 10, 20, 30, 10, 0, 1]),
    (20, [9, 10, 10, 20, 30, 20, 0, 1]),
    (28, [1, 10, 10, 20, 30, 28, 0, 1]),
    (29, [0, 10, 10, 20, 30, 29, 0, 1]),
    (30, [0, 9, 10, 20, 30, 30, 0, 1]),
    (38, [0, 1, 10, 20, 30, 30, 8, 1]),
    (40, [0, 0, 9, 20, 30, 30, 10, 1]),
    (50, [0, 0, 0, 19, 30, 30, 20, 1]),
    (60, [0, 0, 0, 9, 30, 30, 30, 1]),
    (70, [0, 0, 0, 0, 29, 30, 40, 1]),
    (80, [0, 0, 0, 0, 19, 30, 50, 1]),
    (84, [0, 0, 0, 0, 15, 30, 50, 5]),
    (90, [0, 0, 0, 0, 9, 30, 50, 11]),
    (100, [0, 0, 0, 0, 0, 29, 50, 21]),
    (110, [0, 0, 0, 0, 0, 19, 50, 31]),
    (120, [0, 0, 0, 0, 0, 9, 50, 41]),
    (130, [0, 0, 0, 0, 0, 0, 49, 51]),
    (150, [0, 0, 0, 0, 0, 0, 29, 71]),
    (179, [0, 0, 0, 0, 0, 0, 0, 100]),
];

#[test]
fn band_counts_over_the_hundred_faces_are_the_digest_table() {
    for &(t, want) in BANDS {
        let mut got = [0u32; 8];
        for r in 1..=100 {
            got[band(r, t).index()] += 1;
        }
        assert_eq!(got, want, "T = {t}");
    }
}

#[test]
fn simulated_bands_match_the_exact_table() {
    let n = trials();
    for (k, &(t, want)) in BANDS.iter().enumerate() {
        let mut dice = Dice::for_battle(77, k as u64);
        let mut got = [0u64; 8];
        for _ in 0..n {
            got[band(i64::from(dice.roll(100)), t).index()] += 1;
        }
        for b in Band::ALL {
            within_4_sigma(
                &format!("T = {t}, {}", b.name()),
                got[b.index()],
                n,
                f64::from(want[b.index()]) / 100.0,
            );
        }
    }
}

#[test]
fn two_outcome_checks_pass_with_the_exact_probability() {
    let n = trials();
    for (k, t) in [-5i64, 0, 10, 60, 99, 100, 130].into_iter().enumerate() {
        let exact = if t >= 100 {
            1.0
        } else {
            (t.clamp(0, 99) + 1) as f64 / 100.0
        };
        let mut dice = Dice::for_battle(78, k as u64);
        let hits = (0..n)
            .filter(|_| passes(i64::from(dice.roll(100)), t))
            .count() as u64;
        within_4_sigma(&format!("pass at T = {t}"), hits, n, exact);
    }
}

#[test]
fn initiative_attacks_per_unit_quality() {
    // (UQ x2, init, AP, P(IA possible) as num/20, E[IA %] x 100)
    let rows = [
        (0, 0, 11, 9, 1125),
        (1, 0, 11, 10, 1375),
        (2, 0, 10, 11, 1650),
        (3, 1, 11, 12, 1950),
        (4, 0, 9, 13, 2275),
        (5, 0, 9, 14, 2625),
        (6, 6, 14, 15, 3000),
        (8, 0, 7, 17, 3825),
        (10, 0, 6, 19, 4750),
        (12, 0, 5, 20, 5725),
    ];
    let r = PhaseRounding::HalfUp;
    let n = trials();
    for (k, &(uq, init, ap, possible, mean_x100)) in rows.iter().enumerate() {
        assert_eq!(action_phase(uq, init, r), ap, "AP for UQ x2 = {uq}");
        // Exact over the 20 faces.
        let pcts: Vec<i64> = (1..=20)
            .map(|d| ia_pct(initiative_phase(d, uq, init, r), ap, 100))
            .collect();
        assert_eq!(pcts.iter().filter(|&&p| p > 0).count(), possible);
        assert_eq!(
            pcts.iter().sum::<i64>() * 5,
            mean_x100,
            "E[IA %] for UQ x2 = {uq}"
        );
        // Simulated.
        let mut dice = Dice::for_battle(79, k as u64);
        let hits = (0..n)
            .filter(|_| {
                ia_pct(
                    initiative_phase(i32::from(dice.roll(20)), uq, init, r),
                    ap,
                    100,
                ) > 0
            })
            .count() as u64;
        within_4_sigma(
            &format!("IA possible, UQ x2 = {uq}"),
            hits,
            n,
            possible as f64 / 20.0,
        );
    }
    // Pikemen: E[IA damage of a fresh unit] = 3051 / 20 = 152.55.
    let total: i64 = (1..=20)
        .map(|d| {
            attack_damage(
                783_750,
                ia_pct(initiative_phase(d, 3, 1, r), 11, 100),
                1,
                1,
                1,
            )
        })
        .sum();
    assert_eq!(total, 3051);
    let sword: i64 = (1..=20)
        .map(|d| {
            attack_damage(
                1_959_375,
                ia_pct(initiative_phase(d, 6, 6, r), 14, 100),
                1,
                1,
                1,
            )
        })
        .sum();
    assert_eq!(sword, 11745, "Swordsmen: 587.25 per round");
}

#[test]
fn which_initiative_phase_comes_first() {
    let r = PhaseRounding::HalfUp;
    let n = trials();
    let mut dice = Dice::for_battle(80, 0);
    let (mut sword, mut tie) = (0u64, 0u64);
    for _ in 0..n {
        let s = initiative_phase(i32::from(dice.roll(20)), 6, 6, r);
        let p = initiative_phase(i32::from(dice.roll(20)), 3, 1, r);
        if s > p {
            sword += 1;
        } else if s == p {
            tie += 1;
        }
    }
    within_4_sigma("Swordsmen earlier", sword, n, 295.0 / 400.0);
    within_4_sigma("tie", tie, n, 14.0 / 400.0);
}

#[test]
fn a_fresh_unit_checks_at_70_inside_a_battle() {
    // The resurgance file's enemy Swordsmen unit: fresh, equal men on both
    // sides (no outnumbering), no other modifiers: T = 70.
    let mut setup = war_setup_from(&data("war3_resurgance.toml"));
    setup.units[0].start_damage = 0;
    let mut scratch = Scratch::new(&setup);
    scratch.state.reset(&setup);
    let mut dice = Dice::for_battle(81, 0);
    let mut b = Battle {
        setup: &setup,
        st: &mut scratch.state,
        reach: &mut scratch.reach,
        hits: &mut scratch.hits,
        candidates: &mut scratch.candidates,
        dice: &mut dice,
        trace: &mut NoTrace,
    };
    let n = trials() / 4;
    let unit = 1;
    for _ in 0..n {
        b.st.units[unit].morale = MoraleState::Normal;
        b.st.units[unit].max_hp = 6900;
        b.st.units[unit].resurgences = 0;
        b.morale_check(unit, 2, true);
    }
    let got = b.st.units[unit].outcomes;
    let exact = [0, 0, 0, 0, 29, 30, 40, 1];
    for band in Band::ALL {
        within_4_sigma(
            band.name(),
            u64::from(got[band.index()]),
            n,
            f64::from(exact[band.index()]) / 100.0,
        );
    }
}
