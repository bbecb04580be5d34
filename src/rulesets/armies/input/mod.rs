//! The Armies input files: their serde mirror (`file`) and validation into
//! a ready-to-play setup (`validate`).

pub mod file;
pub mod knobs;
pub mod validate;
