//! Where and who the console is: its one channel, and the person a typed name stands for. A
//! leaf that the console's screen and its session both use.

use crate::service::{Place, User};

/// The one channel of the console.
pub fn place() -> Place {
    Place::new("console", "console")
}

/// The user a console name stands for: the id is the name in lower case.
pub fn user(name: &str) -> User {
    let name = name.trim().trim_start_matches('@');
    User::new(name.to_lowercase(), name)
}
