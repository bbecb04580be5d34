//! The States of Battle input: its serde mirror (`file`: Orders builds,
//! card-layer doctrines, triggers), validation of a side's overlay fields
//! (`validate`), Orders builds and their warnings (`orders`) and State of
//! Battle triggers (`triggers`).

pub mod core_input;
pub mod file;
pub mod knobs;
pub mod orders;
pub mod triggers;
pub mod validate;
