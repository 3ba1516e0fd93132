//! `/variant`: a server's own games (`docs/variants.md`). `new NAME` reads a definition (the
//! lines below the command, or an attached file), plays it in a sanity run off the runtime and
//! bounded in time, and saves it as the next version of its name; `list`, `show NAME` and
//! `delete NAME` (its author or a moderator) do what they say. A server sees only its own
//! variants: every lookup is by the server of the place asked in.

use std::time::{Duration, Instant};

use super::{
    army::line,
    base::Service,
    command::VariantArgs,
    reply::{Attachment, Image, Reply, ServiceError, ServiceResult},
    request::Request,
    words::{file_word, sentence, shown},
};
use crate::{
    rules::{
        Color, Game, GameId, Options,
        custom::{self, Definition, SanityLimits, SanityReport},
        registry,
    },
    store::{Saved, VariantRow},
};

/// The most variants a server offers at once.
pub(crate) const MAX_VARIANTS: usize = 50;

/// How long a definition's sanity run may take before it is refused as too slow to play.
const CHECK_TIME: Duration = Duration::from_secs(30);

/// The most piece diagrams `/variant show` draws (with the start, ten pictures: Discord's
/// limit for one message).
const MAX_DIAGRAMS: usize = 9;

/// What a refusal suggests when a variant is not found.
const SEE_THE_LIST: &str = "/variant list shows this server's variants";

/// How `/variant new` is written, for its refusals.
const HOW_TO_DEFINE: &str = "write /variant new NAME and the definition on the lines below it \
     in the same message, or attach it as a .ini file (/help variant shows an example)";

impl Service {
    /// `/variant [list | new NAME | show NAME | delete NAME]`.
    pub(crate) async fn variant(&self, req: &Request, args: VariantArgs) -> ServiceResult {
        if req.place.is_direct() {
            return Err(ServiceError::refused(
                "Variants belong to a server: use /variant in one of its channels.",
            ));
        }
        let words = args.words.trim();
        let (verb, name) = words
            .split_once(char::is_whitespace)
            .map_or((words, ""), |(verb, rest)| (verb, rest.trim()));
        match verb.to_lowercase().as_str() {
            "" | "list" => self.list_variants(req).await,
            "new" | "define" | "save" => self.new_variant(req, name, args.definition).await,
            "show" => self.show_variant(req, name).await,
            "delete" | "remove" => self.delete_variant(req, name).await,
            _ => Err(ServiceError::refused(format!(
                "/variant does not know \"{}\": write /variant new NAME, /variant list, \
                 /variant show NAME or /variant delete NAME.",
                shown(verb)
            ))),
        }
    }

    /// The newest version of the variant of this server that `typed` names, if there is one.
    pub(crate) async fn place_variant(
        &self,
        req: &Request,
        typed: &str,
    ) -> Result<Option<VariantRow>, ServiceError> {
        if req.place.is_direct() || typed.trim().is_empty() {
            return Ok(None);
        }
        Ok(self
            .store
            .variant(&req.place.server, &variant_key(typed))
            .await?)
    }

    async fn list_variants(&self, req: &Request) -> ServiceResult {
        let rows = self.store.variants(&req.place.server).await?;
        if rows.is_empty() {
            return Ok(Reply::text(format!(
                "This server has no variants of its own yet. To define one, {HOW_TO_DEFINE}."
            )));
        }
        let mut text = format!("This server's variants ({} of {MAX_VARIANTS}):", rows.len());
        for row in &rows {
            let author = self.author_name(&row.author).await?;
            text.push_str(&format!(
                "\n• {} (/new {}): version {}, by {author}; {}",
                row.name,
                row.key,
                row.version,
                summary(&row.definition)
            ));
        }
        text.push_str("\n/variant show NAME draws one and its pieces.");
        Ok(Reply::text(text))
    }

    async fn new_variant(
        &self,
        req: &Request,
        typed_name: &str,
        text: Option<String>,
    ) -> ServiceResult {
        if typed_name.is_empty() {
            return Err(ServiceError::refused(format!(
                "Name the variant: {HOW_TO_DEFINE}."
            )));
        }
        let name = custom::valid_name(typed_name)
            .map_err(|e| ServiceError::refused(sentence(&e.to_string())))?;
        let key = variant_key(&name);
        if GameId::parse(&name).is_ok() || GameId::parse(&key).is_ok() {
            return Err(ServiceError::refused(format!(
                "{name} is one of the bot's own games; give your variant another name."
            )));
        }
        let Some(text) = text else {
            return Err(ServiceError::refused(format!(
                "The definition is missing: {HOW_TO_DEFINE}."
            )));
        };
        let mut definition = custom::parse(&with_heading(&name, &text)).map_err(|e| {
            ServiceError::refused(format!(
                "The definition is refused: {}",
                sentence(&e.to_string())
            ))
        })?;
        definition.name = name.clone();
        // A definition that makes no game is refused for what it says, before any check runs.
        definition.start_position().map_err(|e| {
            ServiceError::refused(format!(
                "The definition is refused: {}",
                sentence(&e.to_string())
            ))
        })?;
        let server = &req.place.server;
        if let Some(old) = self.store.variant(server, &key).await?
            && old.author != req.user.id
            && !req.admin
        {
            return Err(ServiceError::refused(format!(
                "{} is another person's variant: only its author or a moderator may change it; \
                 choose another name.",
                old.name
            )));
        }
        let report = self.sanity_check(req, &definition).await?;
        let canonical = definition.to_text();
        let row = VariantRow {
            key: key.clone(),
            name: name.clone(),
            version: 0,
            definition: canonical.clone(),
            author: req.user.id.clone(),
            created_at: 0,
        };
        self.remember(&req.user).await?;
        let version = match self.store.save_variant(server, &row, MAX_VARIANTS).await? {
            Saved::Version(version) => version,
            Saved::Full { max } => {
                return Err(ServiceError::refused(format!(
                    "This server already has {max} variants, the most it may have: a \
                     moderator can /variant delete one first."
                )));
            }
        };
        let game = example(&canonical)?;
        let text = format!(
            "{} saves the variant {name} (version {version}): {}. Checked: perft {}, {} random \
             games ({} ended by the rules). Play it: /new {key} @someone, or /new {key} ai=3.",
            req.user.name,
            summary(&canonical),
            perft_words(&report),
            report.games,
            report.ended,
        );
        let (board_text, image) = self.start_picture(game.as_ref(), &key).await;
        Ok(Reply {
            text,
            board_text: Some(board_text),
            image,
            public: true,
            ..Reply::default()
        })
    }

    /// The sanity run, on the heavy queue's thread and stopped after [`CHECK_TIME`].
    async fn sanity_check(
        &self,
        req: &Request,
        definition: &Definition,
    ) -> Result<SanityReport, ServiceError> {
        let definition = definition.clone();
        let checked = self
            .heavy
            .run(
                &req.user.id,
                "variant check",
                req.progress.as_ref(),
                move || {
                    let deadline = Instant::now() + CHECK_TIME;
                    custom::sanity_run_while(&definition, &SanityLimits::SAVE, &mut || {
                        Instant::now() < deadline
                    })
                },
            )
            .await?;
        checked.map_err(|e| {
            ServiceError::refused(format!(
                "The definition does not pass its check: {}",
                sentence(&e.to_string())
            ))
        })
    }

    async fn show_variant(&self, req: &Request, typed: &str) -> ServiceResult {
        let row = self.named_variant(req, typed, "show").await?;
        let game = example(&row.definition)?;
        let pieces = game.pieces();
        let lines: Vec<String> = pieces.iter().map(line).collect();
        let author = self.author_name(&row.author).await?;
        let mut text = format!(
            "{} (version {}, by {author}): {}.\nPieces:\n{}\nPlay it: /new {} @someone, or \
             /new {} ai=3. The definition is attached.",
            row.name,
            row.version,
            summary(&row.definition),
            lines.join("\n"),
            row.key,
            row.key
        );
        if pieces.len() > MAX_DIAGRAMS {
            text.push_str(&format!(
                " The first {MAX_DIAGRAMS} pieces are drawn; /piece {} NAME draws any.",
                row.key
            ));
        }
        let (board_text, image) = self.start_picture(game.as_ref(), &row.key).await;
        let mut more_images = Vec::new();
        for piece in pieces.iter().take(MAX_DIAGRAMS) {
            let Ok(view) = game.piece_diagram(&piece.name) else {
                continue;
            };
            let filename = format!("{}-{}.png", file_word(&row.key), file_word(&piece.name));
            let description = format!(
                "Diagram: {} ({}): {}",
                piece.name, piece.symbol, piece.betza
            );
            if let (_, Some(image)) = self.paint(view, Color::White, filename, description).await {
                more_images.push(image);
            }
        }
        Ok(Reply {
            text,
            board_text: Some(board_text),
            image,
            more_images,
            attachment: Some(Attachment {
                filename: format!("{}.ini", file_word(&row.key)),
                content: row.definition.into_bytes(),
            }),
            ..Reply::default()
        })
    }

    async fn delete_variant(&self, req: &Request, typed: &str) -> ServiceResult {
        let row = self.named_variant(req, typed, "delete").await?;
        if row.author != req.user.id && !req.admin {
            return Err(ServiceError::refused(format!(
                "Only the author of {} or a moderator may delete it.",
                row.name
            )));
        }
        self.store
            .delete_variant(&req.place.server, &row.key)
            .await?;
        Ok(Reply {
            public: true,
            ..Reply::text(format!(
                "{} deletes the variant {}: it is no longer offered here; games in play go on \
                 with the rules they began with.",
                req.user.name, row.name
            ))
        })
    }

    /// The variant `typed` names, or the refusal of `/variant VERB` that says what to do.
    async fn named_variant(
        &self,
        req: &Request,
        typed: &str,
        verb: &str,
    ) -> Result<VariantRow, ServiceError> {
        if typed.is_empty() {
            return Err(ServiceError::refused(format!(
                "Say which variant: /variant {verb} NAME ({SEE_THE_LIST})."
            )));
        }
        self.place_variant(req, typed).await?.ok_or_else(|| {
            ServiceError::refused(format!(
                "This server has no variant called \"{}\"; {SEE_THE_LIST}.",
                shown(typed)
            ))
        })
    }

    /// The name the players table has for a variant's author (their id if it has none).
    async fn author_name(&self, user_id: &str) -> Result<String, ServiceError> {
        Ok(self
            .store
            .player_name(user_id)
            .await?
            .unwrap_or_else(|| user_id.to_string()))
    }

    /// The start position of a variant, drawn.
    async fn start_picture(&self, game: &dyn Game, key: &str) -> (String, Option<Image>) {
        let view = game.view();
        let description = format!("The start of {}", view.header);
        self.paint(
            view,
            Color::White,
            format!("{}-start.png", file_word(key)),
            description,
        )
        .await
    }
}

/// How people type a variant's name: lower case, each run of spaces a hyphen, without
/// apostrophes (which a typed command reads as quotes): `Queens' rout` is `queens-rout`.
pub(crate) fn variant_key(name: &str) -> String {
    name.replace('\'', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
        .to_lowercase()
}

/// The definition with a `[NAME]` heading in front when it has none of its own.
fn with_heading(name: &str, text: &str) -> String {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with(';'));
    match first {
        Some(line) if line.starts_with('[') => text.to_string(),
        _ => format!("[{name}]\n{text}"),
    }
}

/// A game of a saved definition at its start.
pub(crate) fn example(definition: &str) -> Result<Box<dyn Game>, ServiceError> {
    registry::new_game(
        registry::DEFINED.id,
        &Options::default().with("definition", definition),
        0,
    )
    .map_err(|e| ServiceError::refused(sentence(&e.0)))
}

/// "10×8, 8 kinds of piece": a saved definition in a few words.
fn summary(definition: &str) -> String {
    match custom::parse(definition) {
        Ok(d) => {
            let names: Vec<&str> = d.pieces.iter().map(|p| p.name.as_str()).collect();
            format!("{}×{}, {}", d.files, d.ranks, names.join(", "))
        }
        Err(_) => "its definition no longer reads".to_string(),
    }
}

/// "20 / 400 / 8,902": the perft counts of a sanity run.
fn perft_words(report: &SanityReport) -> String {
    let counts: Vec<String> = report.perft.iter().map(u64::to_string).collect();
    counts.join(" / ")
}
