#!/usr/bin/env bash
# npm run bench: GFLOP/s of matmul 256³ and attention (H=8, N=512, D=64), a
# pre-LN transformer block forward, and plain vs flash attention at N=2048
# with their peak wasm heap, for wasm-SIMD and wasm-scalar in Node and the
# native -march=native core; then tokens/second of tiny-model generation
# (260K and 15M shapes, fp32 and Q8_0) natively, in Node and in headless
# Chromium; then attnscope side by side with onnxruntime-web and
# tfjs-backend-wasm in one Node process (scripts/bench/compare/compare.js);
# then the tokenizer against Hugging Face tokenizers and js-tiktoken
# (scripts/bench/tokenizer.js); then the memory a Chromium tab takes to load
# a ~500 MB safetensors folder (scripts/bench/hf_memory.js); then a
# GPT-2-124M-shaped model against onnxruntime-web running the same weights
# exported with torch.onnx: prefill and generation with the KV cache
# (scripts/bench/gpt2/bench.js; its ~1.6 GB of files go to
# build/bench-models/gpt2-124m, made once by make_gpt2.py with Debian's torch).
# Markdown tables (see docs/BENCHMARKS.md). BENCH_ROUNDS=n alternates the
# backends n times (default 3); BENCH_GROUPS=
# kernel,block,long,model,train,compare,tokenizer,hf-memory,gpt2 picks the tables (compare-browser, not in the
# default: the compare tables again in headless Chromium, scripts/bench/compare/browser.js).
# BENCH_BUILD_DIR builds the native
# bench somewhere other than build/native (the default), e.g. to stay out of
# another build's way. The random-weight checkpoints go to build/bench-models.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "bench: building the wasm modules and the native bench" >&2
bash scripts/build.sh wasm
ninja -C build/wasm --quiet xsimd-reference  # the compare group's plain xsimd kernel
dir=${BENCH_BUILD_DIR:-build/native}
# Only the bench targets: the test binaries are not needed here.
[ -f "$dir/build.ninja" ] || cmake -S . -B "$dir" -G Ninja >/dev/null
ninja -C "$dir" --quiet attnscope_bench attnscope_run_model

groups=",${BENCH_GROUPS:-kernel,block,long,model,train,compare,tokenizer,hf-memory,gpt2},"
if [[ "$groups" =~ ,(kernel|block|long), ]]; then
  node scripts/bench/report.js "$dir/attnscope_bench"
fi
if [[ "$groups" == *,model,* ]]; then
  echo
  node scripts/bench/model/report.js "$dir/attnscope_run_model" build/bench-models
fi
if [[ "$groups" == *,train,* ]]; then
  echo
  ninja -C "$dir" --quiet attnscope_bench_train
  node scripts/bench/train/report.js "$dir/attnscope_bench_train"
fi
if [[ "$groups" == *,compare,* ]]; then
  echo
  node scripts/bench/compare/compare.js
fi
if [[ "$groups" == *,tokenizer,* ]]; then
  echo
  node scripts/bench/tokenizer.js
fi
if [[ "$groups" == *,hf-memory,* ]]; then
  echo
  node scripts/bench/hf_memory.js
fi
if [[ "$groups" == *,gpt2,* ]]; then
  echo
  node scripts/bench/gpt2/bench.js
fi
if [[ "$groups" == *,compare-browser,* ]]; then
  echo
  node scripts/bench/compare/browser.js
fi
