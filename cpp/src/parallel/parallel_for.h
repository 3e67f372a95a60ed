// parallel_for: the one place the core runs work on several threads.
// Items begin..end-1 are handed out one at a time (an atomic counter, so a
// slow or descheduled thread takes fewer) to the calling thread and the
// pool's workers; fn(i, slot) runs once per item, slot < slots() naming the
// thread, so callers keep one scratch buffer per slot, allocated beforehand on
// the calling thread (workers never allocate: under Emscripten a worker's
// malloc could grow memory behind the JS views of the main thread).
// Built without ATTNSCOPE_THREADS (the single-thread wasm builds and the
// native tests) it is the plain loop, slot always 0. Calls made from inside
// an item run serially (no nesting), as do calls whose `work` (a flop count)
// is too small to pay for waking the workers. fn must not throw.
#pragma once
#include <type_traits>

namespace attnscope::parallel {

#ifndef ATTNSCOPE_THREADS
#define ATTNSCOPE_THREADS 0
#endif

#ifndef ATTNSCOPE_MAX_THREADS
#define ATTNSCOPE_MAX_THREADS 4
#endif
// Upper bound of slots(), for fixed arrays of per-slot results.
constexpr int kMaxSlots = ATTNSCOPE_THREADS ? ATTNSCOPE_MAX_THREADS : 1;

// Threads a parallel_for may use (the caller included); 1 in serial builds.
int slots();

// Slots a parallel_for(begin, end, work, ...) made now on this thread uses:
// 1 when it would run serially. Size per-slot scratch with it.
int slots_for(long items, double work);

// Work below this many flops runs on the calling thread alone.
constexpr double kMinParallelWork = 1 << 20;

#if ATTNSCOPE_THREADS
namespace detail {
// Type-erased entry of the pool (pool.cpp); returns false when the call must
// run serially (one slot, nested call, work too small).
bool run(long begin, long end, double work, void (*call)(void*, long, int), void* ctx);
}  // namespace detail
#endif

template <class Fn>
void parallel_for(long begin, long end, double work, Fn&& fn) {
#if ATTNSCOPE_THREADS
    auto call = [](void* ctx, long i, int slot) { (*static_cast<std::remove_reference_t<Fn>*>(ctx))(i, slot); };
    if (detail::run(begin, end, work, call, &fn)) return;
#else
    (void)work;
#endif
    for (long i = begin; i < end; ++i) fn(i, 0);
}

}  // namespace attnscope::parallel
