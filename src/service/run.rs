//! [`Service::run`]: the one door every adapter knocks on. It hands a [`Command`] to the
//! function that carries it out, with who asks, where and about which game; a clicked button
//! is first read back into the command it stands for and checked against its board version.

use super::{
    base::Service,
    choice::Choice,
    command::Command,
    guard::guarded,
    play::moved_on,
    reply::{Reply, ServiceError, ServiceResult},
    request::Request,
};

impl Service {
    /// Carries out one command for one request. Every chat platform's commands and buttons
    /// come here; the reply (or the refusal's sentence) is what the platform shows.
    ///
    /// A bug that panics inside a command is answered with [`ServiceError::Failed`] and the
    /// bot goes on serving (see `guard`).
    pub async fn run(&self, req: &Request, command: Command) -> ServiceResult {
        let what = command.spec().map_or("button", |spec| spec.name);
        guarded(what, async {
            match command {
                Command::Button(id) => self.click(req, &id).await,
                command => self.dispatch(req, command, None).await,
            }
        })
        .await
    }

    /// Runs a clicked choice: the game and version come from the button, not from the place.
    async fn click(&self, req: &Request, id: &str) -> ServiceResult {
        let Some(choice) = Choice::decode(id) else {
            return Err(ServiceError::refused(
                "This button is not understood; it may come from an older version of the bot.",
            ));
        };
        // A button copied from another server's message finds nothing, as a number would not.
        let row = self.reachable_game(req, choice.game).await?;
        // A rematch button stays good after the game ends; every other one only at its version.
        if choice.command != Command::Rematch && row.version != choice.version {
            return Err(moved_on());
        }
        let req = req.clone().about(Some(choice.game));
        self.dispatch(&req, choice.command, Some(choice.version))
            .await
    }

    /// The function behind each command. `version` is the board version a clicked move was
    /// drawn for: the move is refused if the game has moved on since.
    async fn dispatch(
        &self,
        req: &Request,
        command: Command,
        version: Option<i64>,
    ) -> ServiceResult {
        match command {
            Command::New(new) => self.new_game(req, new).await,
            Command::Accept => self.accept(req).await,
            Command::Decline => self.decline(req).await,
            Command::Join(side) => self.join(req, side).await,
            Command::Leave => self.leave(req).await,
            Command::Move(input) => self.act(req, &input, version).await,
            Command::Moves(text) => self.moves(req, &text).await,
            Command::Board => self.board(req).await.map(|reply| shown_here(req, reply)),
            Command::Resign => self.resign(req).await,
            Command::Draw => self.draw(req).await,
            Command::DeclineDraw => self.decline_draw(req).await,
            Command::Undo => self.undo(req).await,
            Command::DeclineUndo => self.decline_undo(req).await,
            Command::History => self.history(req).await,
            Command::Games => self.my_games(&req.user, &req.place).await,
            Command::Rematch => self.rematch(req).await,
            Command::Help(name) => self.help(name.as_deref(), &req.place),
            Command::Piece { game, piece } => self.piece(&game, &piece).await,
            Command::Leaderboard(name) => self.leaderboard(req, &name).await,
            Command::Abort => self.abort(req).await,
            Command::Vacation(arg) => self.vacation(&req.user, &arg).await,
            Command::Notify(arg) => self.notify(&req.user, &arg).await,
            Command::Hint => self.hint(req).await,
            Command::Limits(arg) => self.limits(req, &arg).await,
            Command::Button(_) => Err(ServiceError::refused(
                "This button is not understood; it may come from an older version of the bot.",
            )),
        }
    }
}

/// A board looked at from a direct conversation is shown there, to the one who asked, rather
/// than posted again where the game lives: looking changes nothing its players need to see.
fn shown_here(req: &Request, mut reply: Reply) -> Reply {
    if req.place.direct {
        reply.public = false;
    }
    reply
}
