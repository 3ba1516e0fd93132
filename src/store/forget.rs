//! Forgetting a person (`/forget-me`): every record of theirs in reach is given to an anonymous
//! stand-in, in one transaction. Games, results and ratings stay whole, so the others' games
//! replay and their ratings and tournament tables still add up; only who the person was is
//! gone: their id, their names, and their mentions in what the bot wrote.
//!
//! The reach is one server (the place where the person asked) or every server (a direct
//! conversation with the bot, which belongs to no server): see `service::forget`.

use sqlx::{Any, Row, Transaction};

use super::{Store, StoreError};

/// SQL: the games of the reach (`$1` is the server's id, or empty for every server).
const GAMES_IN_REACH: &str = "(SELECT id FROM games WHERE $1 = '' OR server_id = $1)";

/// SQL: the tournaments of the reach, as [`GAMES_IN_REACH`].
const TOURNAMENTS_IN_REACH: &str = "(SELECT id FROM tournaments WHERE $1 = '' OR server_id = $1)";

/// SQL: a row of a table of rows per server (`server_id`) in the reach.
const IN_SERVER: &str = "($1 = '' OR server_id = $1)";

/// Whose records are forgotten, for whom, and where.
#[derive(Clone, Debug)]
pub struct Forgetting<'a> {
    /// The person's id on their platform.
    pub user_id: &'a str,
    /// Every name the person was shown by: replaced wherever the bot wrote it.
    pub names: &'a [String],
    /// The stand-in's id and name.
    pub anonymous_id: &'a str,
    pub anonymous_name: &'a str,
    /// The server whose records are forgotten; `None`: every server's.
    pub server: Option<&'a str>,
    /// The time open seeks are withdrawn at.
    pub now: i64,
}

impl Forgetting<'_> {
    fn reach(&self) -> &str {
        self.server.unwrap_or("")
    }
}

/// What a forgetting changed.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Forgotten {
    /// Games the person played (or was challenged to) that now name the stand-in.
    pub games: u64,
    /// Ratings (one per server and game) that now belong to the stand-in.
    pub ratings: u64,
    /// Tournaments the person entered or announced.
    pub tournaments: u64,
}

impl Store {
    /// The games in reach of `server` (every server's when `None`) that are not over and in
    /// which `user_id` plays or is challenged, by number.
    pub async fn unfinished_games_of(
        &self,
        user_id: &str,
        server: Option<&str>,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT g.id FROM games g LEFT JOIN participants p ON p.game_id = g.id \
             WHERE ($1 = '' OR g.server_id = $1) AND g.state IN ('challenge', 'gathering', \
             'active') AND (p.user_id = $2 OR g.challenged = $2) ORDER BY g.id",
        )
        .bind(server.unwrap_or(""))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The tournaments in reach that are open or running and that `user_id` is entered in
    /// (and has not left) or announced, by number.
    pub async fn unfinished_tournaments_of(
        &self,
        user_id: &str,
        server: Option<&str>,
    ) -> Result<Vec<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT t.id FROM tournaments t WHERE ($1 = '' OR t.server_id = $1) \
             AND t.state IN ('open', 'running') AND (t.creator = $2 OR EXISTS \
             (SELECT 1 FROM tournament_players tp WHERE tp.tournament_id = t.id \
             AND tp.user_id = $2 AND tp.left_round IS NULL)) ORDER BY t.id",
        )
        .bind(server.unwrap_or(""))
        .bind(user_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// Gives every record of the person in reach to the stand-in, in one transaction: their
    /// place in games, their moves and votes, ratings and their history, seeks (open ones are
    /// withdrawn), the variants they defined, tournament entries, pairings and byes; follows (`/subscribe`) are removed;
    /// and their names and id are replaced in what the bot wrote (how games ended, move
    /// descriptions, posts). Forgotten everywhere, their name and settings go too. Each
    /// touched game's revision is bumped, so that no process shows it from memory as it was.
    pub async fn forget_person(&self, who: &Forgetting<'_>) -> Result<Forgotten, StoreError> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let reach = who.reach();
        // The games whose texts may name the person: theirs, and any whose ending names them
        // (a moderator's abort).
        let mut games: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT id FROM games WHERE id IN {GAMES_IN_REACH} AND (creator = $2 OR \
             challenged = $2 OR id IN (SELECT game_id FROM participants WHERE user_id = $2))"
        )))
        .bind(reach)
        .bind(who.user_id)
        .fetch_all(&mut *tx)
        .await?;
        let played = games.len() as u64;
        let named_in_endings = ending_mentions(&mut tx, who).await?;
        for id in named_in_endings {
            if !games.contains(&id) {
                games.push(id);
            }
        }

        put_anonymous(&mut tx, who).await?;
        let of_games = format!("game_id IN {GAMES_IN_REACH}");
        for table in ["participants", "game_log", "votes"] {
            reassign(&mut tx, who, table, "user_id", &of_games).await?;
        }
        for column in ["creator", "challenged"] {
            reassign(
                &mut tx,
                who,
                "games",
                column,
                &format!("id IN {GAMES_IN_REACH}"),
            )
            .await?;
        }
        let ratings = reassign(&mut tx, who, "ratings", "user_id", IN_SERVER).await?;
        reassign(&mut tx, who, "rating_history", "user_id", IN_SERVER).await?;
        sqlx::query(
            "UPDATE seeks SET state = 'withdrawn', ended_at = $3 WHERE ($1 = '' OR server_id = $1) \
             AND user_id = $2 AND state = 'open'",
        )
        .bind(reach)
        .bind(who.user_id)
        .bind(who.now)
        .execute(&mut *tx)
        .await?;
        let seeks = reassign(&mut tx, who, "seeks", "user_id", IN_SERVER).await?;
        let variants = reassign(&mut tx, who, "variants", "author", IN_SERVER).await?;
        sqlx::query("DELETE FROM subscriptions WHERE ($1 = '' OR server_id = $1) AND user_id = $2")
            .bind(reach)
            .bind(who.user_id)
            .execute(&mut *tx)
            .await?;
        let tournaments = forget_in_tournaments(&mut tx, who).await?;

        for &game in &games {
            rewrite_texts_of_game(&mut tx, who, game).await?;
        }
        if played + ratings + tournaments + seeks + variants == 0 {
            // Nothing names the stand-in: it is not kept.
            sqlx::query("DELETE FROM players WHERE user_id = $1")
                .bind(who.anonymous_id)
                .execute(&mut *tx)
                .await?;
        }
        if who.server.is_none() {
            sqlx::query("DELETE FROM players WHERE user_id = $1")
                .bind(who.user_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        super::wrote();
        Ok(Forgotten {
            games: played,
            ratings,
            tournaments,
        })
    }
}

/// The stand-in's row among the players, so that every list shows its name.
async fn put_anonymous(
    tx: &mut Transaction<'static, Any>,
    who: &Forgetting<'_>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO players (user_id, name, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
    )
    .bind(who.anonymous_id)
    .bind(who.anonymous_name)
    .bind(who.now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives the stand-in `column` of the rows of `table` that hold the person and meet
/// `within` (SQL over `$1`, the reach). Returns how many rows changed.
async fn reassign(
    tx: &mut Transaction<'static, Any>,
    who: &Forgetting<'_>,
    table: &str,
    column: &str,
    within: &str,
) -> Result<u64, StoreError> {
    let done = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE {table} SET {column} = $3 WHERE {column} = $2 AND {within}"
    )))
    .bind(who.reach())
    .bind(who.user_id)
    .bind(who.anonymous_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// The person's entries, announcements, pairings and byes in the tournaments in reach;
/// returns how many tournaments they were in.
async fn forget_in_tournaments(
    tx: &mut Transaction<'static, Any>,
    who: &Forgetting<'_>,
) -> Result<u64, StoreError> {
    let entered = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE tournament_players SET user_id = $3, name = $4 WHERE user_id = $2 \
         AND tournament_id IN {TOURNAMENTS_IN_REACH}"
    )))
    .bind(who.reach())
    .bind(who.user_id)
    .bind(who.anonymous_id)
    .bind(who.anonymous_name)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    let announced = reassign(tx, who, "tournaments", "creator", IN_SERVER).await?;
    let of_tournaments = format!("tournament_id IN {TOURNAMENTS_IN_REACH}");
    for column in ["white", "black"] {
        reassign(tx, who, "tournament_boards", column, &of_tournaments).await?;
    }
    reassign(tx, who, "tournament_byes", "user_id", &of_tournaments).await?;
    Ok(entered.max(announced))
}

/// The games in reach whose ending names the person (a moderator who aborted a game of
/// others), found by reading every ending: names may hold `%` or `_`, which `LIKE` reads as
/// patterns, and the two databases spell "contains" differently.
async fn ending_mentions(
    tx: &mut Transaction<'static, Any>,
    who: &Forgetting<'_>,
) -> Result<Vec<i64>, StoreError> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT id, outcome FROM games WHERE id IN {GAMES_IN_REACH} AND outcome IS NOT NULL"
    )))
    .bind(who.reach())
    .fetch_all(&mut **tx)
    .await?;
    let mut ids = Vec::new();
    for row in rows {
        let outcome: String = row.try_get("outcome")?;
        if rewritten(&outcome, who).is_some() {
            ids.push(row.try_get("id")?);
        }
    }
    Ok(ids)
}

/// Replaces the person's names and id in the texts of one game: its ending, its result's
/// reason, its log's descriptions and its posts. Bumps the game's revision.
async fn rewrite_texts_of_game(
    tx: &mut Transaction<'static, Any>,
    who: &Forgetting<'_>,
    game: i64,
) -> Result<(), StoreError> {
    // (table, key columns, text column): each row is read, rewritten in Rust and written back
    // only when it named the person.
    let texts: [(&str, &str, &str); 4] = [
        ("games", "id", "outcome"),
        ("results", "game_id", "reason"),
        ("game_log", "seq", "description"),
        ("outbox", "id", "text"),
    ];
    for (table, key, column) in texts {
        let game_column = if table == "games" { "id" } else { "game_id" };
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {key} AS k, {column} AS t FROM {table} WHERE {game_column} = $1 \
             AND {column} IS NOT NULL"
        )))
        .bind(game)
        .fetch_all(&mut **tx)
        .await?;
        for row in rows {
            let text: String = row.try_get("t")?;
            let Some(new) = rewritten(&text, who) else {
                continue;
            };
            let k: i64 = row.try_get("k")?;
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE {table} SET {column} = $1 WHERE {game_column} = $2 AND {key} = $3"
            )))
            .bind(new)
            .bind(game)
            .bind(k)
            .execute(&mut **tx)
            .await?;
        }
    }
    // Who a post mentions is a JSON list of ids.
    let quoted = |id: &str| serde_json::to_string(id).unwrap_or_default();
    sqlx::query(
        "UPDATE outbox SET notify = REPLACE(notify, $1, $2) WHERE game_id = $3 \
         AND notify IS NOT NULL",
    )
    .bind(quoted(who.user_id))
    .bind(quoted(who.anonymous_id))
    .bind(game)
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE games SET revision = revision + 1 WHERE id = $1")
        .bind(game)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// `text` with each of the person's names and their id, as whole words, replaced by the
/// stand-in's name; `None` when it names them nowhere.
pub(super) fn rewritten(text: &str, who: &Forgetting<'_>) -> Option<String> {
    let mut out = text.to_string();
    let mut changed = false;
    let mut words: Vec<&str> = who.names.iter().map(String::as_str).collect();
    // A Discord mention first, so that it does not become `<@Anonymous …>`.
    let mention = format!("<@{}>", who.user_id);
    words.push(&mention);
    words.push(who.user_id);
    // The longest first, so that "Ann Lee" goes whole before "Ann" could cut it.
    words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    for word in words.into_iter().filter(|w| !w.trim().is_empty()) {
        if let Some(replaced) = replace_whole_word(&out, word, who.anonymous_name) {
            out = replaced;
            changed = true;
        }
    }
    changed.then_some(out)
}

/// `text` with every stand-alone `word` (not inside a longer word or number) replaced.
fn replace_whole_word(text: &str, word: &str, with: &str) -> Option<String> {
    let is_word_char = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let (first, last) = (word.chars().next(), word.chars().last());
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (at, _) in text.match_indices(word) {
        let before = text[..at].chars().last();
        let after = text[at + word.len()..].chars().next();
        if (is_word_char(before) && is_word_char(first))
            || (is_word_char(after) && is_word_char(last))
        {
            continue;
        }
        out.push_str(&text[copied..at]);
        out.push_str(with);
        copied = at + word.len();
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&text[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{Forgetting, rewritten};

    fn who<'a>(names: &'a [String]) -> Forgetting<'a> {
        Forgetting {
            user_id: "4242",
            names,
            anonymous_id: "anonymous:1a2b3c",
            anonymous_name: "Anonymous 1A2B3C",
            server: None,
            now: 0,
        }
    }

    #[test]
    fn names_are_replaced_as_whole_words_only() {
        let names = ["Al".to_string(), "Al Jones".to_string()];
        let who = who(&names);
        assert_eq!(
            rewritten("Al Jones resigned; Alice and Al played on.", &who).as_deref(),
            Some("Anonymous 1A2B3C resigned; Alice and Anonymous 1A2B3C played on.")
        );
        assert_eq!(rewritten("Aborted by Alice", &who), None);
        assert_eq!(
            rewritten("<@4242> to move, not 42424", &who).as_deref(),
            Some("Anonymous 1A2B3C to move, not 42424")
        );
    }

    #[test]
    fn a_name_of_signs_is_replaced_where_it_stands() {
        let names = ["~*~".to_string()];
        let who = who(&names);
        assert_eq!(
            rewritten("~*~ joined White", &who).as_deref(),
            Some("Anonymous 1A2B3C joined White")
        );
    }
}
