//! [`Service::run`]: the one door every adapter knocks on. It hands a [`Command`] to the
//! function that carries it out, with who asks, where and about which game.

use super::{Request, Service, ServiceResult, command::Command};

impl Service {
    /// Carries out one command for one request. Every chat platform's commands and buttons
    /// come here; the reply (or the refusal's sentence) is what the platform shows.
    pub async fn run(&self, req: &Request, command: Command) -> ServiceResult {
        let (place, user, game) = (&req.place, &req.user, req.game);
        match command {
            Command::New(new) => self.new_game(place, user, new).await,
            Command::Accept => self.accept(place, user, game).await,
            Command::Decline => self.decline(place, user, game).await,
            Command::Join(side) => self.join(place, user, game, side).await,
            Command::Leave => self.leave(place, user, game).await,
            Command::Move(input) => self.act(place, user, game, &input, None).await,
            Command::Moves(text) => self.moves(place, user, game, &text).await,
            Command::Board => self.board(place, user, game).await,
            Command::Resign => self.resign(place, user, game).await,
            Command::Draw => self.draw(place, user, game).await,
            Command::DeclineDraw => self.decline_draw(place, user, game).await,
            Command::Undo => self.undo(place, user, game).await,
            Command::DeclineUndo => self.decline_undo(place, user, game).await,
            Command::History => self.history(place, user, game).await,
            Command::Games => self.my_games(user).await,
            Command::Rematch => self.rematch(place, user, game).await,
            Command::Help(name) => self.help(name.as_deref()),
            Command::Piece { game, piece } => self.piece(&game, &piece).await,
            Command::Leaderboard(name) => self.leaderboard(place, &name).await,
            Command::Abort => self.abort(place, user, game, req.admin).await,
            Command::Button(id) => self.click(place, user, &id).await,
        }
    }
}
