//! One pass over state.json: validates the whole text as JSON and splits it into its top-level entries and its
//! sessions, each session a slice of the text with its `last_accessed_at` (when that is a plain string at the
//! session's top level). Nothing is decoded or allocated per value, so a file of a thousand sessions costs one scan.
//!
//! It accepts exactly what `serde_json` accepted when it split the file into raw values (a differential test holds
//! it to that): RFC 8259 syntax, any depth of nesting, trailing whitespace. Keys with escapes are decoded by
//! `serde_json` itself.

use std::borrow::Cow;

/// A session as found in the file.
#[derive(Debug)]
pub(crate) struct ScannedSession<'a> {
    pub(crate) id: Cow<'a, str>,
    /// The session's value, exactly as written.
    pub(crate) raw: &'a str,
    /// The first top-level `"last_accessed_at"` of the session when it is a string without escapes.
    pub(crate) last_accessed_at: Option<&'a str>,
}

/// The top level of a state document, in file order (duplicate keys included; the last one wins).
#[derive(Debug, Default)]
pub(crate) struct ScannedDoc<'a> {
    pub(crate) sessions: Vec<ScannedSession<'a>>,
    /// Top-level keys other than `sessions` and `schema_version`, with their raw values.
    pub(crate) extra: Vec<(Cow<'a, str>, &'a str)>,
}

/// Scans `text`; the error says what is wrong and where.
pub(crate) fn scan(text: &str) -> Result<ScannedDoc<'_>, String> {
    let mut scanner = Scanner { text, bytes: text.as_bytes(), position: 0, closers: Vec::new() };
    let doc = scanner.document().map_err(|problem| scanner.describe(problem))?;
    Ok(doc)
}

/// Bytes that end the fast run through a string: the quote, the backslash and the control characters.
static STRING_SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = true;
        byte += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

/// The index of the first quote, backslash or control character at or after `index` (or the end).
fn skip_plain(bytes: &[u8], index: usize) -> usize {
    let rest = bytes.get(index..).unwrap_or_default();
    index + rest.iter().position(|&byte| STRING_SPECIAL[usize::from(byte)]).unwrap_or(rest.len())
}

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    position: usize,
    /// Scratch stack of [`Scanner::value`]: the closing bracket of every open container.
    closers: Vec<u8>,
}

type Scan<T> = Result<T, &'static str>;

impl<'a> Scanner<'a> {
    fn describe(&self, problem: &str) -> String {
        let before = &self.bytes[..self.position.min(self.bytes.len())];
        let line = before.iter().filter(|&&byte| byte == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&byte| byte != b'\n').count() + 1;
        format!("{problem} at line {line} column {column}")
    }

    fn document(&mut self) -> Scan<ScannedDoc<'a>> {
        let mut doc = ScannedDoc::default();
        self.skip_whitespace();
        if self.peek() != Some(b'{') {
            return Err("expected a JSON object");
        }
        if !self.open_is_empty(b'}') {
            loop {
                let key = self.key()?;
                match key.as_ref() {
                    "sessions" => doc.sessions = self.sessions()?,
                    "schema_version" => self.value()?,
                    _ => {
                        let start = self.position;
                        self.value()?;
                        doc.extra.push((key, &self.text[start..self.position]));
                    }
                }
                if !self.next_member()? {
                    break;
                }
            }
        }
        self.skip_whitespace();
        if self.position != self.bytes.len() {
            return Err("trailing characters");
        }
        Ok(doc)
    }

    /// The `sessions` object (or `null`, which is no sessions).
    fn sessions(&mut self) -> Scan<Vec<ScannedSession<'a>>> {
        const NOT_SESSIONS: &str = "`sessions` is not an object of sessions";
        let mut sessions = Vec::new();
        match self.peek() {
            Some(b'n') => {
                self.literal(b"null").map_err(|_| NOT_SESSIONS)?;
                return Ok(sessions);
            }
            Some(b'{') => {
                if self.open_is_empty(b'}') {
                    return Ok(sessions);
                }
            }
            _ => return Err(NOT_SESSIONS),
        }
        loop {
            let id = self.key()?;
            let start = self.position;
            let last_accessed_at = self.session_value()?;
            sessions.push(ScannedSession { id, raw: &self.text[start..self.position], last_accessed_at });
            if !self.next_member()? {
                return Ok(sessions);
            }
        }
    }

    /// One session's value, noting its first top-level `last_accessed_at` when that is a plain string.
    fn session_value(&mut self) -> Scan<Option<&'a str>> {
        if self.peek() != Some(b'{') {
            self.value()?;
            return Ok(None);
        }
        if self.open_is_empty(b'}') {
            return Ok(None);
        }
        let mut found = None;
        let mut seen = false;
        loop {
            let (start, end, escaped) = self.string()?;
            self.colon()?;
            if !seen && !escaped && &self.bytes[start..end] == b"last_accessed_at" {
                seen = true;
                if self.peek() == Some(b'"') {
                    let (value_start, value_end, value_escaped) = self.string()?;
                    if !value_escaped {
                        found = Some(&self.text[value_start..value_end]);
                    }
                } else {
                    self.value()?;
                }
            } else {
                self.value()?;
            }
            if !self.next_member()? {
                return Ok(found);
            }
        }
    }

    /// Steps past the opening bracket at the position and the whitespace after it; `true` (and past `closer` too)
    /// when the container is empty.
    fn open_is_empty(&mut self, closer: u8) -> bool {
        self.position += 1;
        self.skip_whitespace();
        let empty = self.peek() == Some(closer);
        if empty {
            self.position += 1;
        }
        empty
    }

    /// After a member: `true` past a comma (another member follows), `false` past the closing brace.
    fn next_member(&mut self) -> Scan<bool> {
        self.skip_whitespace();
        match self.peek() {
            Some(b',') => {
                self.position += 1;
                self.skip_whitespace();
                Ok(true)
            }
            Some(b'}') => {
                self.position += 1;
                Ok(false)
            }
            _ => Err("expected `,` or `}`"),
        }
    }

    /// An object key and the colon after it; the position is then at the value.
    fn key(&mut self) -> Scan<Cow<'a, str>> {
        let (start, end, escaped) = self.string()?;
        let key = if escaped {
            let quoted = &self.text[start - 1..=end];
            Cow::Owned(serde_json::from_str::<String>(quoted).map_err(|_| "invalid escape in a key")?)
        } else {
            Cow::Borrowed(&self.text[start..end])
        };
        self.colon()?;
        Ok(key)
    }

    fn colon(&mut self) -> Scan<()> {
        self.skip_whitespace();
        if self.peek() != Some(b':') {
            return Err("expected `:`");
        }
        self.position += 1;
        self.skip_whitespace();
        Ok(())
    }

    /// Any value; the position moves past it. Iterative, with the expected closing brackets on a stack, so any depth
    /// of nesting is fine (serde_json does not limit the depth of values it skips either).
    fn value(&mut self) -> Scan<()> {
        let mut closers = std::mem::take(&mut self.closers);
        closers.clear();
        let result = self.value_with(&mut closers);
        self.closers = closers;
        result
    }

    fn value_with(&mut self, closers: &mut Vec<u8>) -> Scan<()> {
        loop {
            // One value, or the opening of a container.
            match self.peek() {
                Some(b'"') => {
                    self.string()?;
                }
                Some(opening @ (b'{' | b'[')) => {
                    let closer = if opening == b'{' { b'}' } else { b']' };
                    if !self.open_is_empty(closer) {
                        closers.push(closer);
                        if closer == b'}' {
                            self.member_key()?;
                        }
                        continue;
                    }
                }
                Some(b't') => self.literal(b"true")?,
                Some(b'f') => self.literal(b"false")?,
                Some(b'n') => self.literal(b"null")?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(_) => return Err("expected a value"),
                None => return Err("EOF while parsing a value"),
            }
            // After a complete value: close what ends here, stop at a comma (another element follows).
            loop {
                let Some(&closer) = closers.last() else { return Ok(()) };
                self.skip_whitespace();
                match self.peek() {
                    Some(b',') => {
                        self.position += 1;
                        self.skip_whitespace();
                        if closer == b'}' {
                            self.member_key()?;
                        }
                        break;
                    }
                    Some(byte) if byte == closer => {
                        self.position += 1;
                        closers.pop();
                    }
                    _ => return Err(if closer == b'}' { "expected `,` or `}`" } else { "expected `,` or `]`" }),
                }
            }
        }
    }

    /// A key inside a skipped object and its colon.
    fn member_key(&mut self) -> Scan<()> {
        if self.peek() != Some(b'"') {
            return Err("expected a key");
        }
        self.string()?;
        self.colon()
    }

    /// A string starting at the quote. Returns the content's range and whether it holds escapes.
    fn string(&mut self) -> Scan<(usize, usize, bool)> {
        if self.peek() != Some(b'"') {
            return Err("expected a string");
        }
        let start = self.position + 1;
        let mut index = start;
        let mut escaped = false;
        loop {
            index = skip_plain(self.bytes, index);
            match self.bytes.get(index) {
                Some(b'"') => {
                    self.position = index + 1;
                    return Ok((start, index, escaped));
                }
                Some(b'\\') => {
                    escaped = true;
                    index = self.escape(index + 1)?;
                }
                Some(_) => {
                    self.position = index;
                    return Err("control character in a string");
                }
                None => {
                    self.position = index;
                    return Err("EOF while parsing a string");
                }
            }
        }
    }

    /// The escape whose letter is at `index`; returns the index after it.
    fn escape(&mut self, index: usize) -> Scan<usize> {
        match self.bytes.get(index) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(index + 1),
            Some(b'u') => {
                let digits = self.bytes.get(index + 1..index + 5).ok_or("EOF while parsing a string")?;
                if digits.iter().all(u8::is_ascii_hexdigit) {
                    Ok(index + 5)
                } else {
                    self.position = index;
                    Err("invalid \\u escape")
                }
            }
            _ => {
                self.position = index;
                Err("invalid escape")
            }
        }
    }

    fn number(&mut self) -> Scan<()> {
        if self.peek() == Some(b'-') {
            self.position += 1;
        }
        match self.peek() {
            Some(b'0') => self.position += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err("invalid number"),
        }
        if self.peek() == Some(b'.') {
            self.position += 1;
            if !self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                return Err("invalid number");
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.position += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.position += 1;
            }
            if !self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                return Err("invalid number");
            }
            self.digits();
        }
        Ok(())
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            self.position += 1;
        }
    }

    fn literal(&mut self, word: &[u8]) -> Scan<()> {
        if self.bytes[self.position..].starts_with(word) {
            self.position += word.len();
            Ok(())
        } else {
            Err("expected a value")
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.peek() {
            self.position += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::{Deserializer as _, IgnoredAny, MapAccess, Visitor};
    use serde_json::value::RawValue;
    use std::collections::BTreeMap;

    /// Sessions (raw value, last_accessed_at) and other top-level keys (raw value), last duplicate winning.
    type Split = (BTreeMap<String, (String, Option<String>)>, BTreeMap<String, String>);

    /// The reference: how serde_json splits the same document (the parser this scanner replaced).
    fn serde_split(text: &str) -> Result<Split, String> {
        struct Doc;
        impl<'de> Visitor<'de> for Doc {
            type Value = Split;
            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Split, A::Error> {
                let (mut sessions, mut extra) = (BTreeMap::new(), BTreeMap::new());
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "sessions" => {
                            let found: Option<BTreeMap<String, &'de RawValue>> = map.next_value()?;
                            sessions = found
                                .unwrap_or_default()
                                .into_iter()
                                .map(|(id, raw)| (id, (raw.get().to_owned(), last_accessed_at(raw.get()))))
                                .collect();
                        }
                        "schema_version" => {
                            map.next_value::<IgnoredAny>()?;
                        }
                        _ => {
                            let raw: &'de RawValue = map.next_value()?;
                            extra.insert(key, raw.get().to_owned());
                        }
                    }
                }
                Ok((sessions, extra))
            }
        }
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let split = deserializer.deserialize_map(Doc).map_err(|error| error.to_string())?;
        deserializer.end().map_err(|error| error.to_string())?;
        Ok(split)
    }

    /// The first top-level `last_accessed_at` of a session object when its value is a string without escapes.
    fn last_accessed_at(raw: &str) -> Option<String> {
        let mut deserializer = serde_json::Deserializer::from_str(raw);
        let members: Vec<(String, &RawValue)> = deserializer.deserialize_map(Members).ok()?;
        let (_, value) = members.into_iter().find(|(key, _)| key == "last_accessed_at")?;
        let text = value.get();
        (text.starts_with('"') && !text.contains('\\')).then(|| text[1..text.len() - 1].to_owned())
    }

    struct Members;
    impl<'de> Visitor<'de> for Members {
        type Value = Vec<(String, &'de RawValue)>;
        fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            formatter.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut members = Vec::new();
            while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                members.push(entry);
            }
            Ok(members)
        }
    }

    /// The scanner's result in the reference's shape.
    fn scanned_split(text: &str) -> Result<Split, String> {
        let doc = scan(text)?;
        let sessions = doc
            .sessions
            .into_iter()
            .map(|session| {
                (session.id.into_owned(), (session.raw.to_owned(), session.last_accessed_at.map(str::to_owned)))
            })
            .collect();
        let extra = doc.extra.into_iter().map(|(key, raw)| (key.into_owned(), raw.to_owned())).collect();
        Ok((sessions, extra))
    }

    /// A small deterministic random source (xorshift).
    struct Random(u64);
    impl Random {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, bound: usize) -> usize {
            (self.next() % bound as u64) as usize
        }
        fn pick<'t>(&mut self, items: &[&'t str]) -> &'t str {
            items[self.below(items.len())]
        }
    }

    fn space(random: &mut Random) -> &'static str {
        ["", "", "", " ", "\n  ", "\t", "\r\n"][random.below(7)]
    }

    fn random_value(random: &mut Random, depth: usize) -> String {
        let scalars = [
            "0",
            "-0",
            "12",
            "-3.25",
            "1e9",
            "2.5E-3",
            "1E+2",
            "true",
            "false",
            "null",
            "\"\"",
            "\"plain\"",
            "\"é ✓\"",
            "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"",
            "\"\\u00e9\\uD83D\\uDE00\"",
            "\"\\ud800 lone\"",
            "\"2026-01-01T00:00:00Z\"",
            "18446744073709551616",
            "-1.0e-400",
        ];
        match if depth > 3 { 0 } else { random.below(4) } {
            0 | 1 => random.pick(&scalars).to_owned(),
            2 => {
                let items: Vec<String> = (0..random.below(4)).map(|_| random_value(random, depth + 1)).collect();
                format!("[{}]", items.join(&format!(",{}", space(random))))
            }
            _ => random_object(random, depth + 1, &["a", "last_accessed_at", "flags", "k\\\"ey", "é"]),
        }
    }

    fn random_object(random: &mut Random, depth: usize, keys: &[&str]) -> String {
        let members: Vec<String> = (0..random.below(4))
            .map(|_| {
                let key = random.pick(keys);
                let value = if key == "last_accessed_at" && random.below(3) > 0 {
                    random.pick(&["\"2026-01-01T00:00:00Z\"", "\"x\\ny\"", "7", "\"\""]).to_owned()
                } else {
                    random_value(random, depth)
                };
                format!("\"{key}\"{}:{}{value}", space(random), space(random))
            })
            .collect();
        format!("{{{}{}}}", space(random), members.join(","))
    }

    fn random_document(random: &mut Random) -> String {
        let mut members = Vec::new();
        for _ in 0..random.below(4) + 1 {
            let member = match random.below(5) {
                0 => "\"schema_version\":\"1\"".to_owned(),
                1 => format!("\"custom\":{}", random_value(random, 1)),
                2 => "\"sessions\":null".to_owned(),
                _ => {
                    let ids = ["s1", "s2", "b", "a", "id \\\"quoted\\\"", "\\u0073\\u0031", "é"];
                    let sessions: Vec<String> = (0..random.below(5))
                        .map(|_| {
                            let value = random_object(random, 3, &["last_accessed_at", "flags", "behaviors", "x"]);
                            format!("\"{}\":{value}", random.pick(&ids))
                        })
                        .collect();
                    format!("\"sessions\":{{{}}}", sessions.join(","))
                }
            };
            members.push(member);
        }
        format!("{}{{{}}}{}", space(random), members.join(&format!(",{}", space(random))), space(random))
    }

    fn mutate(random: &mut Random, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let tokens = [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "0", "-", "1e", "tru", "null", " ", "\n", "\u{1}", "é", "01",
            ".5", "\\u12", "\\x", "}}", "x",
        ];
        for _ in 0..random.below(3) + 1 {
            let at = random.below(chars.len() + 1);
            match random.below(3) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 if at < chars.len() => {
                    chars[at] = random.pick(&tokens).chars().next().unwrap_or(' ');
                }
                _ => {
                    for (offset, c) in random.pick(&tokens).chars().enumerate() {
                        chars.insert(at + offset, c);
                    }
                }
            }
        }
        chars.into_iter().collect()
    }

    #[test]
    fn agrees_with_serde_json_on_valid_and_broken_documents() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let (mut accepted, mut rejected) = (0, 0);
        for case in 0..30_000 {
            let document = random_document(&mut random);
            let text = if case % 2 == 0 { document } else { mutate(&mut random, &document) };
            let expected = serde_split(&text);
            let found = scanned_split(&text);
            match (&expected, &found) {
                (Ok(expected), Ok(found)) => {
                    assert_eq!(found, expected, "different split of {text:?}");
                    accepted += 1;
                }
                (Err(_), Err(_)) => rejected += 1,
                _ => panic!("serde_json says {expected:?}, the scanner says {found:?}, for {text:?}"),
            }
        }
        assert!(accepted > 10_000 && rejected > 3_000, "{accepted} accepted, {rejected} rejected");
    }

    #[test]
    fn finds_only_top_level_plain_last_accessed_at() {
        let session = |raw: &str| {
            let text = format!("{{\"sessions\":{{\"s\":{raw}}}}}");
            scan(&text).expect("valid").sessions[0].last_accessed_at.map(str::to_owned)
        };
        assert_eq!(
            session(r#"{"behaviors":{"x":{"last_accessed_at":"nested"}},"last_accessed_at":"t"}"#).as_deref(),
            Some("t")
        );
        assert_eq!(session(r#"{"a":[{"last_accessed_at":"x"}]}"#), None);
        assert_eq!(
            session(r#"{ "last_accessed_at" : "2026-01-01T00:00:00Z" }"#).as_deref(),
            Some("2026-01-01T00:00:00Z")
        );
        assert_eq!(session(r#"{"last_accessed_at":7}"#), None);
        assert_eq!(session(r#"{"k":"last_accessed_at","last_accessed_at":"v"}"#).as_deref(), Some("v"));
        assert_eq!(session(r#"{"last_accessed_at":"a\nb"}"#.replace('\n', "\\n").as_str()), None);
        assert_eq!(session("[]"), None);
    }

    #[test]
    fn deep_nesting_is_scanned_without_recursion() {
        let depth = 100_000;
        let text = format!("{{\"custom\":{}{}}}", "[".repeat(depth), "]".repeat(depth));
        assert!(scan(&text).is_ok());
        let unclosed = format!("{{\"custom\":{}}}", "[".repeat(depth));
        assert!(scan(&unclosed).is_err());
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(scan("[]").map(|_| ()), Err("expected a JSON object at line 1 column 1".to_owned()));
        assert_eq!(
            scan("{\"sessions\":{\"s\":{\"a\":01}}}").map(|_| ()),
            Err("expected `,` or `}` at line 1 column 24".to_owned())
        );
        assert_eq!(
            scan("{\"sessions\":[]}").map(|_| ()),
            Err("`sessions` is not an object of sessions at line 1 column 13".to_owned())
        );
        assert_eq!(scan("{}\n x").map(|_| ()), Err("trailing characters at line 2 column 2".to_owned()));
    }
}

#[cfg(test)]
mod timing {
    #[test]
    #[ignore = "timing probe, run by hand"]
    fn scan_speed() {
        // 1,000 sessions shaped like the ones the hook writes (about 550 KB, as in scripts/bench).
        let session = r#"{"created_at":"2999-01-01T00:00:00Z","last_accessed_at":"2999-01-01T00:00:00Z","flags":{"search_context_ready":{"set_at":"2999-01-01T00:00:00Z"}},"behavior_overrides":{},"behaviors":{"search-first":{"counter":3,"effective_level":"warning","last_violation_at":"2999-01-01T00:00:00Z","last_violation_tool":"Write","pending_block":null,"overrides":[]},"verify-before-done":{"counter":1,"effective_level":"nudge","last_violation_at":"2999-01-01T00:00:00Z","last_violation_tool":"Bash","pending_block":null,"overrides":[]}}}"#;
        let sessions: Vec<String> =
            (0..1_000).map(|index| format!("\"session-{index:05}-0123456789abcdef\":{session}")).collect();
        let text = format!("{{\"schema_version\":\"1\",\"sessions\":{{{}}}}}", sessions.join(","));
        let started = std::time::Instant::now();
        for _ in 0..200 {
            std::hint::black_box(super::scan(std::hint::black_box(&text)).expect("valid"));
        }
        eprintln!("scan: {:?} per {} bytes", started.elapsed() / 200, text.len());
    }
}
