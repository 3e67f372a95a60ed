#!/usr/bin/env bash
# Incremental builds: build.sh wasm | native | all (default all).
#   wasm   -> web/lib/wasm/attnscope-{simd,scalar}.{js,wasm} (emcmake, build/wasm)
#   native -> core, GoogleTest binaries, bench (build/native)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

# A lock per build dir: several shells (or agents) may build at once.
lock() { mkdir -p build; exec {fd}>"build/.$1.lock"; flock "$fd"; }

build_wasm() {
  lock wasm
  [ -f build/wasm/build.ninja ] || emcmake cmake -S . -B build/wasm -G Ninja >/dev/null
  ninja -C build/wasm --quiet
}
build_native() {
  lock native
  [ -f build/native/build.ninja ] || cmake -S . -B build/native -G Ninja >/dev/null
  ninja -C build/native --quiet
}

case "$what" in
  wasm) build_wasm ;;
  native) build_native ;;
  all) build_native; build_wasm ;;
  *) echo "usage: build.sh wasm|native|all" >&2; exit 2 ;;
esac
