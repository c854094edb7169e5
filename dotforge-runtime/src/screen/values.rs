//! What makes a text a secret rather than a word or a placeholder, shared by the screening's detectors.

/// Whether a variable's name says it holds a secret (`GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`, `DB_PASSWORD`,
/// `STRIPE_KEY`).
pub(crate) fn name_says_secret(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|word| lower.contains(word))
        || ["_key", "-key", "_pat", "_pass"].iter().any(|end| lower.ends_with(end))
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

/// Words that make a name secret, wherever they are in it (letters in either case).
pub(crate) const SECRET_WORDS: &[&str] = &[
    "secret",
    "token",
    "password",
    "passwd",
    "passphrase",
    "credential",
    "apikey",
    "api_key",
    "api-key",
    "access_key",
    "accesskey",
    "private_key",
    "privatekey",
    "authorization",
];

/// Whether a value looks like a secret rather than a word: long enough, not a placeholder, and letters and digits
/// mixed — or long, or with symbols among its letters.
pub(crate) fn looks_secret(value: &str) -> bool {
    if value.len() < MIN_SECRET_LEN || is_placeholder(value) {
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
