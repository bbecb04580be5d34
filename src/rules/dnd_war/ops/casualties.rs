//! Turning hits into casualties in a battle (L273-287): resilience, the
//! removal order kept by [`crate::rules::dnd_war::body::Body`], Hope is
//! Lost! (fearless units and monsters are immune), and what happens when
//! a unit is gone: it leaves the table, its points count for the enemy,
//! its engagements end and allies within 6" test for panic (G-15: allies
//! only unless `panic_on_any_unit_destroyed`).

use super::Ctx;
use crate::rules::dnd_war::hits::minions_removed;
use crate::rules::dnd_war::state::Status;
use crate::rules::Tracer;

/// What a batch of hits did to a unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Casualties {
    pub removed: u32,
    /// Models removed by Hope is Lost! (they score in close combat, G-22).
    pub hope_lost: u32,
    pub destroyed: bool,
}

impl<T: Tracer> Ctx<'_, T> {
    /// Applies `hits` from one pool to `unit` (removal from the rear company
    /// first; the front ones in close combat are bookkeeping only, L392).
    pub fn inflict(&mut self, unit: usize, hits: u32) -> Casualties {
        let resilience = self.profile(unit).resilience;
        let kills = minions_removed(hits, resilience);
        let removed = u32::from(self.st.units[unit].body.remove(kills));
        self.st.units[unit].casualties_this_phase += removed;
        let mut out = Casualties {
            removed,
            ..Default::default()
        };
        let p = self.profile(unit);
        let immune = p.psychology.fearless || p.monster;
        let skirmish_rule = !p.has_companies()
            && self.setup.options.hope_is_lost_skirmishers
            && self.st.units[unit].body.alive * 2 <= 4;
        if self.st.units[unit].body.alive > 0
            && !immune
            && (self.st.units[unit].body.hope_is_lost() || skirmish_rule)
        {
            out.hope_lost = u32::from(self.st.units[unit].body.alive);
            self.st.units[unit].body.alive = 0;
            self.change(unit, |_| {
                format!(
                    "Hope is Lost!: its last {} models are removed",
                    out.hope_lost
                )
            });
        }
        if removed > 0 {
            self.change(unit, |c| {
                format!(
                    "loses {removed} models to {hits} hits, {} left",
                    c.st.units[unit].body.alive
                )
            });
        }
        if self.st.units[unit].body.alive == 0 {
            out.destroyed = true;
            self.remove_unit(unit, Status::Destroyed);
        }
        out
    }

    /// Takes `unit` off the table as `status` (destroyed or fled off):
    /// the enemy scores its points, engagements end, allies near it panic.
    pub fn remove_unit(&mut self, unit: usize, status: Status) {
        let side = self.st.units[unit].side;
        self.st.units[unit].status = status;
        self.st.points_destroyed[side.other().index()] += self.setup.units[unit].points;
        self.st.disengage(unit);
        self.change(unit, |_| match status {
            Status::FledOffTable => "flees off the table".to_string(),
            _ => "is destroyed".to_string(),
        });
        if status == Status::Destroyed {
            self.panic_around(unit, side);
            if self.setup.options.panic_on_any_unit_destroyed {
                self.panic_around(unit, side.other());
            }
        }
    }
}
