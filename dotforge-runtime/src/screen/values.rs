//! What makes a text a secret rather than a word or a placeholder, shared by the screening's detectors.

/// Words that make a name secret (`GITHUB_TOKEN`, `db_password`, `clientSecret`).
const SECRET_NAME_WORDS: &[&str] = &[
    "secret",
    "secrets",
    "token",
    "password",
    "passwd",
    "passphrase",
    "credential",
    "credentials",
    "apikey",
    "authorization",
];
/// Words that, before `key`, make a name secret (`API_KEY`, `accessKey`, `private_key`).
const KEY_KINDS: &[&str] =
    &["api", "access", "private", "secret", "session", "signing", "encryption", "master", "auth"];
/// Last words that make a secret-sounding name a name of something else (`TOKEN_URL`, `password_file`,
/// `secretName`, `tokenizer_class`).
const NOT_SECRET_LAST_WORDS: &[&str] = &[
    "url", "uri", "file", "path", "dir", "name", "class", "type", "id", "header", "endpoint", "host", "count",
    "length", "size", "lifetime", "timeout", "ttl", "expiry", "expires", "format", "kind", "mode", "env", "prefix",
    "suffix", "field", "param", "method", "policy", "version", "limit", "reset", "hint", "label", "ref",
];

/// Whether a name says it holds a secret, read as words (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `dbPassword`,
/// `STRIPE_KEY`; not `TOKEN_URL`, `tokenizer`, `secretName`).
pub(crate) fn name_says_secret(name: &str) -> bool {
    // Without allocating: the screening asks this of every variable of the hook's environment on every event.
    let is = |word: &str, list: &[&str]| list.iter().any(|known| known.eq_ignore_ascii_case(word));
    let (mut count, mut previous, mut last) = (0, "", "");
    let mut secret = false;
    for word in word_slices(name) {
        secret |= is(word, SECRET_NAME_WORDS) || (word.eq_ignore_ascii_case("key") && is(previous, KEY_KINDS));
        (previous, last, count) = (word, word, count + 1);
    }
    if count == 0 || is(last, NOT_SECRET_LAST_WORDS) {
        return false;
    }
    secret || (count > 1 && is(last, &["key", "pat", "pass", "pwd"]))
}

/// The words of a name as slices of it, in their own case: split at `_`, `-`, `.`, blanks and where a lower-case
/// letter or a digit meets an upper-case one ([`name_words`] gives them in lower case).
fn word_slices(name: &str) -> impl Iterator<Item = &str> {
    let bytes = name.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && matches!(bytes[at], b'_' | b'-' | b'.' | b' ') {
            at += 1;
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        at += 1;
        while at < bytes.len() && !matches!(bytes[at], b'_' | b'-' | b'.' | b' ') {
            let camel = bytes[at].is_ascii_uppercase()
                && (bytes[at - 1].is_ascii_lowercase() || bytes[at - 1].is_ascii_digit());
            if camel {
                break;
            }
            at += 1;
        }
        Some(&name[start..at])
    })
}

/// The words of a name, in lower case: split at `_`, `-`, `.` and where a lower-case letter meets an upper-case one
/// (`removeDirectory` → `remove`, `directory`).
pub(crate) fn name_words(name: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for character in name.chars() {
        let boundary = matches!(character, '_' | '-' | '.' | ' ') || (previous_lower && character.is_ascii_uppercase());
        if boundary && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if !matches!(character, '_' | '-' | '.' | ' ') {
            current.push(character.to_ascii_lowercase());
        }
        previous_lower = character.is_ascii_lowercase() || character.is_ascii_digit();
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// Shortest text taken for a secret.
pub(crate) const MIN_SECRET_LEN: usize = 8;

/// One secret found in a text: where, and what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub start: usize,
    pub end: usize,
    pub kind: &'static str,
}

/// Whether a value looks like a secret rather than a word: long enough, not a placeholder, and letters and digits
/// mixed — or long, or with symbols among its letters.
pub(crate) fn looks_secret(value: &str) -> bool {
    if value.len() < MIN_SECRET_LEN || is_placeholder(value) {
        return false;
    }
    // A path, or a URL without credentials, is where a secret is, not one.
    if value.starts_with(['/', '~']) || value.starts_with("./") || (value.contains("://") && !value.contains('@')) {
        return false;
    }
    let letters = value.bytes().any(|byte| byte.is_ascii_alphabetic());
    let digits = value.bytes().any(|byte| byte.is_ascii_digit());
    let symbols = value.bytes().any(|byte| b"@#$%^&*!?+/=".contains(&byte));
    (letters && (digits || symbols)) || value.len() >= 20
}

/// Words of a value that make it a placeholder rather than a secret.
const PLACEHOLDER_WORDS: &[&str] = &[
    "your",
    "changeme",
    "change-me",
    "change_me",
    "example",
    "placeholder",
    "dummy",
    "sample",
    "redacted",
    "replace",
    "insert",
    "todo",
    "fixme",
    "xxxx",
    "****",
    "....",
];

/// Values that stand for a secret in examples and documentation.
const PLACEHOLDER_VALUES: &[&str] = &[
    "password", "passwd", "secret", "pass", "admin", "root", "user", "username", "token", "apikey", "api_key", "null",
    "none", "true", "false",
];

/// Whether a value is a placeholder: empty, a variable (`$X`, `${X}`), a `<…>` or `{{…}}` template, one character
/// repeated, a stand-in (`password`, `secret`), or holding a word such as `your`, `changeme`, `example`.
pub(crate) fn is_placeholder(value: &str) -> bool {
    let value = value.trim().trim_matches(['"', '\'']);
    if value.is_empty() || value.starts_with('$') || (value.starts_with('<') && value.ends_with('>')) {
        return true;
    }
    if value.starts_with("{{") || value.starts_with("%(") {
        return true;
    }
    let mut characters = value.chars();
    let first = characters.next().unwrap_or(' ');
    if characters.all(|c| c == first) {
        return true;
    }
    let lower = value.to_ascii_lowercase();
    PLACEHOLDER_VALUES.contains(&lower.as_str()) || PLACEHOLDER_WORDS.iter().any(|word| lower.contains(word))
}
