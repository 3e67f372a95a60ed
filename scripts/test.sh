#!/usr/bin/env bash
# Every test layer, in order of speed; stops at the first failing layer and
# says how long each one took.
set -euo pipefail
cd "$(dirname "$0")/.."

layer() { # layer "name" command...: runs a layer and prints its time
  local name=$1 start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}

layer "build" bash scripts/build.sh all

layer "Docs (links, paths and names in README and docs/; every benchmark figure from docs/bench/)" node --test tests/docs/

layer "GoogleTest (native, sse4.1 and scalar cores)" ctest --test-dir build/native --output-on-failure -j2

layer "Vitest in Node (wasm-simd)" env ATTNSCOPE_BACKEND=wasm-simd npx vitest run --config tests/js/vitest.config.js

# The scalar build on every file that reaches the core; the tokenizers that
# never call it (pure JS, the same whatever the build) run once, above.
layer "Vitest in Node (wasm-scalar)" env ATTNSCOPE_BACKEND=wasm-scalar npx vitest run --config tests/js/vitest.config.js \
  --exclude 'tests/js/tokenizer_{fuzz,features,gpt2,llama3,sentencepiece}.test.js'

# The threaded build on the core operations, the blocks, training and models
# (docs/GUIDE.md "Threads"; the whole suite also passes on it, run by hand).
layer "Vitest in Node (wasm-simd-threads, core operations)" env ATTNSCOPE_BACKEND=wasm-simd-threads npx vitest run --config tests/js/vitest.config.js \
  tests/js/api.test.js tests/js/fixtures.test.js tests/js/bad_input.test.js tests/js/copies.test.js \
  tests/js/blocks_fixtures.test.js tests/js/masks_fixtures.test.js tests/js/kv_cache.test.js \
  tests/js/train_fixtures.test.js tests/js/model_fixtures.test.js tests/js/threads.test.js

layer "Package (npm pack, install into an empty folder, README example)" node --test tests/pack/

layer "TypeScript types (tsc --strict)" npx tsc -p tests/types/tsconfig.json

layer "Browser (Chromium: pages, interaction, layout, accessibility)" npx vitest run --config tests/e2e/vitest.config.js

layer "Browser engines (Firefox ESR, WebKitGTK, Chromium: every page, numbers against Node)" npx vitest run --config tests/browsers/vitest.config.js
