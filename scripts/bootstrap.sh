#!/usr/bin/env bash
# Installs what attnscope needs on a fresh Debian 12 machine, and nothing
# when it is already there: Debian packages (apt-get) and the npm packages
# pinned by package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang-16 and lld-16: attnscope-fma.wasm, the fused multiply-add kernels
# (Emscripten 3.1.6's clang 14 cannot emit the final relaxed-SIMD opcodes).
# Browsers for the tests: chromium, and chromium-headless-shell for the
# Chromium layer (tests/e2e/chromium.js says why); firefox-esr (driven over
# WebDriver BiDi); webkit2gtk-driver (WebKitWebDriver and WebKitGTK's
# MiniBrowser), which needs a display: xvfb.
APT_PACKAGES=(cmake g++ ninja-build emscripten libxsimd-dev libgtest-dev clang-16 lld-16 chromium chromium-headless-shell firefox-esr webkit2gtk-driver xvfb fonts-noto-cjk)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "bootstrap: missing Debian packages. Run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# npm ci only when node_modules is absent or older than the lock file.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "bootstrap: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
