#!/usr/bin/env bash
# Makes sure the programs the tests start are installed, the way `playwright install --with-deps`
# does: whatever is missing comes from Debian with apt-get; where that is impossible (not root, no
# apt-get) it stops at once with one line naming the packages to install.
#
# Usage: scripts/ensure-tools.sh [command=package ...]   (no arguments: the list below)
set -euo pipefail

# command the tests run = Debian package that provides it
tools=(
  chromium-headless-shell=chromium-headless-shell
  redis-server=redis-server
  firefox-esr=firefox-esr
  WebKitWebDriver=webkit2gtk-driver
  Xvfb=xvfb
  java=default-jre-headless
)
(($#)) && tools=("$@")

# Daemons (redis-server) may live in sbin, which a non-root PATH may leave out.
PATH="$PATH:/usr/sbin:/sbin"

present() {
  # CHROMIUM_PATH names another browser the tests use instead of Debian's headless shell.
  if [[ $1 == chromium-headless-shell && -n ${CHROMIUM_PATH:-} ]]; then
    [[ -x $CHROMIUM_PATH ]]
  else
    command -v "$1" >/dev/null 2>&1
  fi
}

missing_packages() {
  local entry packages=()
  for entry in "${tools[@]}"; do
    present "${entry%%=*}" || packages+=("${entry#*=}")
  done
  echo "${packages[@]}"
}

read -r -a packages <<<"$(missing_packages)"
((${#packages[@]})) || exit 0

stop() {
  echo "Missing ${packages[*]}: install with \`apt-get install ${packages[*]}\` ($1)." >&2
  exit 1
}

command -v apt-get >/dev/null 2>&1 || stop 'no apt-get on this machine'
if ((EUID == 0)); then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  stop 'installing needs root'
fi

echo "Installing ${packages[*]} with apt-get." >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq >&2 || stop 'apt-get update failed'
"${as_root[@]}" apt-get install -y -qq "${packages[@]}" >&2 ||
  stop 'apt-get install failed'

read -r -a packages <<<"$(missing_packages)"
((${#packages[@]} == 0)) || stop 'still missing after apt-get install'
