// Placeholders until the forward/backward pass lands (same branch, next commits).
#include "attnscope/train/adamw.h"
#include "attnscope/train/trainable_model.h"

namespace attnscope::train {

model::Outcome TrainableModel::save_llama2c(std::vector<std::uint8_t>*) const {
    return model::failure(Status::InvalidArgument, "save_llama2c not implemented yet");
}
model::Outcome TrainableModel::save_agpt(std::vector<std::uint8_t>*) const {
    return model::failure(Status::InvalidArgument, "save_agpt not implemented yet");
}
}  // namespace attnscope::train

