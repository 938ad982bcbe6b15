// The libtorch backend: a graph's operators as calls of PyTorch's C++
// operators (typed calls through at::_ops where torch declares one, the
// dispatcher otherwise), intermediates of static shape computed by out=
// kernels into planned memory (memory_plan.hpp). Everything but the
// emission of operators is shared with other backends: schemas
// (operator_schema.hpp), size expressions, planning, the C++ writer.
#pragma once

#include "dynx/export/codegen.hpp"

namespace dynx::exporter {

class LibtorchBackend final : public Backend {
 public:
  std::string name() const override { return "libtorch"; }
  Expected<GeneratedModel> generate(const ir::Graph& graph, const TorchInfo& torch,
                                    const std::vector<WeightLayout>& weights,
                                    const CodegenOptions& options) const override;
};

// "at::ScalarType::Float" for "float32"; an error for a dtype ATen lacks.
Expected<std::string> aten_scalar_type(const std::string& dtype);

}  // namespace dynx::exporter
