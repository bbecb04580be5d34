//! States of Battle digest vectors (section 9.1) for Morale Counters, MCV,
//! the State of Battle track and the roll-off, and the exact roll-off
//! table of section 9.2, checked against enumeration and simulated dice.

use muster::dice::Dice;
use muster::overlays::sob::morale::{
    army_mc, army_morale_applies, deal, mcv, GainCap, GainPlacement, McvRounding, MoraleTrack,
    RemainderPlacement, SobState,
};
use muster::overlays::sob::rolloff::{odds, roll_off};
use muster::rules::Side;

fn track(n: u32, gains: GainPlacement) -> MoraleTrack {
    MoraleTrack::new(n, RemainderPlacement::EmboldenedFirst, gains, GainCap::None)
}

#[test]
fn tv01_mc_totals() {
    let got: Vec<u32> = [500.0, 1000.0, 2500.0, 74.0, 75.0, 149.0, 150.0]
        .iter()
        .map(|&p| army_mc(p, 75.0))
        .collect();
    assert_eq!(got, [6, 13, 33, 0, 1, 1, 2]);
    // D&D War: ratio 2.5 x XP(5) = 500; 12 000 points and 4 characters at 4 x 800.
    assert_eq!(army_mc(12_000.0 + 4.0 * 800.0, 500.0), 30);
}

#[test]
fn tv02_mcv() {
    let nearest = |p: f64| mcv(p, 75.0, McvRounding::NearestMin1);
    assert_eq!((nearest(224.0), nearest(80.0)), (3, 1));
    assert_eq!(
        (
            mcv(224.0, 75.0, McvRounding::FloorMin1),
            mcv(80.0, 75.0, McvRounding::FloorMin1)
        ),
        (2, 1)
    );
    assert_eq!(
        (
            mcv(224.0, 75.0, McvRounding::Ceil),
            mcv(80.0, 75.0, McvRounding::Ceil)
        ),
        (3, 2)
    );
    let more: Vec<u32> = [30.0, 112.0, 113.0, 187.0, 188.0].map(nearest).to_vec();
    assert_eq!(more, [1, 1, 2, 2, 3]);
    // D&D War at ratio 500: a character (4 x 200 = 800) 2; 1200 -> 2; 1600 -> 3; 400 -> 1.
    let dnd: Vec<u32> = [800.0, 1200.0, 1600.0, 400.0]
        .map(|p| mcv(p, 500.0, McvRounding::NearestMin1))
        .to_vec();
    assert_eq!(dnd, [2, 2, 3, 1]);
}

#[test]
fn tv03_segment_deal() {
    let e = RemainderPlacement::EmboldenedFirst;
    for (n, caps) in [
        (3, [1, 1, 1, 0]),
        (4, [1, 1, 1, 1]),
        (6, [2, 2, 1, 1]),
        (13, [4, 3, 3, 3]),
        (14, [4, 4, 3, 3]),
        (16, [4, 4, 4, 4]),
        (30, [8, 8, 7, 7]),
        (33, [9, 8, 8, 8]),
    ] {
        assert_eq!(deal(n, e), caps, "N = {n}");
    }
    let d = RemainderPlacement::DesperateFirst;
    assert_eq!(deal(13, d), [3, 3, 3, 4]);
    assert_eq!(deal(6, d), [1, 1, 2, 2]);
}

/// The State at every count from N down to 0, losing one at a time.
fn states(n: u32) -> Vec<SobState> {
    let mut t = track(n, GainPlacement::Refill);
    let mut out = vec![t.state()];
    while t.lose(1) == 1 {
        out.push(t.state());
    }
    out
}

#[test]
fn tv04_state_by_remaining_counters() {
    use SobState::*;
    let runs = |v: &[(SobState, usize)]| -> Vec<SobState> {
        v.iter()
            .flat_map(|&(s, k)| std::iter::repeat(s).take(k))
            .collect()
    };
    assert_eq!(
        states(13),
        runs(&[
            (Emboldened, 4),
            (Shaken, 3),
            (Bloodied, 3),
            (Desperate, 3),
            (Routed, 1)
        ])
    );
    assert_eq!(
        states(6),
        runs(&[
            (Emboldened, 2),
            (Shaken, 2),
            (Bloodied, 1),
            (Desperate, 1),
            (Routed, 1)
        ])
    );
    assert_eq!(
        states(33),
        runs(&[
            (Emboldened, 9),
            (Shaken, 8),
            (Bloodied, 8),
            (Desperate, 8),
            (Routed, 1)
        ])
    );
    assert_eq!(
        states(3),
        runs(&[(Emboldened, 1), (Shaken, 1), (Bloodied, 1), (Routed, 1)]),
        "Desperate never occurs"
    );
}

#[test]
fn tv05_gains_refill_current_segment_and_overflow() {
    let mut refill = track(13, GainPlacement::Refill);
    refill.lose(5);
    assert_eq!(
        (refill.segments(), refill.state()),
        ([0, 2, 3, 3], SobState::Shaken)
    );
    assert_eq!(refill.gain(2), 2);
    assert_eq!(
        (refill.segments(), refill.state()),
        ([1, 3, 3, 3], SobState::Emboldened)
    );

    let mut current = track(13, GainPlacement::CurrentSegment);
    current.lose(5);
    current.gain(2);
    assert_eq!(
        (current.segments(), current.state()),
        ([0, 4, 3, 3], SobState::Shaken)
    );

    let mut over = track(13, GainPlacement::Refill);
    over.gain(3);
    assert_eq!(over.segments(), [7, 3, 3, 3]);
    over.lose(6);
    assert_eq!(over.state(), SobState::Emboldened);
    over.lose(1);
    assert_eq!(over.state(), SobState::Shaken, "7 losses to become Shaken");

    let mut capped = MoraleTrack::new(
        13,
        RemainderPlacement::EmboldenedFirst,
        GainPlacement::Refill,
        GainCap::Initial,
    );
    assert_eq!(capped.gain(3), 0, "mc_gain_cap = initial");
    capped.lose(2);
    assert_eq!(capped.gain(3), 2);
}

#[test]
fn tv07_roll_offs() {
    let r = roll_off(7, 5);
    assert_eq!((r.cards, r.winner, r.tutor), (2, Some(Side::A), false));
    let r = roll_off(10, 5);
    assert_eq!((r.cards, r.tutor), (3, false), "5 is not more than 5");
    let r = roll_off(1, 7);
    assert_eq!((r.cards, r.winner, r.tutor), (3, Some(Side::B), true));
    let r = roll_off(4, 4);
    assert_eq!((r.cards, r.winner, r.tutor), (0, None, false));
    // TV-06: 9 against 3, both draw 3, the winner tutors.
    let r = roll_off(9, 3);
    assert_eq!((r.cards, r.winner, r.tutor), (3, Some(Side::A), true));
}

#[test]
fn tv10_army_morale_condition() {
    for (opp, m, applies) in [
        (13, 9, true),
        (13, 10, false),
        (12, 9, false),
        (12, 8, true),
        (6, 4, true),
        (6, 5, false),
    ] {
        assert_eq!(army_morale_applies(m, opp), applies, "m = {m}, m' = {opp}");
    }
    let h: Vec<u32> = SobState::ALL[..4].iter().map(|s| s.handicap()).collect();
    assert_eq!(h, [0, 1, 2, 3]);
}

#[test]
fn shaken_is_exactly_the_army_morale_condition_unless_n_is_a_multiple_of_4() {
    // Digest 1.4, reason 4: checked for every N from 1 to 79.
    for n in 1..80u32 {
        let mut t = track(n, GainPlacement::Refill);
        for m in (1..=n).rev() {
            let shaken = t.state() >= SobState::Shaken;
            let applies = army_morale_applies(m, n);
            if n % 4 != 0 || 4 * m != 3 * n {
                assert_eq!(shaken, applies, "N = {n}, m = {m}");
            }
            t.lose(1);
        }
    }
}

#[test]
fn roll_off_odds_match_the_digest_table() {
    // (A, B, P(n=0..3), E[n], P(A wins), P(B wins), P(A tutors), P(B tutors))
    #[allow(clippy::type_complexity)]
    let rows: [(u8, u8, [f64; 4], f64, f64, f64, f64, f64); 6] = [
        (
            4,
            4,
            [1. / 4., 3. / 8., 1. / 4., 1. / 8.],
            1.25,
            3. / 8.,
            3. / 8.,
            0.,
            0.,
        ),
        (
            10,
            10,
            [1. / 10., 9. / 50., 4. / 25., 14. / 25.],
            2.18,
            9. / 20.,
            9. / 20.,
            0.1,
            0.1,
        ),
        (
            20,
            20,
            [1. / 20., 19. / 200., 9. / 100., 153. / 200.],
            2.57,
            19. / 40.,
            19. / 40.,
            21. / 80.,
            21. / 80.,
        ),
        (
            8,
            10,
            [1. / 10., 3. / 16., 7. / 40., 43. / 80.],
            2.15,
            7. / 20.,
            11. / 20.,
            3. / 80.,
            1. / 8.,
        ),
        (
            12,
            10,
            [1. / 12., 19. / 120., 3. / 20., 73. / 120.],
            137. / 60.,
            13. / 24.,
            3. / 8.,
            7. / 40.,
            1. / 12.,
        ),
        (
            20,
            4,
            [1. / 20., 7. / 80., 3. / 40., 63. / 80.],
            2.6,
            7. / 8.,
            3. / 40.,
            5. / 8.,
            0.,
        ),
    ];
    for (a, b, cards, mean, aw, bw, at, bt) in rows {
        let o = odds(a, b);
        let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
        for (n, (&got, &want)) in o.cards.iter().zip(&cards).enumerate() {
            assert!(close(got, want), "d{a} vs d{b}: P(n = {n})");
        }
        assert!(close(o.expected_cards(), mean), "d{a} vs d{b}: E[n]");
        assert!(
            close(o.a_wins, aw) && close(o.b_wins, bw),
            "d{a} vs d{b}: wins"
        );
        assert!(
            close(o.a_tutors, at) && close(o.b_tutors, bt),
            "d{a} vs d{b}: tutors"
        );
    }
}

#[test]
fn simulated_roll_offs_match_the_exact_odds() {
    // Within 4 standard errors (digest 9.2) over 200 000 roll-offs.
    let n = 200_000u32;
    for (a, b) in [(10u8, 10u8), (8, 10), (20, 4)] {
        let exact = odds(a, b);
        let mut dice = Dice::for_battle(42, u64::from(a) * 100 + u64::from(b));
        let mut cards = [0u32; 4];
        let mut tutors = 0u32;
        for _ in 0..n {
            let r = roll_off(dice.roll(a), dice.roll(b));
            cards[r.cards as usize] += 1;
            tutors += u32::from(r.tutor);
        }
        let check = |count: u32, p: f64, what: &str| {
            let p_hat = f64::from(count) / f64::from(n);
            let tol = 4.0 * (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (p_hat - p).abs() <= tol,
                "d{a} vs d{b} {what}: {p_hat} vs {p}"
            );
        };
        for (k, (&count, &p)) in cards.iter().zip(&exact.cards).enumerate() {
            check(count, p, &format!("n = {k}"));
        }
        check(tutors, exact.a_tutors + exact.b_tutors, "tutor");
    }
}

/// TV-25: the D&D War to-hit transforms of the overlay (attack +3 per
/// Crushing step, -3 per Ineffective step, the 8 floor, the 20 cap, and a
/// spent Stand & Shoot's top band of 18), through the functions the
/// shooting procedure uses.
#[test]
fn tv25_dnd_war_to_hit_transforms() {
    use muster::rulesets::dnd_war::hits::{need, p_hit, top_band};
    let floor = 8;
    // A defence of 20 against attack 20 - n needs n.
    let with = |normal: i32, steps: i32| need(20 - normal + 3 * steps, 20, floor);
    assert_eq!(top_band(with(10, 0), 18), 18);
    assert!((p_hit(10) - 0.55).abs() < 1e-12 && (p_hit(18) - 0.15).abs() < 1e-12);
    assert_eq!(top_band(with(19, 0), 18), 19);
    assert_eq!(top_band(with(20, 0), 18), 20);
    assert_eq!(with(12, 1), 9);
    assert!((p_hit(9) - 0.60).abs() < 1e-12);
    assert_eq!(with(9, 1), 8, "the floor");
    assert_eq!(with(18, -1), 20, "raw 21 capped");
    assert!((p_hit(20) - 0.05).abs() < 1e-12);
    assert_eq!(top_band(with(16, -1), 18), 19);
}
