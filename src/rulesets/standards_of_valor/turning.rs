//! Turning to face a threat (L963-965, L1575, L1580-1593): a facing turn,
//! in which every trooper turns where he stands (a quarter turn makes the
//! unit's depth its front), or a wheel, a quarter turn that keeps the
//! frontage, the block pivoting on its inner front corner at the cost of
//! the outer figure's arc and a Reaction test.

use super::activation::Done;
use super::arms::Ability;
use super::battle::Battle;
use super::field::{self, Facing};
use super::ladder::TestResult;
use super::melee_dice::{Formation, Mount};
use super::state::move_inches;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// Turn to face the nearest enemy that could charge the unit's flank or
    /// rear, unless one could charge its front (L963-965, L1580-1593): by a
    /// wheel when the unit can make one (a quarter turn that keeps its
    /// frontage, `try_wheel`), else by a facing turn, in which every
    /// trooper turns, so a quarter turn makes the old depth the new front
    /// (Close Order cavalry may not). A quarter turn that changes the
    /// block's shape (files and ranks spaced differently, as cavalry's, or
    /// a last rank left short) is made only where the turned block has
    /// room.
    /// Skirmishers have no flanks (L2804).
    pub(super) fn try_face(&mut self, u: usize, done: &mut Done) -> bool {
        let p = self.setup.profile_of(u);
        let s = &self.st.units[u];
        let limit = 1 + u8::from(p.has(Ability::Drilled));
        let close_horse = p.mount == Mount::Horse && s.formation == Formation::Close;
        let doctrine = &self.setup.sides[self.side(u)].doctrine;
        let able = s.formation != Formation::Skirmish && done.reformed < limit;
        if !(doctrine.face_threats && able) {
            return false;
        }
        let Some(e) = self.flank_threat(u) else {
            return false;
        };
        let facing = Facing::toward(s.pos, self.st.units[e].pos);
        if facing == s.facing {
            return false;
        }
        let quarter = s.facing.quarter_turn_to(facing);
        if quarter && self.try_wheel(u, facing, e) {
            done.reformed += 1;
            return true;
        }
        let s = &self.st.units[u];
        let files = if quarter {
            field::ranks(s.figures, s.files).max(1)
        } else {
            s.files
        };
        let (here, turned) = (self.block(u), self.block_as(u, files, s.formation, facing));
        let same_shape = here.half_x == turned.half_x && here.half_y == turned.half_y;
        if close_horse || !(same_shape || self.has_room(u, &turned)) {
            return false;
        }
        done.reformed += 1;
        self.st.units[u].files = files;
        self.st.units[u].facing = facing;
        self.change(u, |b| {
            format!("faces {} toward {}", facing.name(), b.label(e))
        });
        true
    }

    /// The nearest enemy that could charge `u`'s flank or rear, unless one
    /// could charge its front.
    fn flank_threat(&self, u: usize) -> Option<usize> {
        let mut nearest: Option<(usize, f32)> = None;
        let mine = self.block(u);
        for e in self.enemies(u) {
            let d = self.dist_from(u, &mine, e);
            if d > self.charge_reach(e) || !self.can_charge(e) {
                continue;
            }
            if self.aspect(e, u) == 0 {
                return None;
            }
            if nearest.map_or(true, |(_, best)| d < best) {
                nearest = Some((e, d));
            }
        }
        nearest.map(|(e, _)| e)
    }

    /// A quarter-turn wheel of a Close or Open Order unit toward `facing`
    /// (Column Left/Right, L1589-1593): possible when its arc (frontage x
    /// pi/2) fits in one normal move, no Shield Wall is up (unless a
    /// Phalanx or Testudo) and the wheeled block is clear of other units
    /// and on the table. A Reaction test at TL 0 (L1575): a pass pivots the
    /// block on its inner front corner; a failure stops it half way, which
    /// the four facings cannot show, so it stays as it was and the action
    /// is lost; a major failure also costs an integrity level. True when a
    /// wheel was tried.
    fn try_wheel(&mut self, u: usize, facing: Facing, e: usize) -> bool {
        let p = self.setup.profile_of(u);
        let keeps_wall = p.has(Ability::Phalanx) || p.has(Ability::Testudo);
        let walled = self.st.units[u].shield_wall && !keeps_wall;
        let arc = field::wheel_distance(self.front_width(u));
        if walled || arc > move_inches(p.move_die) {
            return false;
        }
        let after = field::wheeled(&self.block(u), facing);
        if !self.fits_on_table(u, &after) {
            return false;
        }
        match self.reaction(u, 0, "wheel") {
            TestResult::Pass => {
                self.st.units[u].pos = after.centre;
                self.st.units[u].facing = facing;
                self.change(u, |b| {
                    format!("wheels {} toward {}", facing.name(), b.label(e))
                });
            }
            result => {
                self.change(u, |_| "fails to wheel: halts half way".to_string());
                if result == TestResult::MajorFail {
                    self.lose_integrity(u);
                }
            }
        }
        true
    }
}
