//! Which files a set of paths names: files as given, folders walked recursively in name
//! order (symbolic links followed, loops reported once), keeping supported extensions. Each
//! file gets an article id unique to its path.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::ImportProblem;

/// Extensions this module knows how to read.
pub const SUPPORTED_EXTENSIONS: [&str; 7] = ["txt", "md", "json", "jsonl", "html", "htm", "csv"];

/// One input: a file (or `-` for standard input) and the id its articles take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFile {
    /// Where to read it.
    pub path: PathBuf,
    /// The article id (or id prefix, for files that hold many articles): the path relative
    /// to the folder given (`a/index.html`), or the file name of a file given directly.
    pub id: String,
    /// Size in bytes, when known (progress).
    pub bytes: u64,
}

impl InputFile {
    /// True for standard input.
    pub fn is_stdin(&self) -> bool {
        self.path.as_os_str() == "-"
    }

    /// The lower-case extension, empty when there is none.
    pub fn extension(&self) -> String {
        extension(&self.path)
    }
}

fn extension(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

fn has_supported_extension(path: &Path) -> bool {
    SUPPORTED_EXTENSIONS.contains(&extension(path).as_str())
}

/// Lists the inputs under the given paths. Missing paths, unreadable folders and symbolic
/// link loops are reported; the rest is listed. Ids are unique: when two inputs would share
/// one, both take their path as given.
pub fn list_inputs(paths: &[PathBuf], problems: &mut Vec<ImportProblem>) -> Vec<InputFile> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(InputFile {
                path: path.clone(),
                id: "stdin".into(),
                bytes: 0,
            });
        } else if path.is_dir() {
            walk(path, &mut inputs, problems);
        } else if path.exists() {
            // A file, or a pipe such as "<(zcat news.jsonl.gz)" or a device, read as one.
            let id = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string());
            let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
            inputs.push(InputFile {
                path: path.clone(),
                id,
                bytes,
            });
        } else {
            problems.push(ImportProblem::error(path, "no such file or folder"));
        }
    }
    make_ids_unique(&mut inputs);
    inputs
}

fn walk(root: &Path, inputs: &mut Vec<InputFile>, problems: &mut Vec<ImportProblem>) {
    let walker = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let path = err.path().unwrap_or(root).to_path_buf();
                let problem = match err.loop_ancestor() {
                    Some(ancestor) => format!(
                        "symbolic link loop (back to {}); not followed",
                        ancestor.display()
                    ),
                    None => format!(
                        "cannot read: {}",
                        err.io_error()
                            .map_or_else(|| err.to_string(), |e| e.to_string())
                    ),
                };
                problems.push(ImportProblem::error(&path, problem));
                continue;
            }
        };
        if !entry.file_type().is_file() || !has_supported_extension(entry.path()) {
            continue;
        }
        let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
        let id = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let bytes = entry.metadata().map_or(0, |m| m.len());
        inputs.push(InputFile {
            path: entry.into_path(),
            id,
            bytes,
        });
    }
}

/// Two inputs with one id (the same file name given twice from different folders, or the
/// same relative path under two roots) both take their full path as given.
fn make_ids_unique(inputs: &mut [InputFile]) {
    let mut count: HashMap<String, usize> = HashMap::new();
    for input in inputs.iter() {
        *count.entry(input.id.clone()).or_default() += 1;
    }
    for input in inputs.iter_mut() {
        if count.get(&input.id).copied().unwrap_or(0) > 1 && !input.is_stdin() {
            input.id = input.path.display().to_string().replace('\\', "/");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(path: &Path) {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(path, "A market was shelled on Monday.").unwrap();
    }

    #[test]
    fn same_file_name_in_two_folders_gets_two_ids() {
        let dir = tempfile::tempdir().unwrap();
        touch(&dir.path().join("a/index.html"));
        touch(&dir.path().join("b/index.html"));
        touch(&dir.path().join("b/notes.bin"));
        let mut problems = Vec::new();
        let inputs = list_inputs(&[dir.path().to_path_buf()], &mut problems);
        let ids: Vec<&str> = inputs.iter().map(|i| i.id.as_str()).collect();
        assert_eq!(ids, ["a/index.html", "b/index.html"]);
        assert!(problems.is_empty());
        // The same two files given one by one: their names clash, so both take their path.
        let inputs = list_inputs(
            &[
                dir.path().join("a/index.html"),
                dir.path().join("b/index.html"),
            ],
            &mut problems,
        );
        assert_ne!(inputs[0].id, inputs[1].id);
        assert!(inputs[0].id.ends_with("a/index.html"), "{}", inputs[0].id);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_loop_is_reported_once_and_the_rest_is_read() {
        let dir = tempfile::tempdir().unwrap();
        touch(&dir.path().join("news/one.txt"));
        std::os::unix::fs::symlink(dir.path(), dir.path().join("news/back")).unwrap();
        let mut problems = Vec::new();
        let inputs = list_inputs(&[dir.path().join("news")], &mut problems);
        let loops = problems
            .iter()
            .filter(|p| p.problem.contains("loop"))
            .count();
        assert_eq!(loops, 1, "{problems:?}");
        assert!(inputs.iter().any(|i| i.id == "one.txt"), "{inputs:?}");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_or_a_device_is_read_as_a_file() {
        let mut problems = Vec::new();
        let inputs = list_inputs(&[PathBuf::from("/dev/null")], &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(inputs.len(), 1);
        assert_eq!(inputs[0].id, "null");
    }

    #[test]
    fn a_missing_path_is_an_error_naming_it() {
        let mut problems = Vec::new();
        let inputs = list_inputs(&[PathBuf::from("/no/such/folder")], &mut problems);
        assert!(inputs.is_empty());
        assert_eq!(problems.len(), 1);
        assert!(problems[0].path.contains("/no/such/folder"));
        assert!(!problems[0].recovered);
    }
}
