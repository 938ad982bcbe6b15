// The call signature of a model compiled from one captured graph: which
// graph inputs the caller passes (user inputs and values made before the
// graph; parameters, buffers and constants are weights inside the model),
// their dtypes and shapes (fixed, or symbols with ranges from the entry's
// guards), and the outputs. Written into model.json and emitted as the
// table the model's input checks read (dynx/runtime/input_checks.hpp).
//
// Names come from the capture (module paths, sources, file names): nothing
// from it reaches generated code except through the escaping of
// cpp_writer.hpp, whatever bytes it holds.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/dtypes.hpp"
#include "dynx/error.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

struct ModelTensor {
  // As the caller sees it: an input's argument name where the graph reads a
  // frame's argument itself (source L['input_ids'] -> input_ids), an
  // output's place in what the Python code returned (logits, output[0]),
  // where that is known and unique; else the graph's value name (l_x, add_3).
  std::string name;
  std::string source;  // L['x'], graph 0/0/0 output add, ...
  std::string dtype;   // float32, int64, bool, ...
  std::vector<ir::SymDim> shape;  // a symbol name ("s0") where the size is dynamic
  std::string value;   // the graph's value name (the capture's examples use it)
};

struct ModelSignature {
  std::vector<ModelTensor> inputs, outputs;
  std::vector<ir::GraphSymbol> symbols;
  std::vector<std::string> weights;  // graph inputs that are parameters, buffers, constants
};

// The dtype a model carries named exactly `name` ("float32"; nullptr for
// "torch.float32", which dtype_by_name also accepts, and anything unknown).
const DtypeInfo* model_dtype(const std::string& name);

// Errors: a dtype the model interface does not carry, a size expression
// where a caller's size must be a plain symbol.
Expected<ModelSignature> signature_of(const ir::Graph& graph);
nlohmann::json to_json(const ModelSignature& signature);

// The signature a model of several cache entries reports (model.json's
// "signature", dynx_model_signature()): for one entry its to_json; for
// several, the inputs and outputs as the entries share them (a dtype or size
// that differs between entries, or is dynamic in one, is null), and
// "entries": each entry's graph id and own signature, in the order a call
// tries them.
nlohmann::json entries_signature_json(const std::vector<std::pair<std::string, const ModelSignature*>>& entries);

// C++ source defining `NS::kSignature` (a dynx::runtime::Signature) for
// `signature`; NS is the namespace of the entry's generated code.
std::string emit_signature_table(const ModelSignature& signature, const std::string& ns = "dynx_generated");

}  // namespace dynx::exporter
