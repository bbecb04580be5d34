//! The deck race of `muster decks`: every Orders-deck build of one side
//! raced on common random numbers ([`super::racing`]), rounds doubling in
//! length, then the builds inseparable from the best re-played on a fresh
//! seed. The command supplies the playing (workers, Ctrl-C, progress).

use super::racing::Race;
use super::vary::Variant;
use crate::analysis::play::StudyResult;
use crate::overlays::sob::cards::{OrdersBuild, MENU};
use crate::stats::PairedWins;

/// The level of the race's drops and of the inseparable set.
pub const ALPHA: f64 = 0.05;

/// A build as `card=N,...`, the cards it holds only.
pub fn build_text(b: &OrdersBuild) -> String {
    let parts: Vec<String> = MENU
        .iter()
        .zip(b.0)
        .filter(|(_, n)| *n > 0)
        .map(|((o, _), n)| format!("{}={n}", o.id()))
        .collect();
    parts.join(",")
}

/// A build as the TOML inline table of a side's `orders`, every card.
pub fn build_table(b: &OrdersBuild) -> String {
    let parts: Vec<String> = MENU
        .iter()
        .zip(b.0)
        .map(|((o, _), n)| format!("{} = {n}", o.id()))
        .collect();
    format!("{{ {} }}", parts.join(", "))
}

/// How long the race runs.
#[derive(Clone, Copy, Debug)]
pub struct RacePlan {
    /// Battles per build in the first round; each round doubles it.
    pub first_round: u64,
    /// Rounds at most.
    pub rounds: usize,
    /// Builds re-played on a fresh seed at the end.
    pub confirm: usize,
    pub seed: u64,
}

/// The race's outcome.
pub struct DeckRace {
    pub race: Race,
    /// The survivors inseparable from the best, best first.
    pub inseparable: Vec<usize>,
    /// The builds re-played on the fresh seed.
    pub top: Vec<usize>,
    /// Their wins on the fresh seed (None when the race was interrupted).
    pub confirmed: Option<PairedWins>,
    pub confirm_seed: u64,
    /// Battles played, every build counted.
    pub total_battles: u64,
    /// Whether it was interrupted.
    pub partial: bool,
}

impl DeckRace {
    /// Build `v`'s confirmation: its wins, battles and index among `top`.
    pub fn confirmation(&self, v: usize) -> Option<(&PairedWins, usize)> {
        let i = self.top.iter().position(|&t| t == v)?;
        self.confirmed.as_ref().map(|p| (p, i))
    }
}

/// Races `variants` (one per build). `play(variants, seed, start, battles)`
/// plays variants on common random numbers; `round_done(round, battles,
/// left)` is told of every finished round.
pub fn race(
    variants: &[Variant],
    plan: RacePlan,
    mut play: impl FnMut(&[&Variant], u64, u64, u64) -> anyhow::Result<StudyResult>,
    mut round_done: impl FnMut(usize, u64, usize),
) -> anyhow::Result<DeckRace> {
    let seed = plan.seed;
    let mut race = Race::new(variants.len());
    let mut partial = false;
    let mut total_battles = 0u64;
    for r in 0..plan.rounds {
        if race.alive.len() <= 1 {
            break;
        }
        let n = plan.first_round << r;
        let alive: Vec<&Variant> = race.alive.iter().map(|&v| &variants[v]).collect();
        let result = play(&alive, seed, race.played, n)?;
        total_battles += result.played.battles() * alive.len() as u64;
        if result.partial {
            partial = true;
            break;
        }
        race.finish_round(&result.played.paired, ALPHA);
        round_done(r, n, race.alive.len());
    }
    let inseparable = race.inseparable(ALPHA);
    // Re-play the top builds on a fresh seed, as many battles as the race's survivors had.
    let confirm_seed = seed ^ 0x9E37_79B9_7F4A_7C15;
    let top: Vec<usize> = inseparable
        .iter()
        .copied()
        .take(plan.confirm.max(1))
        .collect();
    let confirmed = if partial {
        None
    } else {
        let top_variants: Vec<&Variant> = top.iter().map(|&v| &variants[v]).collect();
        let r = play(&top_variants, confirm_seed, 0, race.played)?;
        total_battles += r.played.battles() * top.len() as u64;
        partial |= r.partial;
        Some(r.played.paired)
    };
    Ok(DeckRace {
        race,
        inseparable,
        top,
        confirmed,
        confirm_seed,
        total_battles,
        partial,
    })
}
