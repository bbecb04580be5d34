//! The rule options of the Armies ruleset: every gap and contradiction the
//! digest (part A, sections A2 and A7) settles with a default, as a named
//! option, and the typed [`ArmiesOptions`] the rules code reads.

use crate::rules::options::{choice, flag, OptionReader, OptionSpec, OptionValue, OptionValues};
use crate::word_enum;
use std::collections::BTreeMap;

/// Every Armies option, in the order `muster rules armies` lists them.
pub const SPECS: &[OptionSpec] = &[
    choice("turn_order", &["AttackerFirst", "BetterCommanderFirst"], "AttackerFirst",
        "who takes the first turn each round: the attacker (main text) or the winner of a d20 operations check (draft notes)", "A1.5, A-G08"),
    choice("move_geometry", &["Queen8", "AnyAngle"], "Queen8",
        "a straight-line move follows one of the 8 compass directions, or any centre-to-centre line blocked by every square it touches", "A1.6, A-G02"),
    choice("diagonal_squeeze", &["BlockIfEither", "BlockIfBoth", "Never"], "BlockIfEither",
        "a diagonal step is blocked when either (or both) of the two squares it cuts past holds a unit", "A1.6, A-G03"),
    choice("range_metric", &["Diag121", "Chebyshev"], "Diag121",
        "how range, leashes and deployment distance are counted: 1-2-1 diagonals or every diagonal 1", "A1.6, A-G01"),
    choice("friendly_units_on_path", &["Block", "DifficultTerrain"], "Block",
        "friendly units block a move (main text) or may be crossed as difficult terrain (draft notes)", "A1.6, A1.13"),
    choice("split_move_diagonal_parity", &["Continue", "Reset"], "Continue",
        "for a split move (Bladedancers), whether the 1-2-1 diagonal count carries into the second leg", "A1.6, A-G25"),
    choice("officer_count_rounding", &["Floor", "Ceil"], "Floor",
        "officers per army: floor(n/4) or ceil(n/4) of all units including the commander's", "A1.3, A-G04"),
    flag("commander_anchors_troops", "true",
        "the commander keeps every troop from disbanding like an officer (not only Light and Medium Infantry)", "A1.3, A-G05"),
    choice("leash_check_timing", &["EndOfMovementStep", "AfterEachMove"], "EndOfMovementStep",
        "when leash distances are checked; they are always re-checked after every disbanding (cascade)", "A1.3, A-G06"),
    choice("leader_isolation", &["None", "Enclosed"], "None",
        "an officer or commander with all 8 neighbours enemy units, impassable squares or the board edge is isolated (loses the role; a commander loses the battle)", "A1.3, A-G19"),
    choice("adv_stacking", &["Cancel", "Stack"], "Cancel",
        "advantage and disadvantage: one of each cancels (5e), or the difference in sources adds dice", "A1.8, A-G07"),
    choice("ranged_defense_disadvantage", &["AllDefenders", "GroundMeleeNonAdjacentOnly"], "AllDefenders",
        "who defends at disadvantage against ranged attackers: everyone (main text) or only non-cavalry grounded melee units against non-adjacent attackers (notes)", "A1.9"),
    flag("aerial_same_square_adjacent", "true",
        "a unit sharing a square with an aerial unit counts as adjacent to it (distance 0)", "A1.9, A-G22"),
    flag("siege_crew_can_dismount", "true",
        "a crew may leave its siege engine at the start of a later move", "A1.9, A-G10"),
    flag("siege_engine_persists", "true",
        "a crewed engine whose crew is disbanded stays on the board, unmanned, for either side to man", "A1.9, A-G10"),
    choice("fortification_damage", &["AttackerRoll", "RollMinusBonus"], "AttackerRoll",
        "damage to a fortification: the attacker's power roll, or that roll minus the fortification's defence bonus", "A1.9, A-G12"),
    choice("difficult_terrain_mode", &["HalveIfAnyOnPath", "HalveIfStartIn", "CostTwoPerSquare"], "HalveIfAnyOnPath",
        "how difficult terrain slows a straight-line move (halving rounds down, minimum 1)", "A1.11, A-G15"),
    flag("fog", "false", "fog: nothing beyond adjacent squares can be seen, so every attack needs distance <= 1", "A1.11, A-G17"),
    flag("fog_ai_blind", "true",
        "in fog, doctrines see enemies only within distance 1 of a friendly unit and use last-known positions otherwise", "A1.11, A-G17"),
    flag("ranged_los_blocking", "false", "units between a ranged attacker and its target block the shot", "A1.7"),
    OptionSpec { name: "hold_fire_bonus_move", values: OptionValues::Int { min: 0, max: 1 }, default: "0",
        help: "extra squares of move for a unit that forgoes its attack before moving (draft notes)", source: "A1.5, A1.13" },
    flag("tactics_lure", "false",
        "the commander's passive Tactics: moving directly away from an adjacent enemy pulls that enemy one square after it (draft notes)", "A1.13"),
    OptionSpec { name: "min_deploy_distance", values: OptionValues::Int { min: 0, max: 100 }, default: "6",
        help: "attacking units deploy at least this far from the closest enemy (both sides in a meeting engagement)", source: "A1.4, A-G09" },
    OptionSpec { name: "attacker_zone_depth", values: OptionValues::Int { min: 1, max: 1000 }, default: "4",
        help: "depth in rows of the attacker's deployment zone along its attack edge (assault only)", source: "A1.4, A-G09" },
    choice("timeout_result", &["Auto", "DefenderWins", "Draw"], "Auto",
        "the result at the round limit; Auto is DefenderWins for an assault and Draw for a meeting engagement", "A1.12, A-G20"),
    choice("unit_allocation_rounding", &["Nearest", "Floor", "Ceil"], "Nearest",
        "how `soldiers / scale` becomes a unit count (at least 1)", "A1.1, A-G26"),
];

word_enum!(TurnOrder {
    AttackerFirst,
    BetterCommanderFirst
});
word_enum!(MoveGeometry { Queen8, AnyAngle });
word_enum!(DiagonalSqueeze {
    BlockIfEither,
    BlockIfBoth,
    Never
});
word_enum!(RangeMetric { Diag121, Chebyshev });
word_enum!(FriendlyOnPath {
    Block,
    DifficultTerrain
});
word_enum!(SplitParity { Continue, Reset });
word_enum!(OfficerRounding { Floor, Ceil });
word_enum!(LeashTiming {
    EndOfMovementStep,
    AfterEachMove
});
word_enum!(LeaderIsolation { None, Enclosed });
word_enum!(AdvStacking { Cancel, Stack });
word_enum!(RangedDisadvantage {
    AllDefenders,
    GroundMeleeNonAdjacentOnly
});
word_enum!(FortDamage {
    AttackerRoll,
    RollMinusBonus
});
word_enum!(DifficultMode {
    HalveIfAnyOnPath,
    HalveIfStartIn,
    CostTwoPerSquare
});
word_enum!(TimeoutResult {
    Auto,
    DefenderWins,
    Draw
});
word_enum!(AllocationRounding {
    Nearest,
    Floor,
    Ceil
});

/// The Armies options of one scenario, typed.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmiesOptions {
    pub turn_order: TurnOrder,
    pub move_geometry: MoveGeometry,
    pub diagonal_squeeze: DiagonalSqueeze,
    pub range_metric: RangeMetric,
    pub friendly_units_on_path: FriendlyOnPath,
    pub split_move_diagonal_parity: SplitParity,
    pub officer_count_rounding: OfficerRounding,
    pub commander_anchors_troops: bool,
    pub leash_check_timing: LeashTiming,
    pub leader_isolation: LeaderIsolation,
    pub adv_stacking: AdvStacking,
    pub ranged_defense_disadvantage: RangedDisadvantage,
    pub aerial_same_square_adjacent: bool,
    pub siege_crew_can_dismount: bool,
    pub siege_engine_persists: bool,
    pub fortification_damage: FortDamage,
    pub difficult_terrain_mode: DifficultMode,
    pub fog: bool,
    pub fog_ai_blind: bool,
    pub ranged_los_blocking: bool,
    pub hold_fire_bonus_move: u8,
    pub tactics_lure: bool,
    pub min_deploy_distance: i32,
    pub attacker_zone_depth: i32,
    pub timeout_result: TimeoutResult,
    pub unit_allocation_rounding: AllocationRounding,
}

impl Default for ArmiesOptions {
    fn default() -> Self {
        Self::from_values(&BTreeMap::new())
    }
}

impl ArmiesOptions {
    /// Builds the options from checked values (missing ones take their defaults).
    pub fn from_values(values: &BTreeMap<String, OptionValue>) -> Self {
        let r = OptionReader {
            specs: SPECS,
            values,
        };
        let word = |name: &str| r.word(name);
        let flag = |name: &str| r.flag(name);
        let int = |name: &str| r.int(name);
        ArmiesOptions {
            turn_order: TurnOrder::parse(&word("turn_order")),
            move_geometry: MoveGeometry::parse(&word("move_geometry")),
            diagonal_squeeze: DiagonalSqueeze::parse(&word("diagonal_squeeze")),
            range_metric: RangeMetric::parse(&word("range_metric")),
            friendly_units_on_path: FriendlyOnPath::parse(&word("friendly_units_on_path")),
            split_move_diagonal_parity: SplitParity::parse(&word("split_move_diagonal_parity")),
            officer_count_rounding: OfficerRounding::parse(&word("officer_count_rounding")),
            commander_anchors_troops: flag("commander_anchors_troops"),
            leash_check_timing: LeashTiming::parse(&word("leash_check_timing")),
            leader_isolation: LeaderIsolation::parse(&word("leader_isolation")),
            adv_stacking: AdvStacking::parse(&word("adv_stacking")),
            ranged_defense_disadvantage: RangedDisadvantage::parse(&word(
                "ranged_defense_disadvantage",
            )),
            aerial_same_square_adjacent: flag("aerial_same_square_adjacent"),
            siege_crew_can_dismount: flag("siege_crew_can_dismount"),
            siege_engine_persists: flag("siege_engine_persists"),
            fortification_damage: FortDamage::parse(&word("fortification_damage")),
            difficult_terrain_mode: DifficultMode::parse(&word("difficult_terrain_mode")),
            fog: flag("fog"),
            fog_ai_blind: flag("fog_ai_blind"),
            ranged_los_blocking: flag("ranged_los_blocking"),
            hold_fire_bonus_move: int("hold_fire_bonus_move") as u8,
            tactics_lure: flag("tactics_lure"),
            min_deploy_distance: int("min_deploy_distance") as i32,
            attacker_zone_depth: int("attacker_zone_depth") as i32,
            timeout_result: TimeoutResult::parse(&word("timeout_result")),
            unit_allocation_rounding: AllocationRounding::parse(&word("unit_allocation_rounding")),
        }
    }

    pub fn metric(&self) -> crate::geometry::grid::Metric {
        match self.range_metric {
            RangeMetric::Diag121 => crate::geometry::grid::Metric::Diag121,
            RangeMetric::Chebyshev => crate::geometry::grid::Metric::Chebyshev,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_an_accepted_value() {
        crate::rules::options::defaults_are_valid(SPECS).unwrap();
        let _ = ArmiesOptions::default();
    }
}
