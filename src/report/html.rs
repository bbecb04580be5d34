//! report.html: one self-contained page (styles inline, charts as inline
//! SVG, no script, no external reference) that a house-rule author can mail.
//! The order is fixed: the question, the answers, the charts, the tables,
//! and how to reproduce it.

use super::table::CsvTable;
use serde::{Deserialize, Serialize};

/// What an output folder holds and answers (`analysis.toml`); written by
/// every analysis command, read back by `muster report`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// `run`, `compare`, `sweep`, `tune`, `decks` or `fairness`.
    pub kind: String,
    pub title: String,
    /// The exact command that reproduces the folder.
    pub command: String,
    /// `(what, value)` lines: scenario, variants, seed, battles, version.
    pub question: Vec<(String, String)>,
    /// The answers, most important first, as sentences.
    pub answers: Vec<String>,
    /// CSV files of the folder shown as tables, with their titles.
    pub tables: Vec<(String, String)>,
}

/// Rows of a table shown in the page; the CSV file has them all.
const MAX_ROWS: usize = 60;

/// Escapes text for HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG document as an element to inline: without the XML declaration and
/// the namespace attribute (HTML does not need them).
fn inline_svg(svg: &str) -> String {
    let body = match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    };
    body.replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1)
}

const STYLE: &str = "body{font-family:sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}\
h1{font-size:1.6em}h2{font-size:1.25em;border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:1.6em}\
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}\
th{background:#f0f0f0}td:first-child,th:first-child{text-align:left}.answers li{margin:.3em 0;font-size:1.05em}\
pre{background:#f6f6f6;padding:.6em;overflow-x:auto}figure{margin:1em 0}figcaption{font-size:.9em;color:#555}\
.scroll{overflow-x:auto}";

/// The page.
pub fn page(
    m: &Manifest,
    charts: &[(String, String)],
    tables: &[(String, String, CsvTable)],
) -> String {
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str(&format!(
        "<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(&m.title)
    ));
    h.push_str(&format!("<h1>{}</h1>\n", escape(&m.title)));
    h.push_str("<h2>The question</h2>\n<table>\n");
    for (k, v) in &m.question {
        h.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            escape(k),
            escape(v)
        ));
    }
    h.push_str("</table>\n<h2>The answers</h2>\n<ul class=\"answers\">\n");
    for a in &m.answers {
        h.push_str(&format!("<li>{}</li>\n", escape(a)));
    }
    h.push_str("</ul>\n");
    let (armies, tables): (Vec<_>, Vec<_>) = tables
        .iter()
        .partition(|(file, _, _)| file.starts_with("army"));
    if !armies.is_empty() {
        h.push_str("<h2>The armies</h2>\n");
        push_tables(&mut h, &armies);
    }
    if !charts.is_empty() {
        h.push_str("<h2>Charts</h2>\n");
        for (title, svg) in charts {
            h.push_str(&format!(
                "<figure>\n{}\n<figcaption>{}</figcaption>\n</figure>\n",
                inline_svg(svg),
                escape(title)
            ));
        }
    }
    if !tables.is_empty() {
        h.push_str("<h2>Tables</h2>\n");
        push_tables(&mut h, &tables);
    }
    h.push_str("<h2>How to reproduce it</h2>\n");
    h.push_str(&format!(
        "<p>With muster {}, in the folder the command names its files from:</p>\n<pre>{}</pre>\n",
        escape(crate::VERSION),
        escape(&m.command)
    ));
    h.push_str("<p>Every battle draws from its own random stream of (seed, battle index), so the same command gives the same numbers on any machine and thread count.</p>\n");
    h.push_str("</body>\n</html>\n");
    h
}

/// Each table under its title, the first rows only.
fn push_tables(h: &mut String, tables: &[&(String, String, CsvTable)]) {
    for (file, title, t) in tables {
        h.push_str(&format!(
            "<h3>{} <small>({})</small></h3>\n",
            escape(title),
            escape(file)
        ));
        h.push_str("<div class=\"scroll\"><table>\n<tr>");
        for c in &t.header {
            h.push_str(&format!("<th>{}</th>", escape(c)));
        }
        h.push_str("</tr>\n");
        for row in t.rows.iter().take(MAX_ROWS) {
            h.push_str("<tr>");
            for c in row {
                h.push_str(&format!("<td>{}</td>", escape(c)));
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table></div>\n");
        if t.rows.len() > MAX_ROWS {
            h.push_str(&format!(
                "<p>The first {MAX_ROWS} of {} rows; {} has them all.</p>\n",
                t.rows.len(),
                escape(file)
            ));
        }
    }
}
