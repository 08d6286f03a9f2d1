//! Reading one input into articles, as a stream. JSON Lines, CSV and standard input are
//! read line by line (record by record), so their size never limits what can be read: only
//! one line is held at a time, and a line longer than [`MAX_LINE_BYTES`] is skipped with a
//! warning. Other formats are parsed whole, up to [`MAX_FILE_BYTES`].

use std::io::{BufRead, BufReader, Read};

use encoding_rs::UTF_8;

use super::decode::{EncodingSource, MAX_FILE_BYTES, SNIFF_BYTES, describe, sniff_encoding};
use super::walk::InputFile;
use super::{ImportProblem, html, json, table, text};
use crate::model::Article;

/// Longest line (or CSV record) of a streamed input (20 MB).
pub const MAX_LINE_BYTES: usize = 20_000_000;

/// What reading an input yields, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadItem {
    /// An article.
    Article(Article),
    /// A problem (with the input's path and, for streams, the line).
    Problem(ImportProblem),
}

/// Reads one input, handing each article and problem to `emit` as soon as it is read;
/// `emit` returns false to stop early (cancel). Returns the bytes read.
pub fn read_input(input: &InputFile, emit: &mut dyn FnMut(ReadItem) -> bool) -> u64 {
    let streamed = input.is_stdin() || matches!(input.extension().as_str(), "jsonl" | "csv");
    let reader: Box<dyn Read> = if input.is_stdin() {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(&input.path) {
            Ok(file) => Box::new(file),
            Err(err) => {
                emit(problem(input, format!("cannot read: {err}"), false));
                return 0;
            }
        }
    };
    if streamed {
        read_stream(input, reader, emit)
    } else {
        read_whole(input, reader, emit)
    }
}

fn problem(input: &InputFile, text: impl Into<String>, recovered: bool) -> ReadItem {
    ReadItem::Problem(ImportProblem {
        path: input.path.display().to_string(),
        problem: text.into(),
        recovered,
    })
}

/// Text, Markdown, JSON and HTML: the whole file, decoded, then parsed.
fn read_whole(
    input: &InputFile,
    reader: Box<dyn Read>,
    emit: &mut dyn FnMut(ReadItem) -> bool,
) -> u64 {
    let mut bytes = Vec::new();
    let limit = MAX_FILE_BYTES as u64 + 1;
    if let Err(err) = reader.take(limit).read_to_end(&mut bytes) {
        emit(problem(input, format!("cannot read: {err}"), false));
        return bytes.len() as u64;
    }
    let read = bytes.len() as u64;
    if bytes.len() > MAX_FILE_BYTES {
        emit(problem(
            input,
            format!(
                "file is larger than the {} MB limit for one {} file (JSON Lines and CSV have no limit)",
                MAX_FILE_BYTES / 1_000_000,
                input.extension()
            ),
            false,
        ));
        return read;
    }
    let decoded = match super::decode_bytes(&bytes) {
        Ok(decoded) => decoded,
        Err(err) => {
            emit(problem(input, err, false));
            return read;
        }
    };
    drop(bytes);
    if let Some(note) = decoded.note
        && !emit(problem(input, note, true))
    {
        return read;
    }
    let parsed = match input.extension().as_str() {
        "json" => json::parse_json(&decoded.text, &input.id),
        "html" | "htm" => html::parse_html(&decoded.text, &input.id).map(|a| (vec![a], vec![])),
        _ => text::parse_text(&decoded.text, &input.id).map(|(a, w)| (vec![a], w)),
    };
    match parsed {
        Ok((articles, warnings)) => {
            for warning in warnings {
                if !emit(problem(input, warning, true)) {
                    return read;
                }
            }
            for article in articles {
                if !emit(ReadItem::Article(article)) {
                    return read;
                }
            }
        }
        Err(err) => {
            emit(problem(input, err, false));
        }
    }
    read
}

/// Counts the bytes that pass through a reader (progress).
struct Counting<R> {
    inner: R,
    count: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

/// JSON Lines, CSV and standard input: sniff the encoding from the head, then decode and
/// parse line by line (record by record for CSV).
fn read_stream(
    input: &InputFile,
    reader: Box<dyn Read>,
    emit: &mut dyn FnMut(ReadItem) -> bool,
) -> u64 {
    let mut buffered = BufReader::with_capacity(
        SNIFF_BYTES,
        Counting {
            inner: reader,
            count: 0,
        },
    );
    let head = match buffered.fill_buf() {
        Ok(head) => head.to_vec(),
        Err(err) => {
            emit(problem(input, format!("cannot read: {err}"), false));
            return 0;
        }
    };
    if head.iter().all(u8::is_ascii_whitespace) {
        // Empty input is no error for a stream (an empty partition of a larger job).
        if !input.is_stdin() {
            emit(problem(input, "file is empty", false));
        }
        return buffered.get_ref().count;
    }
    let complete = head.len() < SNIFF_BYTES;
    let (encoding, source) = match sniff_encoding(&head, complete) {
        Ok(found) => found,
        Err(err) => {
            emit(problem(input, err, false));
            return buffered.get_ref().count;
        }
    };
    if let Some(note) = describe(encoding, source)
        && !emit(problem(input, note, true))
    {
        return buffered.get_ref().count;
    }
    // UTF-8 passes through unchanged (lines with bad bytes are repaired one by one and
    // reported); anything else is transcoded to UTF-8 as it is read.
    let utf8 = encoding == UTF_8 && source != EncodingSource::ByteOrderMark;
    let decoded: Box<dyn BufRead + '_> = if utf8 {
        Box::new(&mut buffered)
    } else {
        Box::new(BufReader::new(
            encoding_rs_io::DecodeReaderBytesBuilder::new()
                .encoding(Some(encoding))
                .bom_override(true)
                .build(&mut buffered),
        ))
    };
    let csv = input.extension() == "csv";
    if csv {
        table::stream_csv(decoded, &input.id, &mut |item| match item {
            table::CsvItem::Article(article) => emit(ReadItem::Article(article)),
            table::CsvItem::Warning(warning) => emit(problem(input, warning, true)),
            table::CsvItem::Error(error) => emit(problem(input, error, false)),
        });
    } else {
        stream_json_lines(input, decoded, emit);
    }
    buffered.get_ref().count
}

fn stream_json_lines(
    input: &InputFile,
    mut reader: Box<dyn BufRead + '_>,
    emit: &mut dyn FnMut(ReadItem) -> bool,
) {
    let mut line = Vec::new();
    let mut number = 0usize;
    let mut articles = 0usize;
    loop {
        line.clear();
        number += 1;
        let too_long = match read_bounded_line(&mut reader, &mut line, MAX_LINE_BYTES) {
            Ok(None) => break,
            Ok(Some(too_long)) => too_long,
            Err(err) => {
                emit(problem(
                    input,
                    format!("line {number}: cannot read: {err}"),
                    false,
                ));
                break;
            }
        };
        if too_long {
            let warning = format!(
                "line {number}: longer than {} MB; skipped",
                MAX_LINE_BYTES / 1_000_000
            );
            if !emit(problem(input, warning, true)) {
                return;
            }
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        if text.trim().is_empty() {
            continue;
        }
        if matches!(text, std::borrow::Cow::Owned(_)) {
            let warning = format!("line {number}: invalid UTF-8 replaced with U+FFFD");
            if !emit(problem(input, warning, true)) {
                return;
            }
        }
        match json::parse_json_line(&text, &format!("{}#{number}", input.id)) {
            Ok((article, warnings)) => {
                for warning in warnings {
                    if !emit(problem(input, format!("line {number}: {warning}"), true)) {
                        return;
                    }
                }
                articles += 1;
                if !emit(ReadItem::Article(article)) {
                    return;
                }
            }
            Err(err) => {
                if !emit(problem(
                    input,
                    format!("line {number}: {err}; skipped"),
                    true,
                )) {
                    return;
                }
            }
        }
    }
    if articles == 0 && !input.is_stdin() {
        emit(problem(input, "no article in the JSON Lines", false));
    }
}

/// Reads one line (without its end) into `line`, keeping at most `limit` bytes. Returns
/// `None` at the end of input, else whether the line was longer than the limit (its rest
/// is read and thrown away, so memory stays bounded).
pub fn read_bounded_line(
    reader: &mut dyn BufRead,
    line: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Option<bool>> {
    let mut seen_any = false;
    let mut too_long = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(seen_any.then_some(too_long));
        }
        seen_any = true;
        let (chunk, done) = match memchr::memchr(b'\n', available) {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        if !too_long {
            if line.len() + chunk.len() > limit {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = done.unwrap_or(available.len());
        reader.consume(used);
        if done.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_lines_table() {
        // (input, limit, lines read: (text, too long))
        let rows: [(&str, usize, &[(&str, bool)]); 4] = [
            (
                "a\nbb\r\nccc",
                10,
                &[("a", false), ("bb", false), ("ccc", false)],
            ),
            (
                "short\nmuch too long\nok\n",
                5,
                &[("short", false), ("", true), ("ok", false)],
            ),
            ("", 5, &[]),
            ("\n\n", 5, &[("", false), ("", false)]),
        ];
        for (input, limit, expected) in rows {
            let mut reader = std::io::BufReader::with_capacity(3, input.as_bytes());
            let mut got = Vec::new();
            let mut line = Vec::new();
            loop {
                line.clear();
                match read_bounded_line(&mut reader, &mut line, limit).unwrap() {
                    None => break,
                    Some(too_long) => {
                        got.push((String::from_utf8(line.clone()).unwrap(), too_long))
                    }
                }
            }
            let want: Vec<(String, bool)> =
                expected.iter().map(|(t, l)| (t.to_string(), *l)).collect();
            assert_eq!(got, want, "{input:?}");
        }
    }
}
