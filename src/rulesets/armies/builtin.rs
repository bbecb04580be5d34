//! The Armies files compiled into muster: the seed's troop table as an army
//! list (`armies_core`) and the shipped doctrines. They are the same files as
//! under `scenarios/`, so a user can copy and edit them.

/// Built-in army lists by name.
pub const ARMY_LISTS: &[(&str, &str)] = &[(
    "armies_core",
    include_str!("../../../scenarios/armies/lists/armies_core.toml"),
)];

/// Built-in doctrines by name.
pub const DOCTRINES: &[(&str, &str)] = &[
    (
        "advance",
        include_str!("../../../scenarios/armies/doctrines/advance.toml"),
    ),
    (
        "decapitate",
        include_str!("../../../scenarios/armies/doctrines/decapitate.toml"),
    ),
    (
        "hold_and_shoot",
        include_str!("../../../scenarios/armies/doctrines/hold_and_shoot.toml"),
    ),
    (
        "siege_assault",
        include_str!("../../../scenarios/armies/doctrines/siege_assault.toml"),
    ),
];
