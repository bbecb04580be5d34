//! The D&D War core's side of the States of Battle input contract: its
//! scenario file gives the overlay's parts (`SobScenarioInput`), and its
//! validated battle counts toward Morale Counters as digest 1.2 says:
//! `dnd_mc_ratio_xp_tenths` tenths of the battle level's XP per counter
//! (2.5 x XP by default, or `mc_points_per_counter` when set), characters
//! at a notional `dnd_character_notional_xp` x XP, counted in the army's
//! total only with `dnd_characters_in_mc_total`.

use super::file::{DndScenarioFile, DndSideRaw};
use crate::overlays::sob::input::core_input::{
    McBasis, OverlayUnit, Shooting, SobBattleInput, SobScenarioInput,
};
use crate::overlays::sob::options::SobOptions;
use crate::rulesets::dnd_war::army::xp;
use crate::rulesets::dnd_war::setup::DndSetup;

impl SobScenarioInput for DndScenarioFile {
    type Side = DndSideRaw;

    fn overlay_options(&self) -> Option<&toml::Table> {
        self.states_of_battle.as_ref()
    }

    fn core_named(&self) -> Option<&str> {
        self.scenario.core.as_deref()
    }

    fn sides(&self) -> &[DndSideRaw] {
        &self.sides
    }

    fn sides_mut(&mut self) -> &mut [DndSideRaw] {
        &mut self.sides
    }
}

/// A validated D&D War battle at its level, as the overlay counts it.
pub struct DndOverlayBattle<'a> {
    pub setup: &'a DndSetup,
    pub level: u8,
}

impl SobBattleInput for DndOverlayBattle<'_> {
    fn objectives(&self) -> &[crate::objectives::Objective] {
        &self.setup.objectives
    }
    fn mc_basis(&self, options: &SobOptions) -> McBasis {
        let xp_l = xp(self.level).unwrap_or(1);
        let ratio = if options.mc_points_per_counter > 0 {
            f64::from(options.mc_points_per_counter)
        } else {
            f64::from(options.dnd_mc_ratio_xp_tenths) * f64::from(xp_l) / 10.0
        };
        let notional = options.dnd_character_notional_xp * xp_l;
        let units = self
            .setup
            .units
            .iter()
            .map(|u| {
                let profile = &self.setup.profiles[u.profile];
                let character = profile.is_character();
                OverlayUnit {
                    label: u.label.clone(),
                    side: u.side,
                    reserve: u.reserve,
                    points: if character { notional } else { u.points },
                    in_army_total: !character || options.dnd_characters_in_mc_total,
                    shooting: match (profile.machine, profile.ranged) {
                        (Some(_), _) => Shooting::Machine,
                        (None, Some(r)) if r.spell => Shooting::Spells,
                        (None, Some(_)) => Shooting::Missile,
                        (None, None) => Shooting::None,
                    },
                }
            })
            .collect();
        McBasis {
            ratio,
            note: format!(
                "States of Battle: {ratio} points per Morale Counter; characters count {notional} notional points"
            ),
            units,
        }
    }
}
