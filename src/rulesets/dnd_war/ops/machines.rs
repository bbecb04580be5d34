//! War machines in a battle (L660-707): reloading as a move action in the
//! movement phase (a one-crew stone thrower needs a double move; a bolt
//! thrower always a move), firing as the standard action, repairing a
//! disabled machine as a standard action. The bolt thrower pivots to
//! face its target as far as its base has room, and chains secondary
//! attacks at -2 against company units up to `bolt_max_hits`; the stone thrower aims at a unit at least
//! 12" away, rolls the d10 and the scatter die, misfires on a d10 of 1,
//! and attacks every model, friend or foe, whose base lies under the
//! burst (radius 1.5", G-40). Machines start loaded (G-42). Crews fight as
//! skirmishers; a crew that flees takes its unit off as usual.
//!
//! Not simulated: moving a machine (no shipped doctrine moves one; G-43's
//! crew speed is in `machines::machine_speed`), crews taking over an
//! abandoned machine, joined characters standing in for crew.

use super::Ctx;
use crate::geometry::Vec2;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::body::{Formation, TRAY_DEPTH, TRAY_WIDTH};
use crate::rulesets::dnd_war::hits::{bolt_chain_floored, need, NON_CHARACTER_FLOOR};
use crate::rulesets::dnd_war::machines::{misfire, scatter, stone_aim_legal, Misfire, Scatter};
use crate::rulesets::dnd_war::setup::MachineKind;
use crate::rulesets::dnd_war::state::Status;

/// Radius of the stone's area burst 1 (a 1" base + 1", G-40).
pub const BURST_RADIUS: f64 = 1.5;

impl<T: Tracer> Ctx<'_, T> {
    pub fn machine(&self, unit: usize) -> Option<MachineKind> {
        self.profile(unit).machine
    }

    /// Reloads an empty machine in its movement phase (a move action; a
    /// double move for a one-crew stone thrower). Returns whether it did.
    pub fn reload(&mut self, unit: usize) -> bool {
        let Some(kind) = self.machine(unit) else {
            return false;
        };
        let u = &self.st.units[unit];
        if u.loaded || u.disabled || !u.on_table() || u.fleeing() || u.body.alive == 0 {
            return false;
        }
        let double = kind == MachineKind::StoneThrower && u.body.alive == 1;
        let u = &mut self.st.units[unit];
        u.loaded = true;
        u.flags.walked = true;
        u.flags.double_moved |= double;
        self.change(unit, |_| {
            if double {
                "reloads (a double move with one crewman)".into()
            } else {
                "reloads".into()
            }
        });
        true
    }

    /// Whether a disabled machine repairs instead of shooting (a standard action).
    pub fn repair(&mut self, unit: usize) -> bool {
        let u = &self.st.units[unit];
        if self.machine(unit).is_none() || !u.disabled || !u.on_table() || u.fleeing() {
            return false;
        }
        let u = &mut self.st.units[unit];
        u.disabled = false;
        u.flags.shot = true;
        self.change(unit, |_| "repairs the machine".into());
        true
    }

    /// Whether `unit` (a machine) may aim at `target` now.
    pub fn machine_can_target(&self, unit: usize, target: usize) -> bool {
        match self.machine(unit) {
            Some(MachineKind::StoneThrower) => {
                let range = self.profile(unit).ranged.map_or(0.0, |r| r.inches);
                let d = self.st.units[unit]
                    .rect()
                    .centre
                    .distance(self.st.units[target].rect().centre);
                stone_aim_legal(d, range)
            }
            _ => true,
        }
    }

    /// Fires machine `unit` at `target`. Returns the hits.
    pub fn fire_machine(&mut self, unit: usize, target: usize) -> u32 {
        let (Some(kind), Some(ranged)) = (self.machine(unit), self.profile(unit).ranged) else {
            return 0;
        };
        let to = self.st.units[target].rect().centre - self.st.units[unit].rect().centre;
        if to.length() > 1e-9 {
            // The crew turn the machine toward its target as far as its
            // base has room (L39); the shot does not depend on the facing.
            self.face_with_room(unit, to.normalized(), 0.0);
        }
        let u = &mut self.st.units[unit];
        u.flags.shot = true;
        u.loaded = false;
        match kind {
            MachineKind::BoltThrower => {
                let def = self.defence(target, ranged.vs);
                let companies = self.profile(target).has_companies();
                // A spent Stand & Shoot's top band applies to every bolt of
                // the chain, as to infantry and the stone (sob_need).
                let min_need = self.st.sob.shot_min_need;
                let dice = &mut *self.dice;
                let chain = bolt_chain_floored(
                    || i32::from(dice.roll(20)),
                    ranged.bonus + self.st.sob.shot_bonus,
                    def,
                    companies,
                    self.setup.options.bolt_max_hits,
                    min_need,
                );
                self.change(unit, |c| {
                    format!(
                        "fires a bolt at {}: {} attacks, {} hits",
                        c.label(target),
                        chain.rolls,
                        chain.hits
                    )
                });
                self.record_shooting_hits(unit, target, chain.hits, ranged.damage);
                chain.hits
            }
            MachineKind::StoneThrower => self.throw_stone(unit, target),
        }
    }

    fn record_shooting_hits(
        &mut self,
        unit: usize,
        target: usize,
        hits: u32,
        damage: crate::rulesets::dnd_war::setup::Damage,
    ) {
        let cas = self.inflict(target, hits, damage, unit);
        let t = &mut self.st.units[target];
        t.shooting_casualties += cas.removed;
        if t.shooting_cause.is_none() {
            t.shooting_cause = Some(unit);
        }
    }

    fn throw_stone(&mut self, unit: usize, target: usize) -> u32 {
        let Some(ranged) = self.profile(unit).ranged else {
            return 0;
        };
        let d10 = self.roll(10, unit, "stone thrower d10", 0);
        let face = self.roll(6, unit, "scatter die", 0);
        let bearing = (self.dice.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 360.0;
        let aim = self.st.units[target].rect().centre;
        let landing = match scatter(d10, face, bearing) {
            Scatter::Misfire => {
                let d6 = self.roll(6, unit, "misfire", 0);
                match misfire(d6) {
                    Misfire::Destroyed => {
                        self.change(unit, |_| "misfires: the machine is destroyed".into());
                        self.remove_unit(unit, Status::Destroyed);
                    }
                    Misfire::Disabled => {
                        self.st.units[unit].disabled = true;
                        self.change(unit, |_| "misfires: disabled, a crewman is killed".into());
                        self.st.units[unit].body.remove(1);
                        if self.st.units[unit].body.alive == 0 {
                            self.remove_unit(unit, Status::Destroyed);
                        }
                    }
                    Misfire::NoShot => {
                        self.change(unit, |_| "misfires: no shot this turn".into());
                    }
                }
                return 0;
            }
            Scatter::OnTarget => aim,
            Scatter::Off { inches, bearing } => aim + Vec2::from_bearing(bearing) * inches,
        };
        self.change(unit, |_| {
            format!("the stone lands at ({:.1}, {:.1})", landing.x, landing.y)
        });
        let mut total = 0;
        for v in 0..self.st.units.len() {
            if !self.st.units[v].on_table() {
                continue;
            }
            let n = self.models_under(v, landing, BURST_RADIUS);
            if n == 0 {
                continue;
            }
            let def = self.defence(v, ranged.vs);
            let need = self.sob_need(need(
                ranged.bonus + self.st.sob.shot_bonus,
                def,
                NON_CHARACTER_FLOOR,
            ));
            let hits = self.roll_pool(n, need, unit, "stone thrower burst");
            total += hits;
            self.record_shooting_hits(unit, v, hits, ranged.damage);
        }
        total
    }

    /// Models of `unit` whose 1" base lies under a burst of `radius` at `p`:
    /// the models stand in rows from the front, on their tray's pitch
    /// (companies) or 2" apart (loose units).
    pub fn models_under(&self, unit: usize, p: Vec2, radius: f64) -> u32 {
        let u = &self.st.units[unit];
        let r = *u.rect();
        if r.distance_to_point(p) > radius + 1.0 {
            return 0;
        }
        let local = r.to_local(p);
        let (px, py) = match u.body.formation {
            Formation::Companies {
                capacity,
                row_width,
                ..
            } => {
                let rows = (capacity / row_width.max(1)).max(1);
                (
                    TRAY_WIDTH / f64::from(row_width.max(1)),
                    TRAY_DEPTH / f64::from(rows),
                )
            }
            Formation::Loose if u.body.alive > 1 => (2.0, 2.0),
            Formation::Loose => (r.width, r.depth),
        };
        let cols = ((r.width / px).round() as u32).max(1);
        let half_base = self.profile(unit).size.base_inches() / 2.0;
        let mut count = 0;
        for k in 0..u32::from(u.body.alive) {
            let (col, row) = (k % cols, k / cols);
            let x = -r.width / 2.0 + px * (f64::from(col) + 0.5);
            let y = r.depth / 2.0 - py * (f64::from(row) + 0.5);
            if Vec2::new(x, y).distance(local) < radius + half_base {
                count += 1;
            }
        }
        count
    }
}
