//! Standards of Valor hand-to-hand arithmetic (digest 3.2, 10.3, 10.4, 10.6;
//! proposals 23-31 of its ambiguities). The formation force-ratio table (L421-479) gives
//! figures per equal frontage; six of its lower cells are not the
//! reciprocals of their mirrors, so [`RatioReading`] reads it literally or
//! mirrors the upper triangle (ambiguity 24; the prose at L2686-2695 needs the
//! mirror). The ratio, times reach ranks (L2689), is reduced to a simple
//! ratio (9/4 -> 2:1, 4/27 -> 1:6, L2686-2692; ambiguity 25) and scaled so both sides
//! roll at least two dice (2:1 -> 4 v 2, L2695); an overlap shifts single
//! dice of a pool, one per flank (L2708, [`Pool`]). Each die above the
//! opponent's lowest die is a potential hit (L2710-2713). Penetration is
//! detailed (Imp > Armour per hit) or summary (one roll: none, half, or all
//! at Imp >= 2 x Armour, L2715-2742). The defender's stand test after a
//! charge is at TL = the odds, at least 1 (L2654, ambiguity 31); the loser of a round
//! tests at the scrum ratio (L2769-2776, ambiguity 29). Roll functions do not
//! allocate; only the exact distribution (for tests and tables) does.

use super::ladder::Die;
use crate::dice::Dice;

crate::words!(
    /// Unit integrity level used for the force ratio (L392-413).
    pub enum Formation {
        "close" => Close,
        "open" => Open,
        "skirmish" => Skirmish,
    }
);

/// Foot or mounted, for the force ratio, counted ranks and odds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mount {
    /// Infantry.
    Foot,
    /// Cavalry.
    Horse,
}

/// How to read the force-ratio table's six non-reciprocal cells (ambiguity 24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatioReading {
    /// Upper triangle (order CI, OI, SI, CC, OC, SC) authoritative, mirrored.
    Reciprocal,
    /// Every cell as printed, attacker as row.
    Literal,
}

/// The printed table (L430-475), row = attacker, in order CI, OI, SI, CC,
/// OC, SC.
const PRINTED: [[(u8, u8); 6]; 6] = [
    [(1, 1), (3, 2), (2, 1), (3, 2), (2, 1), (3, 1)],
    [(3, 2), (1, 1), (3, 2), (1, 1), (3, 2), (3, 2)],
    [(2, 1), (2, 3), (1, 1), (2, 3), (1, 2), (3, 2)],
    [(3, 2), (1, 1), (3, 2), (1, 1), (3, 2), (2, 1)],
    [(1, 2), (2, 3), (2, 1), (2, 3), (1, 1), (3, 2)],
    [(3, 1), (1, 2), (2, 3), (1, 2), (1, 2), (1, 1)],
];

/// Table position of a troop class: CI, OI, SI, CC, OC, SC = 0..5.
fn class(c: (Formation, Mount)) -> usize {
    let f = match c.0 {
        Formation::Close => 0,
        Formation::Open => 1,
        Formation::Skirmish => 2,
    };
    f + if c.1 == Mount::Horse { 3 } else { 0 }
}

/// Base force ratio (attacker, defender) from the table of digest 3.2.
pub fn force_ratio(
    att: (Formation, Mount),
    def: (Formation, Mount),
    reading: RatioReading,
) -> (u8, u8) {
    let (r, c) = (class(att), class(def));
    match reading {
        RatioReading::Reciprocal if r > c => {
            let (a, b) = PRINTED[c][r];
            (b, a)
        }
        _ => PRINTED[r][c],
    }
}

/// How a compound ratio is rounded to a simple one (ambiguity 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatioRounding {
    /// r = larger / smaller: < 1.5 -> 1:1, < 2 -> 3:2, else floor(r):1.
    Thresholds,
    /// Nearest of 1, 1.5, 2, 3, 4, ... on a log scale.
    Nearest,
}

/// Reduces `a : b` (products of ratio terms, attacker first) to a simple
/// ratio, capped at 12:1, oriented back to (attacker, defender). A zero
/// term counts as the cap.
pub fn reduce_ratio(a: u32, b: u32, rounding: RatioRounding) -> (u8, u8) {
    let (hi, lo) = (u128::from(a.max(b)), u128::from(a.min(b)));
    let (x, y) = if lo == 0 {
        (if hi == 0 { 1 } else { 12 }, 1)
    } else {
        match rounding {
            RatioRounding::Thresholds => reduce_thresholds(hi, lo),
            RatioRounding::Nearest => reduce_nearest(hi, lo),
        }
    };
    if a >= b {
        (x, y)
    } else {
        (y, x)
    }
}

/// The [`RatioRounding::Thresholds`] rule for hi >= lo > 0.
fn reduce_thresholds(hi: u128, lo: u128) -> (u8, u8) {
    if 2 * hi < 3 * lo {
        (1, 1)
    } else if hi < 2 * lo {
        (3, 2)
    } else {
        ((hi / lo).min(12) as u8, 1)
    }
}

/// The [`RatioRounding::Nearest`] rule for hi >= lo > 0: the log-scale
/// midpoints are sqrt(1.5), sqrt(3) and sqrt(n (n + 1)), compared squared
/// (never equal for integers, so no ties).
fn reduce_nearest(hi: u128, lo: u128) -> (u8, u8) {
    let (h2, l2) = (hi * hi, lo * lo);
    if 2 * h2 < 3 * l2 {
        return (1, 1);
    }
    if h2 < 3 * l2 {
        return (3, 2);
    }
    let mut n: u128 = 2;
    while n < 12 && h2 >= n * (n + 1) * l2 {
        n += 1;
    }
    (n as u8, 1)
}

/// Dice per side for a simple ratio (L2695, ambiguity 25): 1:1 -> 2 v 2, 3:2 -> 3 v
/// 2, n:1 -> 2n v 2, mirrored; a side with 1 doubles both; cap 24 each.
pub fn dice_for_ratio(r: (u8, u8)) -> (u8, u8) {
    let (a, b) = (r.0.max(1), r.1.max(1));
    let k = if a.min(b) == 1 { 2 } else { 1 };
    (a.saturating_mul(k).min(24), b.saturating_mul(k).min(24))
}

/// Figures per die (L2695, ambiguity 25): figures in contact on the smaller-term
/// side / its dice, rounded to nearest (halves up), at least 1.
pub fn figure_ratio(figures_in_contact: u16, dice: u8) -> u16 {
    let d = u16::from(dice.max(1));
    ((figures_in_contact + d / 2) / d).max(1)
}

/// Ratio multiplier for reach ranks (L2689; suppression cuts effective
/// reach, L1090; ambiguity 26: Open Order a share of it, rounded down):
/// Close infantry max(1, min(reach - suppression, ranks)); Open infantry
/// max(1, reach x `open_share` - suppression), the share being 1/2 (L2689)
/// or 2/3 (L2007); cavalry and Skirmish 1.
pub fn rank_multiplier(
    (formation, mount): (Formation, Mount),
    reach: u8,
    ranks: u16,
    suppression: u8,
    open_share: (u8, u8),
) -> u32 {
    let effective = i32::from(reach) - i32::from(suppression);
    let open = i32::from(reach) * i32::from(open_share.0) / i32::from(open_share.1.max(1));
    let m = match (formation, mount) {
        (Formation::Close, Mount::Foot) => effective.min(i32::from(ranks)),
        (Formation::Open, Mount::Foot) => open - i32::from(suppression),
        _ => 1,
    };
    m.max(1) as u32
}

/// Die shift for reach (L2706, ambiguity 27): down one per level by which the
/// opponent's reach exceeds one's own (Reach 1 v 3 -> -2).
pub fn reach_shift(own: u8, opponent: u8) -> i8 {
    -(opponent.saturating_sub(own).min(4) as i8)
}

/// The defender's stand-test TL (L2654, ambiguity 31): max(1, floor(att / def)) on
/// whole-unit counts; the caller doubles cavalry, Fear and Terror counts
/// and doubles the TL for Terror (L2657).
pub fn defender_odds_tl(attacker_count: u32, defender_count: u32) -> i32 {
    let tl = attacker_count / defender_count.max(1);
    tl.clamp(1, i32::MAX as u32) as i32
}

/// Potential hits (L2713): own dice greater than the opponent's lowest die
/// (all of them when the opponent rolled none).
pub fn potential_hits(own: &[u8], opponent: &[u8]) -> u8 {
    match opponent.iter().min() {
        None => own.len() as u8,
        Some(&low) => own.iter().filter(|&&r| r > low).count() as u8,
    }
}

/// One side's hand-to-hand dice: `n` dice of `die`, the first `up` of them
/// one type higher and the last `down` one type lower (shifts of single
/// dice, L2708; closed at the ladder's ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pool {
    pub n: u8,
    pub die: Die,
    pub up: u8,
    pub down: u8,
}

impl Pool {
    /// `n` dice of `die`, none shifted.
    pub fn plain(n: u8, die: Die) -> Pool {
        Pool {
            n,
            die,
            up: 0,
            down: 0,
        }
    }

    /// Both sides' pools when each side shifts one die up for each flank
    /// it overlaps (`flanks`, L2708). It is an open shift: a side whose
    /// die is a D12 already shifts as many of the opponent's dice down
    /// instead (L151); that excess goes no further.
    pub fn overlapping(n: [u8; 2], dice: [Die; 2], flanks: [u8; 2]) -> [Pool; 2] {
        let mut pools = [Pool::plain(n[0], dice[0]), Pool::plain(n[1], dice[1])];
        for k in 0..2 {
            if dice[k] == Die::D12 {
                pools[1 - k].down = flanks[k].min(n[1 - k]);
            } else {
                pools[k].up = flanks[k].min(n[k]);
            }
        }
        pools
    }

    /// The die the `i`th of the pool rolls.
    pub fn die_at(&self, i: u8) -> Die {
        let up = i8::from(i < self.up);
        let down = i8::from(i >= self.n.saturating_sub(self.down));
        self.die.shifted(up - down)
    }
}

/// Rolls `pool` (at most 24 dice) into `out`; returns how many.
pub fn roll_pool(dice: &mut Dice, pool: Pool, out: &mut [u8; 24]) -> usize {
    let k = pool.n.min(24);
    for i in 0..k {
        out[usize::from(i)] = pool.die_at(i).roll(dice);
    }
    usize::from(k)
}

/// Penetration procedure (L2715-2742).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penetration {
    /// One Imp v Armour roll per potential hit.
    Detailed,
    /// One opposed roll for all of them.
    Summary,
}

/// Summary wounds from one Imp roll and one Armour roll (L2733-2739):
/// Imp <= Armour none; Imp >= 2 x Armour all; otherwise half, rounded down.
pub fn summary_wounds(potential: u16, imp_roll: u8, armour_roll: u8) -> u16 {
    let (i, a) = (u16::from(imp_roll), u16::from(armour_roll));
    if i >= 2 * a {
        potential
    } else if i > a {
        potential / 2
    } else {
        0
    }
}

/// Wounds from `potential` hits with Impact `imp` against `armour`. The
/// struck unit's suppression marker (one per round if any potential hit)
/// is the caller's.
pub fn hth_wounds(
    dice: &mut Dice,
    potential: u16,
    imp: Die,
    armour: Die,
    method: Penetration,
) -> u16 {
    match method {
        Penetration::Detailed => (0..potential)
            .filter(|_| imp.roll(dice) > armour.roll(dice))
            .count() as u16,
        Penetration::Summary if potential == 0 => 0,
        Penetration::Summary => {
            let i = imp.roll(dice);
            summary_wounds(potential, i, armour.roll(dice))
        }
    }
}

/// How the scrum score is formed (ambiguity 29).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrumScore {
    /// Casualties inflicted + counted ranks, at least 1.
    RawSums,
    /// Casualty and rank ratios each normalised to a smaller term of 1
    /// (zero terms counted as 1), added term by term.
    NormalisedRatios,
}

/// Ranks counted in the scrum (L2772-2774): Close infantry all; Open
/// infantry and Close cavalry half, rounded down; others none. Rough
/// terrain or hard cover (no ranks) is the caller's.
pub fn counted_ranks(formation: Formation, mount: Mount, ranks: u16) -> u16 {
    match (formation, mount) {
        (Formation::Close, Mount::Foot) => ranks,
        (Formation::Open, Mount::Foot) | (Formation::Close, Mount::Horse) => ranks / 2,
        _ => 0,
    }
}

/// The side (0 or 1) that tests after a round and its TL, floor(high /
/// low) (L2776); None on a tie (the tie rules of L2776 and ambiguity 30 are the
/// caller's). `inflicted[i]` are the casualties side i inflicted,
/// `ranks[i]` its counted ranks.
pub fn scrum_loser(
    inflicted: [u16; 2],
    ranks: [u16; 2],
    score: ScrumScore,
) -> Option<(usize, i32)> {
    let s = match score {
        ScrumScore::RawSums => {
            [0, 1].map(|i| (u64::from(inflicted[i]) + u64::from(ranks[i])).max(1))
        }
        ScrumScore::NormalisedRatios => normalised_scores(inflicted, ranks),
    };
    if s[0] == s[1] {
        return None;
    }
    let loser = usize::from(s[1] < s[0]);
    let tl = s[1 - loser] / s[loser];
    Some((loser, tl.min(i32::MAX as u64) as i32))
}

/// c_i / min(c) + r_i / min(r), scaled by min(c) x min(r) to stay integral.
fn normalised_scores(inflicted: [u16; 2], ranks: [u16; 2]) -> [u64; 2] {
    let c = inflicted.map(|x| u64::from(x.max(1)));
    let r = ranks.map(|x| u64::from(x.max(1)));
    let (mc, mr) = (c[0].min(c[1]), r[0].min(r[1]));
    [0, 1].map(|i| c[i] * mr + r[i] * mc)
}

/// Binomial probability of `k` successes in `n` trials of probability `p`.
fn binomial(n: u8, k: u8, p: f64) -> f64 {
    let choose = (0..k).fold(1.0, |acc, j| acc * f64::from(n - j) / f64::from(j + 1));
    choose * p.powi(i32::from(k)) * (1.0 - p).powi(i32::from(n - k))
}

/// Exact distribution of one side's potential hits (before the figure
/// ratio): entry k is P(k hits) for `own_n` dice of `own` against `opp_n`
/// dice of `opp`, by conditioning on the opponent's lowest die.
pub fn potential_hits_distribution(own_n: u8, own: Die, opp_n: u8, opp: Die) -> Vec<f64> {
    let mut dist = vec![0.0; usize::from(own_n) + 1];
    if opp_n == 0 {
        dist[usize::from(own_n)] = 1.0;
        return dist;
    }
    let (o, m) = (f64::from(own.faces()), f64::from(opp.faces()));
    let n = i32::from(opp_n);
    for low in 1..=opp.faces() {
        let l = f64::from(low);
        let p_low = ((m - l + 1.0) / m).powi(n) - ((m - l) / m).powi(n);
        let p_hit = ((o - l) / o).max(0.0);
        for (k, slot) in dist.iter_mut().enumerate() {
            *slot += p_low * binomial(own_n, k as u8, p_hit);
        }
    }
    dist
}

/// Exact expected potential hits (before the figure ratio).
pub fn expected_pool_hits(own_n: u8, own: Die, opp_n: u8, opp: Die) -> f64 {
    let dist = potential_hits_distribution(own_n, own, opp_n, opp);
    dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
}

#[cfg(test)]
mod tests {
    use super::super::ladder::{multiple_opposed, opposed, p_exceeds, Opposed};
    use super::*;
    use Die::*;
    use Formation::*;
    use Mount::*;

    const CLASSES: [(Formation, Mount); 6] = [
        (Close, Foot),
        (Open, Foot),
        (Skirmish, Foot),
        (Close, Horse),
        (Open, Horse),
        (Skirmish, Horse),
    ];

    #[test]
    fn t56_t60_defender_odds() {
        assert_eq!(defender_odds_tl(12, 8), 1);
        assert_eq!(defender_odds_tl(16, 8), 2);
        assert_eq!(defender_odds_tl(12 * 2, 8), 3);
        assert_eq!(defender_odds_tl(6 * 2 * 2, 6), 4);
        assert_eq!(2 * defender_odds_tl(16, 8), 4); // scythed chariot, Terror doubles
        assert_eq!(defender_odds_tl(3, 8), 1);
        assert_eq!(defender_odds_tl(5, 0), 5);
    }

    #[test]
    fn literal_table_every_cell() {
        for (r, att) in CLASSES.into_iter().enumerate() {
            for (c, def) in CLASSES.into_iter().enumerate() {
                assert_eq!(force_ratio(att, def, RatioReading::Literal), PRINTED[r][c]);
            }
        }
    }

    #[test]
    fn reciprocal_table_every_cell() {
        // The six corrected cells (digest 3.2): OI:CI, SI:CI, CC:CI, SC:CI, SC:OI, SC:OC.
        let corrected = [
            ((1, 0), (2, 3)),
            ((2, 0), (1, 2)),
            ((3, 0), (2, 3)),
            ((5, 0), (1, 3)),
            ((5, 1), (2, 3)),
            ((5, 4), (2, 3)),
        ];
        for (r, att) in CLASSES.into_iter().enumerate() {
            for (c, def) in CLASSES.into_iter().enumerate() {
                let got = force_ratio(att, def, RatioReading::Reciprocal);
                let mirror = force_ratio(def, att, RatioReading::Reciprocal);
                assert_eq!(got, (mirror.1, mirror.0));
                let fix = corrected.iter().find(|(rc, _)| *rc == (r, c));
                match fix {
                    Some(&(_, want)) => {
                        assert_eq!(got, want);
                        assert_ne!(got, PRINTED[r][c]);
                    }
                    None => assert_eq!(got, PRINTED[r][c], "{r} {c}"),
                }
            }
        }
    }

    #[test]
    fn t61_t62_t63_t89_ratios() {
        for reading in [RatioReading::Reciprocal, RatioReading::Literal] {
            assert_eq!(force_ratio((Close, Foot), (Open, Horse), reading), (2, 1));
            assert_eq!(force_ratio((Open, Foot), (Close, Horse), reading), (1, 1));
            assert_eq!(force_ratio((Open, Horse), (Close, Foot), reading), (1, 2));
            for f in [Close, Open, Skirmish] {
                assert_eq!(force_ratio((f, Foot), (f, Horse), reading), (3, 2));
                // T89
            }
        }
        let t = RatioRounding::Thresholds;
        assert_eq!(reduce_ratio(3 * 3, 2 * 2, t), (2, 1)); // T61: 9/4
        assert_eq!(reduce_ratio(3 * 2, 2 * 3, t), (1, 1)); // T62
        assert_eq!(reduce_ratio(2 * 2, 3 * 3 * 3, t), (1, 6)); // T63: 4/27
        assert_eq!(
            reduce_ratio(2 * 2, 3 * 3 * 3, RatioRounding::Nearest),
            (1, 7)
        );
        assert_eq!(reduce_ratio(9, 4, RatioRounding::Nearest), (2, 1));
        // T63 from the table cell and the pikes' rank multiplier.
        let m = rank_multiplier((Close, Foot), 3, 4, 0, (1, 2));
        assert_eq!(m, 3);
        assert_eq!(reduce_ratio(1, 2 * m, t), (1, 6));
    }

    #[test]
    fn reduce_ratio_edges() {
        let t = RatioRounding::Thresholds;
        let n = RatioRounding::Nearest;
        assert_eq!(reduce_ratio(14, 10, t), (1, 1));
        assert_eq!(reduce_ratio(15, 10, t), (3, 2));
        assert_eq!(reduce_ratio(10, 19, t), (2, 3));
        assert_eq!(reduce_ratio(20, 10, t), (2, 1));
        assert_eq!(reduce_ratio(100, 1, t), (12, 1));
        assert_eq!(reduce_ratio(1, 100, n), (1, 12));
        assert_eq!(reduce_ratio(0, 0, t), (1, 1));
        assert_eq!(reduce_ratio(0, 3, t), (1, 12));
        // Log midpoints: sqrt(1.5) = 1.2247, sqrt(3) = 1.732, sqrt(6) = 2.449.
        assert_eq!(reduce_ratio(122, 100, n), (1, 1));
        assert_eq!(reduce_ratio(123, 100, n), (3, 2));
        assert_eq!(reduce_ratio(173, 100, n), (3, 2));
        assert_eq!(reduce_ratio(174, 100, n), (2, 1));
        assert_eq!(reduce_ratio(245, 100, n), (3, 1));
        assert_eq!(reduce_ratio(100, 244, n), (1, 2));
    }

    #[test]
    fn t64_t65_t66_dice_and_shifts() {
        assert_eq!(dice_for_ratio((2, 1)), (4, 2));
        assert_eq!(dice_for_ratio((1, 1)), (2, 2));
        assert_eq!(dice_for_ratio((3, 2)), (3, 2));
        assert_eq!(dice_for_ratio((1, 6)), (2, 12));
        assert_eq!(dice_for_ratio((12, 1)), (24, 2));
        assert_eq!(dice_for_ratio((2, 3)), (2, 3));
        // T65: 6 cavalry wide (2 dice) v 9 infantry wide (3 dice): 3 per die.
        assert_eq!(figure_ratio(6, 2), 3);
        assert_eq!(figure_ratio(9, 3), 3);
        assert_eq!(figure_ratio(1, 4), 1);
        assert_eq!(figure_ratio(7, 2), 4);
        // T66: Reach 1 facing Reach 3 shifts the QD down two (open shift).
        assert_eq!(reach_shift(1, 3), -2);
        assert_eq!(reach_shift(3, 1), 0);
        assert_eq!(D8.shifted_open(reach_shift(1, 3)), (D4, 0));
        assert_eq!(D6.shifted_open(reach_shift(0, 3)), (D4, -2));
    }

    #[test]
    fn t67_legacy_example() {
        // Attacker [5, 6] v defender 5: one success -> half of 12 blows.
        assert_eq!(multiple_opposed(&[5, 6], 5), Opposed::Success);
        assert_eq!(multiple_opposed(&[5, 5], 5), Opposed::Fail); // "both 5 or higher": text error
        assert_eq!(multiple_opposed(&[6, 6], 5), Opposed::Major);
        let blows = 12 / 2;
        assert_eq!(summary_wounds(blows, 4, 3), 3);
        assert!((1..=3).all(|i| summary_wounds(blows, i, 3) == 0));
        assert!((6..=8).all(|i| summary_wounds(blows, i, 3) == 6));
        assert_eq!(summary_wounds(7, 5, 3), 3);
    }

    #[test]
    fn t69_proposed_round() {
        let r = force_ratio((Close, Foot), (Close, Foot), RatioReading::Reciprocal);
        let (ma, mb) = (
            rank_multiplier((Close, Foot), 0, 3, 0, (1, 2)),
            rank_multiplier((Close, Foot), 1, 3, 0, (1, 2)),
        );
        assert_eq!((r, ma, mb), ((1, 1), 1, 1));
        let simple = reduce_ratio(
            u32::from(r.0) * ma,
            u32::from(r.1) * mb,
            RatioRounding::Thresholds,
        );
        assert_eq!(dice_for_ratio(simple), (2, 2));
        let f = figure_ratio(6, 2);
        assert_eq!(f, 3);
        assert_eq!(D8.shifted_open(1 + reach_shift(0, 1)), (D8, 0));
        let (a, b) = ([7, 3], [5, 4]);
        let (ha, hb) = (
            u16::from(potential_hits(&a, &b)) * f,
            u16::from(potential_hits(&b, &a)) * f,
        );
        assert_eq!((ha, hb), (3, 6));
        let wounds = |pairs: &[(u8, u8)]| {
            pairs
                .iter()
                .filter(|&&(i, r)| opposed(i, r) != Opposed::Fail)
                .count()
        };
        let wa = wounds(&[(8, 1), (6, 2), (7, 3)]);
        let wb = wounds(&[(4, 4), (2, 5), (6, 1), (3, 3), (2, 5), (1, 6)]);
        assert_eq!((wa, wb), (3, 1));
    }

    #[test]
    fn t69_scrum() {
        // A inflicted 3, B 1; both Close Order infantry, 3 ranks.
        let ranks = [counted_ranks(Close, Foot, 3); 2];
        assert_eq!(
            scrum_loser([3, 1], ranks, ScrumScore::RawSums),
            Some((1, 1))
        );
        assert_eq!(
            scrum_loser([3, 1], ranks, ScrumScore::NormalisedRatios),
            Some((1, 2))
        );
    }

    #[test]
    fn scrum_and_ranks() {
        assert_eq!(counted_ranks(Open, Foot, 5), 2);
        assert_eq!(counted_ranks(Close, Horse, 3), 1);
        assert_eq!(counted_ranks(Open, Horse, 4), 0);
        assert_eq!(counted_ranks(Skirmish, Foot, 4), 0);
        assert_eq!(scrum_loser([2, 2], [3, 3], ScrumScore::RawSums), None);
        assert_eq!(scrum_loser([0, 0], [0, 0], ScrumScore::RawSums), None);
        assert_eq!(
            scrum_loser([0, 5], [0, 0], ScrumScore::RawSums),
            Some((0, 5))
        );
        assert_eq!(
            scrum_loser([4, 1], [0, 2], ScrumScore::RawSums),
            Some((1, 1))
        );
        assert_eq!(
            scrum_loser([2, 2], [3, 3], ScrumScore::NormalisedRatios),
            None
        );
        assert_eq!(
            scrum_loser([0, 4], [2, 2], ScrumScore::NormalisedRatios),
            Some((0, 2))
        );
        assert_eq!(rank_multiplier((Close, Foot), 3, 4, 2, (1, 2)), 1);
        assert_eq!(rank_multiplier((Close, Foot), 3, 2, 0, (1, 2)), 2);
        assert_eq!(rank_multiplier((Close, Foot), 3, 2, 1, (1, 2)), 2);
        assert_eq!(rank_multiplier((Close, Foot), 3, 9, 1, (1, 2)), 2);
        assert_eq!(rank_multiplier((Open, Foot), 3, 4, 0, (1, 2)), 1);
        assert_eq!(rank_multiplier((Open, Foot), 2, 4, 1, (1, 2)), 1);
        assert_eq!(rank_multiplier((Close, Horse), 2, 4, 0, (1, 2)), 1);
    }

    /// Brute-force distribution over every roll of both pools.
    fn brute(own_n: u8, own: Die, opp_n: u8, opp: Die) -> Vec<f64> {
        let dice: Vec<u8> = (0..own_n)
            .map(|_| own.faces())
            .chain((0..opp_n).map(|_| opp.faces()))
            .collect();
        let mut rolls = vec![1u8; dice.len()];
        let mut counts = vec![0u64; usize::from(own_n) + 1];
        let mut total = 0u64;
        loop {
            let (a, b) = rolls.split_at(usize::from(own_n));
            counts[usize::from(potential_hits(a, b))] += 1;
            total += 1;
            let Some(i) = (0..rolls.len()).find(|&i| rolls[i] < dice[i]) else {
                break;
            };
            rolls[..i].iter_mut().for_each(|r| *r = 1);
            rolls[i] += 1;
        }
        counts
            .into_iter()
            .map(|c| c as f64 / total as f64)
            .collect()
    }

    #[test]
    fn distribution_matches_enumeration() {
        for (an, a, bn, b) in [
            (2, D8, 2, D8),
            (3, D6, 2, D12),
            (4, D10, 2, D6),
            (2, D4, 3, D10),
        ] {
            let exact = potential_hits_distribution(an, a, bn, b);
            let brute = brute(an, a, bn, b);
            assert!(exact.iter().zip(&brute).all(|(x, y)| (x - y).abs() < 1e-12));
            assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        assert_eq!(
            potential_hits_distribution(3, D6, 0, D6),
            [0.0, 0.0, 0.0, 1.0]
        );
    }

    #[test]
    fn exact_pool_anchors() {
        // exact-probabilities.md, part 6.
        let d = potential_hits_distribution(2, D8, 2, D8);
        let want = [219.0 / 1024.0, 189.0 / 512.0, 427.0 / 1024.0];
        assert!(d.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
        let d = potential_hits_distribution(3, D8, 2, D8);
        let want = [561.0, 945.0, 1323.0, 1267.0].map(|x| x / 4096.0);
        assert!(d.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
        let e = [
            (expected_pool_hits(2, D8, 2, D8), 77.0 / 64.0),
            (expected_pool_hits(3, D8, 2, D8), 231.0 / 128.0),
            (expected_pool_hits(2, D8, 3, D8), 175.0 / 128.0),
            (expected_pool_hits(4, D8, 2, D8), 77.0 / 32.0),
            (expected_pool_hits(2, D8, 4, D8), 5999.0 / 4096.0),
            (expected_pool_hits(2, D10, 2, D8), 109.0 / 80.0),
            (expected_pool_hits(2, D8, 2, D10), 21.0 / 20.0),
            (expected_pool_hits(2, D8, 2, D6), 197.0 / 144.0),
            (expected_pool_hits(2, D6, 2, D8), 185.0 / 192.0),
        ];
        assert!(e.iter().all(|(x, y)| (x - y).abs() < 1e-12), "{e:?}");
    }

    /// Simulated counts of potential hits for `an` dice of `a` v `bn` of `b`.
    fn simulate_pools(an: u8, a: Die, bn: u8, b: Die, seed: u64, n: u32) -> [u32; 25] {
        let mut dice = Dice::for_battle(0xF00D, seed);
        let (mut own, mut opp) = ([0u8; 24], [0u8; 24]);
        let mut counts = [0u32; 25];
        for _ in 0..n {
            let ka = roll_pool(&mut dice, Pool::plain(an, a), &mut own);
            let kb = roll_pool(&mut dice, Pool::plain(bn, b), &mut opp);
            counts[usize::from(potential_hits(&own[..ka], &opp[..kb]))] += 1;
        }
        counts
    }

    #[test]
    fn simulated_pools_against_exact() {
        const N: u32 = 200_000;
        let n = f64::from(N);
        let cases = [(2, D8, 2, D8), (4, D10, 2, D6), (3, D6, 2, D12)];
        for (i, (an, a, bn, b)) in cases.into_iter().enumerate() {
            let counts = simulate_pools(an, a, bn, b, i as u64, N);
            let exact = potential_hits_distribution(an, a, bn, b);
            for (c, p) in counts.iter().zip(&exact) {
                let se = (p * (1.0 - p) / n).sqrt();
                let f = f64::from(*c) / n;
                assert!((f - p).abs() <= 5.0 * se, "{an}x{a:?} v {bn}x{b:?}");
            }
            let moment = |pow: i32| -> f64 {
                let terms = counts.iter().enumerate();
                terms
                    .map(|(k, &c)| (k as f64).powi(pow) * f64::from(c))
                    .sum::<f64>()
                    / n
            };
            let (mean, sq) = (moment(1), moment(2));
            let se = ((sq - mean * mean) / n).sqrt();
            assert!((mean - expected_pool_hits(an, a, bn, b)).abs() <= 5.0 * se);
        }
    }

    #[test]
    fn an_overlap_shifts_one_die_per_flank_and_a_d12_shifts_the_opponent() {
        // L2708: two flanks overlapped, two of four D8s roll D10s.
        let [a, b] = Pool::overlapping([4, 2], [D8, D6], [2, 0]);
        assert_eq!(
            (0..4).map(|i| a.die_at(i)).collect::<Vec<_>>(),
            [D10, D10, D8, D8]
        );
        assert_eq!(b, Pool::plain(2, D6));
        // L151: a D12 cannot go up, so the opponent's last dice go down.
        let [a, b] = Pool::overlapping([2, 3], [D12, D8], [2, 0]);
        assert_eq!(a, Pool::plain(2, D12));
        assert_eq!(
            (0..3).map(|i| b.die_at(i)).collect::<Vec<_>>(),
            [D8, D6, D6]
        );
        // Never more shifted dice than the pool holds.
        let [a, _] = Pool::overlapping([2, 2], [D4, D4], [2, 2]);
        assert_eq!((0..2).map(|i| a.die_at(i)).collect::<Vec<_>>(), [D6, D6]);
    }

    #[test]
    fn wounds_methods() {
        let mut dice = Dice::for_battle(9, 9);
        assert_eq!(hth_wounds(&mut dice, 0, D8, D6, Penetration::Summary), 0);
        let n = 20_000u32;
        let total: u32 = (0..n)
            .map(|_| u32::from(hth_wounds(&mut dice, 10, D8, D6, Penetration::Detailed)))
            .sum();
        let p = p_exceeds(D8, D6);
        let se = (p * (1.0 - p) / f64::from(10 * n)).sqrt();
        assert!((f64::from(total) / f64::from(10 * n) - p).abs() < 5.0 * se);
        // Summary, Imp D8 v Armour D6 with 6 hits: P(0) 7/16, P(3) 11/48, P(6) 1/3.
        let mut counts = [0u32; 7];
        for _ in 0..n {
            counts[usize::from(hth_wounds(&mut dice, 6, D8, D6, Penetration::Summary))] += 1;
        }
        for (k, p) in [(0, 7.0 / 16.0), (3, 11.0 / 48.0), (6, 1.0 / 3.0)] {
            let se = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (f64::from(counts[k]) / f64::from(n) - p).abs() < 5.0 * se,
                "{k}"
            );
        }
        assert_eq!(
            counts.iter().sum::<u32>(),
            counts[0] + counts[3] + counts[6]
        );
    }
}
