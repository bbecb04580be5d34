//! `--raw FILE.parquet`: one row per battle through the Parquet writer
//! when muster is built with the `parquet` feature, and a clear error
//! before anything is played when it is not.

use crate::engine::RawChunk;
use crate::stats::TallyShape;
use std::path::Path;

/// What the error says when the feature is off.
#[cfg(not(feature = "parquet"))]
pub const NO_PARQUET: &str = "this muster was built without Parquet support; build it with `cargo build --release --features parquet` (polars takes a while to compile)";

/// An open raw-rows file.
pub struct RawOut {
    #[cfg(feature = "parquet")]
    writer: crate::parquet::writer::RawWriter,
    #[cfg(not(feature = "parquet"))]
    _never: std::convert::Infallible,
}

/// One variant's label, side names and tally shape.
pub type Layout = (String, [String; 2], TallyShape);

impl RawOut {
    /// Checks that `--raw` can be honoured, before any battle is played.
    pub fn check(path: Option<&Path>) -> Result<(), String> {
        #[cfg(not(feature = "parquet"))]
        if path.is_some() {
            return Err(format!("--raw: {NO_PARQUET}"));
        }
        #[cfg(feature = "parquet")]
        let _ = path;
        Ok(())
    }

    /// Opens `path` for the rows of the variants in `layouts` (None: no `--raw`).
    pub fn open(path: Option<&Path>, layouts: Vec<Layout>) -> anyhow::Result<Option<RawOut>> {
        let Some(path) = path else {
            return Ok(None);
        };
        #[cfg(feature = "parquet")]
        {
            use crate::parquet::writer::{RawWriter, VariantLayout};
            let layouts = layouts
                .into_iter()
                .map(|(label, side_names, shape)| VariantLayout {
                    label,
                    side_names,
                    shape,
                })
                .collect();
            Ok(Some(RawOut {
                writer: RawWriter::create(path, layouts)?,
            }))
        }
        #[cfg(not(feature = "parquet"))]
        {
            let _ = layouts;
            anyhow::bail!("--raw {}: {NO_PARQUET}", path.display())
        }
    }

    /// A row sink into `raw` (None without `--raw`).
    pub fn sink(raw: &mut Option<RawOut>) -> Option<impl FnMut(RawChunk) + Send + '_> {
        raw.as_mut().map(|r| move |chunk| r.push(chunk))
    }

    pub fn push(&mut self, chunk: RawChunk) {
        #[cfg(feature = "parquet")]
        self.writer.push(chunk);
        #[cfg(not(feature = "parquet"))]
        let _ = chunk;
    }

    /// Closes the file; returns the rows written.
    pub fn finish(self) -> anyhow::Result<u64> {
        #[cfg(feature = "parquet")]
        return Ok(self.writer.finish()?);
        #[cfg(not(feature = "parquet"))]
        match self._never {}
    }
}
