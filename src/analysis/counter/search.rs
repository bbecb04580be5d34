//! The best-response search over a doctrine space, written against a
//! function that plays, so a test can hand it a synthetic objective.
//!
//! 1. **Sample.** The start doctrine plus up to `sample - 1` other points
//!    drawn uniformly (one value per knob) from a stream derived from the
//!    search seed (never from the clock); a space no larger than the
//!    sample is enumerated whole.
//! 2. **Successive halving** (Karnin, Koren and Somekh 2013) on half the
//!    budget: `ceil(log2 m)` rounds, each given an equal share; the
//!    survivors play the round's share split evenly, on common random
//!    numbers (the same new battle indices for all), and the better half by
//!    wins over every battle they played goes on. The last survivor is the
//!    incumbent.
//! 3. **Local moves** on the rest: the incumbent's neighbours (one knob
//!    changed: every other word or boolean, the next number up or down) in
//!    batches of [`BATCH`], each batch played with the incumbent on new
//!    battle indices; the batch's best replaces the incumbent only when its
//!    paired 95% interval against it (Newcombe, Bonferroni over the batch)
//!    lies wholly above zero. A batch's length is the rest of the budget
//!    over one pass of batches; the phase ends when the budget would be
//!    overrun or a whole pass changes nothing.
//!
//! Every battle index is played once per candidate: the search never
//! re-uses a battle for a decision it already made.

use crate::dice::Dice;
use crate::stats::{bonferroni_z, PairedWins};

/// Neighbours played with the incumbent in one local batch.
pub const BATCH: usize = 7;
/// The fewest battles any candidate plays in a round or batch.
pub const MIN_BATTLES: u64 = 50;
/// Keeps the sampling stream apart from the battles' streams.
const SAMPLE_SALT: u64 = 0x5EA2_C4E5_A3B1_E0F1;

/// A space as the search sees it.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Values per knob.
    pub values: Vec<usize>,
    /// Whether each knob's values are ordered numbers.
    pub ordered: Vec<bool>,
    /// The start point.
    pub start: Vec<usize>,
}

/// The search's budget and seed.
#[derive(Clone, Copy, Debug)]
pub struct SearchPlan {
    /// Battles in all, every candidate's counted.
    pub budget: u64,
    /// Points sampled for successive halving, the start among them.
    pub sample: usize,
    pub seed: u64,
}

/// One candidate's result in one round or batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// `halving 1`, `local 2`, ...
    pub round: String,
    pub point: Vec<usize>,
    /// Battles it has played in this phase (halving: over every round so far).
    pub battles: u64,
    pub wins: u64,
}

/// The search's outcome.
#[derive(Clone, Debug)]
pub struct Found {
    pub best: Vec<usize>,
    pub evaluations: Vec<Evaluation>,
    /// Battles played, every candidate's counted.
    pub battles: u64,
    /// Local moves accepted.
    pub moves: usize,
    pub partial: bool,
}

/// `play(points, first_index, battles)`: the points' wins on common random
/// numbers (None: interrupted).
pub type Play<'a> = dyn FnMut(&[&Vec<usize>], u64, u64) -> anyhow::Result<Option<PairedWins>> + 'a;

/// The least budget a search of up to `sample` points can run on,
/// whatever its space: enough for `sample` candidates (a smaller space
/// needs less, but the budget is checked before the space is built, so
/// that a budget too small is refused at once).
pub fn min_budget(sample: usize) -> u64 {
    let m = sample.max(1) as u64;
    2 * halving_rounds(m as usize) * m * MIN_BATTLES
}

fn space_size(shape: &Shape) -> usize {
    shape
        .values
        .iter()
        .try_fold(1usize, |n, &v| n.checked_mul(v.max(1)))
        .unwrap_or(usize::MAX)
}

fn halving_rounds(m: usize) -> u64 {
    (usize::BITS - m.saturating_sub(1).leading_zeros()).max(1) as u64
}

/// The start, then distinct random points.
pub fn sample(shape: &Shape, plan: &SearchPlan) -> Vec<Vec<usize>> {
    let size = space_size(shape);
    if size <= plan.sample {
        return enumerate(shape);
    }
    let mut dice = Dice::for_battle(plan.seed ^ SAMPLE_SALT, 0);
    let mut out = vec![shape.start.clone()];
    let mut tries = 0;
    while out.len() < plan.sample && tries < plan.sample * 100 {
        tries += 1;
        let p: Vec<usize> = shape
            .values
            .iter()
            .map(|&n| (dice.next_u64() % n.max(1) as u64) as usize)
            .collect();
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Every point, the start first.
fn enumerate(shape: &Shape) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = vec![Vec::new()];
    for &n in &shape.values {
        all = all
            .into_iter()
            .flat_map(|p| {
                (0..n.max(1)).map(move |v| {
                    let mut q = p.clone();
                    q.push(v);
                    q
                })
            })
            .collect();
    }
    all.retain(|p| *p != shape.start);
    all.insert(0, shape.start.clone());
    all
}

/// The points one knob away from `p`.
pub fn neighbours(shape: &Shape, p: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (k, (&n, &ordered)) in shape.values.iter().zip(&shape.ordered).enumerate() {
        let others: Vec<usize> = if ordered {
            [p[k].checked_sub(1), Some(p[k] + 1)]
                .into_iter()
                .flatten()
                .filter(|&v| v < n)
                .collect()
        } else {
            (0..n).filter(|&v| v != p[k]).collect()
        };
        for v in others {
            let mut q = p.to_vec();
            q[k] = v;
            out.push(q);
        }
    }
    out
}

/// Runs the search (see the module's paragraph).
pub fn search(shape: &Shape, plan: &SearchPlan, play: &mut Play) -> anyhow::Result<Found> {
    let mut found = Found {
        best: shape.start.clone(),
        evaluations: Vec::new(),
        battles: 0,
        moves: 0,
        partial: false,
    };
    let mut next_index = 0u64;
    let incumbent = halving(shape, plan, play, &mut found, &mut next_index)?;
    found.best = incumbent;
    if !found.partial {
        local_moves(shape, plan, play, &mut found, &mut next_index)?;
    }
    Ok(found)
}

/// Successive halving over the sample; returns the last survivor.
fn halving(
    shape: &Shape,
    plan: &SearchPlan,
    play: &mut Play,
    found: &mut Found,
    next_index: &mut u64,
) -> anyhow::Result<Vec<usize>> {
    let points = sample(shape, plan);
    let rounds = halving_rounds(points.len());
    let share = plan.budget / 2 / rounds;
    let mut alive: Vec<usize> = (0..points.len()).collect();
    let mut wins = vec![0u64; points.len()];
    let mut battles = 0u64;
    for r in 0..rounds {
        if alive.len() <= 1 {
            break;
        }
        let n = (share / alive.len() as u64).max(MIN_BATTLES);
        let refs: Vec<&Vec<usize>> = alive.iter().map(|&i| &points[i]).collect();
        let Some(played) = play(&refs, *next_index, n)? else {
            found.partial = true;
            break;
        };
        *next_index += n;
        // Against several opponents (fictitious play) a point plays
        // (battle, opponent) pairs: fewer than `n` when they share `n`.
        battles += played.battles;
        found.battles += n * alive.len() as u64;
        for (a, &i) in alive.iter().enumerate() {
            wins[i] += played.wins[a];
            found.evaluations.push(Evaluation {
                round: format!("halving {}", r + 1),
                point: points[i].clone(),
                battles,
                wins: wins[i],
            });
        }
        // The better half by wins; ties keep the earlier (the start first).
        alive.sort_by(|&a, &b| wins[b].cmp(&wins[a]).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
        alive.sort_unstable();
    }
    Ok(points[alive[0]].clone())
}

/// Local moves from `found.best` on what is left of the budget.
fn local_moves(
    shape: &Shape,
    plan: &SearchPlan,
    play: &mut Play,
    found: &mut Found,
    next_index: &mut u64,
) -> anyhow::Result<()> {
    let left = plan.budget.saturating_sub(found.battles);
    let pass = neighbours(shape, &found.best).len().div_ceil(BATCH).max(1) as u64;
    let n = (left / (pass * (BATCH as u64 + 1))).max(MIN_BATTLES);
    let mut queue = neighbours(shape, &found.best);
    let mut batch_no = 0;
    while !queue.is_empty() {
        let batch: Vec<Vec<usize>> = queue.drain(..BATCH.min(queue.len())).collect();
        let cost = n * (batch.len() as u64 + 1);
        if found.battles + cost > plan.budget {
            break;
        }
        batch_no += 1;
        let mut refs: Vec<&Vec<usize>> = vec![&found.best];
        refs.extend(batch.iter());
        let Some(played) = play(&refs, *next_index, n)? else {
            found.partial = true;
            return Ok(());
        };
        *next_index += n;
        found.battles += cost;
        for (a, p) in refs.iter().enumerate() {
            found.evaluations.push(Evaluation {
                round: format!("local {batch_no}"),
                point: (*p).clone(),
                battles: played.battles,
                wins: played.wins[a],
            });
        }
        if let Some(winner) = accepted(&played, batch.len()) {
            found.best = batch[winner - 1].clone();
            found.moves += 1;
            queue = neighbours(shape, &found.best);
        }
    }
    Ok(())
}

/// The batch's best (its index among the played, the incumbent at 0) when
/// its paired interval against the incumbent lies above zero.
fn accepted(played: &PairedWins, batch: usize) -> Option<usize> {
    let best = (1..=batch).max_by(|&a, &b| played.wins[a].cmp(&played.wins[b]).then(b.cmp(&a)))?;
    let z = bonferroni_z(0.05, batch);
    (played.difference(best, 0, z).paired.0 > 0.0).then_some(best)
}
