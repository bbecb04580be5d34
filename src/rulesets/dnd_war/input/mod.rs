//! The D&D War input files: their serde mirror (`file`, which also carries
//! the States of Battle side and unit fields), validation (`validate`), the
//! army-building checks (`army`), the doctrine's deployment choices
//! (`deploy`) and per-unit profile overrides (`overrides`).

pub mod army;
pub mod deploy;
pub mod file;
pub mod knobs;
pub mod overrides;
pub mod sob;
pub mod validate;
