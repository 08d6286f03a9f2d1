//! Bytes to text: UTF-8 with or without BOM, invalid bytes replaced (with a warning), and
//! binary or empty input refused.

/// Largest input read as one file (50 MB); bigger files are reported, not read.
pub const MAX_FILE_BYTES: usize = 50_000_000;

/// Decodes an input. Returns the text and an optional warning, or the problem.
pub fn decode_bytes(bytes: &[u8]) -> Result<(String, Option<String>), String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err("file is empty".into());
    }
    let head = &bytes[..bytes.len().min(8192)];
    if head.contains(&0) {
        return Err("file looks binary (it holds NUL bytes), not text".into());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok((text.to_string(), None)),
        Err(_) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let replaced = text.matches('\u{FFFD}').count();
            Ok((
                text,
                Some(format!(
                    "not valid UTF-8: {replaced} invalid byte sequence(s) replaced with U+FFFD"
                )),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_table() {
        let ok = |b: &[u8]| decode_bytes(b).map(|(t, w)| (t, w.is_some()));
        assert_eq!(ok(b"hello"), Ok(("hello".into(), false)));
        assert_eq!(ok(b"\xEF\xBB\xBFhello"), Ok(("hello".into(), false)));
        assert_eq!(ok(b"caf\xE9"), Ok(("caf\u{FFFD}".into(), true)));
        assert!(decode_bytes(b"").is_err());
        assert!(decode_bytes(b" \n\t").is_err());
        assert!(decode_bytes(b"PK\x03\x04\x00\x00").is_err());
    }
}
