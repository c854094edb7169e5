//! Typesetting languages that run commands and read files from their text ([`crate::programs::Runs::Markup`]): TeX's
//! `\write18{CMD}` and `\input|"CMD"` (run with shell escape), its inputs (`\input{F}`, `\verbatiminput{F}`,
//! `\lstinputlisting[…]{F}`: read into the document, which the agent then reads); roff's `.sy CMD` and `.pso CMD`
//! (run with `groff -U`) and `.so F`. Each command is a shell script; each file read is `cat -- F`.

use crate::argv::quote;

/// The markup a program reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Markup {
    /// TeX and LaTeX (`pdflatex`, `xelatex`, `lualatex`, `tex`, `latexmk`).
    Tex,
    /// roff (`groff`, `troff`, `nroff`).
    Roff,
    /// Go templates whose functions run a program (chezmoi's `{{ output "git" "push" }}`).
    GoTemplate,
}

impl Markup {
    /// Whether an operand is markup given inline (TeX's code holds a `\`, a template `{{`; roff's operands are
    /// files).
    pub(crate) fn inline(self, operand: &str) -> bool {
        match self {
            Markup::Tex => operand.contains('\\'),
            Markup::Roff => false,
            Markup::GoTemplate => operand.contains("{{"),
        }
    }
}

/// TeX's commands that read a file into the document: the file is the last `{…}` group after the name (options in
/// `[…]`, and minted's language first, come before it).
const TEX_READS: &[&str] =
    &["\\input", "\\include", "\\verbatiminput", "\\VerbatimInput", "\\lstinputlisting", "\\inputminted", "\\openin"];

/// The shell scripts `text` runs and the files it reads (as `cat -- F`), in the order found.
pub(crate) fn scripts(markup: Markup, text: &str) -> Vec<String> {
    match markup {
        Markup::Tex => tex_scripts(text),
        Markup::Roff => roff_scripts(text),
        Markup::GoTemplate => template_scripts(text),
    }
}

/// The template functions that run a program with the quoted words after them.
const TEMPLATE_RUNS: &[&str] = &["output", "outputList"];

fn template_scripts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for action in text.split("{{").skip(1).map(|rest| rest.split("}}").next().unwrap_or(rest)) {
        let mut rest = action;
        while let Some(at) = TEMPLATE_RUNS.iter().filter_map(|name| rest.find(name).map(|at| (at, name.len()))).min() {
            let (start, length) = at;
            rest = &rest[start + length..];
            // The quoted words that follow, each a word of the command (`"sh" "-c" "CMD"`).
            let mut words = Vec::new();
            let mut after = rest.trim_start();
            while let Some(quoted) = after.strip_prefix('"') {
                let Some(end) = quoted.find('"') else { break };
                words.push(quote(&quoted[..end]));
                after = quoted[end + 1..].trim_start();
            }
            if !words.is_empty() {
                found.push(words.join(" "));
            }
        }
    }
    found
}

fn tex_scripts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        rest = &rest[at..];
        let name_end = rest[1..].find(|c: char| !c.is_ascii_alphabetic()).map_or(rest.len(), |end| end + 1);
        let (name, after) = rest.split_at(name_end);
        // (`\write18`: the control word `\write` and the stream number 18, the shell.)
        let shell_stream = after.trim_start().strip_prefix("18").filter(|_| name == "\\write");
        if let Some(stream) = shell_stream {
            if let Some((body, _)) = braced(stream.trim_start()) {
                found.push(body.to_owned());
            }
        } else if TEX_READS.contains(&name) {
            let after = after.trim_start();
            // `\input|"CMD"` and `\input{|"CMD"}`: a pipe from a command.
            let piped = after.strip_prefix('|').or_else(|| after.strip_prefix("{|"));
            if let Some(command) = piped.and_then(|piped| piped.strip_prefix('"')).and_then(|q| q.split('"').next()) {
                found.push(command.to_owned());
            } else if let Some(file) = last_group(after) {
                found.push(read(file.trim()));
            }
        }
        rest = &rest[name_end.max(1)..];
    }
    found
}

/// The text inside the `{…}` group `text` starts with, and what follows it.
fn braced(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('{')?;
    let end = crate::lexer::matching_close(text.as_bytes(), 1, b'{', b'}')?;
    Some((&inner[..end - 1], &text[end + 1..]))
}

/// The last of the `[…]` and `{…}` groups `text` starts with that is braced (`[lang=sh]{F}`, `{sh}{F}`).
fn last_group(text: &str) -> Option<&str> {
    let mut rest = text;
    let mut last = None;
    loop {
        rest = rest.trim_start();
        if let Some(options) = rest.strip_prefix('[') {
            rest = &options[options.find(']')? + 1..];
        } else if let Some((body, after)) = braced(rest) {
            last = Some(body);
            rest = after;
        } else {
            return last.filter(|file| !file.is_empty() && !file.contains('\\'));
        }
    }
}

/// The command that reads `file` (`~/` stays the home).
fn read(file: &str) -> String {
    match file.strip_prefix("~/") {
        Some(rest) => format!("cat -- ~/{}", quote(rest)),
        None => format!("cat -- {}", quote(file)),
    }
}

fn roff_scripts(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        // (A request starts with `.` or `'`, spaces allowed before its name.)
        let Some(request) = line.strip_prefix(['.', '\'']).map(str::trim_start) else { continue };
        let (name, argument) = request.split_once(char::is_whitespace).unwrap_or((request, ""));
        let argument = argument.trim();
        match name {
            "sy" | "pso" | "pi" if !argument.is_empty() => found.push(argument.to_owned()),
            "so" | "mso" | "soquiet" if !argument.is_empty() => found.push(read(argument)),
            _ => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tex_runs_write18_and_piped_inputs_and_reads_its_inputs() {
        assert_eq!(scripts(Markup::Tex, "\\immediate\\write18{rm -rf ../w}\\end"), ["rm -rf ../w"]);
        assert_eq!(scripts(Markup::Tex, "\\input|\"git push -f\" \\bye"), ["git push -f"]);
        assert_eq!(scripts(Markup::Tex, "\\begin{document}\\verbatiminput{.env}\\end{document}"), ["cat -- .env"]);
        assert_eq!(scripts(Markup::Tex, "\\lstinputlisting[language=sh]{~/.ssh/id_rsa}"), ["cat -- ~/.ssh/id_rsa"]);
        assert_eq!(scripts(Markup::Tex, "\\inputminted{text}{.env}"), ["cat -- .env"]);
        assert_eq!(scripts(Markup::Tex, "\\write18{echo {a}}"), ["echo {a}"], "nested braces");
        assert!(scripts(Markup::Tex, "\\documentclass{article}\\begin{document}Hi\\end{document}").is_empty());
        assert!(scripts(Markup::Tex, "\\write18").is_empty(), "no group");
    }

    #[test]
    fn go_templates_run_what_output_names() {
        let text = "{{ output \"sh\" \"-c\" \"rm -rf .forge\" }}";
        assert_eq!(scripts(Markup::GoTemplate, text), ["sh -c 'rm -rf .forge'"]);
        assert!(scripts(Markup::GoTemplate, "{{ .chezmoi.hostname }}").is_empty());
    }

    #[test]
    fn roff_runs_sy_and_pso_and_reads_so() {
        assert_eq!(scripts(Markup::Roff, ".sy rm -rf ../w\n.TH X 1\n"), ["rm -rf ../w"]);
        assert_eq!(scripts(Markup::Roff, ".  pso git push -f\n.so .env\n"), ["git push -f", "cat -- .env"]);
        assert!(scripts(Markup::Roff, ".TH LS 1\n.SH NAME\nls \\- list\n").is_empty());
    }
}
