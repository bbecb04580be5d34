//! Doctrine panels: a balance verdict is only worth something if it holds
//! whoever plays. A panel is a set of doctrines per side and per doctrine
//! layer (a ruleset's `doctrine`; States of Battle adds the card layer's
//! `sob_doctrine`); its pairings are every combination, played on common
//! random numbers (battle `i` of every pairing uses stream `(seed, i)`).
//! This module builds the pairings as variant edits and words the
//! robustness verdict: does the answer hold in every pairing, or does it
//! turn over with the doctrines?

use super::verdict::{count, fixed, pct, pct_span, side_wins, Cell};
use crate::registry::DoctrineLayer;

/// The doctrines each side plays in each layer: `(path, names)` specs, the
/// path `side.S.FIELD`, ready for [`super::vary::combinations`].
pub type PanelSpecs = Vec<(String, Vec<String>)>;

/// Every built-in doctrine of every layer, for both sides.
pub fn default_panel(layers: &[DoctrineLayer]) -> PanelSpecs {
    (0..2)
        .flat_map(|s| {
            layers.iter().map(move |l| {
                let names = l.builtin.iter().map(|(n, _)| n.to_string()).collect();
                (format!("side.{s}.{}", l.field), names)
            })
        })
        .collect()
}

/// `names` for both sides in the last layer (the card layer of States of
/// Battle, where doctrine moves the answer most); the other layers stay as
/// the scenario has them.
pub fn named_panel(layers: &[DoctrineLayer], names: &[String]) -> Result<PanelSpecs, String> {
    let Some(layer) = layers.last() else {
        return Err("this ruleset has no doctrines to vary".into());
    };
    if names.len() < 2 {
        return Err("--doctrines needs at least two doctrines (a panel of one is a run)".into());
    }
    Ok((0..2)
        .map(|s| (format!("side.{s}.{}", layer.field), names.to_vec()))
        .collect())
}

/// A pairing's label: each side's name and doctrines (joined by `+`),
/// `vs` between the sides (`Humans balanced+steady vs Orcs
/// aggressive+reckless`).
pub fn pairing_label(edits: &[(String, String)], names: [&str; 2]) -> String {
    format!(
        "{} vs {}",
        side_doctrines(edits, 0, names[0]),
        side_doctrines(edits, 1, names[1])
    )
}

/// Side `s`'s name and its doctrines in the pairing `edits`.
pub fn side_doctrines(edits: &[(String, String)], s: usize, name: &str) -> String {
    let prefix = format!("side.{s}.");
    let names: Vec<&str> = edits
        .iter()
        .filter(|(p, _)| p.starts_with(&prefix))
        .map(|(_, v)| v.as_str())
        .collect();
    format!("{name} {}", names.join("+"))
}

/// How the pairings' verdicts fall for `side` against `other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Pairings where `side` is favoured (interval above even).
    pub favoured: usize,
    /// Pairings where `other` is favoured (interval below even).
    pub against: usize,
    /// Pairings that cannot be told from even.
    pub even: usize,
}

impl Tally {
    pub fn of(cells: &[Cell]) -> Tally {
        let favoured = cells.iter().filter(|c| c.lo > 0.5).count();
        let against = cells.iter().filter(|c| c.hi < 0.5).count();
        Tally {
            favoured,
            against,
            even: cells.len() - favoured - against,
        }
    }

    /// Whether the verdict turns over within the panel.
    pub fn flips(&self) -> bool {
        self.favoured > 0 && self.against > 0
    }
}

/// The robustness line: whether `side`'s verdict holds in every pairing.
pub fn robustness(side: &str, other: &str, cells: &[Cell]) -> String {
    let t = Tally::of(cells);
    let n = cells.len();
    let (min, max) = cells.iter().fold((1.0f64, 0.0f64), |(lo, hi), c| {
        (lo.min(c.rate), hi.max(c.rate))
    });
    let range = format!("{} {} to {}", side_wins(side), pct(min), pct(max));
    let pairings = count(n, "pairing");
    if t.favoured == n {
        format!("The battle favours {side} in all {pairings} of doctrines ({range}): the verdict holds whoever plays.")
    } else if t.against == n {
        format!("The battle favours {other} in all {pairings} of doctrines ({range}): the verdict holds whoever plays.")
    } else if t.even == n {
        format!("No pairing of the {pairings} can be told from even ({range}): the battle is even whoever plays, as far as these battles tell.")
    } else if t.flips() {
        format!(
            "THE VERDICT DEPENDS ON DOCTRINE: the battle favours {side} in {} of {n} pairings, {other} in {}, and {} cannot be told from even ({range}).",
            t.favoured, t.against, t.even
        )
    } else {
        let leader = if t.favoured > 0 { side } else { other };
        format!(
            "No pairing turns the verdict over, but it is not settled: the battle favours {leader} in {} of {n} pairings and {} cannot be told from even ({range}).",
            t.favoured.max(t.against),
            t.even
        )
    }
}

/// The mean over the pairings (each weighted equally) and the worst
/// pairing for each side.
pub fn summary(side: &str, other: &str, cells: &[Cell]) -> Vec<String> {
    let n = cells.len().max(1) as f64;
    let mean = cells.iter().map(|c| c.rate).sum::<f64>() / n;
    let by_rate = |a: &&Cell, b: &&Cell| a.rate.total_cmp(&b.rate);
    let mut out = vec![format!(
        "Averaged over the {} (each weighted equally), {} {}.",
        count(cells.len(), "pairing"),
        side_wins(side),
        pct(mean)
    )];
    let worst = [
        (side, cells.iter().min_by(by_rate)),
        (other, cells.iter().max_by(by_rate)),
    ];
    for (who, c) in worst {
        let Some(c) = c else { continue };
        out.push(format!(
            "Worst pairing for {who}: {}, where {} {} (95% interval {}).",
            c.label,
            side_wins(side),
            pct(c.rate),
            pct_span(c.lo, c.hi)
        ));
    }
    out
}

/// Which way one question's answer leans in one pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lean {
    Up,
    Down,
    /// Measured, leaning neither way.
    Neither,
    /// Not measured in this pairing (no crossing in range, not raced).
    Unknown,
}

/// One question's answer in one pairing of doctrines: compare's
/// difference to the baseline, tune's crossing, a fairness unit's
/// suggested cost, decks' current build.
#[derive(Clone, Debug, PartialEq)]
pub struct Vote {
    pub question: String,
    pub lean: Lean,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    /// What the pairing's report says, in a few words.
    pub detail: String,
}

/// How a question's leans read: "raises Humans' win rate", "lowers it",
/// "no detectable change"; the values' name and unit ("differences",
/// "pp").
#[derive(Clone, Debug, PartialEq)]
pub struct Words {
    pub up: String,
    pub down: String,
    pub neither: String,
    pub unknown: String,
    pub values: &'static str,
    pub unit: &'static str,
}

/// Whether one question's answer holds across the pairings (`votes`, one
/// per pairing): "THE VERDICT DEPENDS ON DOCTRINE: ..." when some
/// pairings lean up and others down.
pub fn holds(question: &str, votes: &[&Vote], w: &Words) -> String {
    let n = votes.len();
    let of = |lean: Lean| votes.iter().filter(|v| v.lean == lean).count();
    let (up, down, neither, unknown) = (
        of(Lean::Up),
        of(Lean::Down),
        of(Lean::Neither),
        of(Lean::Unknown),
    );
    let measured: Vec<f64> = votes
        .iter()
        .map(|v| v.value)
        .filter(|x| x.is_finite())
        .collect();
    let range = match measured.iter().copied().reduce(f64::min) {
        Some(a) => {
            let b = measured.iter().copied().fold(a, f64::max);
            let mean = measured.iter().sum::<f64>() / measured.len() as f64;
            let unit = w.unit;
            format!(
                " ({} {} to {}{unit}, mean {}{unit})",
                w.values,
                fixed(a, 1),
                fixed(b, 1),
                fixed(mean, 1)
            )
        }
        None => String::new(),
    };
    let pairings = count(n, "pairing");
    for (k, word) in [(up, &w.up), (down, &w.down), (neither, &w.neither)] {
        if k == n {
            return format!("{question}: {word} in all {pairings} of doctrines{range}: the verdict holds whoever plays.");
        }
    }
    let parts: Vec<String> = [
        (up, &w.up),
        (down, &w.down),
        (neither, &w.neither),
        (unknown, &w.unknown),
    ]
    .iter()
    .filter(|(k, _)| *k > 0)
    .map(|(k, word)| format!("{word} in {k}"))
    .collect();
    let head = if up > 0 && down > 0 {
        "THE VERDICT DEPENDS ON DOCTRINE: "
    } else {
        ""
    };
    let tail = if up > 0 && down > 0 {
        ""
    } else {
        "; no pairing turns it over"
    };
    format!(
        "{head}{question}: {} of {n} pairings{range}{tail}.",
        parts.join(", ")
    )
}

/// Whether any question's answer turns over within the panel.
pub fn any_flip(votes: &[Vote]) -> bool {
    let mut questions: Vec<&str> = votes.iter().map(|v| v.question.as_str()).collect();
    questions.dedup();
    questions.iter().any(|q| {
        let of = |lean| votes.iter().any(|v| v.question == *q && v.lean == lean);
        of(Lean::Up) && of(Lean::Down)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(label: &str, rate: f64, half: f64) -> Cell {
        Cell {
            label: label.to_string(),
            rate,
            lo: rate - half,
            hi: rate + half,
        }
    }

    #[test]
    fn a_verdict_that_flips_within_the_panel_is_flagged() {
        let cells = [cell("a vs a", 0.7, 0.02), cell("a vs b", 0.3, 0.02)];
        assert!(Tally::of(&cells).flips());
        let line = robustness("Humans", "Orcs", &cells);
        assert!(
            line.starts_with("THE VERDICT DEPENDS ON DOCTRINE"),
            "{line}"
        );
        assert!(
            line.contains("favours Humans in 1 of 2 pairings, Orcs in 1"),
            "{line}"
        );
    }

    #[test]
    fn a_verdict_that_holds_says_so() {
        let cells = [cell("a vs a", 0.7, 0.02), cell("a vs b", 0.6, 0.02)];
        assert!(!Tally::of(&cells).flips());
        let line = robustness("Humans", "Orcs", &cells);
        assert!(line.contains("favours Humans in all 2 pairings"), "{line}");
        assert!(line.contains("Humans win 60.0% to 70.0%"), "{line}");
        let s = summary("Humans", "Orcs", &cells);
        assert!(s[0].contains("Humans win 65.0%"), "{s:?}");
        assert!(
            s[1].starts_with("Worst pairing for Humans: a vs b"),
            "{s:?}"
        );
        assert!(s[2].starts_with("Worst pairing for Orcs: a vs a"), "{s:?}");
    }

    fn vote(lean: Lean, value: f64) -> Vote {
        Vote {
            question: "q".into(),
            lean,
            value,
            lo: value - 1.0,
            hi: value + 1.0,
            detail: String::new(),
        }
    }

    fn words() -> Words {
        Words {
            up: "raises it".into(),
            down: "lowers it".into(),
            neither: "no change".into(),
            unknown: "not measured".into(),
            values: "differences",
            unit: " pp",
        }
    }

    #[test]
    fn a_question_that_turns_over_is_flagged_and_one_that_holds_says_so() {
        let flip = [
            vote(Lean::Up, 4.0),
            vote(Lean::Down, -2.5),
            vote(Lean::Neither, 0.1),
        ];
        let refs: Vec<&Vote> = flip.iter().collect();
        assert!(any_flip(&flip));
        assert_eq!(
            holds("Variant a", &refs, &words()),
            "THE VERDICT DEPENDS ON DOCTRINE: Variant a: raises it in 1, lowers it in 1, no change in 1 of 3 pairings (differences -2.5 to 4.0 pp, mean 0.5 pp)."
        );
        let hold = [vote(Lean::Up, 4.0), vote(Lean::Up, 2.0)];
        let refs: Vec<&Vote> = hold.iter().collect();
        assert!(!any_flip(&hold));
        assert_eq!(
            holds("Variant a", &refs, &words()),
            "Variant a: raises it in all 2 pairings of doctrines (differences 2.0 to 4.0 pp, mean 3.0 pp): the verdict holds whoever plays."
        );
        let part = [
            vote(Lean::Up, 4.0),
            vote(Lean::Unknown, f64::NAN),
            vote(Lean::Up, f64::NAN),
        ];
        let refs: Vec<&Vote> = part.iter().collect();
        assert_eq!(
            holds("Variant a", &refs, &words()),
            "Variant a: raises it in 2, not measured in 1 of 3 pairings (differences 4.0 to 4.0 pp, mean 4.0 pp); no pairing turns it over."
        );
    }

    #[test]
    fn pairings_cross_every_layer_of_both_sides() {
        const A: &[(&str, &str)] = &[("x", ""), ("y", "")];
        const B: &[(&str, &str)] = &[("p", ""), ("q", ""), ("r", "")];
        let layers = [
            DoctrineLayer::core(A, &[]),
            DoctrineLayer {
                field: "sob_doctrine",
                what: "cards",
                builtin: B,
                knobs: &[],
            },
        ];
        let specs = default_panel(&layers);
        assert_eq!(specs.len(), 4);
        let pairings = crate::analysis::vary::combinations(&specs);
        assert_eq!(pairings.len(), 2 * 3 * 2 * 3);
        assert_eq!(pairing_label(&pairings[0], ["A", "B"]), "A x+p vs B x+p");
        let named = named_panel(&layers, &["p".into(), "r".into()]).unwrap();
        assert_eq!(
            named[1],
            (
                "side.1.sob_doctrine".to_string(),
                vec!["p".into(), "r".into()]
            )
        );
    }
}
