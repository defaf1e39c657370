// Rebuild the rstest `#[files]` fixture tests when fixtures are added or removed.
fn main() {
    println!("cargo:rerun-if-changed=fixtures");
    println!("cargo:rerun-if-changed=build.rs");
}
