#!/bin/sh
# Installs GNU parallel (the Debian package `parallel`), the scheduler of
# examples/perft-parallel.sh and of tests/distributed.rs. Best effort, as
# examples/install-externals.sh: a failure is reported, the test that needs
# it then skips (or fails under CI=true); the script always exits 0.
set -u
# GNU parallel, not moreutils' `parallel` (the Debian package replaces it).
if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "install-parallel: GNU parallel already installed"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-parallel: no apt-get; install GNU parallel by hand" >&2
    exit 0
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
install() {
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq parallel >/dev/null 2>&1
}
# The package lists are usually fresh (install-externals.sh updates them).
if install || { $SUDO apt-get update -qq >/dev/null 2>&1 && install; }; then
    echo "install-parallel: installed GNU parallel"
else
    echo "install-parallel: apt-get install parallel failed" >&2
fi
exit 0
