// The thread pool behind parallel_for (threaded builds only): min(hardware
// threads, ATTNSCOPE_MAX_THREADS) - 1 workers, created on first use and never
// joined (they wait on a condition variable between calls). Under Emscripten
// they are pthreads on the Web Workers the glue preloads (PTHREAD_POOL_SIZE
// is the same count, see CMakeLists.txt), so creating them never waits for
// the page's event loop. The calling thread takes items too, then waits for
// every worker to report back before returning.
#include "parallel_for.h"

#if !ATTNSCOPE_THREADS

namespace attnscope::parallel {
int slots() { return 1; }
int slots_for(long, double) { return 1; }
}  // namespace attnscope::parallel

#else
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace attnscope::parallel {
namespace {

thread_local bool inside_item = false;  // set while a thread runs items: nested calls run serially

class Pool {
public:
    explicit Pool(int workers) {
        for (int w = 0; w < workers; ++w) std::thread([this, w] { serve(w + 1); }).detach();
        workers_ = workers;
    }
    int slots() const { return 1 + workers_; }

    bool run(long begin, long end, void (*call)(void*, long, int), void* ctx) {
        std::unique_lock<std::mutex> caller(call_, std::try_to_lock);
        if (!caller.owns_lock()) return false;  // another thread's call is running: stay serial
        {
            std::lock_guard<std::mutex> lock(m_);
            call_fn_ = call, ctx_ = ctx, end_ = end;
            next_.store(begin);
            busy_ = workers_;
            ++generation_;
        }
        start_.notify_all();
        take_items(0);
        std::unique_lock<std::mutex> lock(m_);
        done_.wait(lock, [this] { return busy_ == 0; });
        return true;
    }

private:
    void take_items(int slot) {
        inside_item = true;
        for (long i = next_.fetch_add(1); i < end_; i = next_.fetch_add(1)) call_fn_(ctx_, i, slot);
        inside_item = false;
    }
    void serve(int slot) {
        unsigned long seen = 0;
        for (;;) {
            {
                std::unique_lock<std::mutex> lock(m_);
                start_.wait(lock, [&] { return generation_ != seen; });
                seen = generation_;
            }
            take_items(slot);
            std::lock_guard<std::mutex> lock(m_);
            if (--busy_ == 0) done_.notify_one();
        }
    }

    int workers_ = 0;
    std::mutex call_, m_;
    std::condition_variable start_, done_;
    unsigned long generation_ = 0;
    int busy_ = 0;
    void (*call_fn_)(void*, long, int) = nullptr;
    void* ctx_ = nullptr;
    long end_ = 0;
    std::atomic<long> next_{0};
};

Pool& pool() {
    static Pool* p = [] {  // leaked on purpose: detached workers outlive static destructors
        const int hw = static_cast<int>(std::thread::hardware_concurrency());
        return new Pool(std::clamp(hw, 1, kMaxSlots) - 1);
    }();
    return *p;
}

}  // namespace

int slots() { return pool().slots(); }

int slots_for(long items, double work) {
    if (inside_item || items < 2 || work < kMinParallelWork) return 1;
    return pool().slots();  // any worker may take an item: every slot needs its scratch
}

namespace detail {
bool run(long begin, long end, double work, void (*call)(void*, long, int), void* ctx) {
    return slots_for(end - begin, work) > 1 && pool().run(begin, end, call, ctx);
}
}  // namespace detail

}  // namespace attnscope::parallel
#endif
