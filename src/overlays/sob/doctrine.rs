//! A States of Battle doctrine: the card-layer decisions of digest section
//! 8 (D1-D19), each a scripted option read from a data file. Unit-level
//! choices the core already makes (which charge, which target, challenges
//! accepted, fight order) come from the side's core doctrine.

/// D1: who goes first after winning the roll-off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoFirst {
    /// First if any own charge has P(success) >= 1/2, else second.
    IfChargeReady,
    Always,
    Never,
}

/// D2: the tutor pick on a difference above the threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tutor {
    /// Move Command Group if a named character has >= 2 units near,
    /// else Melee if the fights favour us, else Move, else a reload.
    Situational,
    /// Move Command Group > Move > Melee.
    Fixed,
    Decline,
}

/// D6: the order Orders cards are played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrdersOrder {
    /// Move-type first, then Melee (trashed when the fights are against
    /// us), reloads last; Lulls trashed.
    MovesFirst,
    /// In the order drawn, everything played.
    HandOrder,
    /// Melee first, then moves, then reloads.
    MeleeFirst,
}

/// D7: which unit a Move card activates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// The best charge by P(success) x forecast, else the unit farthest
    /// from contact advances.
    BestCharge,
    /// The highest-MCV unit that can act.
    HighestMcv,
    /// A random unit that can act.
    Random,
}

/// D8: which fleeing unit a card's compulsory rally picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RallyPick {
    /// Highest MCV, then the farthest from an edge.
    HighestMcv,
    /// The one closest to an edge.
    ClosestToEdge,
}

/// D12: when missile units fire out of sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fire {
    /// At the first window with a target.
    Asap,
    /// As `Asap`, but an unspent unit with an enemy able to charge it holds
    /// its shot for Stand & Shoot.
    HoldForChargers,
    /// Only in its own turn.
    OwnTurn,
}

/// A yes / no / "when it pays" choice (D5, D11, D13, D14, D19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// The digest's default test for this decision.
    Judged,
    Always,
    Never,
}

/// D17: which units the Stratagem tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StratagemTags {
    Fastest,
    Missile,
    HighestMcv,
}

/// One side's States of Battle doctrine.
#[derive(Clone, Debug, PartialEq)]
pub struct SobDoctrine {
    pub name: String,
    pub go_first: GoFirst,
    pub tutor: Tutor,
    /// D3: Command Indecision first, then Superstitions & Omens (false:
    /// printed order).
    pub indecision_first: bool,
    pub orders_order: OrdersOrder,
    pub activation: Activation,
    /// D7 with Cast Spells in hand: when no unit has a charge to make, the
    /// Move card first brings forward a caster (or the unit he joined)
    /// whose spell has no target.
    pub casters_forward: bool,
    pub rally_pick: RallyPick,
    /// D5: Superstitions & Omens rolled when GD >= d8 (Judged).
    pub omens: When,
    /// D10: Move Command Group on the character with most units near
    /// (false: always the general).
    pub group_most_units: bool,
    /// D11: use the opponent's Sneaky Critters (Judged: unless the rally
    /// risks a unit of MCV >= 2 near an edge).
    pub sneaky_critters: When,
    pub fire: Fire,
    /// D13: Stand & Shoot (Judged: only when unspent).
    pub stand_and_shoot: When,
    /// D14: Leadership (Judged: on Move Command Group, a charging Move,
    /// a favourable Melee, Crushing Missilery; Always: the first card).
    pub leadership: When,
    /// D15: Favour of the Gods on a failed break test, rally test or
    /// charge roll (Judged: of a unit with MCV >= 2; Always: any unit).
    pub favour: When,
    /// D15: Favour of the Gods on the side's own roll-off throw lost by
    /// this many or more (0: never). Spending the cards on roll-offs
    /// lowers the cards each player draws per round below the 2.18 of d10
    /// against d10 (about 2.0 over a battle). A doctrine file that leaves
    /// it out takes it from `favour` ([`favour_roll_off_default`]).
    pub favour_roll_off: u8,
    /// D16: Manoeuvre a charged unit out of reach.
    pub manoeuvre: When,
    pub stratagem_tags: StratagemTags,
    /// D18: trash Cast Spells for +4 when the roll alone is under even odds
    /// and no caster has a target for it.
    pub stratagem_plus4: When,
    /// D19: declare a challenge Heroic (Judged: edge >= 0.6).
    pub heroic_challenge: When,
    /// D24: the winner of a deployment roll-off makes the opponent place
    /// the next unit (false: places it himself).
    pub deploy_opponent_first: bool,
}

impl SobDoctrine {
    /// The digest's first option for every decision (section 8).
    pub fn steady() -> Self {
        SobDoctrine {
            name: "steady".into(),
            go_first: GoFirst::IfChargeReady,
            tutor: Tutor::Situational,
            indecision_first: true,
            orders_order: OrdersOrder::MovesFirst,
            activation: Activation::BestCharge,
            casters_forward: true,
            rally_pick: RallyPick::HighestMcv,
            omens: When::Judged,
            group_most_units: true,
            sneaky_critters: When::Judged,
            fire: Fire::HoldForChargers,
            stand_and_shoot: When::Judged,
            leadership: When::Judged,
            favour: When::Judged,
            favour_roll_off: 3,
            manoeuvre: When::Judged,
            stratagem_tags: StratagemTags::Fastest,
            stratagem_plus4: When::Judged,
            heroic_challenge: When::Judged,
            deploy_opponent_first: true,
        }
    }
}

/// The roll-off margin a doctrine without `favour_roll_off` uses, from its
/// `favour` (D15 a: a roll-off lost by 3 or more; Always: any lost
/// roll-off; Never: none).
pub fn favour_roll_off_default(favour: When) -> u8 {
    match favour {
        When::Judged => 3,
        When::Always => 1,
        When::Never => 0,
    }
}
