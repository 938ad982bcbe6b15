// The native backend: a graph lowered to the loop-level kernel IR
// (native_ir.hpp), fused there, and emitted as C++ kernels (vectorised
// loops, OpenMP across threads, GEMMs through oneDNN) over a runtime with
// no libtorch (runtime/native_runtime.hpp). Needs no Python or torch to
// generate or compile.
#pragma once

#include "dynx/export/codegen.hpp"

namespace dynx::exporter {

class NativeBackend final : public Backend {
 public:
  std::string name() const override { return "native"; }
  Expected<GeneratedModel> generate(const ir::Graph& graph, const TorchInfo& torch,
                                    const std::vector<WeightLayout>& weights,
                                    const CodegenOptions& options) const override;
};

// Why the native backend cannot compile `graph` (the first operator it
// cannot lower, with the reason); empty when it can.
std::string native_refusal(const ir::Graph& graph);

// The shared libraries a native model.so loads (beside the C/C++ runtime).
inline const char* const kNativeLibraries[] = {"libdnnl.so.2", "libgomp.so.1"};

}  // namespace dynx::exporter
