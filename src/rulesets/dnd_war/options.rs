//! The rule options of D&D War: every gap the digest settles with a
//! proposed default (its Appendix A and section 9), plus the battle's own
//! length and victory settings (G-46), as named options, and the typed
//! [`DndOptions`] the rules code reads.

use crate::rules::options::{choice, flag, int, OptionReader, OptionSpec, OptionValue};
use crate::word_enum;
use std::collections::BTreeMap;

/// Every D&D War option, in the order `muster rules dnd_war` lists them.
pub const SPECS: &[OptionSpec] = &[
    choice("unstoppable_charge", &["None", "LongChargeBonus", "NoFearTest"], "None",
        "what a charge roll of 6 (\"unstoppable\", never defined) does: nothing extra, always the long-charge bonuses, or no fear/terror test can stop it", "G-01"),
    choice("reach_rule", &["StrictLess", "InclusiveLeq"], "StrictLess",
        "a model fights if its base is closer than its reach (reach 1 = base contact, front row only) or within it (the second row fights too)", "G-03"),
    flag("flee_min_zero", "true",
        "fall back!, flee and pursue distances 2d6 + 2S - 12 below 0 count as 0 (false keeps them, a unit then does not move)", "G-04"),
    choice("flee_direction", &["CauseThenEdge", "AlwaysNearestEdge"], "CauseThenEdge",
        "a new flee goes directly away from its cause (a broken unit: from the units it fought, never toward one of them, and turning onto that bearing does not count as fleeing into them; hemmed in on every side it is destroyed) and later fall backs toward the nearest edge, or every flee heads for the nearest edge", "G-05"),
    choice("caught_fleeing", &["Literal", "WfbDestroyed"], "Literal",
        "a pursuer or charger reaching a fleeing unit engages it with its attacks next turn, or destroys it at once", "G-06"),
    flag("fleeing_grants_ca", "true",
        "attacks on a fleeing (running) unit get combat advantage, +2", "G-07"),
    flag("engaged_can_shoot", "false",
        "units in close combat may shoot", "G-08"),
    flag("shoot_into_melee", "false",
        "units in close combat may be shot at", "G-08"),
    flag("move_then_charge", "true",
        "a unit that walked may still charge (the 4e move + standard reading); false makes charging its whole turn", "G-09"),
    choice("charge_path", &["ClosestDistance", "StrictPath"], "ClosestDistance",
        "a charge reaches if the closest distance is within the roll, turning for free, or its path must be straight with the wheel paid from the roll", "G-10"),
    choice("extra_charge_dice_companies", &["InContact", "All"], "InContact",
        "which companies roll the extra 1d3 (cavalry 1d6) attacks of a long charge", "G-11"),
    flag("panic_on_any_unit_destroyed", "false",
        "a unit destroyed within 6\" panics enemies too, not only allies", "G-15"),
    flag("fear_causers_immune", "false",
        "units that cause fear are immune to fear (the WFB convention; the seed has no such clause)", "G-17"),
    flag("courage_nat20_autopass", "false",
        "a natural 20 passes any courage test", "G-18"),
    flag("cr_multi_dice_vs_minions", "false",
        "hits on minions score one combat-resolution point per damage die instead of one per hit", "G-21"),
    flag("cr_count_discarded_resilience_hits", "true",
        "hits discarded by resilience still score combat resolution", "G-21"),
    flag("hope_is_lost_skirmishers", "false",
        "skirmisher units count as a company of 4 for Hope is Lost!", "G-31"),
    int("character_hit_floor", 1, 8, "2",
        "lowest d20 roll that can hit for characters and captains (a natural 1 misses)", "G-35"),
    flag("multiattack_vs_nonminions", "false",
        "the multiattack action may target characters and monsters", "G-36"),
    int("ap_uses_per_unit_per_round", 0, 10, "3",
        "action-point uses 2-4 (extra actions, acting first) a unit benefits from per round; die modification is not counted; with one character per unit each spends at most 1 a round, so only 0 binds", "G-37"),
    int("bolt_max_hits", 1, 20, "6",
        "hits after which a bolt thrower's chain stops, the primary included", "G-41"),
    flag("points_table_errata", "true",
        "use the corrected points table (levels 20, 24 and 30 are misprinted)", "G-44"),
    choice("run_rules", &["Core4e", "Disabled"], "Core4e",
        "characters, monsters and skirmishers may run (S + 2, -5 to attack, grant combat advantage) (NOT SIMULATED yet: nobody runs)", "G-50"),
    int("game_turns", 1, 50, "6",
        "turns before the battle ends on time", "G-46"),
    int("draw_band_pct", 0, 100, "10",
        "a battle on time is a draw when the points destroyed differ by less than this % of the smaller army", "G-46"),
];

word_enum!(UnstoppableCharge {
    None,
    LongChargeBonus,
    NoFearTest
});
word_enum!(ReachRule {
    StrictLess,
    InclusiveLeq
});
word_enum!(FleeDirection {
    CauseThenEdge,
    AlwaysNearestEdge
});
word_enum!(CaughtFleeing {
    Literal,
    WfbDestroyed
});
word_enum!(ChargePath {
    ClosestDistance,
    StrictPath
});
word_enum!(ExtraChargeDice { InContact, All });
word_enum!(RunRules { Core4e, Disabled });

/// The D&D War options of one scenario, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct DndOptions {
    pub unstoppable_charge: UnstoppableCharge,
    pub reach_rule: ReachRule,
    pub flee_min_zero: bool,
    pub flee_direction: FleeDirection,
    pub caught_fleeing: CaughtFleeing,
    pub fleeing_grants_ca: bool,
    pub engaged_can_shoot: bool,
    pub shoot_into_melee: bool,
    pub move_then_charge: bool,
    pub charge_path: ChargePath,
    pub extra_charge_dice_companies: ExtraChargeDice,
    pub panic_on_any_unit_destroyed: bool,
    pub fear_causers_immune: bool,
    pub courage_nat20_autopass: bool,
    pub cr_multi_dice_vs_minions: bool,
    pub cr_count_discarded_resilience_hits: bool,
    pub hope_is_lost_skirmishers: bool,
    pub character_hit_floor: i32,
    pub multiattack_vs_nonminions: bool,
    pub ap_uses_per_unit_per_round: u8,
    pub bolt_max_hits: u32,
    pub points_table_errata: bool,
    pub run_rules: RunRules,
    pub game_turns: u16,
    pub draw_band_pct: u32,
}

impl Default for DndOptions {
    fn default() -> Self {
        Self::from_values(&BTreeMap::new())
    }
}

impl DndOptions {
    /// Typed options from checked values (missing ones take their default).
    pub fn from_values(values: &BTreeMap<String, OptionValue>) -> Self {
        let r = OptionReader {
            specs: SPECS,
            values,
        };
        DndOptions {
            unstoppable_charge: UnstoppableCharge::parse(&r.word("unstoppable_charge")),
            reach_rule: ReachRule::parse(&r.word("reach_rule")),
            flee_min_zero: r.flag("flee_min_zero"),
            flee_direction: FleeDirection::parse(&r.word("flee_direction")),
            caught_fleeing: CaughtFleeing::parse(&r.word("caught_fleeing")),
            fleeing_grants_ca: r.flag("fleeing_grants_ca"),
            engaged_can_shoot: r.flag("engaged_can_shoot"),
            shoot_into_melee: r.flag("shoot_into_melee"),
            move_then_charge: r.flag("move_then_charge"),
            charge_path: ChargePath::parse(&r.word("charge_path")),
            extra_charge_dice_companies: ExtraChargeDice::parse(
                &r.word("extra_charge_dice_companies"),
            ),
            panic_on_any_unit_destroyed: r.flag("panic_on_any_unit_destroyed"),
            fear_causers_immune: r.flag("fear_causers_immune"),
            courage_nat20_autopass: r.flag("courage_nat20_autopass"),
            cr_multi_dice_vs_minions: r.flag("cr_multi_dice_vs_minions"),
            cr_count_discarded_resilience_hits: r.flag("cr_count_discarded_resilience_hits"),
            hope_is_lost_skirmishers: r.flag("hope_is_lost_skirmishers"),
            character_hit_floor: r.int("character_hit_floor") as i32,
            multiattack_vs_nonminions: r.flag("multiattack_vs_nonminions"),
            ap_uses_per_unit_per_round: r.int("ap_uses_per_unit_per_round") as u8,
            bolt_max_hits: r.int("bolt_max_hits") as u32,
            points_table_errata: r.flag("points_table_errata"),
            run_rules: RunRules::parse(&r.word("run_rules")),
            game_turns: r.int("game_turns") as u16,
            draw_band_pct: r.int("draw_band_pct") as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_an_accepted_value() {
        crate::rules::options::defaults_are_valid(SPECS).unwrap();
        let o = DndOptions::default();
        assert_eq!(o.game_turns, 6);
        assert_eq!(o.bolt_max_hits, 6);
        assert_eq!(o.caught_fleeing, CaughtFleeing::Literal);
    }
}
