//! Target priority (L525-541, "an important rule"): the enemy a unit fires
//! at or charges. Every unit treats the enemy that is the greatest threat
//! to it as its priority target (L528), and, threat being equal, prefers
//! one already activated this turn (L533), a nearer one (L535), one in the
//! open to one in cover (L537) and one in front to one behind (L539).
//! Threat is what the enemy can do to the unit now: charge it (2) or shoot
//! at it (1). A greater threat comes first, as the text's "unless" clauses
//! say; between equal threats the four preferences are weighed in inches:
//! 6" for each of the first, third and fourth, the distance for the
//! second.
//!
//! A doctrine's `nearest` or `weakest` is a superior's order overriding
//! the priorities (L541); under `target_priority = "text"` it holds only
//! where the unit's superior sees the unit and the chosen enemy and could
//! send it a message. The Command Roll itself is not rolled: a superior
//! placed to give the order is taken to give it.

use super::battle::Battle;
use super::doctrine::Targets;
use super::field::Block;
use super::options::TargetPriority;
use super::terrain::CoverLevel;
use crate::rules::Tracer;

impl<T: Tracer> Battle<'_, T> {
    /// How great a threat enemy `e` is to `u` now (L528): 2 when it could
    /// charge `u`, 1 when it could shoot at it, else 0. Sight is taken as
    /// mutual: every candidate target is one `u` sees.
    pub fn threat(&self, e: usize, u: usize) -> u8 {
        self.threat_at(e, u, self.dist(e, u))
    }

    /// [`Self::threat`] with the distance between them (the same either
    /// way) already measured.
    fn threat_at(&self, e: usize, u: usize, d: f32) -> u8 {
        if self.can_charge(e) && d <= self.charge_reach(e) {
            return 2;
        }
        u8::from(self.can_fire(e).is_some() && self.range_die(e, u, false).is_some())
    }

    /// The text's preference for target `e` of `u` (block `mine`): its
    /// threat, greater first, then the inches of the four points, lower
    /// first (L525-541).
    pub fn priority_key(&self, u: usize, mine: &Block, e: usize) -> (u8, f32) {
        let d = self.dist_from(u, mine, e);
        let activated = if self.st.units[e].activated { 6.0 } else { 0.0 };
        let at = (self.st.units[e].pos, self.st.units[u].pos);
        let covered = if self.setup.terrain.cover(at.0, at.1) == CoverLevel::None {
            0.0
        } else {
            6.0
        };
        let behind = if self.aspect(e, u) == 0 { 0.0 } else { 6.0 };
        (self.threat_at(e, u, d), d - activated + covered + behind)
    }

    /// The target `u` picks among the enemies `ok` accepts: by the text's
    /// priorities, or by its doctrine's `targets` where its superior can
    /// order it so (or everywhere under `target_priority = "doctrine"`).
    pub(super) fn pick(&self, u: usize, ok: impl Fn(usize) -> bool) -> Option<usize> {
        let rule = self.setup.sides[self.side(u)].doctrine.targets;
        let mine = self.block(u);
        let ordered_key = |e: usize| match rule {
            Targets::Priority => None,
            Targets::Nearest => Some(self.dist_from(u, &mine, e)),
            Targets::Weakest => {
                Some(f32::from(self.st.units[e].figures) + self.dist_from(u, &mine, e) / 100.0)
            }
        };
        let mut by_text: Option<(usize, (u8, f32))> = None;
        let mut chosen: Option<(usize, f32)> = None;
        for e in self.enemies(u).filter(|&e| ok(e)) {
            let text = self.priority_key(u, &mine, e);
            let better = |(threat, inches): (u8, f32)| {
                text.0 > threat || (text.0 == threat && text.1 < inches)
            };
            if by_text.map_or(true, |(_, k)| better(k)) {
                by_text = Some((e, text));
            }
            if let Some(k) = ordered_key(e) {
                if chosen.map_or(true, |(_, best)| k < best) {
                    chosen = Some((e, k));
                }
            }
        }
        let free = self.setup.options.target_priority == TargetPriority::Doctrine;
        let text = by_text.map(|(e, _)| e);
        match chosen {
            Some((e, _)) if Some(e) == text || free || self.ordered(u, e) => Some(e),
            _ => text,
        }
    }

    /// Whether `u`'s superior could order it at `e` (L541): on the table,
    /// able to send `u` a message, and seeing `e`.
    fn ordered(&self, u: usize, e: usize) -> bool {
        self.setup.units[u].parent.is_some_and(|s| {
            self.st.units[s].on_table() && self.may_message(s, u) && self.sees(s, e)
        })
    }
}
