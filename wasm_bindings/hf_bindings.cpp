// Embind for reading a Hugging Face folder (cpp/include/attnscope/model/hf_reader.h)
// a chunk at a time. Conversion only: statuses as in model_bindings.cpp
// (0 = ok, else a Status code, -1 where a count or index is returned; then
// error() says what was wrong). For web/lib/hf/load.js:
//   const r = new Module.HfLoader();               // smart_ptr; call r.delete()
//   r.begin(spec, maxSeqLen, quantize, groupSize)  // spec: HfSpec below (enums as codes)
//   r.add(role, layer, dtype, rows, cols)          // -> the tensor's index, or -1
//   r.neededBytes(), r.heapRoom()                  // what allocate() will take; what the heap can still give
//   r.allocate()                                   // needed <= room, then the weights' block
//   r.write(index, ptr, offset, size)              // whole rows of the file's bytes, in order
//   r.finishInto(handle)                           // the ModelHandle now holds the model
//   Module.readHfTensor(handle, role, layer, ptr)  // a weight in the HF layout (rows*cols floats), any model
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>
#include "attnscope/model/hf_reader.h"
#include "model_handle.h"

namespace {

using namespace attnscope::model;
using attnscope::bindings::ModelHandle;
using attnscope::bindings::Ptr;

struct HfSpecJs {
    int arch, dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, activation;
    float normEps, ropeBase;
    bool bias, tied;
};

class HfLoader {
  public:
    int begin(const HfSpecJs& j, int max_seq_len, bool quantize, int group_size) {
        HfSpec s;
        s.arch = static_cast<Arch>(j.arch), s.dim = j.dim, s.hidden_dim = j.hiddenDim, s.n_layers = j.nLayers;
        s.n_heads = j.nHeads, s.n_kv_heads = j.nKvHeads, s.vocab_size = j.vocabSize, s.seq_len = j.seqLen;
        s.activation = static_cast<Activation>(j.activation), s.norm_eps = j.normEps, s.rope_base = j.ropeBase;
        s.bias = j.bias, s.tied = j.tied;
        LoadOptions o;
        o.max_seq_len = max_seq_len, o.quantize_q8 = quantize, o.group_size = group_size;
        return keep(reader_.begin(s, o));
    }
    int add(int role, int layer, int dtype, double rows, double cols) {
        int index = -1;
        return keep(reader_.add(static_cast<HfRole>(role), layer, static_cast<FileDtype>(dtype),
                                static_cast<std::uint64_t>(rows), static_cast<std::uint64_t>(cols), &index))
                   ? -1 : index;
    }
    double neededBytes() const { return static_cast<double>(reader_.needed_bytes()); }
    // The heap's ceiling, less what sbrk has handed out, plus dlmalloc's free chunks.
    static double heapRoom() {
        const struct mallinfo mi = mallinfo();
        const double top = static_cast<double>(reinterpret_cast<std::uintptr_t>(sbrk(0)));
        return static_cast<double>(emscripten_get_heap_max()) - top + static_cast<double>(mi.fordblks);
    }
    int allocate() {
        const double room = heapRoom();
        return keep(reader_.allocate(room > 0 ? static_cast<std::uint64_t>(room) : 0));
    }
    int write(int index, Ptr p, double offset, double size) {
        return keep(reader_.write(index, reinterpret_cast<const std::uint8_t*>(p), static_cast<std::uint64_t>(offset),
                                  static_cast<std::uint64_t>(size)));
    }
    int finishInto(ModelHandle& h) {
        std::unique_ptr<Transformer> m;
        if (keep(reader_.finish(&m)) == 0) h.adopt(std::move(m));
        return status_;
    }
    std::string error() const { return error_; }

  private:
    int keep(const Outcome& o) {
        status_ = static_cast<int>(o.status);
        error_ = o.message;
        return status_;
    }
    HfReader reader_;
    std::string error_;
    int status_ = 0;
};

int read_hf_tensor_b(ModelHandle& h, int role, int layer, Ptr out) {
    const Transformer* m = h.inferenceModel();
    if (!m) return h.fail("no model is loaded");
    h.keep(read_hf_tensor(*m, static_cast<HfRole>(role), layer, reinterpret_cast<float*>(out)));
    return h.status();
}

}  // namespace

EMSCRIPTEN_BINDINGS(hf) {
    emscripten::value_object<HfSpecJs>("HfSpec")
        .field("arch", &HfSpecJs::arch).field("dim", &HfSpecJs::dim).field("hiddenDim", &HfSpecJs::hiddenDim)
        .field("nLayers", &HfSpecJs::nLayers).field("nHeads", &HfSpecJs::nHeads)
        .field("nKvHeads", &HfSpecJs::nKvHeads).field("vocabSize", &HfSpecJs::vocabSize)
        .field("seqLen", &HfSpecJs::seqLen).field("activation", &HfSpecJs::activation)
        .field("normEps", &HfSpecJs::normEps).field("ropeBase", &HfSpecJs::ropeBase)
        .field("bias", &HfSpecJs::bias).field("tied", &HfSpecJs::tied);
    emscripten::class_<HfLoader>("HfLoader")
        .smart_ptr_constructor("HfLoader", &std::make_shared<HfLoader>)
        .function("begin", &HfLoader::begin)
        .function("add", &HfLoader::add)
        .function("neededBytes", &HfLoader::neededBytes)
        .class_function("heapRoom", &HfLoader::heapRoom)
        .function("allocate", &HfLoader::allocate)
        .function("write", &HfLoader::write)
        .function("finishInto", &HfLoader::finishInto)
        .function("error", &HfLoader::error);
    emscripten::function("readHfTensor", &read_hf_tensor_b);
}
