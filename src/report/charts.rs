//! Charts with plotters, as SVG text or PNG files, without any system font:
//! DejaVu Sans is compiled in (`fonts/`, Bitstream Vera licence) and
//! registered with plotters' ab_glyph text renderer. A [`Chart`] is plain
//! data; [`render_svg`] and [`render_png`] draw it.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;
use std::sync::Once;

const FONT: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
const SIZE: (u32, u32) = (860, 440);

/// A value with its 95% interval, for one labelled item.
#[derive(Clone, Debug, PartialEq)]
pub struct Interval {
    pub label: String,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
}

/// A line with a band (`lo..hi`) around it, per x.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub label: String,
    /// `(x, lo, value, hi)`.
    pub points: Vec<(f64, f64, f64, f64)>,
}

/// How an axis's tick values read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Shares (0..1) shown as percentages: `42%`, `42.5%`.
    Percent,
    /// Differences of shares shown in percentage points: `+2 pp`.
    PercentPoints,
    /// Counts and rounds: whole ticks only (`3`), none between.
    Whole,
    /// Any other number, to three significant decimals at most.
    Number,
}

impl Scale {
    /// The tick label of `v` (never `-0`).
    pub fn tick(self, v: f64) -> String {
        let v = if v == 0.0 { 0.0 } else { v };
        let trim = |s: String| {
            if s.contains('.') {
                let t = s.trim_end_matches('0').trim_end_matches('.');
                if t == "-0" {
                    "0".to_string()
                } else {
                    t.to_string()
                }
            } else {
                s
            }
        };
        match self {
            Scale::Percent => format!("{}%", trim(format!("{:.1}", 100.0 * v))),
            Scale::PercentPoints => {
                let t = trim(format!("{:.1}", 100.0 * v));
                let sign = if t != "0" && !t.starts_with('-') {
                    "+"
                } else {
                    ""
                };
                format!("{sign}{t} pp")
            }
            Scale::Whole => {
                let r = v.round();
                if (v - r).abs() < 1e-9 {
                    trim(format!("{r:.0}"))
                } else {
                    String::new()
                }
            }
            Scale::Number => trim(format!("{v:.3}")),
        }
    }
}

/// A chart as data.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// One point with an interval bar per item (win rates, differences,
    /// deck rankings, unit values); `reference` draws a dashed level.
    Intervals {
        title: String,
        y_label: String,
        y_scale: Scale,
        items: Vec<Interval>,
        reference: Option<f64>,
    },
    /// Lines with bands over a numeric x (strength per round, tuning curve).
    Curves {
        title: String,
        x_label: String,
        y_label: String,
        x_scale: Scale,
        y_scale: Scale,
        curves: Vec<Curve>,
        reference: Option<f64>,
    },
    /// Shares stacked to 1 over a numeric x (State occupancy per round).
    Stacked {
        title: String,
        x_label: String,
        layers: Vec<(String, Vec<(f64, f64)>)>,
    },
    /// Bars at integer x (a histogram of shares: y in percent).
    Bars {
        title: String,
        x_label: String,
        y_label: String,
        bars: Vec<(i64, f64)>,
    },
    /// A value per cell of a grid (the sweep surface), shaded 0..1.
    Heatmap {
        title: String,
        x_label: String,
        y_label: String,
        xs: Vec<String>,
        ys: Vec<String>,
        /// `values[y][x]`.
        values: Vec<Vec<f64>>,
    },
}

/// Errors while drawing a chart.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw the chart `{title}`: {message}")]
pub struct ChartError {
    pub title: String,
    pub message: String,
}

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The font is compiled in and known to parse; a failure would only
        // leave labels out, never stop a report.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

impl Chart {
    pub fn title(&self) -> &str {
        match self {
            Chart::Intervals { title, .. }
            | Chart::Curves { title, .. }
            | Chart::Stacked { title, .. }
            | Chart::Bars { title, .. }
            | Chart::Heatmap { title, .. } => title,
        }
    }
}

/// The chart as an SVG document.
pub fn render_svg(chart: &Chart) -> Result<String, ChartError> {
    register_font();
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        draw(&root, chart).map_err(|message| ChartError {
            title: chart.title().to_string(),
            message,
        })?;
    }
    Ok(out)
}

/// Draws the chart into a PNG file at `path` (the caller makes it atomic).
pub fn render_png(chart: &Chart, path: &Path) -> Result<(), ChartError> {
    register_font();
    let root = BitMapBackend::new(path, SIZE).into_drawing_area();
    draw(&root, chart).map_err(|message| ChartError {
        title: chart.title().to_string(),
        message,
    })
}

type Drawn = Result<(), String>;

fn err<E: std::fmt::Display>(e: E) -> String {
    e.to_string()
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, chart: &Chart) -> Drawn {
    root.fill(&WHITE).map_err(err)?;
    match chart {
        Chart::Intervals {
            title,
            y_label,
            y_scale,
            items,
            reference,
        } => intervals(root, title, (y_label, *y_scale), items, *reference)?,
        Chart::Curves {
            title,
            x_label,
            y_label,
            x_scale,
            y_scale,
            curves: c,
            reference,
        } => curves(
            root,
            title,
            [(x_label, *x_scale), (y_label, *y_scale)],
            c,
            *reference,
        )?,
        Chart::Stacked {
            title,
            x_label,
            layers,
        } => stacked(root, title, x_label, layers)?,
        Chart::Bars {
            title,
            x_label,
            y_label,
            bars: b,
        } => bars(root, title, x_label, y_label, b)?,
        Chart::Heatmap {
            title,
            x_label,
            y_label,
            xs,
            ys,
            values,
        } => heatmap(root, title, x_label, y_label, xs, ys, values)?,
    }
    root.present().map_err(err)
}

/// `lo..hi` widened a little, and never empty.
fn padded(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let (lo, hi) = if lo.is_finite() && hi.is_finite() {
        (lo, hi)
    } else {
        (0.0, 1.0)
    };
    let span = (hi - lo).max(1e-6);
    (lo - 0.05 * span)..(hi + 0.05 * span)
}

/// A chart area with the title and label areas every chart uses.
type Plane = Cartesian2d<RangedCoordf64, RangedCoordf64>;

fn frame<'a, DB: DrawingBackend>(
    root: &'a DrawingArea<DB, Shift>,
    title: &str,
    (x_area, y_area): (u32, u32),
    x: std::ops::Range<f64>,
    y: std::ops::Range<f64>,
) -> Result<ChartContext<'a, DB, Plane>, String> {
    ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(x_area)
        .y_label_area_size(y_area)
        .build_cartesian_2d(x, y)
        .map_err(err)
}

/// Draws the legend of the labelled series.
fn legend<'a, DB: DrawingBackend + 'a>(chart: &mut ChartContext<'a, DB, Plane>) -> Drawn {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 12))
        .draw()
        .map_err(err)
}

/// The name of category `v` on an axis of categories 0, 1, 2, ...
fn category(names: &[String], v: &f64) -> String {
    let i = v.round();
    if (v - i).abs() < 1e-6 && i >= 0.0 {
        names.get(i as usize).cloned().unwrap_or_default()
    } else {
        String::new()
    }
}

fn short(label: &str) -> String {
    if label.chars().count() > 18 {
        format!("{}…", label.chars().take(17).collect::<String>())
    } else {
        label.to_string()
    }
}

/// Whether category `labels` must stand on end to fit side by side under
/// a plot `width` pixels wide (11-pixel text, about 6 pixels a
/// character): more than 8 labels that do not fit.
fn turned(labels: &[String], width: f64) -> bool {
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as f64;
    labels.len() > 8 && (widest * 6.0 + 5.0) * labels.len() as f64 > width
}

fn intervals<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (y_label, y_scale): (&str, Scale),
    items: &[Interval],
    reference: Option<f64>,
) -> Drawn {
    let lo = items
        .iter()
        .map(|i| i.lo)
        .chain(reference)
        .fold(f64::INFINITY, f64::min);
    let hi = items
        .iter()
        .map(|i| i.hi)
        .chain(reference)
        .fold(f64::NEG_INFINITY, f64::max);
    let n = items.len().max(1);
    let labels: Vec<String> = items.iter().map(|i| short(&i.label)).collect();
    let turn = turned(&labels, f64::from(root.dim_in_pixel().0) - 100.0);
    let mut chart = frame(
        root,
        title,
        (if turn { 90 } else { 40 }, 60),
        -0.5f64..(n as f64 - 0.5),
        padded(lo, hi),
    )?;
    let formatter = |x: &f64| category(&labels, x);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n.min(40))
        .x_label_formatter(&formatter)
        .x_label_style(if turn {
            ("sans-serif", 11)
                .into_font()
                .transform(FontTransform::Rotate90)
        } else {
            ("sans-serif", 12).into_font()
        })
        .y_label_formatter(&|v| y_scale.tick(*v))
        .y_desc(y_label)
        .draw()
        .map_err(err)?;
    if let Some(r) = reference {
        chart
            .draw_series(DashedLineSeries::new(
                [(-0.5, r), (n as f64 - 0.5, r)],
                6,
                4,
                BLACK.mix(0.5).stroke_width(1),
            ))
            .map_err(err)?;
    }
    chart
        .draw_series(items.iter().enumerate().map(|(i, it)| {
            ErrorBar::new_vertical(i as f64, it.lo, it.value, it.hi, BLUE.filled(), 10)
        }))
        .map_err(err)?;
    Ok(())
}

fn curves<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    [(x_label, x_scale), (y_label, y_scale)]: [(&str, Scale); 2],
    curves: &[Curve],
    reference: Option<f64>,
) -> Drawn {
    let all = || curves.iter().flat_map(|c| c.points.iter());
    let x0 = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let x1 = all().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y0 = all()
        .map(|p| p.1)
        .chain(reference)
        .fold(f64::INFINITY, f64::min);
    let y1 = all()
        .map(|p| p.3)
        .chain(reference)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut chart = frame(root, title, (40, 60), padded(x0, x1), padded(y0, y1))?;
    chart
        .configure_mesh()
        .x_label_formatter(&|v| x_scale.tick(*v))
        .y_label_formatter(&|v| y_scale.tick(*v))
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(err)?;
    if let Some(r) = reference {
        chart
            .draw_series(DashedLineSeries::new(
                [(x0, r), (x1, r)],
                6,
                4,
                BLACK.mix(0.5).stroke_width(1),
            ))
            .map_err(err)?;
    }
    for (i, c) in curves.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        let band: Vec<(f64, f64)> = c
            .points
            .iter()
            .map(|p| (p.0, p.3))
            .chain(c.points.iter().rev().map(|p| (p.0, p.1)))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                band,
                colour.mix(0.18).filled(),
            )))
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                c.points.iter().map(|p| (p.0, p.2)),
                colour.stroke_width(2),
            ))
            .map_err(err)?
            .label(short(&c.label))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
            });
    }
    legend(&mut chart)
}

fn stacked<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    layers: &[(String, Vec<(f64, f64)>)],
) -> Drawn {
    let xs: Vec<f64> = layers
        .first()
        .map(|l| l.1.iter().map(|p| p.0).collect())
        .unwrap_or_default();
    let x0 = xs.first().copied().unwrap_or(0.0);
    let x1 = xs.last().copied().unwrap_or(1.0);
    let mut chart = frame(root, title, (40, 60), padded(x0, x1), 0f64..1.0)?;
    chart
        .configure_mesh()
        .x_label_formatter(&|v| Scale::Whole.tick(*v))
        .y_label_formatter(&|v| Scale::Percent.tick(*v))
        .x_desc(x_label)
        .y_desc("share of battles")
        .draw()
        .map_err(err)?;
    let mut below = vec![0.0; xs.len()];
    for (i, (name, points)) in layers.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        let above: Vec<f64> = below.iter().zip(points).map(|(b, p)| b + p.1).collect();
        let poly: Vec<(f64, f64)> = xs
            .iter()
            .zip(&above)
            .map(|(&x, &y)| (x, y))
            .chain(xs.iter().zip(&below).rev().map(|(&x, &y)| (x, y)))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(
                poly,
                colour.mix(0.7).filled(),
            )))
            .map_err(err)?
            .label(short(name))
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], colour.filled()));
        below = above;
    }
    legend(&mut chart)
}

fn bars<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    bars: &[(i64, f64)],
) -> Drawn {
    let x0 = bars.iter().map(|b| b.0).min().unwrap_or(0) as f64;
    let x1 = bars.iter().map(|b| b.0).max().unwrap_or(1) as f64;
    let y1 = bars.iter().map(|b| b.1).fold(0.0, f64::max);
    let mut chart = frame(
        root,
        title,
        (40, 60),
        (x0 - 0.6)..(x1 + 0.6),
        0f64..(y1 * 1.08).max(1e-6),
    )?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|v| Scale::Whole.tick(*v))
        .y_label_formatter(&|v| Scale::Percent.tick(*v))
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(err)?;
    chart
        .draw_series(bars.iter().map(|&(x, y)| {
            Rectangle::new(
                [(x as f64 - 0.4, 0.0), (x as f64 + 0.4, y)],
                BLUE.mix(0.7).filled(),
            )
        }))
        .map_err(err)?;
    Ok(())
}

fn heatmap<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    x_label: &str,
    y_label: &str,
    xs: &[String],
    ys: &[String],
    values: &[Vec<f64>],
) -> Drawn {
    let (nx, ny) = (xs.len().max(1), ys.len().max(1));
    let mut chart = frame(
        root,
        title,
        (40, 70),
        -0.5f64..(nx as f64 - 0.5),
        -0.5f64..(ny as f64 - 0.5),
    )?;
    let fx = |v: &f64| category(xs, v);
    let fy = |v: &f64| category(ys, v);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(nx.min(30))
        .y_labels(ny.min(30))
        .x_label_formatter(&fx)
        .y_label_formatter(&fy)
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(err)?;
    for (yi, row) in values.iter().enumerate() {
        chart
            .draw_series(row.iter().enumerate().map(|(xi, &v)| {
                let v = v.clamp(0.0, 1.0);
                // Blue (0) through white (0.5) to red (1).
                let colour = if v < 0.5 {
                    let t = v / 0.5;
                    RGBColor((40.0 + 215.0 * t) as u8, (90.0 + 165.0 * t) as u8, 255)
                } else {
                    let t = (v - 0.5) / 0.5;
                    RGBColor(255, (255.0 - 165.0 * t) as u8, (255.0 - 215.0 * t) as u8)
                };
                Rectangle::new(
                    [
                        (xi as f64 - 0.5, yi as f64 - 0.5),
                        (xi as f64 + 0.5, yi as f64 + 0.5),
                    ],
                    colour.filled(),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(row.iter().enumerate().map(|(xi, &v)| {
                Text::new(
                    format!("{:.0}%", 100.0 * v),
                    (xi as f64 - 0.2, yi as f64),
                    ("sans-serif", 12).into_font(),
                )
            }))
            .map_err(err)?;
    }
    Ok(())
}

#[cfg(test)]
mod scale_tests {
    use super::Scale;

    #[test]
    fn ticks_read_as_percent_pp_whole_numbers_and_never_minus_zero() {
        assert_eq!(Scale::Percent.tick(0.42), "42%");
        assert_eq!(Scale::Percent.tick(0.425), "42.5%");
        assert_eq!(Scale::Percent.tick(-0.0), "0%");
        assert_eq!(Scale::PercentPoints.tick(0.02), "+2 pp");
        assert_eq!(Scale::PercentPoints.tick(-0.015), "-1.5 pp");
        assert_eq!(Scale::PercentPoints.tick(-0.0001), "0 pp");
        assert_eq!(Scale::Whole.tick(3.0), "3");
        assert_eq!(Scale::Whole.tick(2.5), "");
        assert_eq!(Scale::Whole.tick(-0.0), "0");
        assert_eq!(Scale::Number.tick(-0.0004), "0");
        assert_eq!(Scale::Number.tick(1.25), "1.25");
    }
}
