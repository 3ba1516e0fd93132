use std::process::ExitCode;

fn main() -> ExitCode {
    chatrang::cli::run()
}
