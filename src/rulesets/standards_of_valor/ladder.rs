//! The Standards of Valor die ladder and its three kinds of roll (digest
//! 1.2-1.4). Dice run D4 < D6 < D8 < D10 < D12 and are never modified by
//! adding numbers (L123-141): circumstances shift the die type instead,
//! closed by default (clamped, L149, L153), open for the HTH quality dice and
//! the In Position blast shift (excess passed to the opponent, L151), and for
//! the range die a shift past D12 makes the shot impossible (L2387). The roll
//! types are a test against a target (pass iff roll > target, major failure
//! iff 2 x roll <= target: L160 "less than half" and L1180 "half or less",
//! digest A1; an impossible test is still rolled for the major failure,
//! L1237), the opposed roll (ties to the opponent, major iff more than twice,
//! L162) and the multiple opposed roll (L164, L2312-2317). Exact
//! probabilities for the CI checks are here too. Nothing allocates.

use crate::dice::Dice;

/// A die of the ladder (L126, L138).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Die {
    /// Worst: Untrained, no armour, first range band.
    D4,
    /// Below average.
    D6,
    /// Average.
    D8,
    /// Above average.
    D10,
    /// Best.
    D12,
}

crate::words!(Die { "d4" => D4, "d6" => D6, "d8" => D8, "d10" => D10, "d12" => D12 });

impl Die {
    /// The ladder from the bottom.
    pub const ALL: [Die; 5] = [Die::D4, Die::D6, Die::D8, Die::D10, Die::D12];

    /// Number of faces (4..=12).
    pub fn faces(self) -> u8 {
        4 + 2 * (self.index() as u8)
    }

    /// Position on the ladder, D4 = 0 .. D12 = 4.
    pub fn index(self) -> i8 {
        self as i8
    }

    /// The die at ladder position `i`, if any.
    pub fn from_index(i: i8) -> Option<Die> {
        if (0..5).contains(&i) {
            Some(Die::ALL[i as usize])
        } else {
            None
        }
    }

    /// The die with `n` faces, if it is on the ladder.
    pub fn from_faces(n: u8) -> Option<Die> {
        if n % 2 == 0 && (4..=12).contains(&n) {
            Die::from_index(((n - 4) / 2) as i8)
        } else {
            None
        }
    }

    /// Closed shift by `n` steps: clamped to D4..=D12, excess lost (L149, L153).
    pub fn shifted(self, n: i8) -> Die {
        self.shifted_open(n).0
    }

    /// Open shift by `n` steps (L151): the clamped die and the signed excess,
    /// +k when k steps went above D12, -k when k steps went below D4. The
    /// caller shifts the opponent's die by the negated excess.
    pub fn shifted_open(self, n: i8) -> (Die, i8) {
        let target = i16::from(self.index()) + i16::from(n);
        let clamped = target.clamp(0, 4);
        let excess = (target - clamped) as i8;
        (Die::ALL[clamped as usize], excess)
    }

    /// Range-die shift (L2387, L2390): above D12 the shot is impossible
    /// (None); below D4 the die clamps at D4.
    pub fn shifted_range(self, n: i8) -> Option<Die> {
        match self.shifted_open(n) {
            (_, excess) if excess > 0 => None,
            (die, _) => Some(die),
        }
    }

    /// One roll of this die.
    pub fn roll(self, dice: &mut Dice) -> u8 {
        dice.roll(self.faces())
    }
}

/// Result of a test against a target number (L158-160).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestResult {
    /// Roll > target.
    Pass,
    /// Roll <= target, but more than half of it.
    Fail,
    /// 2 x roll <= target (digest A1).
    MajorFail,
}

/// Reads a roll against `target`: pass iff roll > target, major failure iff
/// 2 x roll <= target; a target <= 0 always passes (digest 1.4).
pub fn test_against(roll: u8, target: i32) -> TestResult {
    let r = i32::from(roll);
    if target <= 0 || r > target {
        TestResult::Pass
    } else if 2 * r <= target {
        TestResult::MajorFail
    } else {
        TestResult::Fail
    }
}

/// Rolls `die` against `target` (always rolled, even when it cannot pass,
/// L1237); returns the result and the roll.
pub fn roll_test(dice: &mut Dice, die: Die, target: i32) -> (TestResult, u8) {
    let roll = die.roll(dice);
    (test_against(roll, target), roll)
}

/// Result of an opposed or multiple opposed roll (L162-164).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opposed {
    /// The actor did not beat the opponent (ties go to the opponent).
    Fail,
    /// Minor success.
    Success,
    /// Major success.
    Major,
}

/// Opposed roll (L162): success iff actor > opponent, major iff actor > 2 x
/// opponent.
pub fn opposed(actor: u8, opponent: u8) -> Opposed {
    let (a, o) = (u16::from(actor), u16::from(opponent));
    if a > 2 * o {
        Opposed::Major
    } else if a > o {
        Opposed::Success
    } else {
        Opposed::Fail
    }
}

/// Multiple opposed roll (L164, L2312-2317): no actor die above the
/// opponent's fails, exactly one is a minor success, two or more a major one.
pub fn multiple_opposed(actor: &[u8], opponent: u8) -> Opposed {
    match actor.iter().filter(|&&a| a > opponent).count() {
        0 => Opposed::Fail,
        1 => Opposed::Success,
        _ => Opposed::Major,
    }
}

/// Exact P(die > target) = clamp(n - T, 0, n) / n (digest 1.4).
pub fn p_pass(die: Die, target: i32) -> f64 {
    let n = i32::from(die.faces());
    f64::from((n - target).clamp(0, n)) / f64::from(n)
}

/// Exact P(2 x roll <= target) = clamp(floor(T/2), 0, n) / n (digest 1.4).
pub fn p_major_fail(die: Die, target: i32) -> f64 {
    let n = i32::from(die.faces());
    f64::from(target.div_euclid(2).clamp(0, n)) / f64::from(n)
}

/// Exact P(roll of `a` > roll of `b`) (digest 9.2 table).
pub fn p_exceeds(a: Die, b: Die) -> f64 {
    let (na, nb) = (u32::from(a.faces()), u32::from(b.faces()));
    let wins: u32 = (1..=nb).map(|j| na.saturating_sub(j)).sum();
    f64::from(wins) / f64::from(na * nb)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::checks::Word;
    use Die::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn ladder_basics() {
        assert_eq!(Die::ALL.map(Die::faces), [4, 6, 8, 10, 12]);
        for (i, d) in Die::ALL.into_iter().enumerate() {
            assert_eq!(d.index(), i as i8);
            assert_eq!(Die::from_index(i as i8), Some(d));
            assert_eq!(Die::from_faces(d.faces()), Some(d));
        }
        assert_eq!(Die::from_index(-1), None);
        assert_eq!(Die::from_index(5), None);
        for n in [0u8, 2, 3, 5, 7, 11, 14, 20] {
            assert_eq!(Die::from_faces(n), None);
        }
        assert_eq!(Die::from_name("d10"), Some(D10));
        assert_eq!(Die::from_name("D10"), None);
        assert_eq!(Die::NAMES, ["d4", "d6", "d8", "d10", "d12"]);
    }

    #[test]
    fn t3_closed_shifts() {
        assert_eq!(D6.shifted(1), D8);
        assert_eq!(D6.shifted(-1), D4);
        assert_eq!(D12.shifted(1), D12);
        assert_eq!(D4.shifted(-1), D4);
        assert_eq!(D4.shifted(i8::MAX), D12);
        assert_eq!(D12.shifted(i8::MIN), D4);
    }

    #[test]
    fn t4_open_shifts() {
        assert_eq!(D12.shifted_open(1), (D12, 1));
        assert_eq!(D4.shifted_open(-1), (D4, -1));
        assert_eq!(D10.shifted_open(3), (D12, 2));
        assert_eq!(D8.shifted_open(-4), (D4, -2));
        assert_eq!(D8.shifted_open(1), (D10, 0));
        // The caller applies the opposite of the excess to the opponent.
        let (_, excess) = D12.shifted_open(1);
        assert_eq!(D8.shifted(-excess), D6);
    }

    #[test]
    fn range_shifts() {
        assert_eq!(D10.shifted_range(1), Some(D12));
        assert_eq!(D12.shifted_range(1), None);
        assert_eq!(D6.shifted_range(-3), Some(D4));
        assert_eq!(D8.shifted_range(0), Some(D8));
    }

    #[test]
    fn t1_target_two_on_d8() {
        for roll in 1..=8 {
            let r = test_against(roll, 2);
            assert_eq!(r == TestResult::Pass, roll >= 3, "roll {roll}");
            // 2 x 1 <= 2: a roll of 1 is a major failure.
            assert_eq!(r == TestResult::MajorFail, roll == 1, "roll {roll}");
        }
        assert!(close(p_pass(D8, 2), 6.0 / 8.0));
    }

    #[test]
    fn t2_target_three() {
        assert_eq!(test_against(1, 3), TestResult::MajorFail);
        assert_eq!(test_against(2, 3), TestResult::Fail);
        assert_eq!(test_against(3, 3), TestResult::Fail);
        assert_eq!(test_against(4, 3), TestResult::Pass);
    }

    #[test]
    fn t5_t6_opposed() {
        assert_eq!(opposed(7, 3), Opposed::Major);
        assert_eq!(opposed(6, 3), Opposed::Success);
        assert_eq!(opposed(3, 3), Opposed::Fail);
        assert_eq!(opposed(2, 3), Opposed::Fail);
        assert_eq!(multiple_opposed(&[5, 6], 5), Opposed::Success);
        assert_eq!(multiple_opposed(&[5, 5], 5), Opposed::Fail);
        assert_eq!(multiple_opposed(&[6, 7, 1], 5), Opposed::Major);
        assert_eq!(multiple_opposed(&[], 1), Opposed::Fail);
    }

    #[test]
    fn t7_half_or_less() {
        let want = [
            TestResult::MajorFail,
            TestResult::MajorFail,
            TestResult::Fail,
            TestResult::Fail,
        ];
        for (roll, w) in (1..=4).zip(want) {
            assert_eq!(test_against(roll, 4), w);
        }
        for roll in 5..=12 {
            assert_eq!(test_against(roll, 4), TestResult::Pass);
        }
    }

    #[test]
    fn t85_impossible_test_is_still_read() {
        for roll in 1..=3 {
            assert_eq!(test_against(roll, 6), TestResult::MajorFail);
        }
        for roll in 4..=6 {
            assert_eq!(test_against(roll, 6), TestResult::Fail);
        }
        assert_eq!(p_pass(D6, 6), 0.0);
        assert!(close(p_major_fail(D6, 6), 0.5));
    }

    #[test]
    fn non_positive_target_passes() {
        assert_eq!(test_against(1, 0), TestResult::Pass);
        assert_eq!(test_against(1, -3), TestResult::Pass);
        assert_eq!(p_pass(D4, -2), 1.0);
        assert_eq!(p_major_fail(D4, -2), 0.0);
    }

    /// Digest 14.1 reference table, pass / major failure, targets 0..=8, to
    /// the printed three decimals.
    const TABLE_14_1: [[(f64, f64); 9]; 5] = [
        [
            (1.0, 0.0),
            (0.75, 0.0),
            (0.5, 0.25),
            (0.25, 0.25),
            (0.0, 0.5),
            (0.0, 0.5),
            (0.0, 0.75),
            (0.0, 0.75),
            (0.0, 1.0),
        ],
        [
            (1.0, 0.0),
            (0.833, 0.0),
            (0.667, 0.167),
            (0.5, 0.167),
            (0.333, 0.333),
            (0.167, 0.333),
            (0.0, 0.5),
            (0.0, 0.5),
            (0.0, 0.667),
        ],
        [
            (1.0, 0.0),
            (0.875, 0.0),
            (0.75, 0.125),
            (0.625, 0.125),
            (0.5, 0.25),
            (0.375, 0.25),
            (0.25, 0.375),
            (0.125, 0.375),
            (0.0, 0.5),
        ],
        [
            (1.0, 0.0),
            (0.9, 0.0),
            (0.8, 0.1),
            (0.7, 0.1),
            (0.6, 0.2),
            (0.5, 0.2),
            (0.4, 0.3),
            (0.3, 0.3),
            (0.2, 0.4),
        ],
        [
            (1.0, 0.0),
            (0.917, 0.0),
            (0.833, 0.083),
            (0.75, 0.083),
            (0.667, 0.167),
            (0.583, 0.167),
            (0.5, 0.25),
            (0.417, 0.25),
            (0.333, 0.333),
        ],
    ];

    /// Counts faces of `die` giving `want` against `target`.
    fn count(die: Die, target: i32, want: TestResult) -> u32 {
        (1..=die.faces())
            .filter(|&r| test_against(r, target) == want)
            .count() as u32
    }

    #[test]
    fn table_14_1_every_cell() {
        for (die, row) in Die::ALL.into_iter().zip(TABLE_14_1) {
            let n = f64::from(die.faces());
            for (t, (pass, major)) in row.into_iter().enumerate() {
                let t = t as i32;
                let p = p_pass(die, t);
                let m = p_major_fail(die, t);
                assert!((p - pass).abs() < 5e-4, "{die:?} {t} pass {p}");
                assert!((m - major).abs() < 5e-4, "{die:?} {t} major {m}");
                let counted_p = f64::from(count(die, t, TestResult::Pass)) / n;
                let counted_m = f64::from(count(die, t, TestResult::MajorFail)) / n;
                assert!(close(p, counted_p) && close(m, counted_m), "{die:?} {t}");
            }
        }
    }

    #[test]
    fn closed_forms_match_counts_beyond_the_table() {
        for die in Die::ALL {
            let n = f64::from(die.faces());
            for t in -3..=30 {
                let counted_p = f64::from(count(die, t, TestResult::Pass)) / n;
                let counted_m = f64::from(count(die, t, TestResult::MajorFail)) / n;
                assert!(close(p_pass(die, t), counted_p));
                assert!(close(p_major_fail(die, t), counted_m));
            }
        }
    }

    /// Digest 9.2: P(Imp > Armour) as (numerator, denominator), row = Imp.
    const IMP_OVER_ARMOUR: [[(u32, u32); 5]; 5] = [
        [(3, 8), (1, 4), (3, 16), (3, 20), (1, 8)],
        [(7, 12), (5, 12), (5, 16), (1, 4), (5, 24)],
        [(11, 16), (9, 16), (7, 16), (7, 20), (7, 24)],
        [(3, 4), (13, 20), (11, 20), (9, 20), (3, 8)],
        [(19, 24), (17, 24), (5, 8), (13, 24), (11, 24)],
    ];

    #[test]
    fn imp_over_armour_table_exact() {
        for (imp, row) in Die::ALL.into_iter().zip(IMP_OVER_ARMOUR) {
            for (arm, (num, den)) in Die::ALL.into_iter().zip(row) {
                let (na, nb) = (u32::from(imp.faces()), u32::from(arm.faces()));
                let wins = (1..=na)
                    .flat_map(|a| (1..=nb).map(move |b| u32::from(a > b)))
                    .sum::<u32>();
                // wins / (na nb) == num / den, cross-multiplied.
                assert_eq!(wins * den, num * na * nb, "{imp:?} v {arm:?}");
                let p = p_exceeds(imp, arm);
                assert!(close(p, f64::from(num) / f64::from(den)));
            }
        }
    }

    /// Frequency of `hit` over `n` trials is within 5 standard errors of `p`.
    fn within_5se(hits: u32, n: u32, p: f64) -> bool {
        let f = f64::from(hits) / f64::from(n);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-9);
        (f - p).abs() <= 5.0 * se
    }

    #[test]
    fn simulated_test_frequencies() {
        const N: u32 = 200_000;
        let cases = [(D4, 2), (D6, 4), (D8, 3), (D10, 7), (D12, 5), (D12, 10)];
        for (i, (die, target)) in cases.into_iter().enumerate() {
            let mut dice = Dice::for_battle(0x50F_5EED, i as u64);
            let (mut pass, mut major) = (0u32, 0u32);
            for _ in 0..N {
                match roll_test(&mut dice, die, target).0 {
                    TestResult::Pass => pass += 1,
                    TestResult::MajorFail => major += 1,
                    TestResult::Fail => {}
                }
            }
            assert!(within_5se(pass, N, p_pass(die, target)), "{die:?} {target}");
            let pm = p_major_fail(die, target);
            assert!(within_5se(major, N, pm), "{die:?} {target}");
        }
    }

    #[test]
    fn simulated_opposed_frequencies() {
        const N: u32 = 200_000;
        let cases = [(D6, D6), (D8, D10), (D12, D4)];
        for (i, (a, b)) in cases.into_iter().enumerate() {
            let mut dice = Dice::for_battle(0x50F_5EED, 100 + i as u64);
            let wins = (0..N)
                .filter(|_| a.roll(&mut dice) > b.roll(&mut dice))
                .count() as u32;
            assert!(within_5se(wins, N, p_exceeds(a, b)), "{a:?} v {b:?}");
        }
    }
}
