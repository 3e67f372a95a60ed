// parallel_for (cpp/src/parallel): every item runs exactly once with a slot
// below slots(); nested calls and small work stay on the calling thread.
// The native tests build it serially (one slot); the threaded wasm build is
// checked against the single-thread one by tests/js/threads.test.js.
#include <gtest/gtest.h>
#include <atomic>
#include <vector>
#include "../../cpp/src/parallel/parallel_for.h"

using attnscope::parallel::kMaxSlots;
using attnscope::parallel::kMinParallelWork;
using attnscope::parallel::parallel_for;
using attnscope::parallel::slots;
using attnscope::parallel::slots_for;

TEST(ParallelFor, EveryItemOnceWithAValidSlot) {
    std::vector<std::atomic<int>> seen(1000);
    std::atomic<int> bad_slot{0};
    parallel_for(0, 1000, 1e9, [&](long i, int slot) {
        ++seen[i];
        if (slot < 0 || slot >= slots()) ++bad_slot;
    });
    for (auto& s : seen) EXPECT_EQ(s.load(), 1);
    EXPECT_EQ(bad_slot.load(), 0);
    EXPECT_GE(slots(), 1);
    EXPECT_LE(slots(), kMaxSlots);
}

TEST(ParallelFor, OffsetRangeAndEmptyRange) {
    long sum = 0;
    std::atomic<long> total{0};
    parallel_for(10, 20, 1e9, [&](long i, int) { total += i; });
    for (long i = 10; i < 20; ++i) sum += i;
    EXPECT_EQ(total.load(), sum);
    int calls = 0;
    parallel_for(5, 5, 1e9, [&](long, int) { ++calls; });
    EXPECT_EQ(calls, 0);
}

TEST(ParallelFor, SmallWorkAndNestedCallsAreSerial) {
    EXPECT_EQ(slots_for(100, kMinParallelWork / 2), 1);
    EXPECT_EQ(slots_for(1, 1e12), 1);
    std::atomic<int> nested_slots_above_one{0};
    parallel_for(0, 8, 1e9, [&](long, int) {
        if (slots_for(100, 1e12) != 1) ++nested_slots_above_one;
        int inner = 0;
        parallel_for(0, 4, 1e12, [&](long, int slot) { inner += slot == 0; });  // serial: no race on inner
        EXPECT_EQ(inner, 4);
    });
    EXPECT_EQ(nested_slots_above_one.load(), 0);
}

#if !ATTNSCOPE_THREADS
TEST(ParallelFor, SerialBuildIsThePlainLoopInOrder) {
    EXPECT_EQ(slots(), 1);
    std::vector<long> order;
    parallel_for(0, 6, 1e12, [&](long i, int slot) {
        EXPECT_EQ(slot, 0);
        order.push_back(i);
    });
    EXPECT_EQ(order, (std::vector<long>{0, 1, 2, 3, 4, 5}));
}
#endif
