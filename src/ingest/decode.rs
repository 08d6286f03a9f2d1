//! Bytes to text. The encoding comes from a byte-order mark (UTF-8, UTF-16LE/BE), else an
//! HTML `charset` declaration, else the bytes themselves: valid UTF-8 is UTF-8, and anything
//! else is guessed by `chardetng` (Windows-1252 and other legacy encodings). Binary and empty
//! input is refused. Which encoding was assumed is reported unless it was plain UTF-8.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// Largest input read whole (50 MB). JSON Lines, CSV and standard input are streamed line by
/// line instead, so no size limit applies to them; this bound only protects memory for
/// formats that must be parsed whole (text, Markdown, JSON, HTML).
pub const MAX_FILE_BYTES: usize = 50_000_000;

/// Bytes looked at to choose the encoding of a stream.
pub const SNIFF_BYTES: usize = 64 * 1024;

/// Text decoded from bytes, with what was assumed on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text, without a byte-order mark.
    pub text: String,
    /// A note for the import report: the encoding assumed (when not plain UTF-8) and any
    /// bytes that had to be replaced.
    pub note: Option<String>,
}

/// How an encoding was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncodingSource {
    /// A byte-order mark.
    ByteOrderMark,
    /// The document's own `charset` declaration.
    Declared,
    /// The bytes are valid UTF-8.
    ValidUtf8,
    /// Guessed from the bytes (no mark, no declaration, not UTF-8).
    Guessed,
}

/// The encoding of some bytes (the whole input, or the head of a stream) and how it was
/// chosen; `Err` when the bytes are binary.
pub fn sniff_encoding(
    head: &[u8],
    complete: bool,
) -> Result<(&'static Encoding, EncodingSource), String> {
    if let Some((encoding, _)) = Encoding::for_bom(head) {
        return Ok((encoding, EncodingSource::ByteOrderMark));
    }
    if let Some(encoding) = utf16_without_bom(head) {
        return Ok((encoding, EncodingSource::Guessed));
    }
    let probe = &head[..head.len().min(8192)];
    if probe.contains(&0) {
        return Err("file looks binary (it holds NUL bytes), not text".into());
    }
    if let Some(encoding) = declared_charset(head) {
        return Ok((encoding, EncodingSource::Declared));
    }
    if is_utf8_prefix(head, complete) {
        return Ok((UTF_8, EncodingSource::ValidUtf8));
    }
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    detector.feed(head, complete);
    Ok((
        detector.guess(None, chardetng::Utf8Detection::Allow),
        EncodingSource::Guessed,
    ))
}

/// Decodes a whole input. Returns the text and a note, or the problem.
///
/// ```
/// use incident_map::ingest::decode_bytes;
/// // "café" in Windows-1252, as old Western European files have it.
/// let decoded = decode_bytes(b"Le caf\xE9 du port a br\xFBl\xE9 hier soir.").unwrap();
/// assert!(decoded.text.starts_with("Le café"));
/// assert!(decoded.note.unwrap().contains("windows-1252"));
/// ```
pub fn decode_bytes(bytes: &[u8]) -> Result<Decoded, String> {
    let (encoding, source) = sniff_encoding(bytes, true)?;
    let body = match source {
        EncodingSource::ByteOrderMark => {
            let bom = Encoding::for_bom(bytes).map_or(0, |(_, n)| n);
            &bytes[bom..]
        }
        _ => bytes,
    };
    let (text, had_errors) = encoding.decode_without_bom_handling(body);
    let text = text.into_owned();
    if text.trim().is_empty() {
        return Err("file is empty".into());
    }
    let mut notes = Vec::new();
    if let Some(assumed) = describe(encoding, source) {
        notes.push(assumed);
    }
    if had_errors {
        let replaced = text.matches('\u{FFFD}').count();
        notes.push(format!(
            "{replaced} invalid byte sequence(s) replaced with U+FFFD"
        ));
    }
    Ok(Decoded {
        text,
        note: (!notes.is_empty()).then(|| notes.join("; ")),
    })
}

/// The import report's words for an encoding choice; none for plain UTF-8.
pub fn describe(encoding: &'static Encoding, source: EncodingSource) -> Option<String> {
    let name = encoding.name().to_ascii_lowercase();
    match source {
        EncodingSource::ValidUtf8 => None,
        EncodingSource::ByteOrderMark if encoding == UTF_8 => None,
        EncodingSource::ByteOrderMark => Some(format!("decoded as {name} (byte-order mark)")),
        EncodingSource::Declared if encoding == UTF_8 => None,
        EncodingSource::Declared => Some(format!("decoded as {name} (declared charset)")),
        EncodingSource::Guessed => Some(format!(
            "decoded as {name} (guessed: not UTF-8, no byte-order mark or charset)"
        )),
    }
}

/// True when the bytes are UTF-8, allowing (for the head of a stream) a character cut at
/// the end.
fn is_utf8_prefix(bytes: &[u8], complete: bool) -> bool {
    match std::str::from_utf8(bytes) {
        Ok(_) => true,
        Err(e) => !complete && e.error_len().is_none() && bytes.len() - e.valid_up_to() < 4,
    }
}

/// UTF-16 without a byte-order mark: mostly ASCII text whose every other byte is NUL.
fn utf16_without_bom(head: &[u8]) -> Option<&'static Encoding> {
    let sample = &head[..head.len().min(4096) & !1];
    if sample.len() < 16 {
        return None;
    }
    let pairs = sample.len() / 2;
    let even_zero = sample.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd_zero = sample
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|&&b| b == 0)
        .count();
    if odd_zero * 10 >= pairs * 7 && even_zero * 10 <= pairs {
        Some(UTF_16LE)
    } else if even_zero * 10 >= pairs * 7 && odd_zero * 10 <= pairs {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// The `charset` an HTML or XML document declares in its first kilobytes
/// (`<meta charset="...">`, `content="text/html; charset=..."`, `<?xml encoding="..."?>`).
fn declared_charset(head: &[u8]) -> Option<&'static Encoding> {
    let window = &head[..head.len().min(4096)];
    let lower: Vec<u8> = window.iter().map(u8::to_ascii_lowercase).collect();
    for key in [&b"charset="[..], &b"encoding="[..]] {
        let Some(at) = memchr::memmem::find(&lower, key) else {
            continue;
        };
        let rest = &window[at + key.len()..];
        let rest = rest
            .strip_prefix(b"\"")
            .or_else(|| rest.strip_prefix(b"'"))
            .unwrap_or(rest);
        let end = rest
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':' | b'.')))
            .unwrap_or(rest.len());
        if let Some(encoding) = Encoding::for_label(&rest[..end]) {
            // A declaration of UTF-16 in bytes we can read as ASCII is a lie.
            if encoding == UTF_16LE || encoding == UTF_16BE {
                return Some(UTF_8);
            }
            return Some(encoding);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(text: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        for unit in text.encode_utf16() {
            out.extend_from_slice(&unit.to_le_bytes());
        }
        out
    }

    #[test]
    fn decoding_table() {
        // (bytes, expected text, note contains)
        let rows: Vec<(Vec<u8>, &str, Option<&str>)> = vec![
            (b"hello".to_vec(), "hello", None),
            (b"\xEF\xBB\xBFhello".to_vec(), "hello", None),
            (
                b"Caf\xE9 cr\xE8me in S\xE3o Paulo".to_vec(),
                "Café crème in São Paulo",
                Some("windows-1252"),
            ),
            (
                utf16le("Dix soldats tués à Gao", true),
                "Dix soldats tués à Gao",
                Some("utf-16le (byte-order mark)"),
            ),
            (
                utf16le("Ambush near the river crossing", false),
                "Ambush near the river crossing",
                Some("utf-16le"),
            ),
            (
                b"<html><head><meta charset=\"iso-8859-1\"></head><body>Mal\xE9</body></html>"
                    .to_vec(),
                "<html><head><meta charset=\"iso-8859-1\"></head><body>Malé</body></html>",
                Some("declared charset"),
            ),
        ];
        for (bytes, text, note) in rows {
            let decoded = decode_bytes(&bytes).unwrap_or_else(|e| panic!("{e}: {bytes:?}"));
            assert_eq!(decoded.text, text);
            match note {
                Some(n) => assert!(
                    decoded.note.as_deref().is_some_and(|got| got.contains(n)),
                    "{:?} lacks {n}",
                    decoded.note
                ),
                None => assert_eq!(decoded.note, None, "{text}"),
            }
        }
    }

    #[test]
    fn binary_and_empty_input_is_refused() {
        assert!(decode_bytes(b"").is_err());
        assert!(decode_bytes(b" \n\t").is_err());
        assert!(decode_bytes(b"PK\x03\x04\x00\x00\x14\x00\x00\x00\x08\x00").is_err());
    }

    #[test]
    fn a_stream_head_may_end_inside_a_character() {
        let text = "Tués à Gao".as_bytes();
        let cut = &text[..text.len() - 1];
        let head = [b"abc ".as_slice(), &text[..2]].concat();
        assert_eq!(sniff_encoding(&head, false).map(|e| e.0), Ok(UTF_8));
        assert!(sniff_encoding(cut, false).is_ok());
    }
}
