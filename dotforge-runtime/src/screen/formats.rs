//! Well-known credential formats, one row each: a fixed prefix found by one automaton over all of them, and a check
//! of what follows it (its characters and least length). Private key blocks run to their `-----END … KEY-----`; a
//! URL's password (`scheme://user:PASSWORD@host`) is withheld and the rest of the URL kept.

use super::values::{is_placeholder, Found};

/// What may follow a format's prefix.
#[derive(Clone, Copy, Debug)]
enum Body {
    /// At least this many of these characters (then as many more as there are).
    Chars(fn(u8) -> bool, usize),
    /// A private key block, to its end marker.
    PrivateKey,
    /// A JSON Web Token: three dot-separated base64url parts.
    Jwt,
    /// `user:password@` after `://`: the password.
    UrlPassword,
}

struct Format {
    prefix: &'static str,
    kind: &'static str,
    body: Body,
}

fn alnum(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
}

fn upper_or_digit(byte: u8) -> bool {
    byte.is_ascii_uppercase() || byte.is_ascii_digit()
}

fn word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

fn token(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-'
}

fn letter(byte: u8) -> bool {
    byte.is_ascii_alphabetic()
}

fn hex(byte: u8) -> bool {
    byte.is_ascii_hexdigit()
}

fn token_or_dot(byte: u8) -> bool {
    token(byte) || byte == b'.'
}

/// The characters of base64 (standard and URL-safe) with its padding.
fn base64(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"+/=_-".contains(&byte)
}

/// Sorted by their prefixes' first byte (the scan finds a byte's formats as one run of rows; a test keeps it so).
const FORMATS: &[Format] = &[
    Format { prefix: "-----BEGIN ", kind: "private key", body: Body::PrivateKey },
    Format { prefix: "://", kind: "password in a URL", body: Body::UrlPassword },
    Format { prefix: "AGE-SECRET-KEY-1", kind: "age secret key", body: Body::Chars(upper_or_digit, 50) },
    Format { prefix: "AKIA", kind: "AWS access key id", body: Body::Chars(upper_or_digit, 16) },
    Format { prefix: "ASIA", kind: "AWS access key id", body: Body::Chars(upper_or_digit, 16) },
    Format { prefix: "AIza", kind: "Google API key", body: Body::Chars(token, 35) },
    // A private key block in base64, as kubeconfig's `client-key-data` holds it: the encoding of `-----BEGIN …
    // PRIVATE KEY` (a certificate's `-----BEGIN CERTIFICATE` encodes differently and stays).
    Format { prefix: "LS0tLS1CRUdJTiBQUklWQVRFIEtF", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBL", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtF", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBEU0EgUFJJVkFURSBL", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBPUEVOU1NIIFBSSVZBVEUgS0VZ", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBFTkNSWVBURUQgUFJJVkFURSBL", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "LS0tLS1CRUdJTiBQR1AgUFJJVkFURSBL", kind: "private key", body: Body::Chars(base64, 20) },
    Format { prefix: "PMAK-", kind: "Postman API key", body: Body::Chars(token, 50) },
    Format { prefix: "SG.", kind: "SendGrid API key", body: Body::Chars(token_or_dot, 60) },
    Format { prefix: "dapi", kind: "Databricks token", body: Body::Chars(hex, 32) },
    Format { prefix: "dckr_pat_", kind: "Docker Hub token", body: Body::Chars(token, 20) },
    Format { prefix: "dop_v1_", kind: "DigitalOcean token", body: Body::Chars(hex, 64) },
    Format { prefix: "eyJ", kind: "JSON Web Token", body: Body::Jwt },
    Format { prefix: "ghp_", kind: "GitHub token", body: Body::Chars(alnum, 36) },
    Format { prefix: "gho_", kind: "GitHub token", body: Body::Chars(alnum, 36) },
    Format { prefix: "ghu_", kind: "GitHub token", body: Body::Chars(alnum, 36) },
    Format { prefix: "ghs_", kind: "GitHub token", body: Body::Chars(alnum, 36) },
    Format { prefix: "ghr_", kind: "GitHub token", body: Body::Chars(alnum, 36) },
    Format { prefix: "github_pat_", kind: "GitHub token", body: Body::Chars(word, 22) },
    Format { prefix: "glpat-", kind: "GitLab token", body: Body::Chars(token, 20) },
    Format { prefix: "glptt-", kind: "GitLab token", body: Body::Chars(token, 20) },
    Format { prefix: "glrt-", kind: "GitLab token", body: Body::Chars(token, 20) },
    Format { prefix: "gldt-", kind: "GitLab token", body: Body::Chars(token, 20) },
    Format { prefix: "glsa_", kind: "Grafana token", body: Body::Chars(word, 32) },
    Format { prefix: "hf_", kind: "Hugging Face token", body: Body::Chars(letter, 30) },
    Format { prefix: "hvs.", kind: "Vault token", body: Body::Chars(token, 24) },
    Format { prefix: "hvb.", kind: "Vault token", body: Body::Chars(token, 24) },
    Format { prefix: "lin_api_", kind: "Linear API key", body: Body::Chars(alnum, 32) },
    Format { prefix: "npm_", kind: "npm token", body: Body::Chars(alnum, 36) },
    Format { prefix: "pypi-AgEI", kind: "PyPI token", body: Body::Chars(token, 50) },
    Format { prefix: "rk_live_", kind: "Stripe key", body: Body::Chars(alnum, 16) },
    Format { prefix: "rk_test_", kind: "Stripe key", body: Body::Chars(alnum, 16) },
    Format { prefix: "sk_live_", kind: "Stripe key", body: Body::Chars(alnum, 16) },
    Format { prefix: "sk_test_", kind: "Stripe key", body: Body::Chars(alnum, 16) },
    Format { prefix: "shpat_", kind: "Shopify token", body: Body::Chars(hex, 32) },
    Format { prefix: "shpss_", kind: "Shopify token", body: Body::Chars(hex, 32) },
    Format { prefix: "shpca_", kind: "Shopify token", body: Body::Chars(hex, 32) },
    Format { prefix: "sk-ant-", kind: "Anthropic API key", body: Body::Chars(token, 20) },
    Format { prefix: "sk-proj-", kind: "OpenAI API key", body: Body::Chars(token, 20) },
    Format { prefix: "sk-", kind: "OpenAI API key", body: Body::Chars(alnum, 40) },
    Format { prefix: "whsec_", kind: "Stripe webhook secret", body: Body::Chars(alnum, 24) },
    Format { prefix: "xoxb-", kind: "Slack token", body: Body::Chars(token, 10) },
    Format { prefix: "xoxp-", kind: "Slack token", body: Body::Chars(token, 10) },
    Format { prefix: "xoxa-", kind: "Slack token", body: Body::Chars(token, 10) },
    Format { prefix: "xoxr-", kind: "Slack token", body: Body::Chars(token, 10) },
    Format { prefix: "ya29.", kind: "Google OAuth access token", body: Body::Chars(token_or_dot, 30) },
];

/// How many bytes from `at` satisfy `class`.
fn run(bytes: &[u8], at: usize, class: fn(u8) -> bool) -> usize {
    bytes[at.min(bytes.len())..].iter().take_while(|&&byte| class(byte)).count()
}

/// Adds every credential of a known format in `text` to `found`: one pass, looking at the formats whose prefix
/// starts with the byte at hand only where a word starts (or at `:` and `-`, which start `://` and `-----BEGIN`).
pub(super) fn find(text: &str, found: &mut Vec<Found>) {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        let (first, last) = ROWS_BY_BYTE[usize::from(byte)];
        if first == last || !(byte == b':' || at == 0 || !alnum(bytes[at - 1])) {
            at += 1;
            continue;
        }
        let rest = &bytes[at..];
        let mut next = at + 1;
        for format in FORMATS[first..last].iter().filter(|format| rest.starts_with(format.prefix.as_bytes())) {
            let end = at + format.prefix.len();
            let span = match format.body {
                Body::Chars(class, least) => {
                    let length = run(bytes, end, class);
                    (length >= least).then_some((at, end + length))
                }
                Body::PrivateKey => private_key(text, at, end),
                Body::Jwt => jwt(bytes, at),
                Body::UrlPassword => url_password(text, at, end),
            };
            if let Some((start, end)) = span {
                found.push(Found { start, end, kind: format.kind });
                next = next.max(end);
                break;
            }
        }
        at = next;
    }
}

/// For each byte value, the rows of [`FORMATS`] whose prefix starts with it (`first..last`; empty for most bytes).
static ROWS_BY_BYTE: [(usize, usize); 256] = {
    let mut table = [(0, 0); 256];
    let mut row = 0;
    while row < FORMATS.len() {
        let byte = FORMATS[row].prefix.as_bytes()[0] as usize;
        if table[byte].1 == 0 {
            table[byte].0 = row;
        }
        table[byte].1 = row + 1;
        row += 1;
    }
    table
};

/// `-----BEGIN … PRIVATE KEY-----` to its `-----END … PRIVATE KEY-----` (or the end of the text).
fn private_key(text: &str, start: usize, after_prefix: usize) -> Option<(usize, usize)> {
    let header_end = text[after_prefix..].find("-----")? + after_prefix;
    let label = &text[after_prefix..header_end];
    if !label.ends_with("PRIVATE KEY") || label.len() > 40 {
        return None;
    }
    let rest = &text[header_end + 5..];
    let end = match rest.find("-----END ") {
        Some(at) => {
            let closing = header_end + 5 + at + "-----END ".len();
            text[closing..].find("-----").map_or(text.len(), |close| closing + close + 5)
        }
        None => text.len(),
    };
    Some((start, end))
}

/// `eyJ…` `.` `…` `.` `…`, each part base64url of at least 10 characters.
fn jwt(bytes: &[u8], start: usize) -> Option<(usize, usize)> {
    let mut at = start;
    for part in 0..3 {
        let length = run(bytes, at, token);
        if length < 10 {
            return None;
        }
        at += length;
        if part < 2 {
            if bytes.get(at) != Some(&b'.') {
                return None;
            }
            at += 1;
        }
    }
    Some((start, at))
}

/// In `scheme://user:password@host`, the password's span (a scheme of letters before `://`).
fn url_password(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let scheme = bytes[..start].iter().rev().take_while(|byte| byte.is_ascii_alphanumeric() || b"+.-".contains(byte));
    if scheme.count() == 0 {
        return None;
    }
    let stop = |byte: &u8| byte.is_ascii_whitespace() || b"/?#\"'<>".contains(byte);
    let authority_len = bytes[end..].iter().take_while(|byte| !stop(byte)).count();
    let authority = &text[end..end + authority_len];
    let at = authority.rfind('@')?;
    let credentials = &authority[..at];
    let colon = credentials.find(':')?;
    let password = &credentials[colon + 1..];
    if password.is_empty() || is_placeholder(password) {
        return None;
    }
    let password_start = end + colon + 1;
    Some((password_start, password_start + password.len()))
}

#[cfg(test)]
mod tests {
    use super::FORMATS;

    #[test]
    fn the_formats_are_sorted_by_their_first_byte() {
        for pair in FORMATS.windows(2) {
            assert!(
                pair[0].prefix.as_bytes()[0] <= pair[1].prefix.as_bytes()[0],
                "{} before {}",
                pair[0].prefix,
                pair[1].prefix
            );
        }
    }
}
