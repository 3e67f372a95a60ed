// Heap statistics of the wasm module's allocator (Emscripten's dlmalloc), for
// the benchmarks' peak-memory figures and for leak checks. Conversion only.
// dlmalloc never returns memory to the system here (the wasm heap only
// grows), so `footprint` is also its high-water mark.
#include <emscripten/bind.h>
#include <malloc.h>

namespace {

struct HeapStats {
    double footprint;      // bytes dlmalloc has obtained with sbrk (mallinfo().usmblks, max_footprint)
    double inUse;          // bytes in allocated chunks now (uordblks)
    double free;           // bytes in free chunks, the top chunk included (fordblks)
};

HeapStats heap_stats_b() {
    const struct mallinfo mi = mallinfo();
    return {static_cast<double>(mi.usmblks), static_cast<double>(mi.uordblks),
            static_cast<double>(mi.fordblks)};
}

}  // namespace

EMSCRIPTEN_BINDINGS(heap_stats) {
    emscripten::value_object<HeapStats>("HeapStats")
        .field("footprint", &HeapStats::footprint)
        .field("inUse", &HeapStats::inUse)
        .field("free", &HeapStats::free);
    emscripten::function("heapStats", &heap_stats_b);
}
