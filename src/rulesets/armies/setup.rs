//! The validated, ready-to-play description of one Armies battle: troop
//! profiles, the board (terrain, fortifications, walls, siege engines), the
//! units with their starting squares and roles, the two sides and options.
//! Built only by `scenario` validation, which guarantees that nothing here can
//! make the rules code panic (squares on the board, indexes in range, one
//! commander per side, leashes holding at deployment).

use super::options::ArmiesOptions;
use crate::geometry::grid::{Grid, Square};
use crate::rules::Side;
use crate::rulesets::armies::doctrine::ArmiesDoctrine;

/// A troop profile from an army list (digest A1.2).
#[derive(Clone, Debug, PartialEq)]
pub struct Troop {
    pub id: String,
    pub name: String,
    /// ML: morale, which works as hit points. 0 for siege engines (crew's ML is used).
    pub morale: u8,
    /// MV: squares per move.
    pub movement: u8,
    /// POWR: faces of the power die.
    pub power: u8,
    /// NG: range in squares.
    pub range: u8,
    /// Disbanded when farther than this from an officer (or commander).
    pub leash: u8,
    /// The commander anchors this troop even when `commander_anchors_troops` is off
    /// (the "officer or commander" row notes of Light and Medium Infantry).
    pub commander_anchors: bool,
    pub traits: Traits,
    /// Cost for `highest_value` targeting and reports (the seed has no points: 1 by default).
    pub points: u32,
}

/// The closed set of special rules a troop can carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    pub ranged: bool,
    pub aerial: bool,
    pub mounted: bool,
    pub siege_engine: bool,
    /// Bladedancers: two straight legs in different directions.
    pub split_move: bool,
    /// Bladedancers: advantage on defence rolls against melee attackers.
    pub defence_advantage_vs_melee: bool,
    /// Shocktroops: attack with advantage while morale is at least this.
    pub attack_advantage_min_morale: Option<u8>,
    /// Bombthrowers: cannot attack on two of its side's turns in a row.
    pub alternate_turn_attacks: bool,
    /// Boarriders, Boulder Giants: defend with a normal roll although ranged.
    pub defends_as_melee: bool,
    /// Boulder Giants: their attacks do not impose the ranged disadvantage.
    pub attacks_as_melee: bool,
    /// Boulder Giants: may damage fortifications although not a siege engine.
    pub damages_fortifications: bool,
}

/// What a square is made of.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terrain {
    pub difficult: bool,
    pub impassable: bool,
    pub high_ground: bool,
}

/// Unit-length wall segments on grid lines (corner coordinates).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walls {
    /// Vertical edge at x from y to y+1, stored as (x, y).
    pub vertical: Vec<(i16, i16)>,
    /// Horizontal edge at y from x to x+1, stored as (x, y).
    pub horizontal: Vec<(i16, i16)>,
}

impl Walls {
    pub fn is_empty(&self) -> bool {
        self.vertical.is_empty() && self.horizontal.is_empty()
    }

    /// Whether any wall touches the corner point (x, y).
    pub fn touches_corner(&self, x: i16, y: i16) -> bool {
        self.vertical
            .iter()
            .any(|&(vx, vy)| vx == x && (vy == y || vy + 1 == y))
            || self
                .horizontal
                .iter()
                .any(|&(hx, hy)| hy == y && (hx == x || hx + 1 == x))
    }

    /// Whether a one-square step from `a` to the 8-neighbour `b` crosses a wall.
    pub fn blocks_step(&self, a: Square, b: Square) -> bool {
        if self.is_empty() {
            return false;
        }
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        match (dx, dy) {
            (0, 0) => false,
            (_, 0) => {
                let x = a.x.max(b.x);
                self.vertical.contains(&(x, a.y))
            }
            (0, _) => {
                let y = a.y.max(b.y);
                self.horizontal.contains(&(a.x, y))
            }
            _ => self.touches_corner(a.x.max(b.x), a.y.max(b.y)),
        }
    }
}

/// The battlefield as set up before the battle.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub terrain: Grid<Terrain>,
    /// Starting fortification hit points per square (0: not fortified).
    pub fort_hp: Grid<i16>,
    /// Defence bonus per fortified square.
    pub fort_bonus: Grid<u8>,
    pub walls: Walls,
}

impl Board {
    pub fn width(&self) -> i16 {
        self.terrain.width()
    }

    pub fn depth(&self) -> i16 {
        self.terrain.depth()
    }

    pub fn contains(&self, s: Square) -> bool {
        self.terrain.contains(s)
    }

    pub fn terrain(&self, s: Square) -> Terrain {
        self.terrain.get(s).copied().unwrap_or(Terrain {
            impassable: true,
            ..Terrain::default()
        })
    }
}

/// A unit's command role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Troop,
    Officer,
    Commander,
}

/// One unit as deployed.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitSpec {
    pub side: Side,
    pub troop: usize,
    pub role: Role,
    pub start: Square,
    pub label: String,
}

/// A siege engine standing on the board at the start, unmanned.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    pub troop: usize,
    pub at: Square,
    pub label: String,
}

/// Assault (attackers and defenders) or meeting engagement (both attack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engagement {
    Assault { attacker: Side },
    Meeting,
}

/// One side's command and doctrine.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSetup {
    pub name: String,
    /// Modifier to the d20 operations (cunning) check.
    pub operations: i32,
    pub doctrine: ArmiesDoctrine,
}

/// Everything needed to play Armies battles.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmiesSetup {
    pub troops: Vec<Troop>,
    pub board: Board,
    pub units: Vec<UnitSpec>,
    pub engines: Vec<EngineSpec>,
    pub sides: [SideSetup; 2],
    pub engagement: Engagement,
    pub max_rounds: u16,
    pub options: ArmiesOptions,
}
