#!/usr/bin/env bash
# The Debian packages the tests use besides Python, installed when they are missing:
#   chromium-headless-shell  the browser tests (tests/support/browser.py, driven by Playwright)
#   chromium                 the benchmarks' browser (bench/phone_entry.py, bench/projector_live.py)
#   libreoffice-calc         the spreadsheet tests (tests/libreoffice.py)
#   postgresql-15            the server binaries for the throwaway test cluster (tests/postgres.py)
#   nodejs, npm              npm installs axe-core for the accessibility checks (tests/accessibility.py)
# Run as root it calls apt-get itself; otherwise through sudo. Nothing is installed twice.
set -euo pipefail

packages=()
command -v chromium-headless-shell >/dev/null || packages+=(chromium-headless-shell)
command -v chromium >/dev/null || packages+=(chromium)
command -v libreoffice >/dev/null || packages+=(libreoffice-calc)
[[ -x /usr/lib/postgresql/15/bin/initdb ]] || packages+=(postgresql-15)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
((${#packages[@]})) || exit 0

if ! command -v apt-get >/dev/null; then
    echo "Missing for the tests: ${packages[*]}. Install them with your system's package manager." >&2
    exit 1
fi
as_root=()
if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
        echo "Missing for the tests: ${packages[*]}. As root: apt-get install ${packages[*]}" >&2
        exit 1
    fi
    as_root=(sudo)
fi
echo "Installing ${packages[*]} with apt-get ..."
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "${packages[@]}" >/dev/null
