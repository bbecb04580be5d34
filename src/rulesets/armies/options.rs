//! The rule options of the Armies ruleset: every gap and contradiction the
//! digest (part A, sections A2 and A7) settles with a default, as a named
//! option, and the typed [`ArmiesOptions`] the rules code reads.

use crate::rule_options;

rule_options! {
    /// The Armies options of one scenario, typed.
    pub struct ArmiesOptions;
    /// Every Armies option, in the order `muster rules armies` lists them.
    pub const SPECS;

    /// who takes the first turn each round: the attacker (main text) or the winner of a d20
    /// operations check (draft notes)
    #[cite = "A1.5, A-G08"]
    turn_order: enum TurnOrder { AttackerFirst, BetterCommanderFirst } = AttackerFirst;

    /// a straight-line move follows one of the 8 compass directions, or any centre-to-centre
    /// line blocked by every square it touches
    #[cite = "A1.6, A-G02"]
    move_geometry: enum MoveGeometry { Queen8, AnyAngle } = Queen8;

    /// a diagonal step is blocked when either (or both) of the two squares it cuts past holds a
    /// unit
    #[cite = "A1.6, A-G03"]
    diagonal_squeeze: enum DiagonalSqueeze { BlockIfEither, BlockIfBoth, Never } = BlockIfEither;

    /// how range, leashes and deployment distance are counted: 1-2-1 diagonals or every
    /// diagonal 1
    #[cite = "A1.6, A-G01"]
    range_metric: enum RangeMetric { Diag121, Chebyshev } = Diag121;

    /// friendly units block a move (main text) or may be crossed as difficult terrain (draft
    /// notes)
    #[cite = "A1.6, A1.13"]
    friendly_units_on_path: enum FriendlyOnPath { Block, DifficultTerrain } = Block;

    /// for a split move (Bladedancers), whether the 1-2-1 diagonal count carries into the second
    /// leg (acts only where no other route reaches the square, as in a rocky marsh:
    /// tests/data/armies_options/split_move.toml)
    #[cite = "A1.6, A-G25"]
    split_move_diagonal_parity: enum SplitParity { Continue, Reset } = Continue;

    /// officers per army: floor(n/4) or ceil(n/4) of all units including the commander's (a check
    /// on the scenario's officers when it loads)
    #[cite = "A1.3, A-G04"]
    officer_count_rounding: enum OfficerRounding { Floor, Ceil } = Floor;

    /// the commander keeps every troop from disbanding like an officer (not only Light and
    /// Medium Infantry)
    #[cite = "A1.3, A-G05"]
    commander_anchors_troops: bool = true;

    /// when leash distances are checked; they are always re-checked after every disbanding
    /// (cascade) (acts only when a move breaks a leash, which keep_leash doctrines avoid:
    /// tests/data/armies_options/leash_timing.toml)
    #[cite = "A1.3, A-G06"]
    leash_check_timing: enum LeashTiming { EndOfMovementStep, AfterEachMove } = EndOfMovementStep;

    /// an officer or commander with all 8 neighbours enemy units, impassable squares or the board
    /// edge is isolated (loses the role; a commander loses the battle) (acts only when a leader is
    /// surrounded: tests/data/armies_options/leader_isolation.toml)
    #[cite = "A1.3, A-G19"]
    leader_isolation: enum LeaderIsolation { None, Enclosed } = None;

    /// advantage and disadvantage: one of each cancels (5e), or the difference in sources adds dice
    /// (acts only when a roll has two sources of one kind, e.g. Shocktroops on high ground:
    /// tests/data/armies_options/adv_stacking.toml)
    #[cite = "A1.8, A-G07"]
    adv_stacking: enum AdvStacking { Cancel, Stack } = Cancel;

    /// who defends at disadvantage against ranged attackers: everyone (main text) or only
    /// non-cavalry grounded melee units against non-adjacent attackers (notes)
    #[cite = "A1.9"]
    ranged_defense_disadvantage: enum RangedDisadvantage {
        AllDefenders, GroundMeleeNonAdjacentOnly,
    } = AllDefenders;

    /// a unit sharing a square with an aerial unit counts as adjacent to it (distance 0)
    #[cite = "A1.9, A-G22"]
    aerial_same_square_adjacent: bool = true;

    /// a crew may leave its siege engine at the start of a later move (acts only for doctrines that
    /// dismount: tests/data/armies_options/siege_dismount.toml)
    #[cite = "A1.9, A-G10"]
    siege_crew_can_dismount: bool = true;

    /// a crewed engine whose crew is disbanded stays on the board, unmanned, for either side to
    /// man
    #[cite = "A1.9, A-G10"]
    siege_engine_persists: bool = true;

    /// damage to a fortification: the attacker's power roll, or that roll minus the
    /// fortification's defence bonus
    #[cite = "A1.9, A-G12"]
    fortification_damage: enum FortDamage { AttackerRoll, RollMinusBonus } = AttackerRoll;

    /// how difficult terrain slows a straight-line move (halving rounds down, minimum 1) (acts only
    /// where units cross difficult terrain: tests/data/armies_options/difficult_terrain.toml)
    #[cite = "A1.11, A-G15"]
    difficult_terrain_mode: enum DifficultMode {
        HalveIfAnyOnPath, HalveIfStartIn, CostTwoPerSquare,
    } = HalveIfAnyOnPath;

    /// fog: nothing beyond adjacent squares can be seen, so every attack needs distance <= 1
    #[cite = "A1.11, A-G17"]
    fog: bool = false;

    /// in fog, doctrines see enemies only within distance 1 of a friendly unit and use last-known
    /// positions otherwise (acts only with fog on: tests/data/armies_options/fog.toml)
    #[cite = "A1.11, A-G17"]
    fog_ai_blind: bool = true;

    /// units between a ranged attacker and its target block the shot
    #[cite = "A1.7"]
    ranged_los_blocking: bool = false;

    /// extra squares of move for a unit that forgoes its attack before moving (draft notes)
    #[cite = "A1.5, A1.13"]
    hold_fire_bonus_move: int(0..=1) as u8 = 0;

    /// the commander's passive Tactics: moving directly away from an adjacent enemy pulls that
    /// enemy one square after it (draft notes)
    #[cite = "A1.13"]
    tactics_lure: bool = false;

    /// attacking units deploy at least this far from the closest enemy (both sides in a meeting
    /// engagement; a check on the scenario's deployment when it loads)
    #[cite = "A1.4, A-G09"]
    min_deploy_distance: int(0..=100) as i32 = 6;

    /// depth in rows of the attacker's deployment zone along its attack edge (assault only; a check
    /// on the scenario's deployment when it loads)
    #[cite = "A1.4, A-G09"]
    attacker_zone_depth: int(1..=1000) as i32 = 4;

    /// the result at the round limit; Auto is DefenderWins for an assault and Draw for a meeting
    /// engagement (DefenderWins acts only in a meeting engagement that reaches the limit:
    /// tests/data/armies_options/timeout.toml)
    #[cite = "A1.12, A-G20"]
    timeout_result: enum TimeoutResult { Auto, DefenderWins, Draw } = Auto;

    /// how `soldiers / scale` becomes a unit count (at least 1) (acts only for soldiers that do not
    /// fill whole units, placed as a block: tests/data/armies_options/allocation.toml)
    #[cite = "A1.1, A-G26"]
    unit_allocation_rounding: enum AllocationRounding { Nearest, Floor, Ceil } = Nearest;
}

impl ArmiesOptions {
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
