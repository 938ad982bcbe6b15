// model.json (see aot_model_manifest.hpp).
#include "dynx/export/aot_model_manifest.hpp"

#include <nlohmann/json.hpp>

#include "dynx/model.h"
#include "dynx/version.hpp"

namespace dynx::exporter {

std::string render_model_json(const ModelManifest& m) {
  using json = nlohmann::json;
  const GeneratedModel& g = *m.generated;
  json model_json = {
      {"schema", "dynx.model"},
      {"version", 1},
      {"abi_version", DYNX_MODEL_ABI_VERSION},
      {"backend", m.backend},
      {"device", m.device},
      {"tool", "dynx-aot"},
      {"dynx_version", kVersion},
      {"torch_version", m.torch_version},
      {"capture_torch_version", m.capture_torch_version.empty() ? json(nullptr) : json(m.capture_torch_version)},
      {"compiler", m.compiler},
      {"source", {{"graph", m.graph_id}, {"file", m.graph_file}}},
      {"library", m.library},
      {"dependencies", {{"library_dir", m.library_dir}, {"libraries", {"libtorch_cpu.so", "libc10.so"}}}},
      {"weights",
       {{"storage", m.weights_storage},
        {"file", m.weights_file.empty() ? json(nullptr) : json(m.weights_file)},
        {"count", m.weight_count},
        {"bytes", m.weight_bytes}}},
      {"operators",
       {{"total", m.operator_count},
        {"typed", g.typed_calls},
        {"dispatcher", g.boxed_calls},
        {"planned_buffers", g.planned_buffers},
        {"planned_bytes", g.planned_bytes},
        {"unshared_bytes", g.unshared_bytes}}},
      {"signature", to_json(g.signature)}};
  return model_json.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace dynx::exporter
