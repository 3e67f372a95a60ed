#!/usr/bin/env bash
# Incremental builds: build.sh wasm | native | vendor | site | widgets | all (default all).
#   wasm   -> web/lib/wasm/attnscope-{simd,scalar}.{js,wasm} (emcmake, build/wasm),
#             attnscope-simd-threads.{js,wasm,worker.js} and its Node build in
#             web/lib/wasm/node/, then vendor (the pages need both)
#   native -> core, GoogleTest binaries, bench (build/native)
#   vendor -> web/vendor/katex, copied from node_modules (maths in exercises)
#   site   -> dist/site: the production playground (scripts/build-site.js; needs wasm)
#   widgets -> dist/widgets: the elements bundled as one folder for lecture pages
#             (scripts/build-widgets.js; needs wasm; npm pack runs it too)
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
build_vendor() {
  node scripts/vendor-katex.js
}
build_site() {
  node scripts/build-site.js
}
build_widgets() {
  node scripts/build-widgets.js
}
build_native() {
  lock native
  [ -f build/native/build.ninja ] || cmake -S . -B build/native -G Ninja >/dev/null
  ninja -C build/native --quiet
}

case "$what" in
  wasm) build_wasm; build_vendor ;;
  native) build_native ;;
  vendor) build_vendor ;;
  site) build_site ;;
  widgets) build_widgets ;;
  all) build_native; build_wasm; build_vendor; build_site; build_widgets ;;
  *) echo "usage: build.sh wasm|native|vendor|site|widgets|all" >&2; exit 2 ;;
esac
