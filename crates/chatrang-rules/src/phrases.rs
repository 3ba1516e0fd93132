//! Phrases that several games' announcements share, written once so that the same thing is
//! said the same way in every game: a pawn's promotion reads "promotes to a Queen" in chess,
//! Cataclysm, Pick-a-team and Chromopolis alike.

/// `, promotes to a Queen` / `, promotes to an Advocate`: what an announcement adds to a move
/// that promotes, to the piece named `name`.
pub fn promotes_to(name: &str) -> String {
    format!(", promotes to {} {name}", article(name))
}

/// "an" before a name that starts with a vowel sound as piece names are said (Archbishop,
/// Elephant, Advocate), else "a" (a Unicorn, a Queen).
fn article(name: &str) -> &'static str {
    match name.chars().next().map(|c| c.to_ascii_uppercase()) {
        Some('A' | 'E' | 'I' | 'O') => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::promotes_to;

    #[test]
    fn the_article_fits_the_name() {
        assert_eq!(promotes_to("Queen"), ", promotes to a Queen");
        assert_eq!(promotes_to("Advocate"), ", promotes to an Advocate");
        assert_eq!(promotes_to("Archbishop"), ", promotes to an Archbishop");
        assert_eq!(promotes_to("Unicorn"), ", promotes to a Unicorn");
    }
}
