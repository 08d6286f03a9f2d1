//! How likely an incident is right as coded: a logistic model over what the extractor
//! knows about its own decision (how sure the event model was of the type, how sure the
//! relevance model was that the document reports an incident, how the place and the date
//! were found). Its weights are fitted by `examples/train.rs` on development notes the
//! event and relevance models did not learn from (right = event type right and place within
//! 161 km of ACLED's), so that of the incidents given 0.8 about 80% are right; they live in
//! `data/model/calibration.tsv` with the fit's reliability table.

use std::sync::OnceLock;

/// The calibration weights bundled with the app (`name<TAB>weight` lines, `#` comments).
pub const BUNDLED_CALIBRATION: &str = include_str!("../../data/model/calibration.tsv");

/// Names of the inputs, in order (the weights file uses them).
pub const INPUT_NAMES: [&str; 9] = [
    "bias",
    "type_probability",
    "relevance",
    "place_confidence",
    "town",
    "story_place",
    "unplaced",
    "own_date",
    "trigger",
];

/// What the extractor knows about one incident's coding, as numbers in [0, 1].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ConfidenceInputs {
    /// The inputs, named by [`INPUT_NAMES`].
    pub values: [f32; 9],
}

impl ConfidenceInputs {
    /// The inputs of an incident.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        type_probability: f32,
        relevance: f32,
        place_confidence: Option<f32>,
        town: bool,
        story_place: bool,
        unplaced: bool,
        own_date: bool,
        trigger: bool,
    ) -> ConfidenceInputs {
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        ConfidenceInputs {
            values: [
                1.0,
                type_probability,
                relevance,
                place_confidence.unwrap_or(0.0),
                flag(town),
                flag(story_place),
                flag(unplaced),
                flag(own_date),
                flag(trigger),
            ],
        }
    }
}

/// A fitted calibration: one weight per input.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// Weights in [`INPUT_NAMES`] order.
    pub weights: [f32; 9],
}

impl Calibration {
    /// The bundled calibration, or a neutral one (the type probability alone) when the file
    /// holds no weights yet.
    pub fn bundled() -> &'static Calibration {
        static CALIBRATION: OnceLock<Calibration> = OnceLock::new();
        CALIBRATION.get_or_init(|| {
            let fitted = BUNDLED_CALIBRATION
                .lines()
                .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
            if !fitted {
                return Calibration::neutral();
            }
            Calibration::parse(BUNDLED_CALIBRATION).unwrap_or_else(|err| {
                log::warn!("calibration: {err}; using the event model's probability alone");
                Calibration::neutral()
            })
        })
    }

    /// The type probability alone (no fit).
    pub fn neutral() -> Calibration {
        let mut weights = [0.0; 9];
        weights[1] = 1.0;
        Calibration { weights }
    }

    /// Reads `name<TAB>weight` lines.
    pub fn parse(text: &str) -> Result<Calibration, String> {
        let mut weights = [f32::NAN; 9];
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, value) = line
                .split_once('\t')
                .ok_or_else(|| format!("line {}: expected name<TAB>weight", n + 1))?;
            let index = INPUT_NAMES
                .iter()
                .position(|k| *k == name.trim())
                .ok_or_else(|| format!("line {}: unknown input {name:?}", n + 1))?;
            weights[index] = value
                .trim()
                .parse()
                .map_err(|_| format!("line {}: {value:?} is not a number", n + 1))?;
        }
        if weights.iter().any(|w| w.is_nan()) {
            return Err("not every input has a weight".into());
        }
        Ok(Calibration { weights })
    }

    /// The weights as the file holds them.
    pub fn to_tsv(&self) -> String {
        INPUT_NAMES
            .iter()
            .zip(self.weights)
            .map(|(name, w)| format!("{name}\t{w:.5}\n"))
            .collect()
    }

    /// The probability that an incident with these inputs is right.
    pub fn confidence(&self, inputs: &ConfidenceInputs) -> f32 {
        if self == &Calibration::neutral() {
            return inputs.values[1];
        }
        let z: f32 = self
            .weights
            .iter()
            .zip(inputs.values)
            .map(|(w, x)| w * x)
            .sum();
        1.0 / (1.0 + (-z).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let mut c = Calibration::neutral();
        c.weights = [-2.0, 3.0, 1.0, 0.5, 0.2, -0.3, -1.0, 0.4, 0.1];
        assert_eq!(Calibration::parse(&c.to_tsv()), Ok(c.clone()));
        assert!(Calibration::parse("bias\t1\n").is_err());
        assert!(Calibration::parse("bias\tx\n").is_err());
        assert!(Calibration::parse("nonsense\t1\n").is_err());
        let sure = ConfidenceInputs::new(0.99, 1.0, Some(1.0), true, false, false, true, true);
        let unsure = ConfidenceInputs::new(0.3, 0.6, None, false, false, true, false, false);
        assert!(c.confidence(&sure) > c.confidence(&unsure));
        assert!((0.0..=1.0).contains(&c.confidence(&unsure)));
    }
}
