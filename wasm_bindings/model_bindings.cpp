// Embind for the tiny models (cpp/include/attnscope/model/): one handle owns a
// model, its tokenizer and a sampler. Conversion only. Every method that can
// fail returns a status code (0 = ok, otherwise Status) or -1 where it returns
// a count, and `error()` then says what was wrong; nothing throws or aborts.
//
// For web/lib (sizes are byte counts, Ptr are _malloc'd heap addresses):
//   const h = new Module.ModelHandle();            // smart_ptr: GC may reclaim; call h.delete()
//   h.loadLlama2c(ptr, size, maxSeqLen, quantize, groupSize)   // legacy, ak42 v1/v2
//   h.loadGpt2(ptr, size, maxSeqLen, quantize, groupSize)      // "AGPT" v1
//   h.loadTokenizer(ptr, size, kind)               // kind 0 = bpe (run.c), 1 = char
//   h.config()                                     // plain object, see ModelInfo (enums as codes)
//   h.forward(token, pos, logitsPtr, attentionPtr) // copies V floats / L*H*(pos+1) floats; 0 = skip
//   h.forwardSequence(tokensPtr, n, start, rows, logitsPtr, attentionPtr)
//       // positions start..start+n-1 in one call (Transformer::forward_sequence):
//       // the last `rows` give logits (rows, V) and attention (L, H, rows, start+n); 0 = skip
//   h.logitsPtr()                                  // the model's own logits (V floats) after forward
//   h.setSampler(temperature, topK, topP, seed)    // seed: an integer 0..2^53
//   h.step(token, pos)                             // forward + sample: next token, or -1
//   h.sample()                                     // sample from the current logits (left intact)
//   h.encode(textPtr, len, bos, eos, outPtr)       // out: len + 3 int32; returns the count or -1
//   h.decode(idsPtr, n, outPtr, cap)               // UTF-8 bytes; returns the length or -1
//   h.piece(prev, token, outPtr, cap)              // bytes of one generated token (may split a character)
//   h.maxPieceBytes(), h.cachedPositions(), h.error(), h.dispose()
// A model load resets the sampler and drops a tokenizer of another vocabulary
// size; loadTokenizer after a model checks the sizes match. The file bytes
// are copied: free them after loading.
//   Training (train_bindings.cpp; a model made by createTrainable):
//   h.createTrainable(config, seed)                // config: a TrainConfig value object
//   h.trainable(), h.paramCount(), h.param(i)      // ParamEntry: name, shape, offset into the arena
//   h.paramsPtr(), h.gradsPtr()                    // the arenas (read or write right away: memory may grow)
//   h.weightsChanged()                             // after writing paramsPtr(): resets the KV cache
//   h.lossAndGradients(inPtr, tgtPtr, B, T, pass, lossPtr)  // int32 [B, T]; pass a PassOptions; one float out
//   h.trainConfig()                                // the TrainConfig a trainable model was made with
//   h.loss(inPtr, tgtPtr, B, T, lossPtr)
//   h.saveLlama2c(), h.saveAgpt()                  // then savedPtr(), savedSize(), clearSaved()
// The class itself is in model_handle.h.
#include <emscripten/bind.h>
#include "model_handle.h"

using attnscope::bindings::ModelHandle;
using attnscope::bindings::ModelInfo;
using attnscope::bindings::ParamEntry;

EMSCRIPTEN_BINDINGS(model) {
    emscripten::value_object<ModelInfo>("ModelInfo")
        .field("arch", &ModelInfo::arch).field("format", &ModelInfo::format)
        .field("weightType", &ModelInfo::weightType).field("fileDtype", &ModelInfo::fileDtype)
        .field("tokenizer", &ModelInfo::tokenizer)
        .field("dim", &ModelInfo::dim).field("hiddenDim", &ModelInfo::hiddenDim)
        .field("nLayers", &ModelInfo::nLayers).field("nHeads", &ModelInfo::nHeads)
        .field("nKvHeads", &ModelInfo::nKvHeads).field("vocabSize", &ModelInfo::vocabSize)
        .field("seqLen", &ModelInfo::seqLen).field("fileSeqLen", &ModelInfo::fileSeqLen)
        .field("headSize", &ModelInfo::headSize).field("groupSize", &ModelInfo::groupSize)
        .field("sharedClassifier", &ModelInfo::sharedClassifier)
        .field("normEps", &ModelInfo::normEps).field("ropeBase", &ModelInfo::ropeBase)
        .field("weightBytes", &ModelInfo::weightBytes).field("stateBytes", &ModelInfo::stateBytes)
        .field("positions", &ModelInfo::positions).field("norm", &ModelInfo::norm)
        .field("activation", &ModelInfo::activation).field("prenorm", &ModelInfo::prenorm)
        .field("bias", &ModelInfo::bias).field("trainable", &ModelInfo::trainable)
        .field("hasTokenizer", &ModelInfo::hasTokenizer);
    emscripten::value_object<ParamEntry>("ParamEntry")
        .field("name", &ParamEntry::name).field("rank", &ParamEntry::rank)
        .field("rows", &ParamEntry::rows).field("cols", &ParamEntry::cols)
        .field("offset", &ParamEntry::offset).field("numel", &ParamEntry::numel)
        .field("decay", &ParamEntry::decay);
    emscripten::class_<ModelHandle>("ModelHandle")
        .smart_ptr_constructor("ModelHandle", &std::make_shared<ModelHandle>)
        .function("loadLlama2c", &ModelHandle::loadLlama2c)
        .function("loadGpt2", &ModelHandle::loadGpt2)
        .function("loadTokenizer", &ModelHandle::loadTokenizer)
        .function("config", &ModelHandle::config)
        .function("forward", &ModelHandle::forward)
        .function("forwardSequence", &ModelHandle::forwardSequence)
        .function("logitsPtr", &ModelHandle::logitsPtr)
        .function("setSampler", &ModelHandle::setSampler)
        .function("sample", &ModelHandle::sample)
        .function("step", &ModelHandle::step)
        .function("encode", &ModelHandle::encode)
        .function("decode", &ModelHandle::decode)
        .function("piece", &ModelHandle::piece)
        .function("maxPieceBytes", &ModelHandle::maxPieceBytes)
        .function("cachedPositions", &ModelHandle::cachedPositions)
        .function("error", &ModelHandle::error)
        .function("dispose", &ModelHandle::dispose)
        .function("createTrainable", &ModelHandle::createTrainable)
        .function("trainable", &ModelHandle::trainable)
        .function("trainConfig", &ModelHandle::trainConfig)
        .function("paramCount", &ModelHandle::paramCount)
        .function("param", &ModelHandle::param)
        .function("paramsPtr", &ModelHandle::paramsPtr)
        .function("gradsPtr", &ModelHandle::gradsPtr)
        .function("weightsChanged", &ModelHandle::weightsChanged)
        .function("lossAndGradients", &ModelHandle::lossAndGradients)
        .function("loss", &ModelHandle::loss)
        .function("saveLlama2c", &ModelHandle::saveLlama2c)
        .function("saveAgpt", &ModelHandle::saveAgpt)
        .function("savedPtr", &ModelHandle::savedPtr)
        .function("savedSize", &ModelHandle::savedSize)
        .function("clearSaved", &ModelHandle::clearSaved);
}
