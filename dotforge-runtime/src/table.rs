//! Plain-text tables for the terminal commands (`simulate`, `status`, `list`, `audit`, `backtest`): columns padded to
//! their widest cell (counted in characters), two spaces apart, no trailing spaces; optionally a rule of dashes under
//! the header, numbers right-aligned, or no header at all.

/// Renders `header` and `rows` as lines, every cell left-aligned.
pub(crate) fn render(header: &[&str], rows: &[Vec<String>], rule: bool) -> Vec<String> {
    layout(Some(header), rows, rule, &|_| false)
}

/// Renders `header` and `rows` as lines, the cells of the columns for which `right` holds right-aligned.
pub(crate) fn render_aligned(header: &[&str], rows: &[Vec<String>], right: impl Fn(usize) -> bool) -> Vec<String> {
    layout(Some(header), rows, false, &right)
}

/// Renders `rows` as lines, without a header.
pub(crate) fn render_rows(rows: &[Vec<String>]) -> Vec<String> {
    layout(None, rows, false, &|_| false)
}

fn layout(header: Option<&[&str]>, rows: &[Vec<String>], rule: bool, right: &dyn Fn(usize) -> bool) -> Vec<String> {
    let columns = rows.iter().map(Vec::len).chain(header.map(<[&str]>::len)).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for cells in header.map(|header| header.iter().map(|cell| cell.to_string()).collect()).iter().chain(rows) {
        for (width, cell) in widths.iter_mut().zip(cells) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: &[&str]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(column, (cell, width))| {
                let padding = " ".repeat(width.saturating_sub(cell.chars().count()));
                if right(column) {
                    format!("{padding}{cell}")
                } else {
                    format!("{cell}{padding}")
                }
            })
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let mut lines = Vec::with_capacity(rows.len() + 2);
    if let Some(header) = header {
        lines.push(line(header));
        if rule {
            let dashes: Vec<String> = widths.iter().map(|width| "-".repeat(*width)).collect();
            lines.push(line(&dashes.iter().map(String::as_str).collect::<Vec<_>>()));
        }
    }
    for row in rows {
        lines.push(line(&row.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{render, render_aligned, render_rows};

    #[test]
    fn pads_columns_without_trailing_spaces() {
        let rows = vec![vec!["a".to_owned(), "long cell".to_owned()], vec!["bbb".to_owned(), "x".to_owned()]];
        assert_eq!(render(&["h1", "h2"], &rows, true), ["h1   h2", "---  ---------", "a    long cell", "bbb  x"]);
    }

    #[test]
    fn numbers_align_right_and_a_long_name_widens_its_column() {
        let rows = vec![
            vec!["a-behavior-with-a-very-long-name".to_owned(), "7".to_owned(), "ok".to_owned()],
            vec!["short".to_owned(), "1234".to_owned(), "ok".to_owned()],
        ];
        assert_eq!(
            render_aligned(&["behavior", "n", "verdict"], &rows, |column| column == 1),
            [
                "behavior                             n  verdict",
                "a-behavior-with-a-very-long-name     7  ok",
                "short                             1234  ok",
            ]
        );
        assert_eq!(render_rows(&rows[1..]), ["short  1234  ok"]);
    }
}
