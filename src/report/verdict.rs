//! The one sentence that answers a run's question ("which side is
//! favoured, and by how much?") with its interval, for the terminal
//! summary and the top of report.html. A side is favoured when its 95%
//! win-rate interval lies wholly above the other side's; otherwise the
//! sentence says the two cannot be told apart over these battles.

/// One side's win rate and its 95% interval (shares of all battles).
#[derive(Clone, Copy, Debug)]
pub struct SideRate<'a> {
    pub side: &'a str,
    pub rate: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval(s: &SideRate) -> String {
    format!("95% interval {:.1}-{}", 100.0 * s.lo, pct(s.hi))
}

/// The verdict of a run of `battles` battles between sides `a` and `b`.
pub fn run_verdict(a: SideRate, b: SideRate, battles: u64) -> String {
    let (fav, other) = if a.rate >= b.rate { (a, b) } else { (b, a) };
    let draws = (1.0 - a.rate - b.rate).max(0.0);
    let draws = if draws >= 0.0005 {
        format!("; {} of battles are draws", pct(draws))
    } else {
        String::new()
    };
    let plural = if battles == 1 { "" } else { "s" };
    if fav.lo > other.hi {
        format!(
            "The battle favours {}: they win {} of {battles} battle{plural} ({}), {:.1} pp more than {} ({}){draws}.",
            fav.side,
            pct(fav.rate),
            interval(&fav),
            100.0 * (fav.rate - other.rate),
            other.side,
            pct(other.rate),
        )
    } else {
        format!(
            "Neither side is favoured beyond chance over {battles} battle{plural}: {} win {} ({}), {} win {} ({}){draws}.",
            a.side,
            pct(a.rate),
            interval(&a),
            b.side,
            pct(b.rate),
            interval(&b),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(side: &str, rate: f64, lo: f64, hi: f64) -> SideRate<'_> {
        SideRate { side, rate, lo, hi }
    }

    #[test]
    fn a_clear_favourite_is_named_with_its_lead_in_pp() {
        insta::assert_snapshot!(run_verdict(
            side("Humans", 0.566, 0.544, 0.588),
            side("Orcs", 0.425, 0.403, 0.447),
            2000
        ));
    }

    #[test]
    fn overlapping_intervals_name_no_favourite() {
        insta::assert_snapshot!(run_verdict(
            side("Red", 0.503, 0.496, 0.510),
            side("Blue", 0.497, 0.490, 0.504),
            20_000
        ));
    }

    #[test]
    fn the_second_side_can_be_the_favourite_and_draws_are_said() {
        insta::assert_snapshot!(run_verdict(
            side("Dwarves", 0.30, 0.27, 0.33),
            side("Goblins", 0.45, 0.42, 0.48),
            1
        ));
    }
}
