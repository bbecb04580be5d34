//! Doctrines for D&D War: the choices a player makes each turn, as data (the
//! digest has no doctrine section; each choice names its rule). Whether to
//! take the initiative, how units move (advance, hold until the enemy comes
//! close, or keep a gunline at range), when a charge is worth declaring (the
//! chance to reach, flank or rear preference, not against fear causers on a
//! low courage bonus), which enemy a unit shoots, which combat is fought
//! first, whether a winner pursues, challenges issued and accepted, dice
//! aimed at enemy characters, what action points are spent on (die faces, an
//! extra move, acting first), which companies support, how deep units deploy,
//! where the general stands, when characters join or leave units, and how
//! much of the army goes to take and hold the scenario's objectives. Each
//! decision is a pure function of numbers the rules hand in, and says which
//! setting made it.

/// How units move in the remaining-moves step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Movement {
    /// Toward the nearest enemy, stopping outside charge range of nothing.
    Advance,
    /// Stay put until an enemy is within `radius` inches, then advance.
    HoldUntil { radius: f64 },
    /// Units with a ranged attack stay put while any enemy is in range and
    /// otherwise advance until one is; others advance.
    Gunline,
}

/// Which enemy a shooting unit picks among those it can see and reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShootPriority {
    Closest,
    /// The fewest models left as a share of its start.
    MostDamaged,
    /// One whose expected casualties reach a company's worth (a panic test), else closest.
    CanPanic,
    HighestPoints,
}

/// Which combat the side with initiative resolves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatOrder {
    /// The one with the most models.
    Biggest,
    /// The one where our side has the largest share of unit strength.
    Favourable,
}

/// Whether a character accepts a challenge (L620-634).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcceptChallenge {
    Always,
    Never,
    /// When our champion's expected damage per round, as a share of the
    /// challenger's hit points, is at least the challenger's against him.
    IfStronger,
}

/// What action points are spent on (die modification, L644).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ApUse {
    Never,
    /// Turn a failed courage test of the character's unit into a pass.
    Tests,
    /// Tests, and a charge roll of 1 into a 2.
    TestsAndCharges,
}

/// Which unit the general is deployed in (L652-654).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeneralPlacement {
    /// Where the scenario puts him.
    Scenario,
    /// In the company unit with the most models.
    LargestUnit,
    /// In the company unit with the most friendly units within 12" (his
    /// courage bonus reaches them all).
    CentralUnit,
}

/// Which objective a unit on duty goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectivePick {
    /// The one nearest the unit when duties are given out, kept.
    Nearest,
    /// At each move, the nearest one its side does not hold (else the
    /// nearest it holds); a unit on an objective its side holds stays.
    Unheld,
}

/// The D&D War doctrine of one side.
#[derive(Clone, Debug, PartialEq)]
pub struct DndDoctrine {
    pub name: String,
    pub take_initiative: bool,
    pub movement: Movement,
    /// Declare a charge when at least this many sixths of the d6 reach.
    pub charge_min_sixths: u32,
    /// Among reachable targets, prefer one whose flank or rear faces us.
    pub prefer_flank_rear: bool,
    /// Never charge a fear or terror causer with a courage bonus below this.
    pub fear_min_courage: i32,
    pub shoot_priority: ShootPriority,
    pub combat_order: CombatOrder,
    /// Pursue a broken enemy when free to.
    pub pursue: bool,
    /// Shoot even when a charge this turn is likely (shooting forbids the charge's fight).
    pub shoot_before_charging: bool,
    /// A character in a fight challenges when an enemy character is there.
    pub issue_challenges: bool,
    pub accept_challenges: AcceptChallenge,
    /// Share of a unit's close-combat dice aimed at an enemy character in
    /// the unit it fights (the rest go to the rank and file).
    pub character_dice_pct: u32,
    pub action_points: ApUse,
    /// A front-rank company with fewer than half its front row in contact
    /// supports (+2 CR) rather than fights with those models (G-24).
    pub partial_companies_support: bool,
    /// Company units deploy this many ranks of companies deep (None: as
    /// the scenario sets their frontage).
    pub ranks: Option<u8>,
    pub general_placement: GeneralPlacement,
    /// A lone character joins the nearest friendly unit without one that
    /// he can reach this movement phase (L602).
    pub join_units: bool,
    /// A joined character whose unit declares no charge charges out of it
    /// alone when his own charge rule says so (L614).
    pub leave_to_charge: bool,
    /// Spend one action point (one per character per round) for an extra
    /// move action: a unit with a character double moves and keeps its
    /// standard action to shoot or charge (L645-646).
    pub ap_extra_move: bool,
    /// Spend one action point so that a unit with a character charges
    /// before the other side in the charge phase (L647).
    pub ap_act_first: bool,
    /// Percent of the army's units, nearest first, that go to the
    /// scenario's objectives and hold them (none without objectives).
    pub objective_share: u8,
    /// Which objective a unit on duty goes to.
    pub objective_pick: ObjectivePick,
}

impl DndDoctrine {
    /// The balanced doctrine (also the default for tests).
    pub fn balanced() -> Self {
        DndDoctrine {
            name: "balanced".into(),
            take_initiative: true,
            movement: Movement::Advance,
            charge_min_sixths: 3,
            prefer_flank_rear: true,
            fear_min_courage: 5,
            shoot_priority: ShootPriority::Closest,
            combat_order: CombatOrder::Favourable,
            pursue: true,
            shoot_before_charging: true,
            issue_challenges: true,
            accept_challenges: AcceptChallenge::IfStronger,
            character_dice_pct: 0,
            action_points: ApUse::Tests,
            partial_companies_support: true,
            ranks: None,
            general_placement: GeneralPlacement::Scenario,
            join_units: true,
            leave_to_charge: false,
            ap_extra_move: false,
            ap_act_first: false,
            objective_share: 50,
            objective_pick: ObjectivePick::Nearest,
        }
    }

    /// Whether to declare a charge that reaches on `sixths` of the d6, against a
    /// target with fear level `fear` (0, 1, 2) on our courage bonus, which
    /// `courage` gives (asked only against a feared target: it is costly).
    pub fn wants_charge(
        &self,
        sixths: u32,
        fear: u8,
        courage: impl FnOnce() -> i32,
    ) -> (bool, &'static str) {
        if fear > 0 && courage() < self.fear_min_courage {
            return (false, "fear_min_courage");
        }
        (sixths >= self.charge_min_sixths.max(1), "charge_min_sixths")
    }
}
