//! The integrated sequence (L708-769): who activates first (the side with
//! fewer units chooses, L750-753; equal sides roll off), alternating
//! activations of one unit each, passing only with fewer unactivated units
//! and never while holding a Broken, Routed or locked unit, which then
//! activates next unless a commander acts first to rally a Broken or
//! Routed one (L743-748), final activations (L758) and the turn end
//! (markers face up, fright checks).

use super::battle::Battle;
use super::doctrine::{ActivationOrder, FirstActivation, Passing};
use super::ladder::Die;
use super::state::Cl;
use crate::rules::{TraceEvent, Tracer};

impl<T: Tracer> Battle<'_, T> {
    fn unactivated(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.st.units.len()).filter(move |&u| {
            self.side(u) == s && self.st.units[u].on_table() && !self.st.units[u].activated
        })
    }

    fn on_table(&self, s: usize) -> usize {
        (0..self.st.units.len())
            .filter(|&u| self.side(u) == s && self.st.units[u].on_table())
            .count()
    }

    /// The side that activates first this turn.
    fn first_side(&mut self) -> usize {
        let (a, b) = (self.on_table(0), self.on_table(1));
        let chooser = if a < b {
            0
        } else if b < a {
            1
        } else {
            return self.roll_off();
        };
        let choice = self.setup.sides[chooser].doctrine.first_activation;
        self.decided_side(chooser, "first_activation", choice.name());
        match choice {
            FirstActivation::GoFirst => chooser,
            FirstActivation::LetEnemyGo => 1 - chooser,
        }
    }

    /// A D6 roll-off, ties rolled again (ambiguity 38).
    fn roll_off(&mut self) -> usize {
        loop {
            let a = Die::D6.roll(self.dice);
            let b = Die::D6.roll(self.dice);
            if a != b {
                return usize::from(b > a);
            }
        }
    }

    fn decided_side(&mut self, s: usize, decision: &str, choice: &str) {
        if T::ON {
            let event = TraceEvent::Decision {
                round: self.st.turn,
                side: self.setup.sides[s].name.clone(),
                unit: String::new(),
                decision: decision.to_string(),
                choice: choice.to_string(),
                rule: decision.to_string(),
            };
            self.trace.record(event);
        }
    }

    /// Whether side `s` may pass now (L743-748).
    pub fn may_pass(&self, s: usize) -> bool {
        let mine = self.unactivated(s).count();
        let theirs = self.unactivated(1 - s).count();
        let held = (0..self.st.units.len()).any(|u| {
            let x = &self.st.units[u];
            self.side(u) == s && x.on_table() && (x.cl <= Cl::Broken || x.locked_with.is_some())
        });
        mine < theirs && !held
    }

    /// The unit side `s` activates next: one with a compulsory move or
    /// combat (L748), unless a commander acts first to rally a Broken or
    /// Routed unit; else by its doctrine's order.
    fn next_unit(&self, s: usize) -> Option<usize> {
        let order = self.setup.sides[s].doctrine.activation_order;
        let compulsory = self.unactivated(s).find(|&u| {
            let x = &self.st.units[u];
            x.cl <= Cl::Broken || x.locked_with.is_some()
        });
        if let Some(c) = compulsory {
            return Some(self.rallying_commander(s).unwrap_or(c));
        }
        let enemies = self.enemy_blocks(s);
        let near = |u: usize| {
            let nearest = match &enemies {
                Some(set) => self.nearest_in(u, set),
                None => self.nearest_enemy(u),
            };
            nearest.map_or(f32::MAX, |(_, d)| d)
        };
        match order {
            ActivationOrder::Listed => self.unactivated(s).next(),
            ActivationOrder::FrontFirst => self
                .unactivated(s)
                .map(|u| (u, near(u)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(u, _)| u),
            ActivationOrder::ThreatenedFirst => self.unactivated(s).max_by_key(|&u| {
                (
                    self.st.units[u].suppression,
                    std::cmp::Reverse((near(u) * 10.0) as u32),
                )
            }),
        }
    }

    /// An unactivated unit of side `s` free to open its activation by
    /// rallying a Broken or Routed subordinate (L748: "such as a superior
    /// commander attempting to rally the Broken or Routed unit").
    fn rallying_commander(&self, s: usize) -> Option<usize> {
        self.unactivated(s).find(|&c| {
            let x = &self.st.units[c];
            let free =
                x.cl > Cl::Broken && x.locked_with.is_none() && !x.panic && x.suppression == 0;
            free && self.urgent_rally_target(c).is_some()
        })
    }

    /// One turn: alternate activations until both sides are done.
    pub fn play_turn(&mut self) {
        self.play_turn_watched(|_| {});
    }

    /// [`Self::play_turn`], showing `watch` the battle before each
    /// activation (the battle checks replay each activation against the
    /// state it started from).
    pub fn play_turn_watched(&mut self, mut watch: impl FnMut(&Self)) {
        for s in self.st.units.iter_mut() {
            s.activated = false;
            s.casualties_this_turn = 0;
            s.defended_this_turn = false;
            s.charged_this_turn = false;
            s.transferred = false;
        }
        let mut s = self.first_side();
        loop {
            let (mine, theirs) = (self.unactivated(s).count(), self.unactivated(1 - s).count());
            if mine == 0 && theirs == 0 {
                break;
            }
            let pass =
                self.setup.sides[s].doctrine.passing == Passing::WhenAllowed && self.may_pass(s);
            if mine == 0 || pass {
                if pass {
                    self.decided_side(s, "passing", "pass");
                }
                s = 1 - s;
                continue;
            }
            if let Some(u) = self.next_unit(s) {
                watch(self);
                self.activate(u);
                self.update_objectives();
                self.update_exits();
            }
            if self.decide(false).is_some() {
                break;
            }
            s = 1 - s;
        }
    }

    /// The turn end phase (L766-769): fright checks, then who holds the
    /// objectives.
    pub fn turn_end(&mut self) {
        if self.setup.options.fright_checks {
            self.fright_checks();
        }
        self.update_objectives();
        self.update_exits();
    }
}
