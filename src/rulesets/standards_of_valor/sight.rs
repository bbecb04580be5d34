//! Line of sight (L490-512, L520): woods block it (`terrain`), and, under
//! the option `formed_units_block_sight` (on by default), so do formed units, Close and
//! Open Order, friend or foe, standing between the two; Skirmish units
//! never do. A message needs more (L871): every body of troops between
//! sender and receiver, friend or foe and whatever its formation, blocks
//! it, with no option (hills, the one way over them, are not simulated).
//! The line runs from the observer's centre to three points of the
//! target's front (its two ends and its middle); the target is seen when
//! at least two of the three are clear, the "at least half its figures"
//! of L520.

use super::battle::Battle;
use super::field::{self, Block};
use super::melee_dice::Formation;
use crate::rules::Tracer;

/// Which units, besides woods, stand in the way of a line of sight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    /// None: woods alone block.
    Nothing,
    /// Close and Open Order units (L507).
    Formed,
    /// Any troops at all, for a message (L871).
    AllTroops,
}

impl<T: Tracer> Battle<'_, T> {
    /// Whether `u` sees `t`.
    pub fn sees(&self, u: usize, t: usize) -> bool {
        let screen = if self.setup.options.formed_units_block_sight {
            Screen::Formed
        } else {
            Screen::Nothing
        };
        self.sees_past(u, t, screen)
    }

    /// Whether a message from `u` can reach `t` by sight (L871): no woods
    /// and no troops, friend or foe, between them.
    pub fn in_message_sight(&self, u: usize, t: usize) -> bool {
        self.sees_past(u, t, Screen::AllTroops)
    }

    /// Whether `u` sees `t` with `screen` blocking besides woods.
    fn sees_past(&self, u: usize, t: usize, screen: Screen) -> bool {
        let from = self.st.units[u].pos;
        let target = self.block(t);
        let clear = front_points(&target)
            .into_iter()
            .filter(|&p| self.line_clear(u, t, from, p, screen))
            .take(2)
            .count();
        clear == 2
    }

    /// Whether the line from `from` to `to` crosses no woods and no unit
    /// of `screen` other than `u` and `t`.
    fn line_clear(&self, u: usize, t: usize, from: [f32; 2], to: [f32; 2], screen: Screen) -> bool {
        if self.setup.terrain.woods_between(from, to) {
            return false;
        }
        if screen == Screen::Nothing {
            return true;
        }
        !(0..self.st.units.len()).any(|o| {
            let s = &self.st.units[o];
            let blocks = screen == Screen::AllTroops || s.formation != Formation::Skirmish;
            o != u
                && o != t
                && blocks
                && s.on_table()
                && field::first_touch(from, to, (0.0, 0.0), &self.block(o)).is_some()
        })
    }
}

/// The two ends and the middle of a block's front rank.
fn front_points(b: &Block) -> [[f32; 2]; 3] {
    let ahead = b.facing.ahead();
    let (c, half_depth) = (
        b.centre,
        if b.facing.across() {
            b.half_x
        } else {
            b.half_y
        },
    );
    let mid = [c[0] + ahead[0] * half_depth, c[1] + ahead[1] * half_depth];
    let across = [ahead[1], -ahead[0]];
    let half_width = if b.facing.across() {
        b.half_y
    } else {
        b.half_x
    };
    let end = |k: f32| {
        [
            mid[0] + across[0] * half_width * k,
            mid[1] + across[1] * half_width * k,
        ]
    };
    [end(-0.9), mid, end(0.9)]
}
