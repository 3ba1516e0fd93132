//! Release builds link their debug sections compressed. A release binary keeps line tables for
//! our crates, so that a backtrace names the file and line of each of our frames; compressed
//! (zlib, which the standard library's backtrace reads) they take a quarter of the room, and
//! the binary stays under 60 MB. Test and debug builds are linked as they are: compressing costs
//! link time on every test binary and gains nothing there.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let release = std::env::var("PROFILE").as_deref() == Ok("release");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux");
    if release && linux {
        println!("cargo:rustc-link-arg-bins=-Wl,--compress-debug-sections=zlib");
    }
}
