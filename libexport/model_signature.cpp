// The call signature of a compiled graph (see model_signature.hpp).
#include "dynx/export/model_signature.hpp"

#include <cctype>
#include <map>

#include "dynx/export/cpp_writer.hpp"

namespace dynx::exporter {
namespace {

// The DLDataTypeCode of `info` as generated code spells it.
const char* dlpack_code_name(const DtypeInfo& info) {
  switch (info.dlpack_code) {
    case 0: return "kDLInt";
    case 1: return "kDLUInt";
    case 2: return "kDLFloat";
    case 4: return "kDLBfloat";
    case 5: return "kDLComplex";
    default: return "dynx::runtime::kDLBoolCode";  // 6: kDLBool, which Debian's dlpack.h lacks
  }
}

bool plain_symbol(const std::string& expr) {
  if (expr.size() < 2 || expr[0] != 's') return false;
  return expr.find_first_not_of("0123456789", 1) == std::string::npos;
}

std::vector<ir::SymDim> dims_of(const ir::TensorMeta& meta) {
  if (!meta.sym_shape.empty()) return meta.sym_shape;
  std::vector<ir::SymDim> dims;
  for (auto size : meta.shape) dims.push_back({size, ""});
  return dims;
}

// The argument name of a source that is a frame's argument itself
// (L['input_ids'] -> input_ids), or a keyword argument it took through
// **kwargs (L['kwargs']['input_ids'] -> input_ids); "" otherwise.
std::string argument_name(const std::string& source) {
  if (source.size() < 6 || source.compare(0, 3, "L['") != 0 || source.compare(source.size() - 2, 2, "']") != 0)
    return "";
  std::string name = source.substr(3, source.size() - 5);
  if (name.rfind("kwargs']['", 0) == 0) name = name.substr(10);
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return "";
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return "";
  return name;
}

}  // namespace

const DtypeInfo* model_dtype(const std::string& name) {
  return name.rfind("torch.", 0) == 0 ? nullptr : dtype_by_name(name);
}

Expected<ModelSignature> signature_of(const ir::Graph& graph) {
  ModelSignature sig;
  for (const auto& s : graph.symbols)
    if (s.kind != "size")
      return Error{"the graph takes the Python " + s.kind + " " + s.source + " as a dynamic value (" + s.name +
                   "); a model's inputs are tensors: compile an entry where it is a constant"};
  sig.symbols = graph.symbols;
  for (const auto& in : graph.inputs) {
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") {
      sig.weights.push_back(in.name);
      continue;
    }
    if (!model_dtype(in.meta.dtype))
      return Error{"input '" + in.name + "' has dtype " + in.meta.dtype + ", which a model interface cannot carry"};
    ModelTensor t{in.name, in.source, in.meta.dtype, dims_of(in.meta), in.name};
    for (const auto& d : t.shape)
      if (!d.expr.empty() && !plain_symbol(d.expr))
        return Error{"input '" + in.name + "' has a size " + d.expr +
                     " derived from other sizes; a caller's sizes must be plain symbols"};
    sig.inputs.push_back(std::move(t));
  }
  // Inputs are named after the frame's arguments they are, where no other
  // input has that name.
  std::map<std::string, int> uses;
  for (const auto& in : sig.inputs) {
    ++uses[in.name];
    if (auto arg = argument_name(in.source); !arg.empty() && arg != in.name) ++uses[arg];
  }
  for (auto& in : sig.inputs)
    if (auto arg = argument_name(in.source); !arg.empty() && uses[arg] == 1) in.name = arg;
  std::map<std::string, const ir::NodeOutput*> outputs;
  for (const auto& node : graph.nodes)
    for (const auto& o : node.outputs)
      if (o.name && o.meta) outputs[*o.name] = &o;
  // Outputs are named after what the Python code returned where each such
  // name is unique and no input has it; otherwise after the graph's values.
  std::map<std::string, int> returned;
  for (const auto& out : graph.outputs)
    if (!out.returned_as.empty()) ++returned[out.returned_as];
  std::set<std::string> taken;
  for (const auto& in : sig.inputs) taken.insert(in.name);
  for (const auto& out : graph.outputs) {
    auto it = outputs.find(out.name);
    if (it == outputs.end()) return Error{"output '" + out.name + "' is not an operator's result"};
    bool by_return = !out.returned_as.empty() && returned[out.returned_as] == 1 && taken.count(out.returned_as) == 0;
    std::string name = by_return ? out.returned_as : out.name;
    if (!taken.insert(name).second) name = out.name;
    taken.insert(name);
    sig.outputs.push_back(ModelTensor{name, "", it->second->meta->dtype, dims_of(*it->second->meta), out.name});
  }
  return sig;
}

nlohmann::json to_json(const ModelSignature& sig) {
  using json = nlohmann::json;
  auto tensor = [](const ModelTensor& t) {
    json shape = json::array();
    for (const auto& d : t.shape) shape.push_back(d.expr.empty() ? json(d.value) : json(d.expr));
    json j{{"name", t.name}, {"dtype", t.dtype}, {"shape", shape}};
    if (!t.source.empty()) j["source"] = t.source;
    if (!t.value.empty() && t.value != t.name) j["value"] = t.value;  // the graph's name (the capture's examples)
    return j;
  };
  json inputs = json::array(), outputs = json::array(), symbols = json::array();
  for (const auto& t : sig.inputs) inputs.push_back(tensor(t));
  for (const auto& t : sig.outputs) outputs.push_back(tensor(t));
  for (const auto& s : sig.symbols)
    symbols.push_back(json{{"name", s.name}, {"source", s.source}, {"min", s.min},
                           {"max", s.max ? json(*s.max) : json(nullptr)}});
  return json{{"inputs", inputs}, {"outputs", outputs}, {"symbols", symbols}};
}

nlohmann::json entries_signature_json(const std::vector<std::pair<std::string, const ModelSignature*>>& entries) {
  using json = nlohmann::json;
  if (entries.size() == 1) return to_json(*entries[0].second);
  json merged = to_json(*entries[0].second);
  merged["symbols"] = json::array();  // each entry's symbols are its own
  json list = json::array();
  for (const auto& [graph, sig] : entries) {
    json entry = to_json(*sig);
    for (const char* side : {"inputs", "outputs"})
      for (size_t i = 0; i < merged[side].size() && i < entry[side].size(); ++i) {
        json& m = merged[side][i];
        const json& e = entry[side][i];
        if (m["dtype"] != e["dtype"]) m["dtype"] = nullptr;
        if (m["shape"].size() != e["shape"].size()) {
          m["shape"] = nullptr;  // the rank differs: any
          continue;
        }
        if (m["shape"].is_null()) continue;
        for (size_t d = 0; d < m["shape"].size(); ++d)
          if (m["shape"][d] != e["shape"][d] || m["shape"][d].is_string()) m["shape"][d] = nullptr;
      }
    list.push_back(json{{"graph", graph}, {"inputs", entry["inputs"]}, {"outputs", entry["outputs"]},
                        {"symbols", entry["symbols"]}});
  }
  merged["entries"] = list;
  return merged;
}

std::string emit_signature_table(const ModelSignature& sig, const std::string& ns) {
  CppWriter code;
  code.line("// The model's signature, read by its input checks.").line("namespace " + ns + " {");
  std::map<std::string, int> symbol_index;
  for (size_t s = 0; s < sig.symbols.size(); ++s) symbol_index[sig.symbols[s].name] = static_cast<int>(s);
  {
    auto table = code.block("const dynx::runtime::SymbolSpec kSymbols[] = {", "};", CppWriter::kContinuation);
    for (const auto& s : sig.symbols)
      code.line("{" + cpp_string_literal(s.name) + ", " + std::to_string(s.min) + ", " +
                std::to_string(s.max ? *s.max : -1) + "},");
    if (sig.symbols.empty()) code.line("{\"\", 0, -1},", "none: a placeholder (no empty arrays in C++)");
  }
  for (size_t i = 0; i < sig.inputs.size(); ++i) {
    std::string dims;
    for (const auto& d : sig.inputs[i].shape) {
      if (d.expr.empty())
        dims += "{" + std::to_string(d.value) + ", -1}, ";
      else
        dims += "{0, " + std::to_string(symbol_index.count(d.expr) ? symbol_index[d.expr] : -1) + "}, ";
    }
    if (sig.inputs[i].shape.empty()) dims += "{0, -1}";  // rank 0: never read
    code.line("const dynx::runtime::DimSpec kDims" + std::to_string(i) + "[] = {" + dims + "};");
  }
  {
    auto table = code.block("const dynx::runtime::InputSpec kInputs[] = {", "};", CppWriter::kContinuation);
    for (size_t i = 0; i < sig.inputs.size(); ++i) {
      const auto& t = sig.inputs[i];
      const DtypeInfo& dtype = *model_dtype(t.dtype);
      code.line("{" + cpp_string_literal(t.name) + ", DLDataType{" + dlpack_code_name(dtype) + ", " +
                    std::to_string(dtype.bits) + ", 1}, " + std::to_string(t.shape.size()) + ", kDims" +
                    std::to_string(i) + ", kDLCPU, true},",
                t.source);
    }
    if (sig.inputs.empty()) code.line("{\"\", DLDataType{kDLFloat, 32, 1}, 0, nullptr, kDLCPU, true},", "placeholder");
  }
  code.line("const dynx::runtime::Signature kSignature{kInputs, " + std::to_string(sig.inputs.size()) + ", kSymbols, " +
            std::to_string(sig.symbols.size()) + "};");
  code.line("}  // namespace " + ns);
  return code.take();
}

}  // namespace dynx::exporter
