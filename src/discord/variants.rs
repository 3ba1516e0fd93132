//! `/variant`: a server's own variants. Discord's options cannot hold several lines, so a
//! definition comes as an attached file (`.ini` or `.txt`), read here and handed to the
//! service with the words; everything else is the service's.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::{Ctx, Error, call};
use crate::{
    rules::custom,
    service::{Command, ServiceError, VariantArgs},
};

/// What `/variant` does.
#[derive(Debug, poise::ChoiceParameter)]
pub enum VariantAction {
    #[name = "list"]
    List,
    #[name = "new"]
    New,
    #[name = "show"]
    Show,
    #[name = "delete"]
    Delete,
}

impl VariantAction {
    /// The word the service reads.
    fn word(&self) -> &'static str {
        match self {
            VariantAction::List => "list",
            VariantAction::New => "new",
            VariantAction::Show => "show",
            VariantAction::Delete => "delete",
        }
    }
}

/// The most bytes an attached definition may have: 16,000 characters of up to four bytes.
const MAX_FILE_BYTES: u32 = 4 * custom::MAX_TEXT as u32;

/// How long fetching an attached definition may take.
const FETCH_TIME: Duration = Duration::from_secs(10);

/// `/variant`: list this server's variants, define one from an attached file, show or delete
/// one.
#[poise::command(slash_command)]
pub async fn variant(
    ctx: Ctx<'_>,
    #[description = "What to do (the variants here when empty)"] action: Option<VariantAction>,
    #[description = "The variant's name, such as Nightrider chess"] name: Option<String>,
    #[description = "new: the definition, as a .ini or .txt file (docs/variants.md)"]
    definition: Option<serenity::Attachment>,
) -> Result<(), Error> {
    let words = match (&action, &name) {
        (Some(action), Some(name)) => format!("{} {name}", action.word()),
        (Some(action), None) => action.word().to_string(),
        (None, Some(name)) => format!("show {name}"),
        (None, None) => String::new(),
    };
    call::run_fetched(ctx, async move {
        let definition = match definition {
            Some(file) => Some(read_definition(&file).await?),
            None => None,
        };
        Ok(Command::Variant(VariantArgs { words, definition }))
    })
    .await
}

/// The text of an attached definition, or the refusal that says what to attach instead.
async fn read_definition(file: &serenity::Attachment) -> Result<String, ServiceError> {
    if file.size > MAX_FILE_BYTES {
        return Err(ServiceError::refused(format!(
            "That file has {} bytes; a definition has at most {} characters: attach the one \
             variant's section.",
            file.size,
            custom::MAX_TEXT
        )));
    }
    let bytes = tokio::time::timeout(FETCH_TIME, file.download())
        .await
        .map_err(|_| {
            ServiceError::refused("Discord did not hand over the file in time; try again.")
        })?
        .map_err(|_| ServiceError::refused("Discord did not hand over the file; try again."))?;
    String::from_utf8(bytes).map_err(|_| {
        ServiceError::refused(
            "That file is not text: attach the definition as a .ini or .txt file.",
        )
    })
}
