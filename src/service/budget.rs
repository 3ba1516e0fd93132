//! How long a reply's text may be, and the two ways a long list is cut to fit it: the newest
//! lines of a history, or the first items of a list. The cut is made here, in the service, and
//! says how much was left out, so no platform has to clip a message mid-line (which loses the
//! end: the latest moves and whose turn it is).

/// The most characters (Unicode scalar values) a reply's text has. Discord's smallest message
/// limit is 2,000 characters, and the adapter puts the pings of the people who must act in
/// front of the text (`<@…> ` is up to 24 characters a person), so 1,900 leaves room for a few
/// of them; other platforms allow more.
pub const MESSAGE_BUDGET: usize = 1_900;

/// The length of a text as the budget counts it.
pub(crate) fn chars(text: &str) -> usize {
    text.chars().count()
}

/// How many of the newest `lines` fit in `room` characters, one line each (a newline after
/// each), together with the line `note(left_out)` when some are left out.
pub(crate) fn newest_that_fit(
    lines: &[String],
    room: usize,
    note: impl Fn(usize) -> String,
) -> usize {
    let total = lines.len();
    // The cost of the newest `kept` lines, growing from none.
    let mut costs = Vec::with_capacity(total + 1);
    costs.push(0);
    for line in lines.iter().rev() {
        costs.push(costs.last().copied().unwrap_or(0) + chars(line) + 1);
    }
    (0..=total)
        .rev()
        .find(|&kept| {
            let left_out = total - kept;
            let note_cost = if left_out == 0 {
                0
            } else {
                chars(&note(left_out)) + 1
            };
            costs[kept] + note_cost <= room
        })
        .unwrap_or(0)
}

/// How many of the first `items` fit in `room` characters when joined by one space, together
/// with `note(left_out)` (after a space) when some are left out.
pub(crate) fn first_that_fit(
    items: &[String],
    room: usize,
    note: impl Fn(usize) -> String,
) -> usize {
    let total = items.len();
    let mut cost = 0;
    let mut fits = 0;
    for (kept, item) in items.iter().enumerate() {
        cost += chars(item) + usize::from(kept > 0);
        let left_out = total - kept - 1;
        let note_cost = if left_out == 0 {
            0
        } else {
            chars(&note(left_out)) + 1
        };
        // Not cut short at the first miss: the whole list may fit where a cut one with its
        // note does not.
        if cost + note_cost <= room {
            fits = kept + 1;
        }
    }
    fits
}

#[cfg(test)]
mod tests {
    use super::{first_that_fit, newest_that_fit};

    fn words(n: usize, len: usize) -> Vec<String> {
        (0..n).map(|i| format!("{i:0len$}")).collect()
    }

    #[test]
    fn everything_is_kept_when_it_fits_without_a_note() {
        let lines = words(3, 4);
        assert_eq!(newest_that_fit(&lines, 15, |_| "x".repeat(100)), 3);
        assert_eq!(first_that_fit(&lines, 14, |_| "x".repeat(100)), 3);
    }

    #[test]
    fn the_note_takes_its_room_from_the_lines() {
        // Ten lines of 4 characters cost 5 each; a 9-character note costs 10.
        let lines = words(10, 4);
        assert_eq!(newest_that_fit(&lines, 49, |_| "123456789".into()), 7);
        assert_eq!(newest_that_fit(&lines, 50, |_| "123456789".into()), 10);
        // Items cost 4, then 5 each (a space before); the note 10.
        assert_eq!(first_that_fit(&lines, 48, |_| "123456789".into()), 7);
        assert_eq!(first_that_fit(&lines, 49, |_| "123456789".into()), 10);
    }

    #[test]
    fn nothing_is_kept_when_not_even_the_note_fits() {
        let lines = words(3, 4);
        assert_eq!(newest_that_fit(&lines, 3, |_| "note".into()), 0);
        assert_eq!(first_that_fit(&lines, 3, |_| "note".into()), 0);
    }
}
