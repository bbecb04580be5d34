//! The cards of States of Battle (digest 5.1-5.3): the Orders menu with its
//! caps and the two mandatory Lulls, the fixed eleven-card Event deck, the
//! optional Starter cards, and the legality of an Orders build (14 menu
//! cards within the caps, L271-279; there are 356 legal builds).

/// An Orders card (L283-290).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Order {
    BrilliantTactician,
    CastSpells,
    EnginesOfWarReload,
    Melee,
    MissileReload,
    Move,
    MoveCommandGroup,
    Lull,
}

/// Orders a player chooses from, with their caps (L271-279), in menu order.
pub const MENU: [(Order, u8); 7] = [
    (Order::BrilliantTactician, 2),
    (Order::CastSpells, 3),
    (Order::EnginesOfWarReload, 3),
    (Order::Melee, 4),
    (Order::MissileReload, 3),
    (Order::Move, 2),
    (Order::MoveCommandGroup, 2),
];

/// Menu cards in a build, and the Lulls every deck adds.
pub const MENU_CARDS: u8 = 14;
pub const LULLS: u8 = 2;
/// Cards in a full Orders deck and a full Event deck.
pub const ORDERS_DECK: usize = (MENU_CARDS + LULLS) as usize;
pub const EVENTS_DECK: usize = 11;

impl Order {
    pub const ALL: [Order; 8] = [
        Order::BrilliantTactician,
        Order::CastSpells,
        Order::EnginesOfWarReload,
        Order::Melee,
        Order::MissileReload,
        Order::Move,
        Order::MoveCommandGroup,
        Order::Lull,
    ];

    /// The card's id in scenario files and outputs.
    pub fn id(self) -> &'static str {
        match self {
            Order::BrilliantTactician => "brilliant_tactician",
            Order::CastSpells => "cast_spells",
            Order::EnginesOfWarReload => "engines_of_war_reload",
            Order::Melee => "melee",
            Order::MissileReload => "missile_reload",
            Order::Move => "move",
            Order::MoveCommandGroup => "move_command_group",
            Order::Lull => "lull",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The menu cap of a card (Lull: exactly 2, not chosen).
    pub fn cap(self) -> Option<u8> {
        MENU.iter().find(|(o, _)| *o == self).map(|(_, c)| *c)
    }
}

/// An Event card (L294-317).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Event {
    ArmyMorale,
    CommandIndecision,
    CrushingMissilery,
    IneffectiveMissilery,
    InspiringLeader,
    SuperstitionsAndOmens,
    SneakyCritters,
    RallyBack,
    UndisciplinedMissilery,
}

/// The Event deck every player has (L294-304), with counts.
pub const EVENT_DECK: [(Event, u8); 9] = [
    (Event::ArmyMorale, 2),
    (Event::CommandIndecision, 1),
    (Event::CrushingMissilery, 2),
    (Event::IneffectiveMissilery, 1),
    (Event::InspiringLeader, 1),
    (Event::SuperstitionsAndOmens, 1),
    (Event::SneakyCritters, 1),
    (Event::RallyBack, 1),
    (Event::UndisciplinedMissilery, 1),
];

impl Event {
    pub const ALL: [Event; 9] = [
        Event::ArmyMorale,
        Event::CommandIndecision,
        Event::CrushingMissilery,
        Event::IneffectiveMissilery,
        Event::InspiringLeader,
        Event::SuperstitionsAndOmens,
        Event::SneakyCritters,
        Event::RallyBack,
        Event::UndisciplinedMissilery,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Event::ArmyMorale => "army_morale",
            Event::CommandIndecision => "command_indecision",
            Event::CrushingMissilery => "crushing_missilery",
            Event::IneffectiveMissilery => "ineffective_missilery",
            Event::InspiringLeader => "inspiring_leader",
            Event::SuperstitionsAndOmens => "superstitions_and_omens",
            Event::SneakyCritters => "sneaky_critters",
            Event::RallyBack => "rally_back",
            Event::UndisciplinedMissilery => "undisciplined_missilery",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A Starter card (L320-332), face up from the start, each single-use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Starter {
    FavourOfTheGods,
    Leadership,
    Manoeuvre,
    Stratagem,
}

impl Starter {
    pub const ALL: [Starter; 4] = [
        Starter::FavourOfTheGods,
        Starter::Leadership,
        Starter::Manoeuvre,
        Starter::Stratagem,
    ];

    /// Copies each player has (L324-327).
    pub fn count(self) -> u8 {
        match self {
            Starter::FavourOfTheGods => 2,
            Starter::Leadership => 3,
            Starter::Manoeuvre => 2,
            Starter::Stratagem => 1,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Starter::FavourOfTheGods => "favour_of_the_gods",
            Starter::Leadership => "leadership",
            Starter::Manoeuvre => "manoeuvre",
            Starter::Stratagem => "stratagem",
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Every card's id, for the rows of cards.csv: Orders, then Events, then Starters.
pub fn all_card_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Order::ALL.iter().map(|o| o.id()).collect();
    ids.extend(Event::ALL.iter().map(|e| e.id()));
    ids.extend(Starter::ALL.iter().map(|s| s.id()));
    ids
}

/// The row of a card in [`all_card_ids`].
pub fn order_row(o: Order) -> usize {
    o.index()
}
pub fn event_row(e: Event) -> usize {
    Order::ALL.len() + e.index()
}
pub fn starter_row(s: Starter) -> usize {
    Order::ALL.len() + Event::ALL.len() + s.index()
}

/// A player's choice of 14 menu cards: a count per menu card, in [`MENU`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OrdersBuild(pub [u8; 7]);

/// Why a build is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    OverCap { card: Order, count: u8, cap: u8 },
    WrongTotal { total: u32 },
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::OverCap { card, count, cap } => write!(
                f,
                "{count} x {} breaks its cap of {cap} (L273-279)",
                card.id()
            ),
            BuildError::WrongTotal { total } => write!(
                f,
                "the build has {total} menu cards; a deck takes exactly {MENU_CARDS} (plus the 2 Lulls every deck adds, L271)"
            ),
        }
    }
}

impl OrdersBuild {
    /// The digest's default doctrine build (D23 a) for an army with
    /// neither casters nor war machines: Melee 4, Move 2, Move Command
    /// Group 2, Brilliant Tactician 2, Missile Reload 3, Engines of War
    /// Reload 1 (the one dead card such an army must carry, 5.1).
    pub const DEFAULT: OrdersBuild = OrdersBuild([2, 0, 1, 4, 3, 2, 2]);

    /// The build as `card count` pairs in menu order, cards left out
    /// omitted (e.g. `melee 4, move 2, ...`).
    pub fn describe(&self) -> String {
        MENU.iter()
            .filter(|(o, _)| self.count(*o) > 0)
            .map(|(o, _)| format!("{} {}", o.id(), self.count(*o)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn count(&self, card: Order) -> u8 {
        MENU.iter()
            .position(|(o, _)| *o == card)
            .map_or(LULLS, |i| self.0[i])
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Every problem with the build (empty: legal, TV-27).
    pub fn problems(&self) -> Vec<BuildError> {
        let mut out: Vec<BuildError> = MENU
            .iter()
            .zip(self.0)
            .filter(|((_, cap), n)| n > cap)
            .map(|((card, cap), count)| BuildError::OverCap {
                card: *card,
                count,
                cap: *cap,
            })
            .collect();
        if self.total() != u32::from(MENU_CARDS) {
            out.push(BuildError::WrongTotal {
                total: self.total(),
            });
        }
        out
    }

    /// The 16 cards of the deck, in menu order, Lulls last.
    pub fn cards(&self) -> impl Iterator<Item = Order> + '_ {
        MENU.iter()
            .zip(self.0)
            .flat_map(|((o, _), n)| std::iter::repeat(*o).take(usize::from(n)))
            .chain(std::iter::repeat(Order::Lull).take(usize::from(LULLS)))
    }

    /// Every legal build, in lexicographic order of the counts.
    pub fn all_legal() -> Vec<OrdersBuild> {
        let mut out = Vec::new();
        let mut counts = [0u8; 7];
        fn walk(i: usize, left: u8, counts: &mut [u8; 7], out: &mut Vec<OrdersBuild>) {
            if i == MENU.len() {
                if left == 0 {
                    out.push(OrdersBuild(*counts));
                }
                return;
            }
            for n in 0..=MENU[i].1.min(left) {
                counts[i] = n;
                walk(i + 1, left - n, counts, out);
            }
            counts[i] = 0;
        }
        walk(0, MENU_CARDS, &mut counts, &mut out);
        out
    }
}

/// The Event deck's 11 cards, in [`EVENT_DECK`] order.
pub fn event_cards() -> impl Iterator<Item = Event> {
    EVENT_DECK
        .iter()
        .flat_map(|(e, n)| std::iter::repeat(*e).take(usize::from(*n)))
}
