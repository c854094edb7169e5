//! UTC timestamps in the `YYYY-MM-DDTHH:MM:SSZ` form of CONTRACT §4, without a date library.

use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub u64);

impl Timestamp {
    /// The current time (the epoch if the clock is before it).
    pub fn now() -> Timestamp {
        Timestamp(SystemTime::now().duration_since(UNIX_EPOCH).map(|elapsed| elapsed.as_secs()).unwrap_or(0))
    }

    /// Formats as `YYYY-MM-DDTHH:MM:SSZ`.
    pub fn format(self) -> String {
        let days = (self.0 / 86_400) as i64;
        let seconds = self.0 % 86_400;
        let (year, month, day) = civil_from_days(days);
        let (hour, minute, second) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
        if year > 9999 {
            return format!("{year}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z");
        }
        // The digits written in place: `format!` costs ten times as much, and each event formats several times.
        let mut text = *b"0000-00-00T00:00:00Z";
        let fields = [
            (0..4, year as u64),
            (5..7, month.into()),
            (8..10, day.into()),
            (11..13, hour),
            (14..16, minute),
            (17..19, second),
        ];
        for (range, mut value) in fields {
            for digit in text[range].iter_mut().rev() {
                *digit = b'0' + (value % 10) as u8;
                value /= 10;
            }
        }
        text.iter().map(|&byte| char::from(byte)).collect()
    }

    /// The UTC date part, `YYYY-MM-DD`.
    pub fn date(self) -> String {
        self.format()[..10].to_owned()
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`; anything else is `None`.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let bytes = text.as_bytes();
        if bytes.len() != 20 || bytes[4] != b'-' || bytes[7] != b'-' || bytes[10] != b'T' || bytes[19] != b'Z' {
            return None;
        }
        if bytes[13] != b':' || bytes[16] != b':' {
            return None;
        }
        let number = |range: std::ops::Range<usize>| -> Option<u64> {
            bytes[range]
                .iter()
                .try_fold(0u64, |value, &byte| byte.is_ascii_digit().then(|| value * 10 + u64::from(byte - b'0')))
        };
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
            return None;
        }
        let days = days_from_civil(year as i64, month as u32, day as u32);
        if days < 0 {
            return None;
        }
        Some(Timestamp(days as u64 * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Seconds from `earlier` to `self`, zero when `earlier` is later.
    pub fn seconds_since(self, earlier: Timestamp) -> u64 {
        self.0.saturating_sub(earlier.0)
    }
}

// Howard Hinnant's civil calendar algorithms (proleptic Gregorian, days since 1970-01-01).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month = i64::from(month);
    let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::Timestamp;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_four_digit_year_instant_parses_back_from_its_text(seconds in 0u64..253_402_300_800) {
            let text = Timestamp(seconds).format();
            prop_assert_eq!(text.len(), 20);
            prop_assert_eq!(Timestamp::parse(&text), Some(Timestamp(seconds)));
        }
    }

    #[test]
    fn formats_and_parses_known_instants() {
        assert_eq!(Timestamp(0).format(), "1970-01-01T00:00:00Z");
        assert_eq!(Timestamp(1_776_074_400).format(), "2026-04-13T10:00:00Z");
        assert_eq!(Timestamp(951_782_400).format(), "2000-02-29T00:00:00Z");
        assert_eq!(Timestamp(253_402_300_799).format(), "9999-12-31T23:59:59Z");
        assert_eq!(Timestamp(253_402_300_800).format(), "10000-01-01T00:00:00Z");
        for seconds in [0, 59, 86_399, 951_782_400, 1_776_074_400, 4_102_444_799, 253_402_300_799] {
            assert_eq!(Timestamp::parse(&Timestamp(seconds).format()), Some(Timestamp(seconds)));
        }
    }

    #[test]
    fn rejects_other_shapes() {
        for text in [
            "",
            "2026-04-13",
            "2026-04-13T10:00:00",
            "2026-04-13 10:00:00Z",
            "2026-13-01T00:00:00Z",
            "abcd-04-13T10:00:00Z",
            "+026-04-13T10:00:00Z",
            "2026-04-13T10:0x:00Z",
            "2026-04-13T10:00:0\u{e9}Z",
        ] {
            assert_eq!(Timestamp::parse(text), None, "{text}");
        }
    }
}
