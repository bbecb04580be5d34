//! The enemy squares a movement choice measures against, gathered once per
//! choice rather than once per candidate square: the hostile enemies (on
//! the board and not surrendered) for the nearest enemy, or every enemy on
//! the board for enclosure. Answers are exactly those of scanning every
//! unit for every square, ties to the lowest unit index included.

use super::state::View;
use crate::geometry::grid::{Metric, Square};
use crate::rules::Side;

/// Enemies kept in the list itself; a larger army is scanned per square
/// instead (the same answer, more slowly), so nothing is allocated.
const MAX_FOES: usize = 64;

/// Which enemies of a side count.
#[derive(Clone, Copy)]
enum Kind {
    /// On the board and not surrendered ([`View::hostile`]).
    Hostile,
    /// On the board, surrendered or not.
    OnBoard,
}

/// The enemies of `side` that count, in unit order, with their squares.
pub struct Foes {
    side: Side,
    kind: Kind,
    list: [(usize, Square); MAX_FOES],
    count: usize,
}

impl Foes {
    /// The hostile enemies of `side`.
    pub fn hostile(view: &View, side: Side) -> Self {
        Self::gather(view, side, Kind::Hostile)
    }

    /// The enemies of `side` on the board.
    pub fn on_board(view: &View, side: Side) -> Self {
        Self::gather(view, side, Kind::OnBoard)
    }

    fn gather(view: &View, side: Side, kind: Kind) -> Self {
        let mut foes = Foes {
            side,
            kind,
            list: [(0, Square::new(0, 0)); MAX_FOES],
            count: 0,
        };
        for e in (0..view.state.units.len()).filter(|&e| Self::counts(view, side, kind, e)) {
            if foes.count < MAX_FOES {
                foes.list[foes.count] = (e, view.state.units[e].pos);
            }
            foes.count += 1;
        }
        foes
    }

    fn counts(view: &View, side: Side, kind: Kind, e: usize) -> bool {
        match kind {
            Kind::Hostile => view.hostile(side, e),
            Kind::OnBoard => view.side_of(e) != side && view.on_board(e),
        }
    }

    /// Calls `f` with each enemy and its square, in unit order.
    fn each(&self, view: &View, mut f: impl FnMut(usize, Square)) {
        if self.count <= MAX_FOES {
            self.list[..self.count].iter().for_each(|&(e, at)| f(e, at));
            return;
        }
        for e in 0..view.state.units.len() {
            if Self::counts(view, self.side, self.kind, e) {
                f(e, view.state.units[e].pos);
            }
        }
    }

    /// The nearest enemy to `from` and its distance, lowest index on ties
    /// ([`View::nearest_enemy`]).
    pub fn nearest(&self, view: &View, from: Square) -> Option<(usize, i32)> {
        let mut best: Option<(usize, i32)> = None;
        self.each(view, |e, at| {
            let d = view.dist(from, at);
            if best.map_or(true, |(b, bd)| (d, e) < (bd, b)) {
                best = Some((e, d));
            }
        });
        best
    }

    /// The distance to the nearest enemy (i32::MAX if none).
    pub fn nearest_dist(&self, view: &View, from: Square) -> i32 {
        self.nearest(view, from).map_or(i32::MAX, |(_, d)| d)
    }

    /// How many enemies stand within `d` of `s`.
    pub fn within(&self, view: &View, s: Square, d: i32) -> i32 {
        let mut n = 0;
        self.each(view, |_, at| n += i32::from(view.dist(s, at) <= d));
        n
    }

    /// Whether an enemy stands next to `s` (eight neighbours).
    pub fn next_to(&self, view: &View, s: Square) -> bool {
        let mut found = false;
        self.each(view, |_, at| found |= Metric::Chebyshev.dist(s, at) == 1);
        found
    }
}

#[cfg(test)]
mod tests {
    //! The gathered enemies answer as the scans of every unit do, on the
    //! shipped scenarios' deployments and on positions, presences and
    //! morale states scattered by a fixed stream.

    use super::*;
    use crate::rulesets::means_war::morale::MoraleState;
    use crate::rulesets::means_war::setup::WarSetup;
    use crate::rulesets::means_war::state::{Presence, State};
    use crate::scenario::ScenarioRules;

    fn shipped() -> Vec<WarSetup> {
        let setup = |s: crate::scenario::Scenario| match s.rules {
            ScenarioRules::MeansWar(w) => w.setup,
            _ => panic!("{} is not This Means WAR!", s.name),
        };
        crate::scenario::load_shipped("means_war")
            .into_iter()
            .map(setup)
            .collect()
    }

    /// Every square of a 40 x 24 patch against the scans, for both sides.
    fn agree(view: &View) -> usize {
        let mut checked = 0;
        for side in [Side::A, Side::B] {
            let (hostile, on_board) = (Foes::hostile(view, side), Foes::on_board(view, side));
            for (x, y) in (0..40).flat_map(|x| (0..24).map(move |y| (x, y))) {
                let s = Square::new(x, y);
                assert_eq!(
                    hostile.nearest(view, s),
                    view.nearest_enemy(side, s),
                    "{s:?}"
                );
                let crowd = (0..view.state.units.len())
                    .filter(|&e| {
                        view.hostile(side, e) && view.dist(s, view.state.units[e].pos) <= 2
                    })
                    .count() as i32;
                assert_eq!(hostile.within(view, s, 2), crowd, "{s:?}");
                let next = (0..view.state.units.len()).any(|e| {
                    view.side_of(e) != side
                        && view.on_board(e)
                        && Metric::Chebyshev.dist(s, view.state.units[e].pos) == 1
                });
                assert_eq!(on_board.next_to(view, s), next, "{s:?}");
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn gathered_enemies_answer_as_the_scans() {
        let mut dice = crate::dice::Dice::for_battle(0x9E37_79B9, 0);
        let mut next = |n: u64| dice.next_u64() % n;
        let mut checked = 0;
        for setup in shipped() {
            let mut st = State::new(&setup);
            st.reset(&setup);
            checked += agree(&View {
                setup: &setup,
                state: &st,
            });
            for _ in 0..3 {
                for u in &mut st.units {
                    u.pos = Square::new(next(40) as i16, next(24) as i16);
                    u.presence =
                        [Presence::OnBoard, Presence::OnBoard, Presence::Fled][next(3) as usize];
                    u.morale = [MoraleState::Normal, MoraleState::Surrender][next(2) as usize];
                }
                checked += agree(&View {
                    setup: &setup,
                    state: &st,
                });
            }
        }
        assert!(checked > 10_000, "{checked} squares");
    }
}
