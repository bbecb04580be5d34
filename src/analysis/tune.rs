//! Tuning one integer parameter until a matchup is even: sample-average
//! root finding on common random numbers. Every value is played on the
//! same battle indices `0..n`, so the estimated win-rate curve is smooth in
//! the parameter and a bisection on it is stable; the answer's interval is
//! found by test inversion (the values whose 95% interval holds the target).

use serde::Serialize;

/// The focus side's win rate at one value.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub value: i64,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Every value played, sorted.
    pub curve: Vec<Point>,
    /// The neighbouring values whose rates bracket the target, when the
    /// range brackets it.
    pub bracket: Option<(Point, Point)>,
    /// The crossing, interpolated between the bracket.
    pub crossing: Option<f64>,
    /// The values played whose 95% interval holds the target.
    pub consistent: Option<(i64, i64)>,
}

/// Finds where the win rate crosses `target` for values in `lo..=hi`;
/// `eval` plays a list of values (all on the same battles) and returns
/// their points in that order.
pub fn find_even(
    lo: i64,
    hi: i64,
    target: f64,
    mut eval: impl FnMut(&[i64]) -> Vec<Point>,
) -> Tuned {
    let mut curve: Vec<Point> = Vec::new();
    let mut play = |values: Vec<i64>, curve: &mut Vec<Point>| {
        let new: Vec<i64> = values
            .into_iter()
            .filter(|v| curve.iter().all(|p| p.value != *v))
            .collect();
        if !new.is_empty() {
            curve.extend(eval(&new));
            curve.sort_by_key(|p| p.value);
        }
    };
    if hi - lo <= 8 {
        play((lo..=hi).collect(), &mut curve);
    } else {
        play(vec![lo, hi], &mut curve);
    }
    let at = |curve: &[Point], v: i64| curve.iter().find(|p| p.value == v).copied();
    let (first, last) = (
        at(&curve, lo).expect("played"),
        at(&curve, hi).expect("played"),
    );
    let rising = last.rate >= first.rate;
    let below = |p: &Point| {
        if rising {
            p.rate < target
        } else {
            p.rate > target
        }
    };
    if below(&first) == below(&last) {
        return Tuned {
            consistent: consistent(&curve, target),
            curve,
            bracket: None,
            crossing: None,
        };
    }
    // Bisection, three interior values at a time (quarters) to keep the
    // cores busy.
    let (mut a, mut b) = (lo, hi);
    loop {
        // Narrow to the played neighbours around the crossing.
        for p in &curve {
            if p.value > a && p.value < b {
                if below(p) {
                    a = p.value;
                } else {
                    b = p.value;
                }
            }
        }
        if b - a <= 1 {
            break;
        }
        let step = ((b - a) as f64 / 4.0).max(1.0);
        let interior: Vec<i64> = (1..=3)
            .map(|k| a + (step * k as f64).round() as i64)
            .filter(|&v| v > a && v < b)
            .collect();
        play(interior, &mut curve);
    }
    // The curve around the answer: two values either side.
    play(((a - 2).max(lo)..=(b + 2).min(hi)).collect(), &mut curve);
    let (pa, pb) = (
        at(&curve, a).expect("played"),
        at(&curve, b).expect("played"),
    );
    let crossing = if (pb.rate - pa.rate).abs() > 0.0 {
        a as f64 + (target - pa.rate) / (pb.rate - pa.rate) * (b - a) as f64
    } else {
        (a + b) as f64 / 2.0
    };
    Tuned {
        consistent: consistent(&curve, target),
        curve,
        bracket: Some((pa, pb)),
        crossing: Some(crossing),
    }
}

/// The smallest and largest values played whose interval holds `target`.
fn consistent(curve: &[Point], target: f64) -> Option<(i64, i64)> {
    let inside: Vec<i64> = curve
        .iter()
        .filter(|p| p.lo <= target && target <= p.hi)
        .map(|p| p.value)
        .collect();
    Some((*inside.first()?, *inside.last()?))
}
