//! Supporting companies (L409-413, digest G-24): a company with fewer than
//! half of its front-row models engaged may support instead of fighting,
//! for +2 combat resolution, unless more than half of its models are dead.
//! Companies behind the front rank always support; a front-rank company
//! out of contact supports (it could not fight anyway); a front-rank
//! company with some, but fewer than half, of its front row in contact
//! supports when the doctrine's `partial_companies_support` says so, and
//! then its engaged models do not strike. Support is counted at the start
//! of the round; on a charge turn after the charge move and before the
//! charge attacks, for both sides (G-24).
//!
//! Which front models touch an enemy is measured by projecting each
//! front-arc enemy's footprint onto the unit's front edge: every model
//! whose base the projection overlaps is in contact (`contact_models`).

use super::contact_models::BaseRow;
use super::Ctx;
use crate::geometry::Arc;
use crate::rules::Tracer;
use crate::rulesets::dnd_war::body::TRAY_WIDTH;

impl<T: Tracer> Ctx<'_, T> {
    /// Front-row models of front-rank company `i` of `unit` in contact with
    /// `enemy` across the unit's front (0 unless `enemy` touches the front).
    pub fn company_contact(&self, unit: usize, i: u16, enemy: usize) -> u16 {
        if !matches!(self.st.contact(unit, enemy), Some((Arc::Front, _))) {
            return 0;
        }
        let body = &self.st.units[unit].body;
        let slot = TRAY_WIDTH / f64::from(body.row_width());
        let front_row = body.front_company_models(i).min(body.row_width());
        let row = BaseRow {
            first: -self.st.units[unit].rect().width / 2.0 + TRAY_WIDTH * f64::from(i),
            pitch: slot,
            base: slot,
            count: u32::from(front_row),
        };
        let touching = row.touching(self.enemy_span(unit, enemy, Arc::Front));
        #[cfg(debug_assertions)]
        self.audit_touching(unit, enemy, Arc::Front, &row, touching);
        touching as u16
    }

    /// Front-row models of front-rank company `i` engaged with any enemy.
    fn company_engaged(&self, unit: usize, i: u16) -> u16 {
        self.st
            .opponents(unit)
            .map(|(e, _)| self.company_contact(unit, i, e))
            .sum()
    }

    /// Whether front-rank company `i` of `unit` supports rather than fights.
    pub fn company_supports(&self, unit: usize, i: u16) -> bool {
        let body = &self.st.units[unit].body;
        let models = body.front_company_models(i);
        // "unless more than half of the models in the company have been killed"
        if models * 2 < body.company_size() {
            return false;
        }
        let front_row = models.min(body.row_width());
        let engaged = self.company_engaged(unit, i);
        if engaged * 2 >= front_row {
            return false;
        }
        engaged == 0
            || self
                .doctrine(self.st.units[unit].side)
                .partial_companies_support
    }

    /// Companies of `unit` that support now: every full-enough company
    /// behind the front rank, and the front-rank companies that support.
    pub fn supporting_companies(&self, unit: usize) -> u32 {
        let u = &self.st.units[unit];
        if !self.profile(unit).has_companies() || u.fleeing() {
            return 0;
        }
        let front = (0..u.body.front_companies())
            .filter(|&i| self.company_supports(unit, i))
            .count() as u32;
        u32::from(u.body.rear_supporting_companies()) + front
    }

    /// Records the support of `unit` for this turn's fight unless already
    /// counted (the charge turn counts it at contact, G-24).
    pub fn count_support(&mut self, unit: usize) {
        if self.st.units[unit].support_counted.is_none() {
            let n = self.supporting_companies(unit);
            self.st.units[unit].support_counted = Some(n);
        }
    }
}
