// dynx-aot's pipeline as a library: one captured graph (or several, as the
// entries of one cache) becomes a model.so
// (+ model.json, + external weights) through the stages of libexport/aot/:
// torch_environment (what the Python environment's torch offers), codegen,
// toolchain (compiler, compile cache), weights_blob, model_manifest, and
// verify. aot_cli.cpp parses options and prints; see dynx-aot(1).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/export/aot_dynamic_ranges.hpp"
#include "dynx/export/codegen.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

// Where a long step reports itself (the CLI draws "dynx-aot: compiling
// model.cpp 3.1 s" on a terminal). The default reports nothing.
class AotProgress {
 public:
  virtual ~AotProgress() = default;
  virtual void start(const std::string& label) { (void)label; }
  virtual void stop() {}
  // A line the user should read (dynx-aot prints it as "dynx-aot: note: ...").
  virtual void note(const std::string& text) { (void)text; }
};

struct AotRequest {
  std::string input;   // a capture directory or a graph file (graphs/F_E_G.json)
  std::string output;  // model.so (model.json and external weights go beside it)
  // F/E/G of a capture directory; empty: the obvious one. Several: the
  // entries of one model, tried in this order on each call.
  std::vector<std::string> graphs;
  std::string weights_mode = "embedded";  // or "external"
  std::string weights_from;               // a graph file's weights.safetensors
  // auto: native where it lowers every graph (and oneDNN is there), else
  // libtorch, saying why (AotResult::backend_note); native; libtorch.
  std::string backend = "auto";
  // The device the model is compiled for: "" takes the graph's, which must be
  // the CPU (the only device a backend compiles for today); "cpu" compiles a
  // graph captured on another device for the CPU, saying so.
  std::string device;
  // The run path the model.so finds libtorch by: empty, the torch build's
  // library directory (absolute); "$ORIGIN/lib" makes it relocatable.
  std::string rpath;
  // --bundle: `output` lies in this directory, and libtorch's shared
  // libraries (everything the model needs but the C library) are copied
  // into its lib/, with dynx/model.h in include/: one directory that runs
  // elsewhere with nothing else installed.
  std::string bundle;
  // --dynamic NAME:DIM=MIN..MAX: the sizes a dynamic dimension accepts.
  std::vector<DynamicRange> dynamic_ranges;
  bool plan = true, cache = true, all_outputs = false;
  // codegen: write the generated C++ to `output` and stop (no compiler).
  enum class StopAfter { link, codegen };
  StopAfter stop_after = StopAfter::link;
  std::optional<std::string> python, cxx, cache_dir, emit_source;
  AotProgress* progress = nullptr;               // null: silent
  std::function<void(const std::string&)> warn;  // trouble that does not stop the build
};

struct AotEntry {
  ir::Graph graph;  // as compiled (outputs pruned unless all_outputs)
  GeneratedModel generated;
  std::filesystem::path examples;
};

struct AotResult {
  std::vector<AotEntry> entries;  // one per graph, in the order a call tries them
  std::filesystem::path output, model_json;
  uint64_t weights_bytes = 0;
  std::string device = "cpu";     // what the model runs on (model.json "device")
  std::string backend;            // the backend that generated it (auto: the one chosen)
  std::string backend_note;       // auto that chose libtorch: why (every operator native refused)
  bool model_cached = false;      // the model's object came from the compile cache
  bool runtime_compiled = false;  // dynx's runtime was compiled by this build
};

Expected<AotResult> build_model(const AotRequest& request);

}  // namespace dynx::exporter
