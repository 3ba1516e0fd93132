//! `/replay`: a game as an animated GIF (see `film` for the frames). The GIF is drawn as heavy
//! work (see `heavy`): on a thread of its own at a lower priority, one at a time, one per
//! person. A game's replay is also posted by itself when the game ends (a setting per server,
//! on by default): its outbox post is written with the game's end, and drawn when the delivery
//! loop takes it, off the loop, so that no other game's post waits behind the drawing.

use std::sync::Arc;

use super::{
    base::Service,
    film::{Film, MOST_MOVES, SPEEDS, Span, film},
    heavy::HeavyWork,
    painter::{BoardPainter, NoPicture},
    progress::Progress,
    reply::{GameRef, Image, Reply, ServiceError, ServiceResult},
    request::Request,
    words::shown,
};
use crate::store::{GameRow, Post, PostKind, Store, post_key};

/// The largest replay the bot posts: Discord's upload limit for a server without boosts.
pub(crate) const LARGEST_GIF: usize = 8 * 1024 * 1024;

/// What `/replay` asks for: which moves, and how fast.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Ask {
    pub span: Span,
    /// Hundredths of a second per move.
    pub hold: u16,
}

impl Default for Ask {
    fn default() -> Self {
        Ask {
            span: Span::default(),
            hold: 100,
        }
    }
}

/// Reads `from=12 to=30 speed=fast` (any of them, in any order; `speed` also takes seconds a
/// move, from 0.1 to 10, such as `speed=0.5`).
pub(crate) fn read_ask(arg: &str) -> Result<Ask, ServiceError> {
    let mut ask = Ask::default();
    for word in arg.split_whitespace() {
        let (name, value) = word.split_once('=').unwrap_or(("", word));
        let number = || {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=100_000).contains(n))
        };
        match name.to_lowercase().as_str() {
            "from" => ask.span.from = Some(number().ok_or_else(|| not_a_move(value))?),
            "to" => ask.span.to = Some(number().ok_or_else(|| not_a_move(value))?),
            "speed" => ask.hold = read_speed(value)?,
            _ => {
                return Err(ServiceError::refused(format!(
                    "\"{}\" is not something /replay takes; write from=12, to=30 or \
                     speed=slow|normal|fast.",
                    shown(word)
                )));
            }
        }
    }
    if let Span {
        from: Some(from),
        to: Some(to),
    } = ask.span
        && from > to
    {
        return Err(ServiceError::refused(format!(
            "from={from} comes after to={to}; write the earlier move first."
        )));
    }
    Ok(ask)
}

fn not_a_move(value: &str) -> ServiceError {
    ServiceError::refused(format!(
        "\"{}\" is not a move number; write one such as from=12.",
        shown(value)
    ))
}

/// `slow`, `normal`, `fast`, or seconds a move (`0.5`, `2s`).
fn read_speed(value: &str) -> Result<u16, ServiceError> {
    let lower = value.to_lowercase();
    if let Some((_, hold)) = SPEEDS.iter().find(|(name, _)| *name == lower) {
        return Ok(*hold);
    }
    match lower.trim_end_matches('s').parse::<f64>() {
        Ok(seconds) if (0.1..=10.0).contains(&seconds) => Ok((seconds * 100.0).round() as u16),
        _ => Err(ServiceError::refused(format!(
            "\"{}\" is not a speed; write speed=slow, normal or fast, or seconds a move such \
             as speed=0.5.",
            shown(value)
        ))),
    }
}

impl Service {
    /// `/replay [from=M] [to=K] [speed=…]` of the game here or the one named: any game of
    /// this place, finished or not (a replay shows only what everyone has seen).
    pub(crate) async fn replay_command(&self, req: &Request, arg: &str) -> ServiceResult {
        let ask = read_ask(arg)?;
        let loaded = self.look(req, true).await?;
        let log = self.store.log_at(loaded.row.id, loaded.row.version).await?;
        let film = film(&loaded.row, &log, ask.span, ask.hold)?;
        let who = (req.user.id.as_str(), req.progress.as_ref());
        draw(&self.heavy, &self.painter, who, &loaded.row, film).await
    }

    /// The reply an outbox post of a game's replay stands for, when it is drawn; else starts
    /// drawing it off the delivery loop and returns `None` (the post stays claimed, and is
    /// let go when the drawing is ready, so that the loop takes it again at once).
    pub(crate) fn auto_replay(&self, post: &Post) -> Option<Result<Reply, String>> {
        let replays = &self.auto_replays;
        if let Some(done) = replays.take(post.id) {
            return Some(done);
        }
        if !replays.start(post.id) {
            return None;
        }
        let (store, heavy, painter) =
            (self.store.clone(), self.heavy.clone(), self.painter.clone());
        let (replays, wake, post) = (replays.clone(), self.outbox_wake.clone(), post.clone());
        tokio::spawn(async move {
            let drawn = draw_for_post(&store, &heavy, &painter, &post).await;
            replays.done(post.id, drawn);
            if let Err(error) = store.release_post(post.id).await {
                // The claim runs out by itself, and the loop takes the post then.
                tracing::warn!(post = post.id, %error, "cannot let go of a drawn replay's post");
            }
            wake.notify_one();
        });
        None
    }
}

/// Draws the replay of an outbox post: the whole game, at the normal speed, in its place.
async fn draw_for_post(
    store: &Store,
    heavy: &HeavyWork,
    painter: &Arc<dyn BoardPainter>,
    post: &Post,
) -> Result<Reply, String> {
    let row = match store.game(post.game_id).await {
        Ok(Some(row)) => row,
        Ok(None) => return Err("the game is gone".into()),
        Err(error) => return Err(error.to_string()),
    };
    let log = store
        .log_at(row.id, row.version)
        .await
        .map_err(|e| e.to_string())?;
    let ask = Ask::default();
    let film = film(&row, &log, ask.span, ask.hold).map_err(|e| e.to_string())?;
    let who = format!("game {}", row.id);
    let mut reply = draw(heavy, painter, (&who, None), &row, film)
        .await
        .map_err(|e| e.to_string())?;
    if reply.image.is_none() {
        return Err("this painter draws no pictures".into());
    }
    reply.game = Some(GameRef {
        id: row.id,
        version: row.version,
        name: row.title(),
        place: row.place_id.clone(),
    });
    reply.post_key = Some(post_key(post.game_id, post.version, PostKind::Replay));
    Ok(reply)
}

/// Draws `film` as heavy work for `who` (told of the queue through their progress notes, if
/// any): the reply with the GIF, or the text alone when the
/// painter draws no pictures.
async fn draw(
    heavy: &HeavyWork,
    painter: &Arc<dyn BoardPainter>,
    (who, progress): (&str, Option<&Progress>),
    row: &GameRow,
    film: Film,
) -> ServiceResult {
    let text = summary(row, &film);
    let description = format!(
        "Replay of game #{}: {} positions, from {} to {}.",
        row.id,
        film.stills.len(),
        if film.first.is_empty() {
            "the start"
        } else {
            &film.first
        },
        film.last
    );
    let painter = painter.clone();
    let (stills, orientation) = (film.stills, film.orientation);
    let drawn = heavy
        .run(who, "replay", progress, move || {
            painter.replay(&stills, orientation)
        })
        .await?;
    let image = match drawn {
        Ok(animation) if animation.gif.len() > LARGEST_GIF => {
            return Err(ServiceError::refused(format!(
                "This replay would be {:.1} MB, more than a chat message may carry; ask for \
                 fewer moves with from= and to=.",
                animation.gif.len() as f64 / 1_048_576.0
            )));
        }
        Ok(animation) => Some(Image {
            bytes: animation.gif,
            filename: format!("game-{}-replay.gif", row.id),
            description,
        }),
        Err(NoPicture::TextOnly) => None,
        Err(why) => {
            tracing::error!(game = row.id, %why, "cannot draw a replay");
            return Err(ServiceError::Failed { changed: false });
        }
    };
    Ok(Reply {
        text,
        image,
        ..Reply::default()
    })
}

/// "Replay of game #12 (Chess): moves 1. e4 to 34. Qh7#, 68 positions."
fn summary(row: &GameRow, film: &Film) -> String {
    let name = row.variant.known().map_or("a game", |k| k.display_name());
    let mut text = format!(
        "Replay of game #{} ({name}): {} of {} moves, {} to {}.",
        row.id, film.shown, film.moves, film.first, film.last
    );
    if film.cut {
        text.push_str(&format!(
            " A replay shows at most {MOST_MOVES} moves: these are the last; from= and to= \
             show others."
        ));
    }
    if !film.to_the_end {
        text.push_str(" The game goes on after these.");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_are_read_and_bad_ones_refused_with_what_to_write() {
        let ask = read_ask("from=3 TO=9 speed=fast").unwrap();
        assert_eq!(
            ask.span,
            Span {
                from: Some(3),
                to: Some(9)
            }
        );
        assert_eq!(ask.hold, 50);
        assert_eq!(read_ask("speed=0.3").unwrap().hold, 30);
        assert_eq!(read_ask("speed=2s").unwrap().hold, 200);
        assert_eq!(read_ask("").unwrap(), Ask::default());
        for bad in [
            "from=x",
            "to=0",
            "speed=warp",
            "speed=60",
            "colour=red",
            "from=9 to=3",
        ] {
            let refused = read_ask(bad).unwrap_err().to_string();
            assert!(
                refused.ends_with('.') && refused.len() < 160,
                "{bad}: {refused}"
            );
        }
        let long = "x".repeat(500);
        assert!(read_ask(&long).unwrap_err().to_string().len() < 160);
    }
}
