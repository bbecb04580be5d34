//! The rule options of Standards of Valor: every gap, contradiction and
//! proposal of the seed (002) that changes play, as a named option with the
//! default muster plays, and the typed [`SovOptions`] the rules code reads.
//! The four digest readings stated as rules without being marked proposals
//! are options here too: the Open Order reach fraction, the charge bonus's
//! duration, whether Broken units may charge, and (not simulated, so only
//! listed in the docs) the blast radius unit.

use crate::rule_options;

rule_options! {
    /// The Standards of Valor options of one scenario, typed.
    pub struct SovOptions;
    /// Every Standards of Valor option, in the order `muster rules standards_of_valor` lists them.
    pub const SPECS;

    /// the hand-to-hand mechanic: the force-ratio dice pools of the rules text (L2683-2742), or
    /// the older fire-style mechanic of the worked example (L2745-2754)
    #[cite = "10.4, 15"]
    hth_model: enum HthModel { DicePool = "dice_pool", LegacyExample = "legacy_example" } = DicePool;

    /// hand-to-hand penetration: one Impact roll per potential hit (detailed), or one opposed
    /// roll for all of them (summary: none, half or all)
    #[cite = "10.4"]
    hth_penetration: enum HthPenetration { Detailed = "detailed", Summary = "summary" } = Detailed;

    /// how total firepower becomes a Firepower Die (the text gives no rule; 12 -> D12 at L2427
    /// is its one data point): the parent game's rounding (<=4 D4 .. >=11 D12), or one step
    /// per three points (<=3 D4 .. >=12 D12)
    #[cite = "9.2, 15"]
    fp_die_map: enum FpDieMapOption { Stargrunt = "stargrunt", Thirds = "thirds" } = Stargrunt;

    /// the scrum score after a round: raw sums of casualties inflicted and counted ranks, or
    /// each ratio normalised to its smaller term and added term by term
    #[cite = "10.6, 15"]
    scrum_score: enum ScrumScoreOption { RawSums = "raw_sums", NormalisedRatios = "normalised_ratios" } = RawSums;

    /// the force-ratio table: the six lower-triangle cells that are not reciprocals of their
    /// mirror cells read as printed, or replaced by the reciprocals of the upper triangle
    #[cite = "3.2, 15"]
    ratio_table: enum RatioTable { Reciprocal = "reciprocal", Literal = "literal" } = Reciprocal;

    /// how a combined ratio is reduced to a simple one: the digest's thresholds (< 1.5 is 1:1,
    /// < 2 is 3:2, else whole n:1), or the nearest of 1, 3:2, 2, 3, ... on a log scale
    #[cite = "10.4, 15"]
    ratio_rounding: enum RatioRoundingOption { Thresholds = "thresholds", Nearest = "nearest" } = Thresholds;

    /// Open Order infantry fight with this share of their Reach in ranks: half (L2689) or two
    /// thirds (L2007, which the text prints as "Close Order" twice), rounded down, at least 1
    /// (the two differ only for reach 3, pikes: tests/data/sov_options/open_order_reach.toml)
    #[cite = "10.1, 10.4"]
    open_order_reach: enum OpenOrderReach { Half = "half", TwoThirds = "two_thirds" } = Half;

    /// the reach shift: the side whose Reach the opponent's exceeds shifts its Quality dice down
    /// one per level of difference (L2706), or each side's effective Reach shifts the
    /// opponent's Impact die down one per point (L2010)
    #[cite = "10.1, 10.4"]
    reach_shift: enum ReachShift { QualityByDifference = "quality_by_difference", ImpactByReach = "impact_by_reach" } = QualityByDifference;

    /// Shield Wall in hand-to-hand: the attacker's Quality die down one (L947, L2702, open
    /// shift), or the defender's up one (L625)
    #[cite = "3.10, 15"]
    shield_wall_hth: enum ShieldWallHth { AttackerDown = "attacker_down", DefenderUp = "defender_up" } = AttackerDown;

    /// the charger's Quality die +1: in the first round of the charge only (a proposal of the
    /// digest), or in every round of the turn it charged
    #[cite = "10.4"]
    charge_bonus: enum ChargeBonus { FirstRound = "first_round", ChargeTurn = "charge_turn" } = FirstRound;

    /// Broken units may not charge (the digest says so; the text's charge table has no Broken
    /// row, and L1257 only limits their movement), or may charge at the Shaken TL + 1
    #[cite = "10.2"]
    broken_charge: enum BrokenCharge { Never = "never", AtShakenPlusOne = "at_shaken_plus_one" } = Never;

    /// the leader figure falls only with the unit's last figure (L2438, L2767), or is hit with
    /// probability casualties / figures whenever the unit loses figures (sensitivity only)
    #[cite = "2.7, 15"]
    leader_loss: enum LeaderLoss { LastFigure = "last_figure", Proportional = "proportional" } = LastFigure;

    /// how several units that assault one enemy together fight it (L2863-2872 says only that the
    /// assault is "played through just as for a one on one attack"): each attacker fights its
    /// own round on its share of the defender's front and one scrum test follows, the
    /// attackers' casualties added and their deepest ranks counted (each losing attacker tests
    /// separately); or each attacker fights the defender's whole front, with a scrum test after
    /// each round
    #[cite = "10.9, 15"]
    combined_hth: enum CombinedHth { SharedFront = "shared_front", FullFront = "full_front" } = SharedFront;

    /// the turn limit (the text gives none; L116 mentions a six-turn game)
    #[cite = "13.1, 15"]
    turn_limit: int(1..=60) as u16 = 8;

    /// who wins: the side whose opponent has no unit at Shaken or better left (then points at
    /// the turn limit), or points destroyed only (each figure its cost, each Routed or fled unit
    /// half its cost more)
    #[cite = "15"]
    victory: enum Victory { BreakThenPoints = "break_then_points", Points = "points" } = BreakThenPoints;

    /// the points ratio at the turn limit below which the battle is a draw, in hundredths (the
    /// text's victory levels are words, L3396; 1.25 is the digest's proposal)
    #[cite = "15"]
    draw_ratio_pct: int(100..=400) as u32 = 125;

    /// which units may charge (L2591 is cut off mid-sentence): formed units within two combat
    /// moves' reach (4 x the move die), or within one (2 x)
    #[cite = "10.2, 15"]
    charge_reach: enum ChargeReach { TwoCombatMoves = "two_combat_moves", OneCombatMove = "one_combat_move" } = TwoCombatMoves;

    /// a failed charge test spends both actions (the assault "uses both actions", L2576), or
    /// leaves the second action free (L1271 read literally)
    #[cite = "10.2, 15"]
    failed_charge: enum FailedCharge { BothActions = "both_actions", SecondFree = "second_free" } = BothActions;

    /// fright checks at turn end (L776-791): taken, or left out
    #[cite = "4.4"]
    fright_checks: bool = true;

    /// how units choose what to fire at and charge (L525-541): the text's target priorities,
    /// which a doctrine's `nearest` or `weakest` overrides only where the unit's superior sees
    /// both it and that enemy (L541's Command Roll, taken as passed); or the doctrine's
    /// `targets` everywhere
    #[cite = "3.6, 15"]
    target_priority: enum TargetPriority { Text = "text", Doctrine = "doctrine" } = Text;

    /// formed units (Close and Open Order) blocking sight, and so fire and charges (L507, L520):
    /// the text's rule; the doctrines keep lanes open (`keep_lanes`)
    #[cite = "3.4"]
    formed_units_block_sight: bool = true;

    /// several Confidence triggers from one fire resolution: one test at the highest basic TL
    /// (L1188), or one test per trigger
    #[cite = "7.3, 15"]
    confidence_merging: enum ConfidenceMerging { HighestTl = "highest_tl", EachTrigger = "each_trigger" } = HighestTl;

    /// the figure cost: the seed's formula (L3476-3509), or the weapon tables' cost columns
    /// (9 of 22 rows disagree with the formula)
    #[cite = "12"]
    cost_model: enum CostModelOption { Formula = "formula", Table = "table" } = Formula;

    /// the short sword's Firepower die in the formula: the table's D8 (16 points), or the
    /// legionary example's D6 (14 points, L3513)
    #[cite = "12"]
    short_sword_cost: enum ShortSwordCost { Table = "table", Example = "example" } = Table;
}
