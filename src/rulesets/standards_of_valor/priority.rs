//! Target priority (L525-541, "an important rule"): the enemy a unit fires
//! at or charges. Every unit treats the enemy that is the greatest threat
//! to it as its priority target (L528), and, threat being equal, prefers
//! one already activated this turn (L533), a nearer one (L535), one in the
//! open to one in cover (L537) and one in front to one behind (L539).
//! Threat is what the enemy can do to the unit now: charge it (2) or shoot
//! at it (1). The four preferences are weighed in inches: 6" for each of
//! the first, third and fourth, the distance for the second, and 12" for
//! each level of threat, so a greater threat overrides them, as the text's
//! "unless" clauses say.
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
    /// charge `u`, 1 when it could shoot at it, else 0.
    pub fn threat(&self, e: usize, u: usize) -> u8 {
        let d = self.dist(e, u);
        if self.can_charge(e) && d <= self.charge_reach(e) && self.sees(e, u) {
            return 2;
        }
        let armed = self.setup.profile_of(e).missile.is_some();
        u8::from(armed && self.sees(e, u) && self.range_die(e, u, false).is_some())
    }

    /// The text's preference for target `e` of `u` (block `mine`), in
    /// inches: lower is preferred (L525-541).
    pub fn priority_key(&self, u: usize, mine: &Block, e: usize) -> f32 {
        let d = self.dist_from(u, mine, e);
        let activated = if self.st.units[e].activated { 6.0 } else { 0.0 };
        let cover = self
            .setup
            .terrain
            .cover(self.st.units[e].pos, self.st.units[u].pos);
        let covered = if cover == CoverLevel::None { 0.0 } else { 6.0 };
        let behind = if self.aspect(e, u) == 0 { 0.0 } else { 6.0 };
        d - activated + covered + behind - 12.0 * f32::from(self.threat(e, u))
    }

    /// The target `u` picks among the enemies `ok` accepts: by the text's
    /// priorities, or by its doctrine's `targets` where its superior can
    /// order it so (or everywhere under `target_priority = "doctrine"`).
    pub(super) fn pick(&self, u: usize, ok: impl Fn(usize) -> bool) -> Option<usize> {
        let rule = self.setup.sides[self.side(u)].doctrine.targets;
        let mine = self.block(u);
        let best = |key: &dyn Fn(usize) -> f32| {
            self.enemies(u)
                .filter(|&e| ok(e))
                .map(|e| (e, key(e)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(e, _)| e)
        };
        let by_text = || best(&|e| self.priority_key(u, &mine, e));
        let chosen = match rule {
            Targets::Priority => return by_text(),
            Targets::Nearest => best(&|e| self.dist_from(u, &mine, e)),
            Targets::Weakest => {
                best(&|e| f32::from(self.st.units[e].figures) + self.dist_from(u, &mine, e) / 100.0)
            }
        };
        let free = self.setup.options.target_priority == TargetPriority::Doctrine;
        if free || chosen.is_some_and(|e| self.ordered(u, e)) {
            return chosen;
        }
        by_text()
    }

    /// Whether `u`'s superior could order it at `e` (L541): on the table,
    /// able to send `u` a message, and seeing `e`.
    fn ordered(&self, u: usize, e: usize) -> bool {
        self.setup.units[u].parent.is_some_and(|s| {
            self.st.units[s].on_table() && self.may_message(s, u) && self.sees(s, e)
        })
    }
}
