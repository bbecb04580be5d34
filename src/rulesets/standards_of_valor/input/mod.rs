//! Standards of Valor input files: the serde mirror (`file`), validation
//! into the setup with located problems (`validate`), and the doctrine's
//! searchable keys (`knobs`).

pub mod file;
pub mod knobs;
pub mod validate;
