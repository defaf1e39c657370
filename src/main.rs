//! The `arbiter` command: parses arguments and hands over to [`arbiter::cli::run`].

fn main() {
    std::process::exit(arbiter::cli::main());
}
