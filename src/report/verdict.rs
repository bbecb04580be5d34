//! The one sentence that answers a run's question ("which side is
//! favoured, and by how much?") with its interval, for the terminal
//! summary and the top of report.html. A side is favoured when its 95%
//! win-rate interval lies wholly above the other side's; otherwise the
//! sentence says the two cannot be told apart over these battles. After it
//! come how the battles ended and, when the clock ended more than a third
//! of them, the warning that the answer is the clock's.

use crate::analysis::verdict::clock_warning;

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

/// One way a run's battles ended: its end reason, its share of the
/// battles and whether it is the clock (a time, round or turn limit, or a
/// safety cap).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ending<'a> {
    pub name: &'a str,
    pub share: f64,
    pub clock: bool,
}

/// An end reason in plain words: `round_limit` is "round limit",
/// `mc_exhausted` "Morale Counters exhausted".
pub fn end_words(name: &str) -> String {
    name.split('_')
        .map(|w| if w == "mc" { "Morale Counters" } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "How battles ended: 62.1% round limit, 30.4% Morale Counters
/// exhausted.": every end reason with a share, largest first.
pub fn how_battles_ended(endings: &[Ending]) -> String {
    let mut seen: Vec<&Ending> = endings.iter().filter(|e| e.share > 0.0).collect();
    seen.sort_by(|a, b| b.share.total_cmp(&a.share));
    if seen.is_empty() {
        return "How battles ended: no battle was played.".to_string();
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|e| {
            let share = if e.share < 0.0005 {
                "under 0.1%".to_string()
            } else {
                pct(e.share)
            };
            format!("{share} {}", end_words(e.name))
        })
        .collect();
    format!("How battles ended: {}.", parts.join(", "))
}

/// The lines after a run's verdict: how its battles ended and, when the
/// clock ended more than a third of them, the warning.
pub fn ending_lines(endings: &[Ending]) -> Vec<String> {
    let clock: f64 = endings.iter().filter(|e| e.clock).map(|e| e.share).sum();
    let mut lines = vec![how_battles_ended(endings)];
    lines.extend(clock_warning(&[(String::new(), clock)], "battle"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(side: &str, rate: f64, lo: f64, hi: f64) -> SideRate<'_> {
        SideRate { side, rate, lo, hi }
    }

    fn ending(name: &str, share: f64, clock: bool) -> Ending<'_> {
        Ending { name, share, clock }
    }

    #[test]
    fn endings_are_listed_largest_first_in_plain_words_and_the_clock_warned_of() {
        let lines = ending_lines(&[
            ending("mc_exhausted", 0.3040, false),
            ending("round_limit", 0.6210, true),
            ending("eliminated", 0.0, false),
            ending("both_routed", 0.0749, false),
            ending("safety_cap", 0.0001, true),
        ]);
        insta::assert_snapshot!(lines.join("\n"), @r"
        How battles ended: 62.1% round limit, 30.4% Morale Counters exhausted, 7.5% both routed, under 0.1% safety cap.
        Warning: the time limit ended 62% of these battles; this answer is the clock's, not the armies'. Give the scenario objectives or a longer limit.
        ");
    }

    #[test]
    fn a_third_or_less_at_the_limit_is_no_warning() {
        let lines = ending_lines(&[
            ending("side_wiped_out", 0.6667, false),
            ending("turn_limit", 0.3333, true),
        ]);
        assert_eq!(
            lines,
            ["How battles ended: 66.7% side wiped out, 33.3% turn limit."]
        );
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
