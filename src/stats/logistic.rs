//! Binomial logistic regression on grouped outcomes, fitted by iteratively
//! reweighted least squares (IRLS, Newton's method on the log-likelihood):
//! row `i` has covariates `x_i`, `n_i` trials and `y_i` successes (may be
//! fractional: a draw counts half a win). Gives the coefficients, their
//! covariance (the inverse Fisher information at the optimum), and the
//! residual deviance with its chi-square goodness-of-fit p-value against the
//! saturated model. nalgebra does the linear algebra (Cholesky).

use nalgebra::{DMatrix, DVector};
use statrs::distribution::{ChiSquared, ContinuousCDF};

/// One group of trials sharing covariates.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub x: Vec<f64>,
    pub successes: f64,
    pub trials: f64,
}

/// A fitted model.
#[derive(Clone, Debug, PartialEq)]
pub struct LogitFit {
    pub coef: Vec<f64>,
    /// Covariance of the coefficients, row-major `p x p`.
    pub cov: Vec<f64>,
    /// Residual deviance against the saturated model.
    pub deviance: f64,
    /// Degrees of freedom of the deviance: groups minus coefficients.
    pub df: usize,
    pub iterations: usize,
}

impl LogitFit {
    pub fn variance(&self, i: usize) -> f64 {
        self.cov[i * self.coef.len() + i]
    }

    pub fn covariance(&self, i: usize, j: usize) -> f64 {
        self.cov[i * self.coef.len() + j]
    }

    /// P(deviance at least this large | the model holds); small values say
    /// the model does not fit. None without degrees of freedom.
    pub fn goodness_of_fit(&self) -> Option<f64> {
        let chi = ChiSquared::new(self.df as f64).ok()?;
        Some(1.0 - chi.cdf(self.deviance))
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FitError {
    #[error("no groups to fit")]
    Empty,
    #[error("groups have {found} covariates where the first has {expected}")]
    Ragged { expected: usize, found: usize },
    #[error("the covariates are collinear (coefficient {0} cannot be told apart from the others)")]
    Singular(usize),
    #[error("the fit did not converge in {0} iterations (a covariate separates wins from losses)")]
    NoConvergence(usize),
}

const MAX_ITERATIONS: usize = 100;
const TOLERANCE: f64 = 1e-10;

/// Fits `logit P(success) = x · coef` by maximum likelihood.
pub fn fit(groups: &[Group]) -> Result<LogitFit, FitError> {
    let p = groups.first().ok_or(FitError::Empty)?.x.len();
    if let Some(g) = groups.iter().find(|g| g.x.len() != p) {
        return Err(FitError::Ragged {
            expected: p,
            found: g.x.len(),
        });
    }
    let mut coef = DVector::<f64>::zeros(p);
    for iteration in 1..=MAX_ITERATIONS {
        let (info, score) = information_and_score(groups, &coef);
        let chol = info.clone().cholesky().ok_or_else(|| singular(&info))?;
        let step = chol.solve(&score);
        coef += &step;
        if step.amax() < TOLERANCE * (1.0 + coef.amax()) {
            let (info, _) = information_and_score(groups, &coef);
            let cov = info.cholesky().ok_or(FitError::Singular(0))?.inverse();
            return Ok(LogitFit {
                coef: coef.iter().copied().collect(),
                cov: (0..p)
                    .flat_map(|i| (0..p).map(move |j| (i, j)))
                    .map(|(i, j)| cov[(i, j)])
                    .collect(),
                deviance: deviance(groups, &coef),
                df: groups.len().saturating_sub(p),
                iterations: iteration,
            });
        }
        if coef.amax() > 50.0 {
            break;
        }
    }
    Err(FitError::NoConvergence(MAX_ITERATIONS))
}

/// The first coefficient whose column of the information matrix is
/// (numerically) a combination of the earlier ones.
fn singular(info: &DMatrix<f64>) -> FitError {
    let p = info.nrows();
    (1..=p)
        .find(|&k| info.view((0, 0), (k, k)).into_owned().cholesky().is_none())
        .map_or(FitError::Singular(0), |k| FitError::Singular(k - 1))
}

fn probability(x: &[f64], coef: &DVector<f64>) -> f64 {
    let eta: f64 = x.iter().zip(coef.iter()).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-eta).exp())
}

/// The Fisher information `X'WX` and the score `X'(y - n·p)` at `coef`.
fn information_and_score(groups: &[Group], coef: &DVector<f64>) -> (DMatrix<f64>, DVector<f64>) {
    let p = coef.len();
    let mut info = DMatrix::<f64>::zeros(p, p);
    let mut score = DVector::<f64>::zeros(p);
    for g in groups {
        let mu = probability(&g.x, coef);
        let w = g.trials * mu * (1.0 - mu);
        let r = g.successes - g.trials * mu;
        for i in 0..p {
            score[i] += g.x[i] * r;
            for j in 0..p {
                info[(i, j)] += w * g.x[i] * g.x[j];
            }
        }
    }
    (info, score)
}

fn deviance(groups: &[Group], coef: &DVector<f64>) -> f64 {
    let term = |obs: f64, fitted: f64| {
        if obs <= 0.0 {
            0.0
        } else {
            obs * (obs / fitted).ln()
        }
    };
    groups
        .iter()
        .map(|g| {
            let mu = g.trials * probability(&g.x, coef);
            2.0 * (term(g.successes, mu) + term(g.trials - g.successes, g.trials - mu))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A textbook case solved in closed form: one binary covariate gives
    /// the two groups' log-odds exactly.
    #[test]
    fn two_groups_fit_their_log_odds() {
        let groups = vec![
            Group {
                x: vec![1.0, 0.0],
                successes: 30.0,
                trials: 40.0,
            },
            Group {
                x: vec![1.0, 1.0],
                successes: 10.0,
                trials: 50.0,
            },
        ];
        let f = fit(&groups).unwrap();
        let base = (30.0f64 / 10.0).ln();
        let treated = (10.0f64 / 40.0).ln();
        assert!((f.coef[0] - base).abs() < 1e-9);
        assert!((f.coef[1] - (treated - base)).abs() < 1e-9);
        // Var of a log-odds is 1/(n p (1-p)); the difference adds both.
        let var0 = 1.0 / (40.0 * 0.75 * 0.25);
        let var1 = var0 + 1.0 / (50.0 * 0.2 * 0.8);
        assert!((f.variance(0) - var0).abs() < 1e-9);
        assert!((f.variance(1) - var1).abs() < 1e-9);
        assert!(f.deviance.abs() < 1e-9);
        assert_eq!(f.df, 0);
    }

    #[test]
    fn collinear_covariates_are_named() {
        let groups: Vec<Group> = (0..4)
            .map(|i| Group {
                x: vec![1.0, i as f64, 2.0 * i as f64],
                successes: 3.0,
                trials: 10.0,
            })
            .collect();
        assert_eq!(fit(&groups), Err(FitError::Singular(2)));
    }
}
