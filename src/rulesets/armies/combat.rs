//! Attacks (digest A1.7-A1.10): the opposed power-die exchange, the roll
//! modes that advantage and disadvantage give, and applying losses to units
//! and fortifications. [`exchange`] is the one place a power-die duel is
//! rolled, used by battles and by the exact-probability tests alike.

use super::battle::Battle;
use super::options::{AdvStacking, FortDamage, RangedDisadvantage};
use super::state::{View, FATE_COMBAT};
use crate::dice::{Dice, RollMode, RolledDice};
use crate::geometry::grid::Square;
use crate::rules::{TraceEvent, Tracer};

/// How the defender rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defence {
    /// Ranged and siege defenders automatically roll 1 (no die is drawn).
    AutoOne,
    Roll {
        faces: u8,
        mode: RollMode,
    },
}

/// One attack roll against one defence roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    pub attack: u8,
    pub attack_dice: RolledDice,
    pub defence: u8,
    pub defence_dice: RolledDice,
    /// Flat defence bonus (fortification) added to the defence roll.
    pub bonus: i32,
    /// Morale the defender loses: `max(0, attack - (defence + bonus))`.
    pub loss: i32,
}

/// Rolls one exchange: the attacker's die first, then the defender's
/// (digest "dice draw order"); an automatic 1 draws nothing.
pub fn exchange(
    dice: &mut Dice,
    attack_faces: u8,
    attack_mode: RollMode,
    defence: Defence,
    bonus: i32,
) -> Exchange {
    let (attack, attack_dice) = dice.roll_with(attack_faces, attack_mode);
    let (defence, defence_dice) = match defence {
        Defence::AutoOne => (1, RolledDice::default()),
        Defence::Roll { faces, mode } => dice.roll_with(faces, mode),
    };
    let loss = (i32::from(attack) - (i32::from(defence) + bonus)).max(0);
    Exchange {
        attack,
        attack_dice,
        defence,
        defence_dice,
        bonus,
        loss,
    }
}

/// The roll mode from counted sources of advantage and disadvantage.
pub fn roll_mode(advantages: u8, disadvantages: u8, stacking: AdvStacking) -> RollMode {
    match stacking {
        AdvStacking::Cancel => match (advantages > 0, disadvantages > 0) {
            (true, false) => RollMode::Advantage { extra: 1 },
            (false, true) => RollMode::Disadvantage { extra: 1 },
            _ => RollMode::Normal,
        },
        AdvStacking::Stack => {
            if advantages > disadvantages {
                RollMode::Advantage {
                    extra: advantages - disadvantages,
                }
            } else if disadvantages > advantages {
                RollMode::Disadvantage {
                    extra: disadvantages - advantages,
                }
            } else {
                RollMode::Normal
            }
        }
    }
}

impl View<'_> {
    /// The attacker's roll mode: Shocktroops-style advantage while morale is
    /// high enough, and advantage on high ground.
    pub fn attack_mode(&self, att: usize) -> RollMode {
        let v = self;
        let mut adv = 0;
        if let Some(min) = v.fighting_profile(att).traits.attack_advantage_min_morale {
            if self.state.units[att].morale >= i16::from(min) {
                adv += 1;
            }
        }
        if self
            .setup
            .board
            .terrain(self.state.units[att].pos)
            .high_ground
        {
            adv += 1;
        }
        roll_mode(adv, 0, self.setup.options.adv_stacking)
    }

    /// How `def` defends against `att`.
    pub fn defence(&self, att: usize, def: usize) -> Defence {
        let v = self;
        let dp = v.fighting_profile(def);
        if (dp.traits.ranged || dp.traits.siege_engine) && !dp.traits.defends_as_melee {
            return Defence::AutoOne;
        }
        let ap = v.fighting_profile(att);
        let att_ranged = v.is_ranged(att);
        let melee_like = !att_ranged || ap.traits.attacks_as_melee;
        let (mut adv, mut dis) = (0, 0);
        if dp.traits.defence_advantage_vs_melee && melee_like {
            adv += 1;
        }
        let def_pos = self.state.units[def].pos;
        if self.setup.board.terrain(def_pos).high_ground {
            adv += 1;
        }
        if att_ranged && !ap.traits.attacks_as_melee {
            match self.setup.options.ranged_defense_disadvantage {
                RangedDisadvantage::AllDefenders => dis += 1,
                RangedDisadvantage::GroundMeleeNonAdjacentOnly => {
                    let grounded_melee =
                        !dp.traits.ranged && !dp.traits.mounted && !dp.traits.aerial;
                    if grounded_melee && v.dist(self.state.units[att].pos, def_pos) > 1 {
                        dis += 1;
                    }
                }
            }
        }
        Defence::Roll {
            faces: dp.power,
            mode: roll_mode(adv, dis, self.setup.options.adv_stacking),
        }
    }
}

impl<T: Tracer> Battle<'_, T> {
    /// `att` attacks unit `def`: roll, apply the loss, disband at morale <= 0.
    pub(super) fn attack_unit(&mut self, att: usize, def: usize) {
        let attack_mode = self.view().attack_mode(att);
        let defence = self.view().defence(att, def);
        let bonus = self.view().fort_bonus(self.st.units[def].pos);
        let faces = self.view().fighting_profile(att).power;
        let ex = exchange(self.dice, faces, attack_mode, defence, bonus);
        let round = self.st.round;
        self.note(|b| TraceEvent::Roll {
            round,
            who: b.label(att),
            purpose: format!("attack on {}", b.label(def)),
            die: faces,
            dice: ex.attack_dice.as_slice().to_vec(),
            kept: ex.attack,
            modifier: 0,
        });
        match defence {
            Defence::AutoOne => self.note(|b| TraceEvent::Change {
                round,
                unit: b.label(def),
                change: format!(
                    "defends with an automatic 1{}",
                    if bonus > 0 {
                        format!(" +{bonus}")
                    } else {
                        String::new()
                    }
                ),
            }),
            Defence::Roll { faces, .. } => self.note(|b| TraceEvent::Roll {
                round,
                who: b.label(def),
                purpose: "defence".to_string(),
                die: faces,
                dice: ex.defence_dice.as_slice().to_vec(),
                kept: ex.defence,
                modifier: bonus,
            }),
        }
        let unit = &mut self.st.units[def];
        let before = unit.morale;
        let taken = ex.loss.min(i32::from(before.max(0)));
        unit.losses += taken as u16;
        unit.morale -= ex.loss as i16;
        let after = unit.morale;
        self.note(|b| TraceEvent::Change {
            round,
            unit: b.label(def),
            change: format!("loses {} morale ({} -> {})", ex.loss, before, after.max(0)),
        });
        if after <= 0 {
            self.disband(def, FATE_COMBAT);
        }
    }

    /// `att` batters the fortification on `at` (siege engines, Boulder Giants).
    pub(super) fn attack_fortification(&mut self, att: usize, at: Square) {
        let attack_mode = self.view().attack_mode(att);
        let faces = self.view().fighting_profile(att).power;
        let (roll, rolled) = self.dice.roll_with(faces, attack_mode);
        let bonus = self.view().fort_bonus(at);
        let damage = match self.setup.options.fortification_damage {
            FortDamage::AttackerRoll => i32::from(roll),
            FortDamage::RollMinusBonus => (i32::from(roll) - bonus).max(0),
        };
        let hp = self.st.fort_hp.at_mut(at);
        let before = *hp;
        *hp = (i32::from(before) - damage).max(0) as i16;
        let after = *hp;
        let round = self.st.round;
        self.note(|b| TraceEvent::Roll {
            round,
            who: b.label(att),
            purpose: format!("attack on the fortification at {at}"),
            die: faces,
            dice: rolled.as_slice().to_vec(),
            kept: roll,
            modifier: 0,
        });
        self.note(|_| TraceEvent::Change {
            round,
            unit: format!("fortification {at}"),
            change: if after == 0 {
                format!("takes {damage}: {before} -> 0 hp, breached")
            } else {
                format!("takes {damage}: {before} -> {after} hp")
            },
        });
    }
}
