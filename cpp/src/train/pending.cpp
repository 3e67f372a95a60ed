// Placeholders until the forward/backward pass lands (same branch, next commits).
#include "attnscope/train/adamw.h"
#include "attnscope/train/trainable_model.h"

namespace attnscope::train {

model::Outcome TrainableModel::prepare_activations(int, int) {
    return model::failure(Status::InvalidArgument, "training forward/backward not implemented yet");
}
float TrainableModel::forward(const std::int32_t*, const std::int32_t*, int, int) { return 0.f; }
void TrainableModel::backward(const std::int32_t*, const std::int32_t*, int, int) {}
model::Outcome TrainableModel::save_llama2c(std::vector<std::uint8_t>*) const {
    return model::failure(Status::InvalidArgument, "save_llama2c not implemented yet");
}
model::Outcome TrainableModel::save_agpt(std::vector<std::uint8_t>*) const {
    return model::failure(Status::InvalidArgument, "save_agpt not implemented yet");
}
}  // namespace attnscope::train

namespace attnscope::model {
void Transformer::forward_variant(int, int, float*) {}
}  // namespace attnscope::model
