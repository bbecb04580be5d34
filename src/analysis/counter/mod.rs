//! The best-response search of `muster counter`: the doctrine of one side
//! that wins most against the opponent's doctrines as they stand, found by
//! a budgeted search ([`search`]) over the side's doctrine space
//! ([`space`]) on common random numbers and re-confirmed on a fresh seed
//! against the winner's curse; and fictitious play, best responses
//! alternating between the sides, each answering every doctrine the other
//! has played so far (its battles shared out among them) and confirmed
//! against the other's latest, until neither gains more than a margin
//! (a competent-play matchup, [`competent`]). Like the other searches it is
//! handed a function that plays; the CLI keeps the workers, Ctrl-C and the
//! progress bar.
//!
//! Seeds: step `t` of a run (0 for `counter` without `--rounds`; one step
//! per side and round) searches on seed `stream_seed(seed, 2t)` (the
//! `--seed` itself for step 0) and confirms on `stream_seed(seed, 2t + 1)`,
//! so no confirmation battle is a search battle.

pub mod competent;
pub mod doctrine_file;
pub mod search;
pub mod space;

use crate::analysis::verdict::Diff;
use crate::dice::Dice;
use crate::stats::{PairedWins, Z_95};
use search::{Found, SearchPlan};
use space::{Point, Space};

/// Doctrines sampled for successive halving, the start among them.
pub const SAMPLE: usize = 32;

/// Keeps the derived seeds apart from the battles' streams.
const SEED_SALT: u64 = 0xC0DE_7E11_5EED_0001;

/// The seed of stream `k` of a counter run with `seed` (stream 0 is `seed`).
pub fn stream_seed(seed: u64, k: u64) -> u64 {
    if k == 0 {
        seed
    } else {
        Dice::for_battle(seed ^ SEED_SALT, k).next_u64()
    }
}

/// Plays edit lists (each on the scenario) on common random numbers,
/// counting side `side`'s wins: `(side, edit lists, seed, first battle
/// index, battles)`; None: interrupted.
pub type PlayEdits<'a> = dyn FnMut(usize, &[Vec<(String, String)>], u64, u64, u64) -> anyhow::Result<Option<PairedWins>>
    + 'a;

/// The start and the best doctrine replayed on a fresh seed.
#[derive(Clone, Debug)]
pub struct Confirmation {
    pub seed: u64,
    /// Start first, then the best (one variant when the best is the start).
    pub paired: PairedWins,
}

impl Confirmation {
    /// The best's wins.
    pub fn best_wins(&self) -> u64 {
        self.paired.wins[self.paired.variants() - 1]
    }

    /// The best's gain over the start (0 when they are the same doctrine).
    pub fn gain(&self) -> Diff {
        if self.paired.variants() < 2 {
            return Diff {
                estimate: 0.0,
                lo: 0.0,
                hi: 0.0,
            };
        }
        let d = self.paired.difference(1, 0, Z_95);
        Diff {
            estimate: d.estimate,
            lo: d.paired.0,
            hi: d.paired.1,
        }
    }
}

/// One best response: the side's search and its confirmation.
#[derive(Clone, Debug)]
pub struct Response {
    pub step: usize,
    pub side: usize,
    /// The side's doctrine the search started from.
    pub start: Point,
    pub found: Found,
    /// The opponent's doctrines the search answered (more than one in
    /// later rounds of fictitious play); confirmed against its latest.
    pub opponents: usize,
    pub search_seed: u64,
    /// None when interrupted.
    pub confirmation: Option<Confirmation>,
}

impl Response {
    /// Whether the best is confirmed better than the start (its paired
    /// interval wholly above zero).
    pub fn confirmed(&self) -> bool {
        self.confirmation
            .as_ref()
            .is_some_and(|c| c.gain().lo > 0.0)
    }
}

/// What a counter run plays: both sides' spaces, each one's doctrine now,
/// and the doctrines each has played so far (its start and every best
/// response adopted), which the other side's search answers.
pub struct Matchup<'a> {
    pub spaces: [&'a Space; 2],
    pub current: [Point; 2],
    pub history: [Vec<Point>; 2],
}

impl<'a> Matchup<'a> {
    /// Both sides at `current`, which is all they have played.
    pub fn new(spaces: [&'a Space; 2], current: [Point; 2]) -> Self {
        let history = [vec![current[0].clone()], vec![current[1].clone()]];
        Matchup {
            spaces,
            current,
            history,
        }
    }

    /// The edits that put side `side` at `p` and the other at its current doctrine.
    pub fn edits(&self, side: usize, p: &Point) -> Vec<(String, String)> {
        self.edits_against(side, p, &self.current[1 - side])
    }

    /// The edits that put side `side` at `p` and the other at `other`.
    fn edits_against(&self, side: usize, p: &Point, other: &Point) -> Vec<(String, String)> {
        let mut edits = self.spaces[1 - side].edits(other);
        edits.extend(self.spaces[side].edits(p));
        edits
    }

    /// Side `side` adopts `p`.
    fn adopt(&mut self, side: usize, p: Point) {
        if !self.history[side].contains(&p) {
            self.history[side].push(p.clone());
        }
        self.current[side] = p;
    }
}

/// Plays `points` of side `side` against every doctrine the other side has
/// played so far (fictitious play: the answer to the mix of them), the
/// battles `from..from + n` shared out among them (each opponent plays
/// the first `n / |history|` of them, at least one), and adds up the
/// wins over every (battle, opponent) pair; None: interrupted.
fn play_against_history(
    m: &Matchup,
    side: usize,
    points: &[&Point],
    (seed, from, n): (u64, u64, u64),
    play: &mut PlayEdits,
) -> anyhow::Result<Option<PairedWins>> {
    let opponents = &m.history[1 - side];
    let each = (n / opponents.len() as u64).max(1);
    let mut total = PairedWins::new(points.len());
    for other in opponents {
        let lists: Vec<Vec<(String, String)>> = points
            .iter()
            .map(|p| m.edits_against(side, p, other))
            .collect();
        let Some(played) = play(side, &lists, seed, from, each)? else {
            return Ok(None);
        };
        total.merge(&played);
    }
    Ok(Some(total))
}

/// Side `side`'s best response in `m` (step `step`): searched on
/// `plan.seed`'s stream `2 * step`, confirmed for `confirm` battles on
/// stream `2 * step + 1`.
pub fn best_response(
    m: &Matchup,
    side: usize,
    step: usize,
    plan: SearchPlan,
    confirm: u64,
    play: &mut PlayEdits,
) -> anyhow::Result<Response> {
    let root = plan.seed;
    let search_seed = stream_seed(root, 2 * step as u64);
    let plan = SearchPlan {
        seed: search_seed,
        ..plan
    };
    let mut shape = m.spaces[side].shape();
    shape.start = m.current[side].clone();
    let mut play_points = |points: &[&Vec<usize>], from: u64, n: u64| {
        play_against_history(m, side, points, (search_seed, from, n), play)
    };
    let found = search::search(&shape, &plan, &mut play_points)?;
    let start = m.current[side].clone();
    let mut response = Response {
        step,
        side,
        start: start.clone(),
        found,
        opponents: m.history[1 - side].len(),
        search_seed,
        confirmation: None,
    };
    if response.found.partial {
        return Ok(response);
    }
    let seed = stream_seed(root, 2 * step as u64 + 1);
    let mut lists = vec![m.edits(side, &start)];
    if response.found.best != start {
        lists.push(m.edits(side, &response.found.best));
    }
    response.confirmation =
        play(side, &lists, seed, 0, confirm)?.map(|paired| Confirmation { seed, paired });
    Ok(response)
}

/// Fictitious play: how long, and when a side's gain counts.
#[derive(Clone, Copy, Debug)]
pub struct Rounds {
    /// Rounds at most (each a best response for both sides).
    pub rounds: usize,
    /// A side still gains when its confirmed gain's lower end is above this.
    pub margin: f64,
    /// The side that responds first.
    pub first: usize,
}

/// Every best response of a run and where the doctrines ended.
#[derive(Clone, Debug)]
pub struct Played {
    pub responses: Vec<Response>,
    /// Each side's doctrine at the end (a confirmed best response is
    /// adopted; an unconfirmed one is not).
    pub current: [Point; 2],
    /// Rounds played in full.
    pub rounds: usize,
    /// A full round in which neither side gained more than the margin.
    pub converged: bool,
    pub partial: bool,
}

/// Alternates best responses (`rounds.first` first) for at most
/// `rounds.rounds` rounds, stopping after a round in which neither side's
/// confirmed gain exceeds the margin (the lower end of its paired 95%
/// interval is at most `margin`). With `rounds.rounds == 0`, one best
/// response of the first side only.
pub fn fictitious_play(
    spaces: [&Space; 2],
    rounds: Rounds,
    plan: SearchPlan,
    confirm: u64,
    play: &mut PlayEdits,
) -> anyhow::Result<Played> {
    let mut m = Matchup::new(spaces, [spaces[0].start(), spaces[1].start()]);
    let order = [rounds.first, 1 - rounds.first];
    let mut out = Played {
        responses: Vec::new(),
        current: m.current.clone(),
        rounds: 0,
        converged: false,
        partial: false,
    };
    let sides: &[usize] = if rounds.rounds == 0 {
        &order[..1]
    } else {
        &order
    };
    for _ in 0..rounds.rounds.max(1) {
        let mut gaining = false;
        for &side in sides {
            let r = best_response(&m, side, out.responses.len(), plan, confirm, play)?;
            out.partial = r.confirmation.is_none();
            if r.confirmed() {
                m.adopt(side, r.found.best.clone());
            }
            gaining |= r
                .confirmation
                .as_ref()
                .is_some_and(|c| c.gain().lo > rounds.margin);
            out.responses.push(r);
            if out.partial {
                out.current = m.current;
                return Ok(out);
            }
        }
        out.rounds += 1;
        if !gaining && rounds.rounds > 0 {
            out.converged = true;
            break;
        }
    }
    out.current = m.current;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::space::Dim;
    use super::*;

    fn space(side: usize) -> Space {
        Space {
            side,
            dims: vec![Dim {
                field: "doctrine",
                key: "k",
                values: vec!["a".into(), "b".into()],
                ordered: false,
                start: 0,
                absent: false,
            }],
            refused: Vec::new(),
        }
    }

    #[test]
    fn fictitious_play_shares_a_candidates_battles_among_the_opponents_doctrines() {
        let (a, b) = (space(0), space(1));
        let mut m = Matchup::new([&a, &b], [vec![0], vec![0]]);
        m.adopt(1, vec![1]);
        m.adopt(1, vec![1]);
        assert_eq!(m.history[1], vec![vec![0], vec![1]], "each doctrine once");
        let mut calls = Vec::new();
        let mut play = |side: usize, lists: &[Vec<(String, String)>], _: u64, from: u64, n: u64| {
            calls.push((side, lists.to_vec(), from, n));
            // The candidate wins the first three battles against each opponent.
            let mut w = PairedWins::new(lists.len());
            for i in 0..n {
                w.add(if i < 3 { &[0] } else { &[] });
            }
            Ok(Some(w))
        };
        let candidate = vec![1];
        let total = play_against_history(&m, 0, &[&candidate], (7, 100, 10), &mut play)
            .unwrap()
            .unwrap();
        // Ten battles shared by two opponents: indices 100..105 against each.
        assert_eq!((total.battles, total.wins[0]), (10, 6));
        let played: Vec<(usize, u64, u64)> = calls.iter().map(|c| (c.0, c.2, c.3)).collect();
        assert_eq!(played, vec![(0, 100, 5), (0, 100, 5)]);
        let edit = |s: usize| (format!("side.{s}.doctrine.k"), "b".to_string());
        assert_eq!(calls[0].1[0], vec![edit(0)], "against the start");
        assert_eq!(calls[1].1[0], vec![edit(1), edit(0)], "against the adopted");
    }
}
