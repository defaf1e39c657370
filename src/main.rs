//! The `arbiter` command: parses arguments and hands over to [`arbiter::cli::main`].

fn main() {
    std::process::exit(arbiter::cli::main());
}
