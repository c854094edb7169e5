//! Source positions for YAML field paths.
//!
//! serde_yaml gives values without positions, so this module scans the block-style YAML text once and records,
//! for every mapping key and sequence item, the field path (`policy.triggers[1].on_absent`) with the line and
//! column of the key and of its value. It also spots keys that appear twice in one mapping. Flow collections and
//! multi-line scalars are skipped as a whole; a path that is not found falls back to its nearest located parent.

use crate::diagnostic::Span;
use std::collections::HashMap;

/// Positions of the keys and values of one YAML file.
#[derive(Debug, Default)]
pub(crate) struct Locator {
    lines: Vec<String>,
    keys: HashMap<String, Span>,
    values: HashMap<String, Span>,
    /// Keys found a second time in the same mapping: path and the position of the repeat.
    pub duplicates: Vec<(String, Span)>,
}

#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Map,
    Seq,
}

#[derive(Debug)]
struct Frame {
    indent: usize,
    path: String,
    kind: Kind,
    next_index: usize,
}

impl Locator {
    /// Scans `text`.
    pub(crate) fn scan(text: &str) -> Locator {
        let locator = Locator { lines: text.lines().map(str::to_owned).collect(), ..Locator::default() };
        let mut scanner = Scanner { locator, stack: Vec::new(), pending: None, skip_deeper: None };
        for (index, line) in text.lines().enumerate() {
            scanner.line(index + 1, line);
        }
        scanner.locator
    }

    /// The key's position, or the nearest located parent's (the file's start for the root).
    pub(crate) fn key(&self, path: &str) -> Option<Span> {
        self.find(path, |locator, candidate| locator.keys.get(candidate).or_else(|| locator.values.get(candidate)))
    }

    /// The value's position, else the key's, else the nearest located parent's.
    pub(crate) fn value(&self, path: &str) -> Option<Span> {
        self.find(path, |locator, candidate| locator.values.get(candidate).or_else(|| locator.keys.get(candidate)))
    }

    /// The text of a 1-based line.
    pub(crate) fn line(&self, number: usize) -> Option<&str> {
        self.lines.get(number.checked_sub(1)?).map(String::as_str)
    }

    /// The key's own position, with no fallback.
    pub(crate) fn exact_key(&self, path: &str) -> Option<Span> {
        self.keys.get(path).copied()
    }

    /// The value's own position (also inside a one-line flow mapping), with no fallback.
    pub(crate) fn exact_value(&self, path: &str) -> Option<Span> {
        if let Some(span) = self.values.get(path) {
            return Some(*span);
        }
        let key = self.in_flow_mapping(path)?;
        let line = self.lines.get(key.line - 1)?;
        let after_key: String = line.chars().skip(key.col - 1 + key.len).collect();
        let colon = after_key.find(':')?;
        let rest = &after_key[colon + 1..];
        let gap = rest.chars().take_while(|c| *c == ' ').count();
        let value = &rest[gap..];
        let len = value.find([',', '}']).map_or(value.len(), |end| end);
        let len = value[..len].trim_end().chars().count();
        let col = key.col + key.len + after_key[..colon + 1].chars().count() + gap;
        Some(Span { line: key.line, col, len })
    }

    fn find(&self, path: &str, lookup: impl for<'a> Fn(&'a Locator, &str) -> Option<&'a Span>) -> Option<Span> {
        let mut candidate = path;
        loop {
            if let Some(span) = lookup(self, candidate) {
                return Some(*span);
            }
            if let Some(span) = self.in_flow_mapping(candidate) {
                return Some(span);
            }
            if candidate.is_empty() {
                return Some(Span { line: 1, col: 1, len: 1 });
            }
            candidate = parent(candidate);
        }
    }
}

impl Locator {
    /// A key inside a one-line flow mapping (`expect: { level: x }`): found by its text after the parent's value.
    fn in_flow_mapping(&self, path: &str) -> Option<Span> {
        let (parent_path, key) = path.rsplit_once('.')?;
        if key.contains('[') {
            return None;
        }
        let parent = self.values.get(parent_path)?;
        let line = self.lines.get(parent.line - 1)?;
        let start: usize = line.char_indices().nth(parent.col - 1).map(|(offset, _)| offset)?;
        if !line[start..].starts_with('{') {
            return None;
        }
        let needle = format!("{key}:");
        let found = line[start..].match_indices(&needle).find(|(offset, _)| {
            let before = line[..start + offset].chars().last();
            before.is_some_and(|c| c == '{' || c == ',' || c == ' ')
        })?;
        let col = line[..start + found.0].chars().count() + 1;
        Some(Span { line: parent.line, col, len: key.chars().count() })
    }
}

/// `a.b[2].c` → `a.b[2]` → `a.b` → `a` → ``.
fn parent(path: &str) -> &str {
    match path.rfind(['.', '[']) {
        Some(position) => &path[..position],
        None => "",
    }
}

struct Scanner {
    locator: Locator,
    stack: Vec<Frame>,
    /// A key or dash whose value starts on a later line: its path and its column.
    pending: Option<(String, usize)>,
    /// Lines indented deeper than this belong to a multi-line scalar or flow collection.
    skip_deeper: Option<usize>,
}

impl Scanner {
    fn line(&mut self, number: usize, line: &str) {
        let indent = line.chars().take_while(|character| *character == ' ').count();
        let content = &line[indent..];
        if content.trim().is_empty() || content.starts_with('#') {
            return;
        }
        if let Some(limit) = self.skip_deeper {
            if indent > limit {
                return;
            }
            self.skip_deeper = None;
        }
        if content.starts_with("---") || content.starts_with("...") {
            self.stack.clear();
            self.pending = None;
            return;
        }
        self.content(number, indent, content);
    }

    fn content(&mut self, number: usize, mut col: usize, mut content: &str) {
        loop {
            if content == "-" || content.starts_with("- ") {
                while self.stack.last().is_some_and(|frame| frame.indent > col) {
                    self.stack.pop();
                }
                if let Some((path, key_col)) = self.pending.take() {
                    if col >= key_col {
                        self.stack.push(Frame { indent: col, path, kind: Kind::Seq, next_index: 0 });
                    }
                }
                let Some(frame) = self.stack.last_mut().filter(|frame| frame.kind == Kind::Seq && frame.indent == col)
                else {
                    return;
                };
                let item = format!("{}[{}]", frame.path, frame.next_index);
                frame.next_index += 1;
                let after = &content[1..];
                let gap = after.chars().take_while(|character| *character == ' ').count();
                let rest = &after[gap..];
                if rest.is_empty() || rest.starts_with('#') {
                    self.locator.values.insert(item.clone(), Span { line: number, col: col + 1, len: 1 });
                    self.pending = Some((item, col));
                    return;
                }
                let item_col = col + 1 + gap;
                self.locator
                    .values
                    .insert(item.clone(), Span { line: number, col: item_col + 1, len: token_len(rest) });
                if split_key(rest).is_some() {
                    self.stack.push(Frame { indent: item_col, path: item, kind: Kind::Map, next_index: 0 });
                    col = item_col;
                    content = rest;
                    continue;
                }
                if rest == "-" || rest.starts_with("- ") {
                    self.pending = Some((item, col));
                    col = item_col;
                    content = rest;
                    continue;
                }
                self.skip_deeper = Some(col);
                return;
            }
            let Some((key, key_len, value_offset)) = split_key(content) else { return };
            while self
                .stack
                .last()
                .is_some_and(|frame| frame.indent > col || (frame.indent == col && frame.kind == Kind::Seq))
            {
                self.stack.pop();
            }
            if let Some((path, key_col)) = self.pending.take() {
                if col > key_col {
                    self.stack.push(Frame { indent: col, path, kind: Kind::Map, next_index: 0 });
                }
            }
            if self.stack.is_empty() {
                self.stack.push(Frame { indent: col, path: String::new(), kind: Kind::Map, next_index: 0 });
            }
            let Some(frame) = self.stack.last().filter(|frame| frame.kind == Kind::Map && frame.indent == col) else {
                return;
            };
            let path = if frame.path.is_empty() { key } else { format!("{}.{key}", frame.path) };
            let key_span = Span { line: number, col: col + 1, len: key_len };
            if self.locator.keys.contains_key(&path) {
                self.locator.duplicates.push((path.clone(), key_span));
            } else {
                self.locator.keys.insert(path.clone(), key_span);
            }
            let value = &content[value_offset..];
            let gap = value.chars().take_while(|character| *character == ' ').count();
            let value = &value[gap..];
            if value.is_empty() || value.starts_with('#') {
                self.pending = Some((path, col));
                return;
            }
            let value_col = col + content[..value_offset].chars().count() + gap + 1;
            self.locator.values.insert(path, Span { line: number, col: value_col, len: token_len(value) });
            self.skip_deeper = Some(col);
            return;
        }
    }
}

/// Splits `key: value`: the key text, its length in characters, and the byte offset just after the colon.
fn split_key(content: &str) -> Option<(String, usize, usize)> {
    let first = content.chars().next()?;
    if first == '"' || first == '\'' {
        let close = content[1..].find(first)? + 1;
        let after = &content[close + 1..];
        let colon = after.strip_prefix(':')?;
        if !(colon.is_empty() || colon.starts_with(' ')) {
            return None;
        }
        let key = content[1..close].to_owned();
        return Some((key, content[..=close].chars().count(), close + 2));
    }
    if "[]{}|>#&*!%@`,?".contains(first) {
        return None;
    }
    let bytes = content.as_bytes();
    for (position, byte) in bytes.iter().enumerate() {
        if *byte == b'#' && position > 0 && bytes[position - 1] == b' ' {
            return None;
        }
        if *byte == b':' && (position + 1 == bytes.len() || bytes[position + 1] == b' ') {
            let key = content[..position].trim_end();
            return Some((key.to_owned(), key.chars().count(), position + 1));
        }
    }
    None
}

/// Length in characters of the value token: a quoted string up to its closing quote, else up to a comment.
fn token_len(value: &str) -> usize {
    let first = value.chars().next().unwrap_or(' ');
    if first == '"' || first == '\'' {
        if let Some(close) = value[1..].find(first) {
            return value[..close + 2].chars().count();
        }
    }
    let end = value.find(" #").unwrap_or(value.len());
    value[..end].trim_end().chars().count().max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
schema_version: \"1\"
id: search-first
policy:
  triggers:
    - event: PreToolUse   # first
      matcher: \"Grep|Glob\"
    - event: PreToolUse
      conditions:
        - field: file_path
          value: 'x'
  enforcement:
    default_level: silent
rendering:
  warning_template: |
    line: one
    line: two
  block_reason: b
tags: [a, b]
list:
- a
- b: 1
  c: 2
";

    fn at(span: Option<Span>) -> (usize, usize) {
        span.map_or((0, 0), |span| (span.line, span.col))
    }

    #[test]
    fn locates_keys_values_and_items() {
        let locator = Locator::scan(TEXT);
        assert_eq!(at(locator.key("id")), (2, 1));
        assert_eq!(at(locator.value("id")), (2, 5));
        assert_eq!(at(locator.key("policy.triggers[0].event")), (5, 7));
        assert_eq!(at(locator.value("policy.triggers[0].matcher")), (6, 16));
        assert_eq!(at(locator.key("policy.triggers[1].conditions[0].value")), (10, 11));
        assert_eq!(at(locator.key("policy.enforcement.default_level")), (12, 5));
        assert_eq!(at(locator.key("rendering.block_reason")), (17, 3));
        assert_eq!(at(locator.key("list[1].c")), (22, 3));
        assert_eq!(at(locator.value("tags[1]")), (18, 7), "flow items fall back to their key's value");
        assert_eq!(at(locator.key("policy.triggers[1].nope")), (7, 7), "unknown paths fall back to the parent");
        assert!(locator.duplicates.is_empty());
    }

    #[test]
    fn finds_duplicate_keys_at_the_repeat() {
        let locator = Locator::scan("a: 1\nb:\n  c: 1\n  c: 2\n");
        assert_eq!(locator.duplicates, vec![("b.c".to_owned(), Span { line: 4, col: 3, len: 1 })]);
    }
}
