//! [`Service::run`]: the one door every adapter knocks on. It hands a [`Command`] to the
//! function that carries it out, with who asks, where and about which game; a click is first
//! read back into the command it stands for and checked against its board version (`click`).

use super::{
    base::Service,
    command::Command,
    doors::stopping,
    guard::guarded,
    progress::{Progress, ShowNotes},
    reply::{Reply, ServiceResult},
    request::Request,
};
use tracing::Instrument;

use crate::store::handling;

impl Service {
    /// Carries out one command for one request. Every chat platform's commands and buttons
    /// come here; the reply (or the refusal's sentence) is what the platform shows.
    ///
    /// Refused once the bot is stopping (see `doors`).
    ///
    /// A bug that panics inside a command is answered with
    /// [`ServiceError::Failed`](super::ServiceError::Failed) and the bot goes on serving (see
    /// `guard`).
    pub async fn run(&self, req: &Request, command: Command) -> ServiceResult {
        let Some(_inside) = self.come_in() else {
            return Err(stopping());
        };
        let what = command.spec().map_or("command", |spec| spec.name);
        let req = &Request {
            typed: Some(command.typed()),
            ..req.clone()
        };
        // Every line logged while the command runs carries what it is and where (in a JSON
        // log, as the span's fields).
        let span = tracing::info_span!(
            "command",
            command = what,
            server = %req.place.server,
            channel = %req.place.channel,
            game = req.game,
        );
        let work = self.dispatch(req, command, None);
        let started = std::time::Instant::now();
        let result = guarded(what, handling(req.source.clone(), work))
            .instrument(span)
            .await;
        super::metered::command(what, &result, started.elapsed());
        result
    }

    /// [`Service::run`], showing each note the command sends while it runs through `shown`
    /// before the reply comes.
    pub async fn run_showing_notes(
        &self,
        req: Request,
        command: Command,
        shown: &mut impl ShowNotes,
    ) -> ServiceResult {
        let (progress, mut notes) = Progress::channel();
        let req = req.with_progress(progress);
        let work = self.run(&req, command);
        tokio::pin!(work);
        loop {
            tokio::select! {
                result = &mut work => return result,
                Some(note) = notes.recv() => shown.show(note).await,
            }
        }
    }

    /// The function behind each command. `version` is the board version a clicked move was
    /// drawn for: the move is refused if the game has moved on since.
    pub(crate) async fn dispatch(
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
            Command::BoardAs(how) => self
                .board_as(req, &how)
                .await
                .map(|reply| shown_here(req, reply)),
            Command::Pieces(side) => self.pieces(req, &side).await,
            Command::Army(side) => self.army(req, &side).await,
            Command::Resign => self.resign(req).await,
            Command::AskToResign => self.ask_to_resign(req).await,
            Command::Draw => self.draw(req).await,
            Command::DeclineDraw => self.decline_draw(req).await,
            Command::Undo => self.undo(req).await,
            Command::DeclineUndo => self.decline_undo(req).await,
            Command::History => self.history(req).await,
            Command::Replay(arg) => self.replay_command(req, &arg).await,
            Command::Review => self.review_command(req).await,
            Command::Settings(arg) => self.settings(req, &arg).await,
            Command::Variant(args) => self.variant(req, args).await,
            Command::Games => self.my_games(&req.user, &req.place).await,
            Command::Rematch => self.rematch(req).await,
            Command::Help(name) => self.help(name.as_deref(), &req.place),
            Command::Piece { game, piece } => self.piece(req, &game, &piece).await,
            Command::Leaderboard(name) => self.leaderboard(req, &name).await,
            Command::Rating { user, game } => self.rating(req, user.as_ref(), &game).await,
            Command::Abort => self.abort(req).await,
            Command::Vacation(arg) => self.vacation(&req.user, &arg).await,
            Command::Notify(arg) => self.notify(&req.user, &arg).await,
            Command::Hint => self.hint(req).await,
            Command::Limits(arg) => self.limits(req, &arg).await,
            Command::Seek(text) => self.seek(req, &text).await,
            Command::Subscribe(text) => self.subscribe(req, &text).await,
            Command::Tournament(text) => self.tournament(req, &text).await,
            Command::ForgetMe(confirmed) => self.forget_me(req, confirmed).await,
            Command::Click(pick) => Box::pin(self.click(req, pick)).await,
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
