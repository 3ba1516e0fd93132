//! The one way to show a result ([`Service::present`]) over a platform that only records what
//! it is asked to do: a refusal goes to the asker, a reply to where its game lives, the
//! choices a message offers are found again by `/click N` there and nowhere else, and a board
//! the platform does not take is handed to the outbox with a note to the asker.

use std::sync::Arc;

use chatrang::{
    service::{
        APOLOGY, Channel, Command, NewGame, Offered, Outbox, Pick, Place, Reply, Request, Service,
        Shown, TextPainter,
    },
    store::now_ms,
};

use crate::common::{TestDb, person};

/// A platform that writes down what it does, and refuses every post while `refusing`.
struct Notebook {
    here: Place,
    refusing: bool,
    said: Vec<String>,
    posts: usize,
}

impl Notebook {
    fn at(place: Place) -> Notebook {
        Notebook {
            here: place,
            refusing: false,
            said: Vec::new(),
            posts: 0,
        }
    }

    fn last(&self) -> &str {
        self.said.last().map_or("", String::as_str)
    }
}

impl Channel for Notebook {
    type Posted = usize;

    fn platform(&self) -> &'static str {
        "The notebook"
    }

    fn here(&self) -> String {
        self.here.channel.clone()
    }

    fn reaches(&self, _place: &str) -> bool {
        true
    }

    fn link(&self, place: &str) -> Option<String> {
        Some(format!("<{place}>"))
    }

    async fn post(&mut self, place: &str, reply: &Reply) -> Result<Shown<usize>, String> {
        if self.refusing {
            return Err("refused by the test".into());
        }
        self.posts += 1;
        self.said.push(format!("post in {place}: {}", reply.text));
        let offered = Offered::numbered(
            format!("message-{}-{}", self.here.channel, self.posts),
            place.to_string(),
            &reply.choices,
        );
        Ok(Shown {
            posted: self.posts,
            offered,
        })
    }

    async fn show_privately(&mut self, reply: &Reply) -> Result<Option<Offered>, String> {
        self.said.push(format!("private: {}", reply.text));
        Ok(None)
    }

    async fn refuse(&mut self, text: &str) {
        self.said.push(format!("refused: {text}"));
    }

    async fn tell(&mut self, text: &str) {
        self.said.push(format!("told: {text}"));
    }
}

/// `user` gives `command` at the notebook's place, and the result is shown there.
async fn give(
    service: &Service,
    book: &mut Notebook,
    who: &str,
    command: Command,
) -> Option<usize> {
    let request = Request::new(person(who), book.here.clone());
    let result = service.run(&request, command).await;
    service.present(book, result).await
}

fn click(n: &str) -> Command {
    Command::Click(Pick::Number(n.to_string()))
}

async fn a_result_is_shown_once_in_one_way(db: TestDb) {
    let service =
        Service::new(db.open().await, Arc::new(TextPainter)).with_outbox(Outbox::new("test"));
    let channel = Place::new("server-1", "channel-1");
    let mut book = Notebook::at(channel.clone());
    let challenge = Command::New(NewGame {
        game: "chess".into(),
        opponent: Some(person("bob")),
        ..NewGame::default()
    });
    let posted = give(&service, &mut book, "alice", challenge).await;
    assert_eq!(posted, Some(1), "posted here: {:?}", book.said);
    assert!(
        book.last().starts_with("post in channel-1: Game #1"),
        "{:?}",
        book.said
    );

    // The challenge's list is found by number here, and only here.
    give(&service, &mut book, "bob", click("9")).await;
    assert_eq!(
        book.last(),
        "refused: There is no choice 9; the last list here has 2. /board shows the game with its choices again."
    );
    let no_list = "refused: There are no choices here to pick from; /board shows the game with its choices again, and /help lists the commands to type.";
    for elsewhere in [
        Place::new("server-2", "channel-2"),
        Place::direct("dm-of-bob"),
    ] {
        let mut other = Notebook::at(elsewhere);
        give(&service, &mut other, "bob", click("1")).await;
        assert_eq!(other.said, vec![no_list.to_string()]);
    }

    // Bob accepts by number; the platform refuses the board, which waits in the outbox, and
    // Bob is told so.
    book.refusing = true;
    assert_eq!(give(&service, &mut book, "bob", click("1")).await, None);
    assert_eq!(
        book.last(),
        "told: Game #1 (Chess): bob accepts and plays Black.\nThat is saved. The notebook did not \
         take the board just now; it will be posted in <channel-1> as soon as it does."
    );
    let waiting = service
        .store()
        .due_posts("test", now_ms() + 600_000, 10)
        .await
        .unwrap();
    assert_eq!(waiting.len(), 1, "the board waits for the delivery loop");

    // A look that the platform refuses changes nothing: an apology, and nothing waits.
    give(&service, &mut book, "alice", Command::Board).await;
    assert_eq!(book.last(), format!("told: {APOLOGY}"));

    // From another channel of the server, the board goes where the game lives, with a pointer.
    let mut lobby = Notebook::at(Place::new("server-1", "lobby"));
    let request = Request::new(person("alice"), lobby.here.clone()).about(Some(1));
    let result = service.run(&request, Command::Board).await;
    assert_eq!(service.present(&mut lobby, result).await, None);
    assert!(
        lobby.said[0].starts_with("post in channel-1: "),
        "{:?}",
        lobby.said
    );
    assert_eq!(
        lobby.last(),
        "told: Done; the game is played in <channel-1>."
    );
}

on_both_backends!(a_result_is_shown_once_in_one_way);
