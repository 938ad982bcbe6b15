// model.json (see aot_model_manifest.hpp).
#include "dynx/export/aot_model_manifest.hpp"

#include <nlohmann/json.hpp>

#include "dynx/export/model_signature.hpp"
#include "dynx/model.h"
#include "dynx/version.hpp"

namespace dynx::exporter {

std::string render_model_json(const ModelManifest& m) {
  using json = nlohmann::json;
  // The operator counts of all entries together; each entry's own in "entries".
  auto operators = [](size_t total, const GeneratedModel& g) {
    json o = {{"total", total},
                {"typed", g.typed_calls},
                {"dispatcher", g.boxed_calls},
                {"planned_buffers", g.planned_buffers},
                {"planned_bytes", g.planned_bytes},
                {"unshared_bytes", g.unshared_bytes}};
    if (g.kernels > 0) {
      o["kernels"] = g.kernels;
      o["distinct_kernels"] = g.unique_kernels;
      o["library_calls"] = g.library_calls;
      o["fused"] = g.fused_operators;
    }
    return o;
  };
  GeneratedModel sum;
  size_t total = 0;
  json entries = json::array();
  for (const auto& e : m.entries) {
    const GeneratedModel& g = *e.generated;
    sum.typed_calls += g.typed_calls;
    sum.boxed_calls += g.boxed_calls;
    sum.planned_buffers += g.planned_buffers;
    sum.planned_bytes += g.planned_bytes;
    sum.unshared_bytes += g.unshared_bytes;
    sum.kernels += g.kernels;
    sum.unique_kernels += g.unique_kernels;
    sum.library_calls += g.library_calls;
    sum.fused_operators += g.fused_operators;
    total += e.operator_count;
    entries.push_back(json{{"graph", e.graph_id},
                           {"file", e.graph_file},
                           {"operators", operators(e.operator_count, g)},
                           {"signature", to_json(g.signature)}});
  }
  const ModelManifest::Entry& first = m.entries.at(0);
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
      {"source", {{"graph", first.graph_id}, {"file", first.graph_file}}},
      {"library", m.library},
      {"dependencies", {{"library_dir", m.library_dir}, {"libraries", m.libraries}}},
      {"weights",
       {{"storage", m.weights_storage},
        {"file", m.weights_file.empty() ? json(nullptr) : json(m.weights_file)},
        {"count", m.weight_count},
        {"bytes", m.weight_bytes}}},
      {"operators", operators(total, sum)},
      {"signature", m.signature.is_null() ? to_json(first.generated->signature) : m.signature},
      {"entries", entries}};
  return model_json.dump(1, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace dynx::exporter
