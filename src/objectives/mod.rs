//! Objectives: places on the table that a scenario makes worth fighting
//! for, shared by every ruleset that plays in inches (seed 000 L131 and
//! L265; seed 002 L677 and L695-706). An objective is a point with a
//! radius. Who holds it follows its control rule ([`Control`]); what it
//! does is scenario data: extra Morale Counters its owner forfeits when it
//! is seized (the town-defence example, L131), counters or points to
//! whoever holds it when the time limit ends the battle, and whether
//! taking it ends the battle (L265: "objective captured").
//!
//! The rules of a ruleset ask two things of this module: [`Holders::update`]
//! after anything moved, with which sides have a unit that counts within
//! each objective's radius, and [`Holders::at_end`] when the clock stops.
//! `file.rs` is the serde mirror of `[[objective]]`, `validate.rs` turns
//! it into [`Objective`]s with located problems; `exits.rs` holds the
//! table edges a side's forces try to get off through (`[[exit]]`).

pub mod exits;
pub mod file;
pub mod validate;

use crate::base::Side;

crate::words!(
    /// How an objective changes hands.
    pub enum Control {
        "uncontested" => Uncontested,
        "majority" => Majority,
    }
);

/// One objective of a validated scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    pub name: String,
    /// Its centre, in inches from the table's corner.
    pub at: [f64; 2],
    /// A unit counts when any part of it is this close to the centre.
    pub radius: f64,
    pub control: Control,
    /// The side holding it when the battle starts, if any.
    pub owner: Option<Side>,
    /// Extra Morale Counters the owner starts with and forfeits the first
    /// time the objective is seized (States of Battle only).
    pub mc: u32,
    /// Counters (States of Battle) or points (elsewhere) added to the
    /// holder's score when the time limit ends the battle.
    pub at_end: u32,
    /// Taking it from its owner (or, without one, taking it first) ends
    /// the battle, and the side that took it wins.
    pub ends_battle: bool,
}

impl Objective {
    /// The side that holds it after a count of units in range per side,
    /// given who held it before. Uncontested: a side with a unit in range
    /// and no enemy in range takes it. Majority: the side with more units
    /// in range takes it. Otherwise the holder keeps it.
    pub fn holder_after(&self, before: Option<Side>, in_range: [u32; 2]) -> Option<Side> {
        let [a, b] = in_range;
        let taker = match self.control {
            Control::Uncontested => match (a > 0, b > 0) {
                (true, false) => Some(Side::A),
                (false, true) => Some(Side::B),
                _ => None,
            },
            Control::Majority => match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Side::A),
                std::cmp::Ordering::Less => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            },
        };
        taker.or(before)
    }
}

/// A change of hands found by [`Holders::update`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seizure {
    /// Index of the objective.
    pub objective: usize,
    pub from: Option<Side>,
    pub to: Side,
    /// Counters the owner forfeits now (its first loss of the objective).
    pub forfeit: u32,
    /// The seizure ends the battle (the taker wins).
    pub ends_battle: bool,
}

/// Who holds each objective during one battle; reused battle to battle.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Holders {
    pub holder: Vec<Option<Side>>,
    /// Whether the owner has already forfeited the objective's counters.
    pub forfeited: Vec<bool>,
    /// The changes of hands of the last [`Holders::update`] (a buffer kept
    /// from battle to battle, so that a seizure allocates nothing).
    pub seized: Vec<Seizure>,
}

impl Holders {
    /// Every objective back with its owner.
    pub fn start(&mut self, objectives: &[Objective]) {
        self.holder.clear();
        self.holder.extend(objectives.iter().map(|o| o.owner));
        self.forfeited.clear();
        self.forfeited.resize(objectives.len(), false);
        self.seized.clear();
    }

    /// Updates every holder from `in_range(objective, side)` (how many
    /// units of `side` count within the objective's radius); the changes
    /// of hands are left in `seized`.
    pub fn update(
        &mut self,
        objectives: &[Objective],
        mut in_range: impl FnMut(&Objective, Side) -> u32,
    ) {
        self.seized.clear();
        for (k, o) in objectives.iter().enumerate() {
            let counts = [in_range(o, Side::A), in_range(o, Side::B)];
            let before = self.holder[k];
            let after = o.holder_after(before, counts);
            let Some(to) = after.filter(|&to| Some(to) != before) else {
                continue;
            };
            self.holder[k] = after;
            let from_owner = o.owner.is_some() && before == o.owner;
            let forfeit = if from_owner && !self.forfeited[k] {
                self.forfeited[k] = true;
                o.mc
            } else {
                0
            };
            let ends_battle = o.ends_battle && (o.owner.is_none() || from_owner);
            self.seized.push(Seizure {
                objective: k,
                from: before,
                to,
                forfeit,
                ends_battle,
            });
        }
    }

    /// The side whose seizure in the last update ended the battle, if any.
    pub fn ended_by(&self) -> Option<Side> {
        self.seized.iter().find(|z| z.ends_battle).map(|z| z.to)
    }

    /// The score each side adds for the objectives it holds when the time
    /// limit ends the battle.
    pub fn at_end(&self, objectives: &[Objective]) -> [u32; 2] {
        let mut score = [0; 2];
        for (o, h) in objectives.iter().zip(&self.holder) {
            if let Some(s) = h {
                score[s.index()] += o.at_end;
            }
        }
        score
    }
}

/// Extra counters each side starts with for the objectives it owns.
pub fn owned_mc(objectives: &[Objective]) -> [u32; 2] {
    let mut mc = [0; 2];
    for o in objectives {
        if let Some(s) = o.owner {
            mc[s.index()] += o.mc;
        }
    }
    mc
}

#[cfg(test)]
mod tests;
