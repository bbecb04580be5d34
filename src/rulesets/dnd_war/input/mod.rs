//! The D&D War input files: their serde mirror (`file`, which also carries
//! the States of Battle side and unit fields), validation (`validate`), the
//! army-building checks (`army`) and the doctrine's deployment choices
//! (`deploy`).

pub mod army;
pub mod deploy;
pub mod file;
pub mod sob;
pub mod validate;
