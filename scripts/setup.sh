#!/usr/bin/env bash
# Set up laminim on a fresh Debian machine: system packages, a virtualenv in .venv, the package.
#   bash scripts/setup.sh          install to run laminim
#   bash scripts/setup.sh --dev    also install the test and lint tools
# System packages (installed with apt-get when missing, as root or through sudo):
#   libpango-1.0-0 libpangoft2-1.0-0   the text layout library weasyprint renders PDFs with
#   libharfbuzz-subset0                font subsetting, so PDFs embed only the glyphs they use
#   fonts-morisawa-bizud-gothic        the Japanese font (BIZ UDGothic, with a true bold) of every
#                                      Japanese printout
#   fonts-dejavu-core                  the Latin fallback font
#   python3-venv                       only when Python cannot create a virtualenv
set -euo pipefail
cd "$(dirname "$0")/.."

dev=""
[ "${1:-}" = "--dev" ] && dev=1

packages=()
have() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
if command -v dpkg-query >/dev/null; then
    for p in libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
        fonts-morisawa-bizud-gothic fonts-dejavu-core; do
        have "$p" || packages+=("$p")
    done
    python3 -c "import ensurepip, venv" 2>/dev/null || packages+=(python3-venv)
fi
if [ ${#packages[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    echo "setup: installing system packages: ${packages[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
        "${packages[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
fi
pip_install() {  # bytecode is compiled below, on every core (pip compiles one file at a time)
    .venv/bin/python -m pip install -q --no-compile --disable-pip-version-check \
        -c constraints.txt "$@"
}
warm() {  # the exact engine's compiled loops are cached on disk: compile them now, not on a
    .venv/bin/python -c "from builder.systems.laminim.rules.engine import warm; warm()"  # first run
}
echo "setup: installing laminim into .venv"
# constraints.txt pins the versions the test suite (its TUI snapshots above all) was made with
pip_install -e .
# The bytecode of laminim and what it runs on, written now: an environment that writes none
# (PYTHONDONTWRITEBYTECODE) would otherwise compile every module on every start.
site=$(.venv/bin/python -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
.venv/bin/python -m compileall -q -j 0 "$site" builder >/dev/null
if [ -n "$dev" ]; then
    # The engine's compile (one core, ~9 s) runs beside the test tools' install (one core): the
    # tools are plain requirements, so the install never touches the package the compile
    # imports. The tests write the tools' bytecode as they import them (tests/conftest.py).
    echo "setup: compiling the exact survival engine, installing the test and lint tools"
    warm &
    compiling=$!
    .venv/bin/python - >.venv/dev-requirements.txt <<'PY'
import tomllib
with open("pyproject.toml", "rb") as f:
    print(*tomllib.load(f)["project"]["optional-dependencies"]["dev"], sep="\n")
PY
    pip_install -r .venv/dev-requirements.txt
    wait "$compiling"
else
    echo "setup: compiling the exact survival engine"
    warm
fi
echo "setup: done"
