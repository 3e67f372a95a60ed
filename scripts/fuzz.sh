#!/usr/bin/env bash
# Build the libFuzzer harness of the model loaders (tests/fuzz/fuzz_loaders.cpp)
# with clang's fuzzer + AddressSanitizer + UndefinedBehaviorSanitizer, write
# its seed corpus, and run it:  bash scripts/fuzz.sh [seconds=60] [jobs=1]
# The corpus grows in build/fuzz/corpus and is reused by the next run; a crash
# leaves its input as build/fuzz/crash-* (replay: build/fuzz/fuzz_loaders FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${2:-1}
out=build/fuzz
rt=$(ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null || true)
if ! command -v clang++-14 >/dev/null || [ -z "$rt" ]; then
  apt-get update -qq && apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null
fi
mkdir -p "$out/corpus" "$out/seeds" "$out/xsimd_include"
ln -sfn /usr/include/xsimd "$out/xsimd_include/xsimd"  # as CMake does: never -I/usr/include

flags=(-std=c++17 -O1 -g -fno-omit-frame-pointer -msse4.1 -ffp-contract=off -DATTNSCOPE_SIMD=1
       -Icpp/include -isystem "$out/xsimd_include")
clang++-14 "${flags[@]}" -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  tests/fuzz/fuzz_loaders.cpp cpp/src/model/*.cpp cpp/src/position.cpp -o "$out/fuzz_loaders"
clang++-14 -std=c++17 -O1 -Icpp/include tests/fuzz/make_seeds.cpp -o "$out/make_seeds" -lgtest -pthread
"$out/make_seeds" "$out/seeds"

echo "fuzzing for ${seconds}s with ${jobs} job(s)"
parallel=()  # with -jobs, libFuzzer writes each job's log to fuzz-N.log in the working directory
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
cd "$out"
./fuzz_loaders corpus seeds -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -artifact_prefix=./ "${parallel[@]}"
