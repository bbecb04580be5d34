//! pairings.csv and the manifest of an analysis command played under a
//! doctrine panel (`compare`, `tune`, `decks` or `fairness` with `--panel`
//! or `--doctrines`): each pairing's full report is in `pairings/Pk/`;
//! this folder holds every question's answer per pairing and, for each
//! question, whether it holds whoever plays.

use super::csv_out::{csv_write, f4};
use super::html::Manifest;
use super::study::{header, question};
use crate::analysis::panel::{any_flip, holds, Lean, Vote, Words};
use crate::analysis::verdict::count;
use std::path::Path;

/// One played pairing: its key (`P1`), its doctrines and its answers.
pub struct Pairing {
    pub key: String,
    pub label: String,
    pub votes: Vec<Vote>,
}

/// What the panel played, for the manifest.
pub struct PanelPlayed<'a> {
    /// `compare`, `tune`, `decks` or `fairness`.
    pub command: &'a str,
    pub scenario: &'a str,
    pub pairings: &'a [Pairing],
    /// Pairings the panel has (fewer were played when interrupted).
    pub planned: usize,
    pub words: &'a Words,
    pub seed: u64,
    pub command_line: String,
}

fn lean_word(lean: Lean, w: &Words) -> &str {
    match lean {
        Lean::Up => &w.up,
        Lean::Down => &w.down,
        Lean::Neither => &w.neither,
        Lean::Unknown => &w.unknown,
    }
}

/// The manifest kind of a panel of `command` (`tune-panel`).
pub fn kind(command: &str) -> String {
    format!("{command}-panel")
}

/// Writes pairings.csv and returns the manifest.
pub fn write(out: &Path, p: &PanelPlayed) -> anyhow::Result<Manifest> {
    let mut rows = Vec::new();
    for pairing in p.pairings {
        for v in &pairing.votes {
            rows.push(vec![
                pairing.key.clone(),
                pairing.label.clone(),
                v.question.clone(),
                lean_word(v.lean, p.words).to_string(),
                f4(v.value),
                f4(v.lo),
                f4(v.hi),
                v.detail.clone(),
                format!("pairings/{}", pairing.key),
            ]);
        }
    }
    let header = header([
        "pairing",
        "doctrines",
        "question",
        "answer",
        "value",
        "lo95",
        "hi95",
        "detail",
        "folder",
    ]);
    csv_write(&out.join("pairings.csv"), &header, &rows)?;
    Ok(Manifest {
        kind: kind(p.command),
        title: format!("{} under a doctrine panel: {}", p.command, p.scenario),
        command: p.command_line.clone(),
        question: question(
            p.scenario,
            vec![
                ("pairings of doctrines", p.planned.to_string()),
                (
                    "each pairing's full report",
                    "pairings/P1 ... (see the folder column)".to_string(),
                ),
            ],
            p.seed,
        ),
        answers: answers(p),
        tables: vec![(
            "pairings.csv".to_string(),
            "Every question's answer per pairing of doctrines".to_string(),
        )],
    })
}

/// The answers: a flag when any answer turns over, then whether each
/// question's answer holds across the pairings.
fn answers(p: &PanelPlayed) -> Vec<String> {
    let votes: Vec<Vote> = p.pairings.iter().flat_map(|x| x.votes.clone()).collect();
    let mut questions: Vec<&str> = Vec::new();
    for v in &votes {
        if !questions.contains(&v.question.as_str()) {
            questions.push(&v.question);
        }
    }
    let mut out = Vec::new();
    if p.pairings.len() < p.planned {
        out.push(format!(
            "INTERRUPTED after {} of {}: the lines below are over the pairings played.",
            count(p.pairings.len(), "pairing"),
            p.planned
        ));
    }
    if questions.len() > 1 && any_flip(&votes) {
        out.push(format!(
            "THE VERDICT DEPENDS ON DOCTRINE: some answer of this {} turns over within the panel of {}.",
            p.command,
            count(p.pairings.len(), "pairing")
        ));
    }
    for q in questions {
        let of_q: Vec<&Vote> = votes.iter().filter(|v| v.question == q).collect();
        out.push(holds(q, &of_q, p.words));
    }
    out
}
