//! Where a unit's movement goal aims, worked out once per move rather than
//! once per candidate square: the squares of the enemies the unit could
//! ever attack (as its side sees them), and the goal's own target (the
//! weakest enemy, the enemy commander, its own commander, the middle of
//! its army). [`Aim::score`] then scores a candidate square against them;
//! the scores are exactly those of scanning the armies for every square.

use crate::geometry::grid::Square;
use crate::rulesets::armies::doctrine::MoveGoal;
use crate::rulesets::armies::state::View;

/// Enemies kept in the aim's own array; a larger army is scanned per
/// square instead (the same answer, more slowly), so nothing is allocated.
const MAX_FOES: usize = 64;

/// A goal with its targets found.
#[derive(Clone, Copy)]
enum Goal {
    Hold,
    /// Toward the nearest enemy it can attack.
    Advance,
    /// Toward this enemy's square (none: no such enemy, stay).
    Toward(Option<Square>),
    /// Within 2 of its commander's square, then toward the enemy.
    Protect(Square),
    /// Toward the middle of its army (none: alone), 3 squares from the enemy.
    Follow(Option<Square>),
    KeepAtRange,
    /// Onto the nearest unmanned engine (there is one, and it mans none).
    CrewEngine,
}

/// Unit `u`'s movement goal with its targets, for scoring squares.
pub struct Aim {
    u: usize,
    start: Square,
    goal: Goal,
    foes: [Square; MAX_FOES],
    count: usize,
}

/// Whether `u` could ever attack enemy `e` (aerial enemies need ranged or
/// aerial attackers).
pub fn can_ever_attack(v: View<'_>, u: usize, e: usize) -> bool {
    !v.troop(e).traits.aerial || v.is_ranged(u) || v.troop(u).traits.aerial
}

impl Aim {
    /// The aim of `goal` for `u` in the battle as it stands.
    pub fn new(v: View<'_>, u: usize, goal: MoveGoal) -> Self {
        let side = v.side_of(u);
        let mut aim = Aim {
            u,
            start: v.state.units[u].pos,
            goal: Goal::Hold,
            foes: [Square::new(0, 0); MAX_FOES],
            count: 0,
        };
        for e in v
            .units_of(side.other())
            .filter(|&e| can_ever_attack(v, u, e))
        {
            if aim.count < MAX_FOES {
                aim.foes[aim.count] = v.seen_pos(side, e);
            }
            aim.count += 1;
        }
        aim.goal = aim.resolve(v, goal);
        aim
    }

    /// The goal with its target found, or the goal it falls back on.
    fn resolve(&self, v: View<'_>, goal: MoveGoal) -> Goal {
        let (u, side) = (self.u, v.side_of(self.u));
        match goal {
            MoveGoal::Hold => Goal::Hold,
            MoveGoal::Advance => Goal::Advance,
            MoveGoal::WeakestEnemy => {
                let weakest = (v.units_of(side.other()))
                    .filter(|&e| can_ever_attack(v, u, e))
                    .min_by_key(|&e| {
                        let at = v.seen_pos(side, e);
                        (v.state.units[e].morale, v.dist(self.start, at), e)
                    });
                Goal::Toward(weakest.map(|e| v.seen_pos(side, e)))
            }
            MoveGoal::EnemyCommander => match v
                .commander_of(side.other())
                .filter(|&c| can_ever_attack(v, u, c))
            {
                Some(c) => Goal::Toward(Some(v.seen_pos(side, c))),
                None => Goal::Advance,
            },
            MoveGoal::ProtectCommander => match v.commander_of(side).filter(|&c| c != u) {
                Some(c) => Goal::Protect(v.state.units[c].pos),
                None => Goal::Advance,
            },
            MoveGoal::FollowArmy => Goal::Follow(army_middle(v, u)),
            MoveGoal::KeepAtRange => Goal::KeepAtRange,
            MoveGoal::CrewEngine => {
                let free = v
                    .state
                    .engines
                    .iter()
                    .any(|e| e.present && e.crew.is_none());
                if free && v.state.units[u].manning.is_none() {
                    Goal::CrewEngine
                } else {
                    Goal::Advance
                }
            }
        }
    }

    /// The distance from `to` to the nearest enemy `u` could attack.
    fn nearest(&self, v: View<'_>, to: Square) -> Option<i32> {
        if self.count <= MAX_FOES {
            return self.foes[..self.count]
                .iter()
                .map(|&at| v.dist(to, at))
                .min();
        }
        let side = v.side_of(self.u);
        (v.units_of(side.other()))
            .filter(|&e| can_ever_attack(v, self.u, e))
            .map(|e| v.dist(to, v.seen_pos(side, e)))
            .min()
    }

    /// The score of moving to `to`; lower is better.
    pub fn score(&self, v: View<'_>, to: Square) -> (i32, i32) {
        let travelled = v.dist(self.start, to);
        let advance = |aim: &Self| match aim.nearest(v, to) {
            Some(d) => (d, travelled),
            None => (0, travelled),
        };
        match self.goal {
            Goal::Hold => (travelled, 0),
            Goal::Advance => advance(self),
            Goal::Toward(Some(at)) => (v.dist(to, at), travelled),
            Goal::Toward(None) => (0, travelled),
            Goal::Protect(at) => (
                (v.dist(to, at) - 2).max(0),
                self.nearest(v, to).unwrap_or(0),
            ),
            Goal::Follow(middle) => {
                let danger = self.nearest(v, to).map_or(0, |d| (3 - d).max(0));
                match middle {
                    Some(m) => (danger, v.dist(to, m)),
                    None => (danger, travelled),
                }
            }
            Goal::KeepAtRange => {
                let range = v.attack_range(self.u, to);
                match self.nearest(v, to) {
                    Some(d) if d <= range => (0, -d),
                    Some(d) => (d - range, travelled),
                    None => (0, travelled),
                }
            }
            Goal::CrewEngine => {
                let engine = (v.state.engines.iter())
                    .filter(|e| e.present && e.crew.is_none())
                    .map(|e| v.dist(to, e.pos))
                    .min();
                engine.map_or_else(|| advance(self), |d| (d, travelled))
            }
        }
    }
}

/// The middle square of `u`'s army without it (none when it is alone).
fn army_middle(v: View<'_>, u: usize) -> Option<Square> {
    let (mut sx, mut sy, mut n) = (0i32, 0i32, 0i32);
    for o in v.units_of(v.side_of(u)).filter(|&o| o != u) {
        let p = v.state.units[o].pos;
        sx += i32::from(p.x);
        sy += i32::from(p.y);
        n += 1;
    }
    (n > 0).then(|| Square::new((sx / n) as i16, (sy / n) as i16))
}

#[cfg(test)]
mod tests {
    //! The aim's scores against the plain computation (every army scanned
    //! for every square), for every goal, every unit and every square of
    //! the shipped scenarios, on their deployments and on positions
    //! scattered by a fixed stream, with some units killed and engines
    //! manned.

    use super::*;
    use crate::rulesets::armies::setup::ArmiesSetup;
    use crate::rulesets::armies::state::State;
    use crate::scenario::ScenarioRules;

    const GOALS: [MoveGoal; 8] = [
        MoveGoal::Advance,
        MoveGoal::WeakestEnemy,
        MoveGoal::EnemyCommander,
        MoveGoal::ProtectCommander,
        MoveGoal::FollowArmy,
        MoveGoal::KeepAtRange,
        MoveGoal::CrewEngine,
        MoveGoal::Hold,
    ];

    /// The score as the doctrine computed it before the aim: every army
    /// scanned for every candidate square.
    fn plain(v: View<'_>, u: usize, goal: MoveGoal, to: Square) -> (i32, i32) {
        let side = v.side_of(u);
        let start = v.state.units[u].pos;
        let travelled = v.dist(start, to);
        let enemies = || {
            v.units_of(side.other())
                .filter(move |&e| can_ever_attack(v, u, e))
        };
        let nearest = |from: Square| enemies().map(|e| v.dist(from, v.seen_pos(side, e))).min();
        let advance = || plain(v, u, MoveGoal::Advance, to);
        match goal {
            MoveGoal::Hold => (travelled, 0),
            MoveGoal::Advance => (nearest(to).unwrap_or(0), travelled),
            MoveGoal::WeakestEnemy => {
                let key = |e: usize| {
                    let at = v.seen_pos(side, e);
                    (v.state.units[e].morale, v.dist(start, at), e)
                };
                match enemies().min_by_key(|&e| key(e)) {
                    Some(e) => (v.dist(to, v.seen_pos(side, e)), travelled),
                    None => (0, travelled),
                }
            }
            MoveGoal::EnemyCommander => {
                let c = v.commander_of(side.other());
                match c.filter(|&c| can_ever_attack(v, u, c)) {
                    Some(c) => (v.dist(to, v.seen_pos(side, c)), travelled),
                    None => advance(),
                }
            }
            MoveGoal::ProtectCommander => match v.commander_of(side).filter(|&c| c != u) {
                Some(c) => (
                    (v.dist(to, v.state.units[c].pos) - 2).max(0),
                    nearest(to).unwrap_or(0),
                ),
                None => advance(),
            },
            MoveGoal::FollowArmy => {
                let danger = nearest(to).map_or(0, |d| (3 - d).max(0));
                let others: Vec<Square> = (v.units_of(side))
                    .filter(|&o| o != u)
                    .map(|o| v.state.units[o].pos)
                    .collect();
                if others.is_empty() {
                    return (danger, travelled);
                }
                let n = others.len() as i32;
                let sx: i32 = others.iter().map(|p| i32::from(p.x)).sum();
                let sy: i32 = others.iter().map(|p| i32::from(p.y)).sum();
                let centre = Square::new((sx / n) as i16, (sy / n) as i16);
                (danger, v.dist(to, centre))
            }
            MoveGoal::KeepAtRange => {
                let range = v.attack_range(u, to);
                match nearest(to) {
                    Some(d) if d <= range => (0, -d),
                    Some(d) => (d - range, travelled),
                    None => (0, travelled),
                }
            }
            MoveGoal::CrewEngine => {
                let engine = (v.state.engines.iter())
                    .filter(|e| e.present && e.crew.is_none())
                    .map(|e| v.dist(to, e.pos))
                    .min();
                match engine {
                    Some(d) if v.state.units[u].manning.is_none() => (d, travelled),
                    _ => advance(),
                }
            }
        }
    }

    fn shipped() -> Vec<ArmiesSetup> {
        let setup = |s: crate::scenario::Scenario| match s.rules {
            ScenarioRules::Armies(a) => a.setup,
            _ => panic!("{} is not Armies", s.name),
        };
        crate::scenario::load_shipped("armies")
            .into_iter()
            .map(setup)
            .collect()
    }

    /// Every unit's score for every goal and square agrees with the plain one.
    fn agree(setup: &ArmiesSetup, st: &State) -> usize {
        let v = View { setup, state: st };
        let (w, d) = (setup.board.width(), setup.board.depth());
        let mut checked = 0;
        for u in (0..st.units.len()).filter(|&u| st.units[u].alive) {
            for goal in GOALS {
                let aim = Aim::new(v, u, goal);
                for (x, y) in (0..w).flat_map(|x| (0..d).map(move |y| (x, y))) {
                    let to = Square::new(x, y);
                    assert_eq!(
                        aim.score(v, to),
                        plain(v, u, goal, to),
                        "{goal:?} {u} {to:?}"
                    );
                    checked += 1;
                }
            }
        }
        checked
    }

    #[test]
    fn aimed_scores_are_the_plain_scores() {
        let mut checked = 0;
        let mut dice = crate::dice::Dice::for_battle(0x2545_F491, 0);
        let mut next = |n: i16| (dice.next_u64() % n as u64) as i16;
        for setup in shipped() {
            let mut st = State::new(&setup);
            st.reset(&setup);
            checked += agree(&setup, &st);
            for _ in 0..3 {
                let (w, d) = (setup.board.width(), setup.board.depth());
                for u in 0..st.units.len() {
                    st.units[u].pos = Square::new(next(w), next(d));
                    st.units[u].morale = next(6) as _;
                    st.units[u].alive = next(5) != 0;
                }
                for e in 0..st.engines.len() {
                    st.engines[e].pos = Square::new(next(w), next(d));
                }
                checked += agree(&setup, &st);
            }
        }
        assert!(checked > 10_000, "{checked} scores");
    }
}
