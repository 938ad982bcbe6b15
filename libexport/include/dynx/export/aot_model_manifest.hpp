// model.json (dynx.model, man/dynx-capture.5): what dynx-aot built, from
// what, against which torch and compiler.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/export/codegen.hpp"

namespace dynx::exporter {

struct ModelManifest {
  std::string backend, torch_version, capture_torch_version;  // capture's: empty if unknown
  std::string device = "cpu";                                 // what the model runs on
  std::string compiler;                                       // the compiler's identity
  std::string library;                                        // the .so's file name
  std::string library_dir;                                    // torch's libraries
  std::vector<std::string> libraries = {"libtorch_cpu.so", "libc10.so"};  // what the model.so loads
  std::string weights_storage, weights_file;  // "embedded" (file empty) or "external"
  uint64_t weight_count = 0, weight_bytes = 0;
  struct Entry {
    std::string graph_id, graph_file;  // graph_file: absolute
    size_t operator_count = 0;
    const GeneratedModel* generated = nullptr;
  };
  std::vector<Entry> entries;  // one per graph, in the order a call tries them
  nlohmann::json signature;    // entries_signature_json of the entries
};

// The file's text (one-space indented JSON and a newline).
std::string render_model_json(const ModelManifest& manifest);

}  // namespace dynx::exporter
