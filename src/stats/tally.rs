//! The per-run accumulator: outcomes, rounds, strength per round and side,
//! per-unit fates and losses, and where a ruleset has them the band each
//! side is in per round and per-side count tables, all as exact counts.

use super::Histogram;
use crate::base::{BattleRecord, Side};

/// What a tally needs to know about the battles it will count; given by the
/// ruleset once per run.
#[derive(Clone, Debug, PartialEq)]
pub struct TallyShape {
    pub max_rounds: usize,
    /// The largest strength a side can have (sizes the strength histograms).
    pub max_strength: [usize; 2],
    /// Strength is counted in integers; reports multiply by this (e.g. 0.1
    /// for per-mille counts reported as percentages).
    pub strength_scale: f64,
    pub units: Vec<UnitMeta>,
    /// Names of the ways a battle can end (indexes of `BattleRecord::end_reason`).
    pub end_reasons: Vec<&'static str>,
    /// Whether each end reason (same order as `end_reasons`) is the clock:
    /// the time, round or turn limit, or a safety cap on rounds. Marked by
    /// the ruleset from its own definition of its end reasons.
    pub clock_ends: Vec<bool>,
    /// Names of the fates a unit can meet (indexes of `UnitResult::fate`);
    /// fate 0 is always "survived".
    pub fates: Vec<&'static str>,
    /// Per-unit event counts the ruleset records (e.g. morale outcomes), if any.
    pub unit_events: Option<UnitEvents>,
    /// A band each side is in at the end of each round (e.g. the State of
    /// Battle), if the ruleset has one.
    pub bands: Option<Bands>,
    /// Per-side count tables the ruleset records (e.g. MC flow by cause,
    /// cards drawn and played), each written to its own CSV file.
    pub side_tables: Vec<SideTable>,
}

/// Named bands of a side's strength, counted per round.
#[derive(Clone, Debug, PartialEq)]
pub struct Bands {
    pub name: &'static str,
    pub kinds: Vec<&'static str>,
}

/// A per-side table of counts: `rows` x `columns` for each side, in
/// `BattleRecord::side_counts` as side, then table, then row, then column.
#[derive(Clone, Debug, PartialEq)]
pub struct SideTable {
    pub file: &'static str,
    pub row_name: &'static str,
    pub rows: Vec<&'static str>,
    pub columns: Vec<&'static str>,
}

impl TallyShape {
    /// Whether end reason `index` is the clock (see `clock_ends`).
    pub fn is_clock_end(&self, index: usize) -> bool {
        self.clock_ends.get(index).copied().unwrap_or(false)
    }

    /// The battles of `tally` (a tally of this shape) the clock ended.
    pub fn clocked(&self, tally: &Tally) -> Clocked {
        let clock = (tally.end_reasons.iter().enumerate())
            .filter(|&(i, _)| self.is_clock_end(i))
            .map(|(_, &c)| c)
            .sum();
        Clocked {
            clock,
            battles: tally.battles,
        }
    }

    /// Counts per side over all side tables.
    pub fn side_count_len(&self) -> usize {
        self.side_tables
            .iter()
            .map(|t| t.rows.len() * t.columns.len())
            .sum()
    }
}

/// The marks of [`TallyShape::clock_ends`] for `reasons` end reasons, from
/// the ruleset's own test of an end reason's index.
pub fn clock_marks(reasons: usize, is_clock: impl Fn(usize) -> bool) -> Vec<bool> {
    (0..reasons).map(is_clock).collect()
}

/// How many of some battles the clock ended (a time, round or turn limit,
/// or a safety cap): counts, so that they add up over variants and calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocked {
    pub clock: u64,
    pub battles: u64,
}

impl Clocked {
    /// The share of the battles the clock ended (0 when none was played).
    pub fn share(self) -> f64 {
        if self.battles == 0 {
            0.0
        } else {
            self.clock as f64 / self.battles as f64
        }
    }

    /// Adds `other`'s battles.
    pub fn add(&mut self, other: Clocked) {
        self.clock += other.clock;
        self.battles += other.battles;
    }
}

/// Kinds of a per-unit event a ruleset counts, e.g. the eight morale outcomes.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitEvents {
    /// What is counted, e.g. `morale`.
    pub name: &'static str,
    /// The column of the events per battle, e.g. `morale_checks_per_battle`.
    pub per_battle: &'static str,
    /// The kinds, in the order of `BattleRecord::unit_events`.
    pub kinds: Vec<&'static str>,
}

/// One unit of the scenario as the reports name it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitMeta {
    pub side: Side,
    pub label: String,
    pub troop: String,
    pub max_loss: usize,
}

/// Exact counts over a set of battles. Merging is element-wise addition,
/// so tallies of disjoint battle ranges merge into the tally of their union
/// whatever the order (the shard files of `muster run --shard` carry one).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub battles: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    pub end_reasons: Vec<u64>,
    /// Rounds played per battle.
    pub rounds: Histogram,
    /// `strength[round-1][side]`: the side's strength at the end of that
    /// round; a battle that ended earlier keeps its final strength.
    pub strength: Vec<[Histogram; 2]>,
    /// `running[round-1]`: battles that were still going at the start of that round.
    pub running: Vec<u64>,
    /// `fates[unit][fate]`.
    pub fates: Vec<Vec<u64>>,
    /// `losses[unit]`: distribution of losses taken.
    pub losses: Vec<Histogram>,
    /// `unit_events[unit * kinds + kind]`: events counted over all battles.
    pub unit_events: Vec<u64>,
    /// `bands[round-1][side][kind]`: battles whose side was in that band at
    /// the end of the round (a finished battle keeps its last band).
    pub bands: Vec<[Vec<u64>; 2]>,
    /// Sums of `BattleRecord::side_counts` over all battles.
    pub side_counts: Vec<u64>,
}

impl Tally {
    pub fn new(shape: &TallyShape) -> Self {
        Tally {
            battles: 0,
            wins: [0; 2],
            draws: 0,
            end_reasons: vec![0; shape.end_reasons.len()],
            rounds: Histogram::new(shape.max_rounds),
            strength: (0..shape.max_rounds)
                .map(|_| {
                    [
                        Histogram::new(shape.max_strength[0]),
                        Histogram::new(shape.max_strength[1]),
                    ]
                })
                .collect(),
            running: vec![0; shape.max_rounds],
            fates: shape
                .units
                .iter()
                .map(|_| vec![0; shape.fates.len()])
                .collect(),
            losses: shape
                .units
                .iter()
                .map(|u| Histogram::new(u.max_loss))
                .collect(),
            unit_events: vec![
                0;
                shape.units.len()
                    * shape.unit_events.as_ref().map_or(0, |e| e.kinds.len())
            ],
            bands: match &shape.bands {
                Some(b) => (0..shape.max_rounds)
                    .map(|_| [vec![0; b.kinds.len()], vec![0; b.kinds.len()]])
                    .collect(),
                None => Vec::new(),
            },
            side_counts: vec![0; 2 * shape.side_count_len()],
        }
    }

    /// Counts one finished battle.
    pub fn add(&mut self, record: &BattleRecord) {
        self.battles += 1;
        match record.winner {
            Some(side) => self.wins[side.index()] += 1,
            None => self.draws += 1,
        }
        self.end_reasons[usize::from(record.end_reason)] += 1;
        let played = usize::from(record.rounds_played);
        self.rounds.add(played);
        let mut last = record.start_strength;
        for (round, hists) in self.strength.iter_mut().enumerate() {
            if round < played {
                self.running[round] += 1;
                if let Some(s) = record.strength_by_round.get(round) {
                    last = *s;
                }
            }
            hists[0].add(last[0] as usize);
            hists[1].add(last[1] as usize);
        }
        let mut band = [0u8; 2];
        for (round, counts) in self.bands.iter_mut().enumerate() {
            if let Some(b) = record.band_by_round.get(round) {
                band = *b;
            }
            for s in 0..2 {
                if let Some(c) = counts[s].get_mut(usize::from(band[s])) {
                    *c += 1;
                }
            }
        }
        for (a, &b) in self.side_counts.iter_mut().zip(&record.side_counts) {
            *a += u64::from(b);
        }
        for (i, unit) in record.units.iter().enumerate() {
            self.fates[i][usize::from(unit.fate)] += 1;
            self.losses[i].add(usize::from(unit.losses));
        }
        for (a, &b) in self.unit_events.iter_mut().zip(&record.unit_events) {
            *a += u64::from(b);
        }
    }

    /// Adds `other` into `self`; both must come from the same shape.
    pub fn merge(&mut self, other: &Tally) {
        self.battles += other.battles;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        for (a, b) in self.end_reasons.iter_mut().zip(&other.end_reasons) {
            *a += b;
        }
        self.rounds.merge(&other.rounds);
        for (a, b) in self.strength.iter_mut().zip(&other.strength) {
            a[0].merge(&b[0]);
            a[1].merge(&b[1]);
        }
        for (a, b) in self.running.iter_mut().zip(&other.running) {
            *a += b;
        }
        for (a, b) in self.fates.iter_mut().zip(&other.fates) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (a, b) in self.losses.iter_mut().zip(&other.losses) {
            a.merge(b);
        }
        for (a, b) in self.unit_events.iter_mut().zip(&other.unit_events) {
            *a += b;
        }
        for (a, b) in self.bands.iter_mut().zip(&other.bands) {
            for s in 0..2 {
                for (x, y) in a[s].iter_mut().zip(&b[s]) {
                    *x += y;
                }
            }
        }
        for (a, b) in self.side_counts.iter_mut().zip(&other.side_counts) {
            *a += b;
        }
    }

    /// The lengths of every table, for checking that two tallies (e.g. from
    /// shard files) count the same things before merging them.
    pub fn shape_key(&self) -> Vec<usize> {
        let mut key = vec![
            self.end_reasons.len(),
            self.rounds.counts().len(),
            self.strength.len(),
            self.running.len(),
            self.fates.len(),
            self.losses.len(),
            self.unit_events.len(),
            self.bands.len(),
            self.side_counts.len(),
        ];
        key.extend(self.strength.iter().flatten().map(|h| h.counts().len()));
        key.extend(self.fates.iter().map(Vec::len));
        key.extend(self.losses.iter().map(|h| h.counts().len()));
        key.extend(self.bands.iter().flatten().map(Vec::len));
        key
    }

    /// The first count that does not add up to the battles counted, as
    /// `(field, what is wrong)`: every battle has one outcome, one end
    /// reason and one length, each unit one fate and one loss, every
    /// round's strength histograms count every battle, a round was started
    /// by no more battles than the one before it, and the rounds
    /// histogram agrees with those starts. A tally built by [`Tally::add`]
    /// and [`Tally::merge`] always adds up; one read from a file that was
    /// edited may not. Sums are taken in 128 bits, so no count overflows.
    pub fn inconsistency(&self) -> Option<(String, String)> {
        let n = u128::from(self.battles);
        let sum = |v: &[u64]| v.iter().map(|&c| u128::from(c)).sum::<u128>();
        let outcomes = sum(&self.wins) + u128::from(self.draws);
        if outcomes != n {
            return Some((
                "tally.wins".to_string(),
                format!(
                    "wins {} + {} and draws {} make {outcomes} battles, but `tally.battles` is {n}",
                    self.wins[0], self.wins[1], self.draws
                ),
            ));
        }
        let whole = |field: String, counted: u128| {
            (counted != n).then(|| {
                (
                    field,
                    format!("its counts make {counted} battles, but `tally.battles` is {n}"),
                )
            })
        };
        let mut checks: Vec<(String, u128)> = vec![
            ("tally.end_reasons".to_string(), sum(&self.end_reasons)),
            ("tally.rounds".to_string(), sum(self.rounds.counts())),
        ];
        for (r, hists) in self.strength.iter().enumerate() {
            for (side, h) in hists.iter().enumerate() {
                checks.push((format!("tally.strength[{r}][{side}]"), sum(h.counts())));
            }
        }
        for (u, fates) in self.fates.iter().enumerate() {
            checks.push((format!("tally.fates[{u}]"), sum(fates)));
        }
        for (u, h) in self.losses.iter().enumerate() {
            checks.push((format!("tally.losses[{u}]"), sum(h.counts())));
        }
        if let Some(bad) = checks.into_iter().find_map(|(f, c)| whole(f, c)) {
            return Some(bad);
        }
        self.round_inconsistency()
    }

    /// The rounds' part of [`Tally::inconsistency`]: `running[r]` is the
    /// battles that lasted more than `r` rounds (by the rounds histogram)
    /// and no band table counts more battles than were played.
    fn round_inconsistency(&self) -> Option<(String, String)> {
        let n = u128::from(self.battles);
        let counts = self.rounds.counts();
        for (r, &started) in self.running.iter().enumerate() {
            // Battles longer than r rounds; the last bin holds the longest.
            let longer: u128 = counts.iter().skip(r + 1).map(|&c| u128::from(c)).sum();
            if u128::from(started) != longer {
                return Some((
                    format!("tally.running[{r}]"),
                    format!(
                        "{started} battles started round {}, but `tally.rounds` has {longer} that lasted that long",
                        r + 1
                    ),
                ));
            }
        }
        for (r, sides) in self.bands.iter().enumerate() {
            for (side, kinds) in sides.iter().enumerate() {
                let counted: u128 = kinds.iter().map(|&c| u128::from(c)).sum();
                if counted > n {
                    return Some((
                        format!("tally.bands[{r}][{side}]"),
                        format!("its counts make {counted} battles, but `tally.battles` is {n}"),
                    ));
                }
            }
        }
        None
    }

    /// Wins of `side` as `(wins, battles)`.
    pub fn win_count(&self, side: Side) -> (u64, u64) {
        (self.wins[side.index()], self.battles)
    }
}
