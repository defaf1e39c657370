#!/bin/sh
# Installs what the browser tests of `arbiter serve` need (tests/browser.rs):
#   - Chromium and its WebDriver, the Debian packages `chromium` and
#     `chromium-driver` (the tests drive /usr/bin/chromium);
#   - node and npm (Debian), and playwright-core from npm into
#     tests/browser/node_modules (`npm ci`: the version of package-lock.json;
#     playwright-core downloads no browser).
# Best effort, as examples/install-externals.sh: a failure is reported, the
# tests then skip (or fail under CI=true); the script always exits 0.
set -u
cd "$(dirname "$0")/.." || exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo -n"
need=""
[ -x /usr/bin/chromium ] || need="$need chromium"
command -v chromedriver >/dev/null 2>&1 || need="$need chromium-driver"
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
if [ -z "$need" ]; then
    echo "install-browser: chromium, chromium-driver, node and npm already installed"
elif command -v apt-get >/dev/null 2>&1; then
    install() {
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null 2>&1
    }
    if install || { $SUDO apt-get update -qq >/dev/null 2>&1 && install; }; then
        echo "install-browser: installed$need"
    else
        echo "install-browser: apt-get install$need failed" >&2
    fi
else
    echo "install-browser: no apt-get; install$need by hand" >&2
fi
if [ -f tests/browser/node_modules/playwright-core/package.json ]; then
    echo "install-browser: playwright-core already installed"
elif command -v npm >/dev/null 2>&1; then
    (cd tests/browser && npm ci --no-audit --no-fund --loglevel=error >/dev/null 2>&1) \
        && echo "install-browser: installed playwright-core (tests/browser/node_modules)" \
        || echo "install-browser: npm ci in tests/browser failed" >&2
else
    echo "install-browser: no npm; cannot install playwright-core" >&2
fi
exit 0
