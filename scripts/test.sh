#!/usr/bin/env bash
# Every test layer, in order of speed; stops at the first failing layer.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== build"
bash scripts/build.sh all

echo "== Docs (every benchmark figure from the runs in docs/bench/)"
node --test tests/docs/

echo "== GoogleTest (native, sse4.1 and scalar cores)"
ctest --test-dir build/native --output-on-failure -j2

for b in wasm-simd wasm-scalar; do
  echo "== Vitest in Node ($b)"
  ATTNSCOPE_BACKEND=$b npx vitest run --config tests/js/vitest.config.js
done

# The threaded build on the core operations, the blocks, training and models
# (docs/GUIDE.md "Threads"; the whole suite also passes on it, run by hand).
echo "== Vitest in Node (wasm-simd-threads, core operations)"
ATTNSCOPE_BACKEND=wasm-simd-threads npx vitest run --config tests/js/vitest.config.js \
  tests/js/api.test.js tests/js/fixtures.test.js tests/js/bad_input.test.js tests/js/copies.test.js \
  tests/js/blocks_fixtures.test.js tests/js/masks_fixtures.test.js tests/js/kv_cache.test.js \
  tests/js/train_fixtures.test.js tests/js/model_fixtures.test.js tests/js/threads.test.js

echo "== Package (npm pack, install into an empty folder, README example)"
node --test tests/pack/

echo "== TypeScript types (tsc --strict)"
npx tsc -p tests/types/tsconfig.json

echo "== Browser (Chromium)"
npx vitest run --config tests/e2e/vitest.config.js
