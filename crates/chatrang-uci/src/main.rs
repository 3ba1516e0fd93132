//! The engine alone (`chatrang-uci`), the same as `chatrang uci`: a small binary that builds
//! from the rules crate only, for match runners measuring a change to the search.

fn main() -> std::io::Result<()> {
    chatrang_uci::run()
}
