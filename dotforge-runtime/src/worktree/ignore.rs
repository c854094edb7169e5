//! git's ignore rules (`.gitignore` files, `.git/info/exclude`, the user's excludes file) as git applies them:
//! patterns matched with git's own wildmatch (`*`, `?`, `[…]` classes, `**` across folders, `\` escapes), a pattern
//! without a slash matched against the name at any depth and one with a slash against the path from its file's
//! folder, a trailing `/` for folders only, `!` to re-include, the last matching pattern of a file winning and a
//! deeper file's patterns coming before a shallower one's, then `info/exclude`, then the excludes file.
//!
//! Matching is case-sensitive (git's default off macOS and Windows): where git would ignore a name only because it
//! folds case, this says "not ignored", and the caller asks rather than stays silent.

/// One pattern of an ignore file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pattern {
    /// The pattern without its `!`, its leading `/` and its trailing `/`.
    glob: Vec<u8>,
    negated: bool,
    /// Written with a trailing `/`: matches folders only.
    folders_only: bool,
    /// No slash but a trailing one: matched against the last component only.
    name_only: bool,
}

/// The patterns of one ignore file, with the folder they are relative to (relative to the work tree, `""` at its
/// top, no trailing slash).
#[derive(Clone, Debug, Default)]
pub(crate) struct IgnoreFile {
    base: Vec<u8>,
    patterns: Vec<Pattern>,
}

/// Whether a file's patterns say a path is ignored, re-included, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Ignored,
    Included,
    Unmatched,
}

impl IgnoreFile {
    /// The patterns of `text`, relative to the folder `base`.
    pub(crate) fn parse(text: &[u8], base: &[u8]) -> IgnoreFile {
        let patterns = text.split(|&byte| byte == b'\n').filter_map(parse_line).collect();
        IgnoreFile { base: base.to_vec(), patterns }
    }

    /// Whether the file holds no pattern.
    pub(crate) fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// What the last pattern matching `path` (relative to the work tree) says.
    pub(crate) fn verdict(&self, path: &[u8], is_folder: bool) -> Verdict {
        let Some(relative) = relative_to(path, &self.base) else { return Verdict::Unmatched };
        let name = relative.rsplit(|&byte| byte == b'/').next().unwrap_or(relative);
        for pattern in self.patterns.iter().rev() {
            if pattern.folders_only && !is_folder {
                continue;
            }
            let matched = if pattern.name_only {
                wildmatch(&pattern.glob, name, false)
            } else {
                wildmatch(&pattern.glob, relative, true)
            };
            if matched {
                return if pattern.negated { Verdict::Included } else { Verdict::Ignored };
            }
        }
        Verdict::Unmatched
    }
}

/// `path` below `base` (`""` is the top), without the separating slash.
fn relative_to<'p>(path: &'p [u8], base: &[u8]) -> Option<&'p [u8]> {
    if base.is_empty() {
        return Some(path);
    }
    path.strip_prefix(base)?.strip_prefix(b"/")
}

/// One line of an ignore file as a pattern (`None` for blank lines and comments).
fn parse_line(line: &[u8]) -> Option<Pattern> {
    let mut line = trim_trailing_spaces(line);
    if line.is_empty() || line[0] == b'#' {
        return None;
    }
    let negated = line[0] == b'!';
    if negated {
        line = &line[1..];
    }
    let folders_only = line.last() == Some(&b'/');
    if folders_only {
        line = &line[..line.len() - 1];
    }
    if line.is_empty() {
        return None;
    }
    let name_only = !line.contains(&b'/');
    let glob = line.strip_prefix(b"/").unwrap_or(line).to_vec();
    Some(Pattern { glob, negated, folders_only, name_only })
}

/// A line without its trailing spaces, except one escaped with a backslash (git's `trim_trailing_spaces`).
fn trim_trailing_spaces(line: &[u8]) -> &[u8] {
    let mut end = line.len();
    while end > 0 && line[end - 1] == b' ' {
        // An odd number of backslashes before the space escapes it.
        let backslashes = line[..end - 1].iter().rev().take_while(|&&byte| byte == b'\\').count();
        if backslashes % 2 == 1 {
            break;
        }
        end -= 1;
    }
    &line[..end]
}

/// The outcome of matching, as git's `dowild` returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wild {
    Match,
    NoMatch,
    AbortAll,
    AbortToStarStar,
}

/// git's wildmatch: whether `text` matches `pattern`; with `pathname` (`WM_PATHNAME`), `*`, `?` and classes never
/// match a `/`, and `**` between slashes matches any number of folders.
pub(crate) fn wildmatch(pattern: &[u8], text: &[u8], pathname: bool) -> bool {
    dowild(pattern, 0, text, 0, pathname) == Wild::Match
}

/// The byte at `at`, or 0 past the end (git's strings end in NUL; paths and patterns hold none).
fn at(bytes: &[u8], at: usize) -> u8 {
    bytes.get(at).copied().unwrap_or(0)
}

fn is_glob_special(byte: u8) -> bool {
    matches!(byte, b'*' | b'?' | b'[' | b'\\')
}

/// A port of git's `dowild` (wildmatch.c), index by index.
fn dowild(pattern: &[u8], mut p: usize, text: &[u8], mut t: usize, pathname: bool) -> Wild {
    while at(pattern, p) != 0 {
        let mut p_ch = at(pattern, p);
        let t_ch = at(text, t);
        if t_ch == 0 && p_ch != b'*' {
            return Wild::AbortAll;
        }
        match p_ch {
            b'?' => {
                if pathname && t_ch == b'/' {
                    return Wild::NoMatch;
                }
            }
            b'*' => {
                p += 1;
                let match_slash;
                if at(pattern, p) == b'*' {
                    let before = p.checked_sub(2);
                    while at(pattern, p) == b'*' {
                        p += 1;
                    }
                    let after_slash = before.is_none_or(|before| pattern[before] == b'/');
                    let next = at(pattern, p);
                    if after_slash && (next == 0 || next == b'/' || (next == b'\\' && at(pattern, p + 1) == b'/')) {
                        if next == b'/' && dowild(pattern, p + 1, text, t, pathname) == Wild::Match {
                            return Wild::Match;
                        }
                        match_slash = true;
                    } else {
                        match_slash = false;
                    }
                } else {
                    match_slash = !pathname;
                }
                if at(pattern, p) == 0 {
                    // A trailing `**` matches everything; a trailing `*` only what holds no more slashes.
                    if !match_slash && text[t.min(text.len())..].contains(&b'/') {
                        return Wild::NoMatch;
                    }
                    return Wild::Match;
                } else if !match_slash && at(pattern, p) == b'/' {
                    // One `*` followed by a slash matches the rest of this folder name.
                    let Some(slash) = text[t..].iter().position(|&byte| byte == b'/') else { return Wild::NoMatch };
                    // Both at a slash now: step over the pair, as git's loop does.
                    t += slash + 1;
                    p += 1;
                    continue;
                }
                let mut t_ch = at(text, t);
                loop {
                    if t_ch == 0 {
                        break;
                    }
                    let next = at(pattern, p);
                    if !is_glob_special(next) {
                        // Advance to the next occurrence of the literal that follows the star.
                        while at(text, t) != 0 && (match_slash || at(text, t) != b'/') && at(text, t) != next {
                            t += 1;
                        }
                        if at(text, t) != next {
                            return Wild::NoMatch;
                        }
                    }
                    let matched = dowild(pattern, p, text, t, pathname);
                    if matched != Wild::NoMatch {
                        if !match_slash || matched != Wild::AbortToStarStar {
                            return matched;
                        }
                    } else if !match_slash && at(text, t) == b'/' {
                        return Wild::AbortToStarStar;
                    }
                    t += 1;
                    t_ch = at(text, t);
                }
                return Wild::AbortAll;
            }
            b'[' => {
                p += 1;
                let mut class_ch = at(pattern, p);
                if class_ch == b'^' {
                    class_ch = b'!';
                }
                let negated = class_ch == b'!';
                if negated {
                    p += 1;
                    class_ch = at(pattern, p);
                }
                let mut previous = 0u8;
                let mut matched = false;
                loop {
                    if class_ch == 0 {
                        return Wild::AbortAll;
                    }
                    if class_ch == b'\\' {
                        p += 1;
                        class_ch = at(pattern, p);
                        if class_ch == 0 {
                            return Wild::AbortAll;
                        }
                        if t_ch == class_ch {
                            matched = true;
                        }
                    } else if class_ch == b'-' && previous != 0 && at(pattern, p + 1) != 0 && at(pattern, p + 1) != b']'
                    {
                        p += 1;
                        class_ch = at(pattern, p);
                        if class_ch == b'\\' {
                            p += 1;
                            class_ch = at(pattern, p);
                            if class_ch == 0 {
                                return Wild::AbortAll;
                            }
                        }
                        if t_ch <= class_ch && t_ch >= previous {
                            matched = true;
                        }
                        class_ch = 0; // the next character has no range start
                    } else if class_ch == b'[' && at(pattern, p + 1) == b':' {
                        let start = p + 2;
                        let mut end = start;
                        while at(pattern, end) != 0 && at(pattern, end) != b']' {
                            end += 1;
                        }
                        if at(pattern, end) == 0 {
                            return Wild::AbortAll;
                        }
                        if end == start || at(pattern, end - 1) != b':' {
                            // No `:]`: a plain `[` in the set.
                            if t_ch == b'[' {
                                matched = true;
                            }
                            class_ch = b'[';
                        } else {
                            let name = &pattern[start..end - 1];
                            let Some(in_class) = posix_class(name, t_ch) else { return Wild::AbortAll };
                            if in_class {
                                matched = true;
                            }
                            p = end;
                            class_ch = 0;
                        }
                    } else if t_ch == class_ch {
                        matched = true;
                    }
                    previous = class_ch;
                    p += 1;
                    class_ch = at(pattern, p);
                    if class_ch == b']' {
                        break;
                    }
                }
                if matched == negated || (pathname && t_ch == b'/') {
                    return Wild::NoMatch;
                }
            }
            _ => {
                if p_ch == b'\\' {
                    p += 1;
                    p_ch = at(pattern, p);
                }
                if t_ch != p_ch {
                    return Wild::NoMatch;
                }
            }
        }
        p += 1;
        t += 1;
    }
    if at(text, t) != 0 {
        Wild::NoMatch
    } else {
        Wild::Match
    }
}

/// Whether `byte` is in the POSIX class `name` (`None` for a name git does not know: the pattern is malformed).
fn posix_class(name: &[u8], byte: u8) -> Option<bool> {
    Some(match name {
        b"alnum" => byte.is_ascii_alphanumeric(),
        b"alpha" => byte.is_ascii_alphabetic(),
        b"blank" => byte == b' ' || byte == b'\t',
        b"cntrl" => byte.is_ascii_control(),
        b"digit" => byte.is_ascii_digit(),
        b"graph" => byte.is_ascii_graphic(),
        b"lower" => byte.is_ascii_lowercase(),
        b"print" => byte.is_ascii_graphic() || byte == b' ',
        b"punct" => byte.is_ascii_punctuation(),
        b"space" => byte.is_ascii_whitespace() || byte == 0x0b,
        b"upper" => byte.is_ascii_uppercase(),
        b"xdigit" => byte.is_ascii_hexdigit(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worktree::test_repos::scratch_repository;

    #[test]
    fn wildmatch_agrees_with_gits_own_cases() {
        // From git's t/t3070-wildmatch.sh (pattern, text, matches with WM_PATHNAME).
        let cases: &[(&str, &str, bool)] = &[
            ("foo", "foo", true),
            ("bar", "foo", false),
            ("???", "foo", true),
            ("??", "foo", false),
            ("*", "foo", true),
            ("f*", "foo", true),
            ("*f", "foo", false),
            ("*foo*", "foo", true),
            ("*ob*a*r*", "foobar", true),
            ("*ab", "aaaaaaabababab", true),
            ("foo\\*", "foo*", true),
            ("foo\\*bar", "foobar", false),
            ("f\\\\oo", "f\\oo", true),
            ("*[al]?", "ball", true),
            ("[ten]", "ten", false),
            ("**[!te]", "ten", true),
            ("**[!ten]", "ten", false),
            ("t[a-g]n", "ten", true),
            ("t[!a-g]n", "ten", false),
            ("t[!a-g]n", "ton", true),
            ("t[^a-g]n", "ton", true),
            ("a[]]b", "a]b", true),
            ("a[]-]b", "a-b", true),
            ("a[]a-]b", "aab", true),
            ("]", "]", true),
            ("foo*bar", "foo/baz/bar", false),
            ("foo**bar", "foo/baz/bar", false),
            ("foo?bar", "foo/bar", false),
            ("foo[/]bar", "foo/bar", false),
            ("f[^eiu][^eiu][^eiu][^eiu][^eiu]r", "foo/bar", false),
            ("**/foo", "foo", true),
            ("**/foo", "XXX/foo", true),
            ("**/foo", "bar/baz/foo", true),
            ("*/foo", "bar/baz/foo", false),
            ("**/bar*", "foo/bar/baz", false),
            ("**/bar/*", "deep/foo/bar/baz", true),
            ("**/bar/*", "deep/foo/bar/baz/", false),
            ("**/bar/**", "deep/foo/bar/baz/", true),
            ("**/bar/*", "deep/foo/bar", false),
            ("**/bar/**", "deep/foo/bar/", true),
            ("**/bar**", "foo/bar/baz", false),
            ("*/bar/**", "foo/bar/baz/x", true),
            ("*/bar/**", "deep/foo/bar/baz/x", false),
            ("**/bar/*/*", "deep/foo/bar/baz/x", true),
            ("a/**/b", "a/b", true),
            ("a/**/b", "a/x/y/b", true),
            ("a/**", "a/x/y", true),
            ("[[:alpha:]][[:digit:]][[:upper:]]", "a1B", true),
            ("[[:digit:][:upper:][:space:]]", "a", false),
            ("[[:digit:][:upper:][:space:]]", "A", true),
            ("[[:digit:][:upper:][:spaci:]]", "1", false),
            ("[a-c[:digit:]x-z]", "5", true),
            ("[a-c[:digit:]x-z]", "q", false),
            ("*.c", "mozilla-sha1/sha1.c", false),
            ("**/*.c", "mozilla-sha1/sha1.c", true),
            ("-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-m-70-iso8859-1", true),
            ("XXX/*/*/*/*/*/*/12/*/*/*/m/*/*/*", "XXX/adobe/courier/bold/o/normal//12/120/75/75/X/70/iso8859/1", false),
            ("**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txt", true),
            ("**/*a*b*g*n*t", "abcd/abcdefg/abcdefghijk/abcdefghijklmnop.txtz", false),
        ];
        for (pattern, text, expected) in cases {
            assert_eq!(wildmatch(pattern.as_bytes(), text.as_bytes(), true), *expected, "{pattern} ~ {text}");
        }
        assert!(wildmatch(b"foo*bar", b"foo/baz/bar", false), "without WM_PATHNAME * crosses slashes");
    }

    #[test]
    fn lines_become_patterns_as_git_reads_them() {
        let file = IgnoreFile::parse(b"# comment\n\n/build/\n*.log\n!keep.log\ntrailing\\ \nspace  \ndoc/*.tmp\n", b"");
        let ignored = |path: &str, folder: bool| file.verdict(path.as_bytes(), folder);
        assert_eq!(ignored("build", true), Verdict::Ignored);
        assert_eq!(ignored("build", false), Verdict::Unmatched, "a folder pattern");
        assert_eq!(ignored("src/build", true), Verdict::Unmatched, "anchored at the top");
        assert_eq!(ignored("deep/x.log", false), Verdict::Ignored);
        assert_eq!(ignored("deep/keep.log", false), Verdict::Included);
        assert_eq!(ignored("trailing ", false), Verdict::Ignored, "an escaped trailing space stays");
        assert_eq!(ignored("space", false), Verdict::Ignored);
        assert_eq!(ignored("doc/a.tmp", false), Verdict::Ignored);
        assert_eq!(ignored("sub/doc/a.tmp", false), Verdict::Unmatched, "a slash anchors it");
        let nested = IgnoreFile::parse(b"*.gen\n/local\n", b"pkg");
        assert_eq!(nested.verdict(b"pkg/a.gen", false), Verdict::Ignored);
        assert_eq!(nested.verdict(b"pkg/local", false), Verdict::Ignored);
        assert_eq!(nested.verdict(b"pkg/sub/local", false), Verdict::Unmatched);
        assert_eq!(nested.verdict(b"other/a.gen", false), Verdict::Unmatched);
        assert_eq!(nested.verdict(b"pkgx/a.gen", false), Verdict::Unmatched);
    }

    /// Every path of a tree, checked by `git check-ignore` and by these rules, agrees.
    #[test]
    fn verdicts_agree_with_git_check_ignore() {
        let dir = scratch_repository("ignore-agree");
        let gitignore = "target/\n*.log\n!important.log\n/top-only\nbuild*/\n**/cache/**\ndocs/**/*.tmp\n[Tt]emp?\n\\#hash\n\\!bang\nnode_modules\nout/*\n!out/keep\n";
        std::fs::write(dir.join(".gitignore"), gitignore).expect("write");
        std::fs::create_dir_all(dir.join("pkg")).expect("folder");
        std::fs::write(dir.join("pkg/.gitignore"), "*.gen\n!top-only\nlocal/\n").expect("write");
        std::fs::write(dir.join(".git/info/exclude"), "*.secret\n").expect("write");
        let paths: &[(&str, bool)] = &[
            ("target", true),
            ("src/target", true),
            ("lib/target", false),
            ("a.log", false),
            ("deep/important.log", false),
            ("top-only", false),
            ("pkg/top-only", false),
            ("build", true),
            ("buildx", true),
            ("build.rs", false),
            ("a/cache/b", false),
            ("cache", true),
            ("docs/x/y.tmp", false),
            ("docs/y.tmp", false),
            ("Temp1", false),
            ("temp12", false),
            ("#hash", false),
            ("!bang", false),
            ("web/node_modules", true),
            ("out/x", false),
            ("out/keep", false),
            ("pkg/a.gen", false),
            ("a.gen", false),
            ("pkg/local", true),
            ("pkg/x/local", true),
            ("x.secret", false),
            ("src/main.rs", false),
        ];
        let files = [
            IgnoreFile::parse(&std::fs::read(dir.join("pkg/.gitignore")).expect("read"), b"pkg"),
            IgnoreFile::parse(gitignore.as_bytes(), b""),
            IgnoreFile::parse(b"*.secret\n", b""),
        ];
        for (path, folder) in paths {
            let on_disk = dir.join(path);
            if *folder {
                std::fs::create_dir_all(&on_disk).expect("folder");
            } else {
                std::fs::create_dir_all(on_disk.parent().expect("parent")).expect("folder");
                std::fs::write(&on_disk, "x").expect("file");
            }
            let by_git = std::process::Command::new("git")
                .args(["check-ignore", "-q", "--no-index", "--", path])
                .current_dir(&dir)
                .status()
                .expect("git runs")
                .success();
            let applies = |file: &IgnoreFile| file.verdict(path.as_bytes(), *folder);
            let ours = files.iter().map(applies).find(|verdict| *verdict != Verdict::Unmatched);
            // `git check-ignore` tells the path's own patterns, not its folders': compare those alone.
            assert_eq!(ours == Some(Verdict::Ignored), by_git, "{path} (folder: {folder})");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
