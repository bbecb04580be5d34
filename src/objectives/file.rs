//! The serde mirror of a scenario's `[[objective]]` tables, shared by the
//! scenario formats of every ruleset that plays in inches.

use serde::Deserialize;

/// One `[[objective]]` as written.
#[derive(Clone, Debug, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveRaw {
    pub name: String,
    /// Its centre `[x, y]`, in inches.
    pub at: [f64; 2],
    pub radius: f64,
    /// `uncontested` (default) or `majority`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
    /// The side (by name) holding it when the battle starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    /// Extra Morale Counters the owner starts with and forfeits when it is
    /// seized (States of Battle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mc: Option<i64>,
    /// Counters or points to whoever holds it when the time limit ends the battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_end: Option<i64>,
    /// Taking it ends the battle; the side that took it wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_battle: Option<bool>,
    /// Why the scenario has it: the seed line or example it follows, or
    /// that it is the scenario author's own choice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}
