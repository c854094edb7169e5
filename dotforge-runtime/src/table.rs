//! Plain-text tables for the terminal commands (`simulate`, `status`, `list`): columns padded to their widest cell,
//! two spaces apart, no trailing spaces, optionally a rule of dashes under the header.

/// Renders `header` and `rows` as lines.
pub(crate) fn render(header: &[&str], rows: &[Vec<String>], rule: bool) -> Vec<String> {
    let mut widths: Vec<usize> = header.iter().map(|title| title.chars().count()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[&str]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell}{}", " ".repeat(width.saturating_sub(cell.chars().count()))))
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let mut lines = vec![line(header)];
    if rule {
        let dashes: Vec<String> = widths.iter().map(|width| "-".repeat(*width)).collect();
        lines.push(line(&dashes.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    for row in rows {
        lines.push(line(&row.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn pads_columns_without_trailing_spaces() {
        let rows = vec![vec!["a".to_owned(), "long cell".to_owned()], vec!["bbb".to_owned(), "x".to_owned()]];
        assert_eq!(render(&["h1", "h2"], &rows, true), ["h1   h2", "---  ---------", "a    long cell", "bbb  x"]);
    }
}
