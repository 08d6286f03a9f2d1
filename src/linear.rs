//! Linear models over hashed text features: the learned part of the extractor. A text is
//! turned into features (lower-case words, word pairs, and cues the rules found, such as a
//! trigger's sub-event type), each feature hashed into one of 2^bits buckets, and a model
//! scores every class as the sum of its weights over the features (multinomial logistic
//! regression). Only hashed weights are stored, never text.
//!
//! The models are trained by `examples/train.rs` on the development sets and committed in
//! `data/model/`; this module only featurises and scores.

/// FNV-1a, 64 bits: the feature hash (the trainer uses this same function).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv_continue(FNV_OFFSET, bytes)
}

/// FNV-1a's offset basis: the hash of nothing.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a's step: the hash so far followed by one more byte.
const fn fnv_step(hash: u64, byte: u8) -> u64 {
    (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3)
}

/// [`fnv1a`] of `bytes` written after what `hash` is the hash of.
const fn fnv_continue(mut hash: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash = fnv_step(hash, bytes[i]);
        i += 1;
    }
    hash
}

/// The hashes of the feature prefixes: a word ("w:"), a word of context ("x:") and a pair
/// of words ("b:").
const WORD_PREFIX: u64 = fnv_continue(FNV_OFFSET, b"w:");
const CONTEXT_PREFIX: u64 = fnv_continue(FNV_OFFSET, b"x:");
const PAIR_PREFIX: u64 = fnv_continue(FNV_OFFSET, b"b:");

/// The words of a text as features read them: runs of letters and digits (of any script).
/// (An ASCII byte is told by itself; only other characters are decoded.)
fn feature_words(text: &str) -> impl Iterator<Item = &str> {
    let bytes = text.as_bytes();
    // Whether the character at a byte offset is a letter or digit, and its length.
    let word_char_at = move |at: usize| match bytes.get(at) {
        Some(b) if b.is_ascii() => (b.is_ascii_alphanumeric(), 1),
        _ => text
            .get(at..)
            .and_then(|rest| rest.chars().next())
            .map_or((false, 1), |c| (c.is_alphanumeric(), c.len_utf8())),
    };
    let mut at = 0;
    std::iter::from_fn(move || {
        loop {
            if at >= bytes.len() {
                return None;
            }
            let (in_word, len) = word_char_at(at);
            if in_word {
                break;
            }
            at += len;
        }
        let start = at;
        while at < bytes.len() {
            let (in_word, len) = word_char_at(at);
            if !in_word {
                break;
            }
            at += len;
        }
        text.get(start..at)
    })
}

/// A word as features spell it, into `out`: lower case, each run of digits as one `0`.
fn normalize_word(word: &str, out: &mut String) {
    out.clear();
    if word.is_ascii() {
        // Most words: copied and lower-cased whole.
        if !word.bytes().any(|b| b.is_ascii_digit()) {
            out.push_str(word);
            out.make_ascii_lowercase();
            return;
        }
        // With digits: byte by byte, no per-character case tables.
        for b in word.bytes() {
            if b.is_ascii_digit() {
                if !out.ends_with('0') {
                    out.push('0');
                }
            } else {
                out.push(char::from(b.to_ascii_lowercase()));
            }
        }
        return;
    }
    for c in word.chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('0') {
                out.push('0');
            }
        } else {
            out.extend(c.to_lowercase());
        }
    }
}

/// Collects a text's features as bucket numbers.
#[derive(Debug, Clone)]
pub struct Featurizer {
    bits: u32,
    buckets: Vec<u32>,
    scratch: String,
}

impl Featurizer {
    /// A featuriser into 2^bits buckets.
    pub fn new(bits: u32) -> Featurizer {
        Featurizer {
            bits: bits.clamp(8, 30),
            buckets: Vec::new(),
            scratch: String::new(),
        }
    }

    /// Starts a new text.
    pub fn clear(&mut self) {
        self.buckets.clear();
    }

    /// Adds one named feature ("t:Armed clash", "f:casualties").
    pub fn add(&mut self, feature: &str) {
        let bucket = (fnv1a(feature.as_bytes()) & ((1u64 << self.bits) - 1)) as u32;
        self.buckets.push(bucket);
    }

    /// Adds the feature spelled by `parts` written one after another (["t:", "Attack"] is
    /// "t:Attack"), without building the string.
    pub fn add_joined(&mut self, parts: &[&str]) {
        let hash = parts
            .iter()
            .fold(FNV_OFFSET, |hash, part| fnv_continue(hash, part.as_bytes()));
        self.add_hash(hash);
    }

    /// Adds the words of a text (lower case, digits as `0`) and each pair of neighbouring
    /// words.
    pub fn add_words(&mut self, text: &str) {
        self.add_words_with(None, text);
    }

    /// Adds the words of a text and each pair of neighbouring words, as [`Featurizer::add_words`]
    /// does, and the words alone to `context`, as [`Featurizer::add_context_words`] does: one
    /// pass for two models that read the same text.
    pub fn add_words_and_context(&mut self, context: &mut Featurizer, text: &str) {
        self.add_words_with(Some(context), text);
    }

    /// Words and word pairs to this featuriser, and the words alone to `context` if given.
    /// Each word's bytes are hashed once for all the features it is part of: as a word, as
    /// context, as the second of a pair and as the first of the next.
    fn add_words_with(&mut self, mut context: Option<&mut Featurizer>, text: &str) {
        let mut word_norm = std::mem::take(&mut self.scratch);
        // The hash of "b:" and the word before with its space, once there is one.
        let mut pair_so_far: Option<u64> = None;
        for word in feature_words(text) {
            normalize_word(word, &mut word_norm);
            let (mut word_hash, mut context_hash) = (WORD_PREFIX, CONTEXT_PREFIX);
            let (mut pair_hash, mut next_pair) = (pair_so_far.unwrap_or(0), PAIR_PREFIX);
            // (Four independent chains: the processor runs them side by side.)
            for &b in word_norm.as_bytes() {
                word_hash = fnv_step(word_hash, b);
                context_hash = fnv_step(context_hash, b);
                pair_hash = fnv_step(pair_hash, b);
                next_pair = fnv_step(next_pair, b);
            }
            self.add_hash(word_hash);
            if let Some(context) = context.as_deref_mut() {
                context.add_hash(context_hash);
            }
            if pair_so_far.is_some() {
                self.add_hash(pair_hash);
            }
            pair_so_far = (!word_norm.is_empty()).then(|| fnv_step(next_pair, b' '));
        }
        self.scratch = word_norm;
    }

    /// Adds the words of a text as context (lower case, digits as `0`), without pairs.
    pub fn add_context_words(&mut self, text: &str) {
        let mut word_norm = std::mem::take(&mut self.scratch);
        for word in feature_words(text) {
            normalize_word(word, &mut word_norm);
            self.add_hash(fnv_continue(CONTEXT_PREFIX, word_norm.as_bytes()));
        }
        self.scratch = word_norm;
    }

    /// Adds the feature whose [`fnv1a`] hash is `hash`.
    fn add_hash(&mut self, hash: u64) {
        self.buckets.push((hash & ((1u64 << self.bits) - 1)) as u32);
    }

    /// The features so far, each bucket once, sorted.
    pub fn features(&mut self) -> &[u32] {
        self.buckets.sort_unstable();
        self.buckets.dedup();
        &self.buckets
    }
}

/// Errors reading a model file.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The bytes are not a model of this format.
    #[error("model {name}: {problem}")]
    Format {
        /// Which model.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

/// A multinomial logistic regression over hashed features, with sparse weights.
#[derive(Debug, Clone)]
pub struct LinearModel {
    bits: u32,
    classes: usize,
    bias: Vec<f32>,
    /// Where each bucket's weights lie in `entries`.
    buckets: Buckets,
    /// (class, weight) pairs, grouped by bucket.
    entries: Vec<(u8, f32)>,
}

/// Which buckets have weights, and where in the entries they lie: a bitmap of the non-empty
/// buckets with a running count per 64 of them, and the start of each non-empty bucket's
/// run. About 200 KB for 2^20 buckets where a start per bucket took 4 MB, so that scoring a
/// text's features stays in the processor's cache.
#[derive(Debug, Clone)]
struct Buckets {
    /// Bit `b % 64` of word `b / 64`: bucket `b` has weights.
    present: Vec<u64>,
    /// Non-empty buckets before each word of `present`.
    rank: Vec<u32>,
    /// Start of each non-empty bucket's entries, then the end of the last.
    starts: Vec<u32>,
}

impl Buckets {
    /// From a start per bucket and the end (`dense.len()` is the number of buckets + 1).
    fn from_dense_starts(dense: &[u32]) -> Buckets {
        let buckets = dense.len().saturating_sub(1);
        let mut present = vec![0u64; buckets.div_ceil(64)];
        let mut rank = vec![0u32; buckets.div_ceil(64)];
        let mut starts = Vec::new();
        for (b, pair) in dense.windows(2).enumerate() {
            if b % 64 == 0
                && let Some(r) = rank.get_mut(b / 64)
            {
                *r = starts.len() as u32;
            }
            if pair[1] > pair[0] {
                if let Some(word) = present.get_mut(b / 64) {
                    *word |= 1 << (b % 64);
                }
                starts.push(pair[0]);
            }
        }
        starts.push(dense.last().copied().unwrap_or(0));
        Buckets {
            present,
            rank,
            starts,
        }
    }

    /// The range of `entries` holding a bucket's weights, an empty one for an empty bucket,
    /// computed without branching on the bucket's bits.
    fn range_or_empty(&self, bucket: usize) -> (u32, u32) {
        let (Some(&word), Some(&rank)) =
            (self.present.get(bucket / 64), self.rank.get(bucket / 64))
        else {
            return (0, 0);
        };
        let bit = 1u64 << (bucket % 64);
        // The number of non-empty buckets before this one: this bucket's entries start
        // there when it has any, and the next non-empty bucket's do when it has none.
        let k = rank as usize + (word & (bit - 1)).count_ones() as usize;
        let has = usize::from(word & bit != 0);
        let start = self.starts.get(k).copied().unwrap_or(0);
        let end = self.starts.get(k + has).copied().unwrap_or(start);
        (start, end)
    }
}

const MAGIC: &[u8; 4] = b"IMLM";

impl LinearModel {
    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.classes
    }

    /// Hash bits of the features the model expects.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// A model from dense weights (`weights[bucket * classes + class]`), keeping only
    /// weights whose magnitude is at least `min_weight` (the trainer).
    pub fn from_dense(
        bits: u32,
        classes: usize,
        bias: Vec<f32>,
        weights: &[f32],
        min_weight: f32,
    ) -> LinearModel {
        let buckets = 1usize << bits;
        let mut starts = Vec::with_capacity(buckets + 1);
        let mut entries = Vec::new();
        for b in 0..buckets {
            starts.push(entries.len() as u32);
            for c in 0..classes {
                let w = weights.get(b * classes + c).copied().unwrap_or(0.0);
                if w.abs() >= min_weight && w != 0.0 {
                    entries.push((c as u8, w));
                }
            }
        }
        starts.push(entries.len() as u32);
        LinearModel {
            bits,
            classes,
            bias,
            buckets: Buckets::from_dense_starts(&starts),
            entries,
        }
    }

    /// Class scores (logits) of a set of features.
    pub fn scores(&self, features: &[u32]) -> Vec<f32> {
        let mut scores = self.bias.clone();
        // Two passes: first where every feature's weights lie, with no branch on whether
        // its bucket has any (most have none), so that the look-ups, mostly cache misses,
        // overlap; then the sums, in feature order as before.
        let ranges: Vec<(u32, u32)> = features
            .iter()
            .map(|&f| self.buckets.range_or_empty(f as usize))
            .collect();
        for (a, b) in ranges {
            for &(c, w) in self.entries.get(a as usize..b as usize).unwrap_or(&[]) {
                if let Some(s) = scores.get_mut(c as usize) {
                    *s += w;
                }
            }
        }
        scores
    }

    /// Class probabilities (softmax of the scores).
    pub fn probabilities(&self, features: &[u32]) -> Vec<f32> {
        softmax(&self.scores(features))
    }

    /// The model as bytes: magic, bits, classes, bias, then (bucket, class, weight) runs.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.bits.to_le_bytes());
        out.extend_from_slice(&(self.classes as u32).to_le_bytes());
        for b in &self.bias {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for bucket in 0..1usize << self.bits {
            let (a, b) = self.buckets.range_or_empty(bucket);
            for &(c, w) in self.entries.get(a as usize..b as usize).unwrap_or(&[]) {
                out.extend_from_slice(&(bucket as u32).to_le_bytes());
                out.push(c);
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out
    }

    /// Reads a model written by [`LinearModel::to_bytes`].
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<LinearModel, ModelError> {
        let bad = |problem: &str| ModelError::Format {
            name: name.to_string(),
            problem: problem.to_string(),
        };
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(4).ok_or_else(|| bad("too short"))? != MAGIC {
            return Err(bad("not a model file"));
        }
        let bits = reader.u32().ok_or_else(|| bad("truncated header"))?;
        let classes = reader.u32().ok_or_else(|| bad("truncated header"))? as usize;
        if !(8..=30).contains(&bits) || classes == 0 || classes > 255 {
            return Err(bad("bad header"));
        }
        let mut bias = Vec::with_capacity(classes);
        for _ in 0..classes {
            bias.push(reader.f32().ok_or_else(|| bad("truncated bias"))?);
        }
        let count = reader.u32().ok_or_else(|| bad("truncated"))? as usize;
        let buckets = 1usize << bits;
        let mut starts = vec![0u32; buckets + 1];
        let mut entries = Vec::with_capacity(count);
        let mut last_bucket = 0usize;
        for _ in 0..count {
            let bucket = reader.u32().ok_or_else(|| bad("truncated weights"))? as usize;
            let class = reader.take(1).ok_or_else(|| bad("truncated weights"))?[0];
            let weight = reader.f32().ok_or_else(|| bad("truncated weights"))?;
            if bucket >= buckets || bucket < last_bucket || usize::from(class) >= classes {
                return Err(bad("weights out of order or out of range"));
            }
            last_bucket = bucket;
            starts[bucket + 1] += 1;
            entries.push((class, weight));
        }
        for b in 0..buckets {
            starts[b + 1] += starts[b];
        }
        Ok(LinearModel {
            bits,
            classes,
            bias,
            buckets: Buckets::from_dense_starts(&starts),
            entries,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(slice)
    }

    fn u32(&mut self) -> Option<u32> {
        self.take(4)?.try_into().ok().map(u32::from_le_bytes)
    }

    fn f32(&mut self) -> Option<f32> {
        self.take(4)?.try_into().ok().map(f32::from_le_bytes)
    }
}

/// Softmax of scores.
pub fn softmax(scores: &[f32]) -> Vec<f32> {
    let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exp: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
    let sum: f32 = exp.iter().sum();
    if sum > 0.0 && sum.is_finite() {
        exp.iter().map(|e| e / sum).collect()
    } else {
        vec![1.0 / scores.len().max(1) as f32; scores.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_are_words_and_pairs_hashed() {
        let mut f = Featurizer::new(16);
        f.add_words("Rebels shelled Gao; 12 died");
        let words = f.features().len();
        // 5 words and 4 pairs, all in different buckets with this text.
        assert_eq!(words, 9);
        let mut g = Featurizer::new(16);
        g.add_words("REBELS shelled gao; 99 died");
        assert_eq!(f.features(), g.features(), "case and digits do not matter");
    }

    /// The trained models hash the spelled-out feature strings: words and pairs hashed in
    /// parts must land in the same buckets.
    #[test]
    fn words_hash_as_their_spelled_out_features() {
        let spelled = |feature: &str| (fnv1a(feature.as_bytes()) & ((1 << 16) - 1)) as u32;
        let mut expected: Vec<u32> = [
            "w:rebels",
            "w:shelled",
            "b:rebels shelled",
            "w:gao",
            "b:shelled gao",
            "w:0",
            "b:gao 0",
            "w:éte",
            "b:0 éte",
        ]
        .iter()
        .map(|f| spelled(f))
        .collect();
        expected.sort_unstable();
        expected.dedup();
        let mut f = Featurizer::new(16);
        f.add_words("Rebels shelled Gao; 1200 ÉTE");
        assert_eq!(f.features(), expected.as_slice());
        let (mut joined, mut whole) = (Featurizer::new(16), Featurizer::new(16));
        joined.add_joined(&["pt:", "state", "&", "Attack"]);
        whole.add("pt:state&Attack");
        assert_eq!(joined.features(), whole.features());
        let mut g = Featurizer::new(16);
        g.add_context_words("Gao 12");
        let mut context = vec![spelled("x:gao"), spelled("x:0")];
        context.sort_unstable();
        assert_eq!(g.features(), context.as_slice());
    }

    /// Words, context and pairs hashed in one pass over each word are the features spelled
    /// out one by one, whatever the script, digits and punctuation.
    #[test]
    fn one_pass_hashing_gives_the_spelled_out_features() {
        let texts = [
            "",
            "one",
            "Gunmen killed 3 farmers near Tilléri; 2,500 fled.",
            "İstanbul’da ÇATIŞMA — 12 ölü",
            "Ünïcödé ﬁre at Straße 9a, 東京 and Кабул",
            "a  b\tc\n\nd--e",
            "١٢ قتيلا في الموصل",
            "cafe\u{301} 😀x\u{200b}y ²³ Ⅻ",
        ];
        for text in texts {
            let mut word = String::new();
            let mut spelled_words: Vec<u32> = Vec::new();
            let mut spelled_context: Vec<u32> = Vec::new();
            let mut previous: Option<String> = None;
            for raw in text
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
            {
                normalize_word(raw, &mut word);
                let bucket = |feature: String| (fnv1a(feature.as_bytes()) & ((1 << 18) - 1)) as u32;
                spelled_words.push(bucket(format!("w:{word}")));
                spelled_context.push(bucket(format!("x:{word}")));
                if let Some(previous) = &previous {
                    spelled_words.push(bucket(format!("b:{previous} {word}")));
                }
                previous = Some(word.clone());
            }
            let (mut words, mut context) = (Featurizer::new(18), Featurizer::new(18));
            words.add_words_and_context(&mut context, text);
            assert_eq!(words.buckets, spelled_words, "{text:?}");
            assert_eq!(context.buckets, spelled_context, "{text:?}");
            let mut context_alone = Featurizer::new(18);
            context_alone.add_context_words(text);
            assert_eq!(context_alone.buckets, spelled_context, "{text:?}");
        }
    }

    #[test]
    fn every_bucket_scores_its_own_weights() {
        // Weights in buckets at word edges (0, 63, 64, 127, 255) and a scattered few,
        // with one to three classes each: every bucket's scores are its dense weights.
        let bits = 8;
        let classes = 3;
        let mut dense = vec![0.0f32; (1 << bits) * classes];
        let weighted = [
            (0, 0),
            (63, 1),
            (63, 2),
            (64, 0),
            (100, 1),
            (127, 0),
            (127, 1),
        ];
        let mut set = |bucket: usize, class: usize| {
            dense[bucket * classes + class] = (bucket * 10 + class) as f32 + 0.5;
        };
        for (bucket, class) in weighted {
            set(bucket, class);
        }
        for class in 0..classes {
            set(255, class);
        }
        let model = LinearModel::from_dense(bits, classes, vec![0.0; classes], &dense, 0.001);
        for bucket in 0..1usize << bits {
            let expected: Vec<f32> = dense[bucket * classes..(bucket + 1) * classes].to_vec();
            assert_eq!(model.scores(&[bucket as u32]), expected, "bucket {bucket}");
        }
        assert_eq!(
            model.scores(&[1 << bits]),
            vec![0.0; classes],
            "out of range"
        );
        let back = LinearModel::from_bytes("test", &model.to_bytes()).unwrap();
        assert_eq!(back.to_bytes(), model.to_bytes());
        assert_eq!(back.scores(&[63, 64, 255]), model.scores(&[63, 64, 255]));
    }

    #[test]
    fn a_model_round_trips_and_scores() {
        let bits = 8;
        let classes = 3;
        let mut dense = vec![0.0f32; (1 << bits) * classes];
        let mut f = Featurizer::new(bits);
        f.add("w:protest");
        let bucket = f.features()[0] as usize;
        dense[bucket * classes + 2] = 2.5;
        dense[bucket * classes + 1] = 0.0001;
        let model = LinearModel::from_dense(bits, classes, vec![0.1, 0.0, -0.1], &dense, 0.001);
        let back = LinearModel::from_bytes("test", &model.to_bytes()).unwrap();
        let p = back.probabilities(f.features());
        assert!(p[2] > 0.8, "{p:?}");
        assert_eq!(back.scores(&[]), vec![0.1, 0.0, -0.1]);
        assert!(LinearModel::from_bytes("test", b"IMLM").is_err());
        assert!(LinearModel::from_bytes("test", b"nope").is_err());
        let mut truncated = model.to_bytes();
        truncated.truncate(truncated.len() - 2);
        assert!(LinearModel::from_bytes("test", &truncated).is_err());
    }
}
