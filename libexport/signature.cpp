// The call signature of a compiled graph (see signature.hpp).
#include "dynx/export/signature.hpp"

#include <cstdio>
#include <map>

namespace dynx::exporter {
namespace {

// DLPack (code, bits) of the dtypes a model interface carries.
const std::map<std::string, std::pair<const char*, int>>& dlpack_dtypes() {
  static const std::map<std::string, std::pair<const char*, int>> kTypes = {
      {"float16", {"kDLFloat", 16}},  {"float32", {"kDLFloat", 32}},   {"float64", {"kDLFloat", 64}},
      {"bfloat16", {"kDLBfloat", 16}}, {"int8", {"kDLInt", 8}},        {"int16", {"kDLInt", 16}},
      {"int32", {"kDLInt", 32}},      {"int64", {"kDLInt", 64}},       {"uint8", {"kDLUInt", 8}},
      {"bool", {"dynx::runtime::kDLBoolCode", 8}}, {"complex64", {"kDLComplex", 64}},
      {"complex128", {"kDLComplex", 128}}};
  return kTypes;
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

}  // namespace

Expected<ModelSignature> signature_of(const ir::Graph& graph) {
  ModelSignature sig;
  sig.symbols = graph.symbols;
  for (const auto& in : graph.inputs) {
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") {
      sig.weights.push_back(in.name);
      continue;
    }
    if (dlpack_dtypes().count(in.meta.dtype) == 0)
      return Error{"input '" + in.name + "' has dtype " + in.meta.dtype + ", which a model interface cannot carry"};
    ModelTensor t{in.name, in.source, in.meta.dtype, dims_of(in.meta)};
    for (const auto& d : t.shape)
      if (!d.expr.empty() && !plain_symbol(d.expr))
        return Error{"input '" + in.name + "' has a size " + d.expr +
                     " derived from other sizes; a caller's sizes must be plain symbols"};
    sig.inputs.push_back(std::move(t));
  }
  std::map<std::string, const ir::NodeOutput*> outputs;
  for (const auto& node : graph.nodes)
    for (const auto& o : node.outputs)
      if (o.name && o.meta) outputs[*o.name] = &o;
  for (const auto& out : graph.outputs) {
    auto it = outputs.find(out.name);
    if (it == outputs.end()) return Error{"output '" + out.name + "' is not an operator's result"};
    sig.outputs.push_back(ModelTensor{out.name, "", it->second->meta->dtype, dims_of(*it->second->meta)});
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

std::string cpp_string_literal(std::string_view text) {
  // Octal escapes for everything outside plain printable ASCII, and for '?'
  // (no trigraph can form); three digits, so a following digit cannot join.
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7f && c != '?') {
      out += static_cast<char>(c);
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\%03o", c);
      out += buffer;
    }
  }
  return out + "\"";
}

std::string cpp_comment(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f || c >= 0x80) {
      out += '?';  // newlines, control bytes, non-ASCII: never a line or comment break
    } else if (c == '/' && !out.empty() && out.back() == '*') {
      out += ' ';
      out += '/';
    } else if ((c == '*' && !out.empty() && out.back() == '/') || (c == '?' && !out.empty() && out.back() == '?')) {
      out += ' ';  // no "/*" (a nested opener warns) and no "??" (a trigraph under old standards)
      out += static_cast<char>(c);
    } else {
      out += static_cast<char>(c);
    }
  }
  while (!out.empty() && (out.back() == '\\' || out.back() == ' ')) out.pop_back();
  return out;
}

std::string emit_signature_table(const ModelSignature& sig) {
  std::string code = "// The model's signature, read by its input checks.\nnamespace dynx_generated {\n";
  std::map<std::string, int> symbol_index;
  for (size_t s = 0; s < sig.symbols.size(); ++s) symbol_index[sig.symbols[s].name] = static_cast<int>(s);
  code += "const dynx::runtime::SymbolSpec kSymbols[] = {\n";
  for (const auto& s : sig.symbols)
    code += "    {" + cpp_string_literal(s.name) + ", " + std::to_string(s.min) + ", " +
            std::to_string(s.max ? *s.max : -1) + "},\n";
  if (sig.symbols.empty()) code += "    {\"\", 0, -1},  // none: a placeholder (no empty arrays in C++)\n";
  code += "};\n";
  for (size_t i = 0; i < sig.inputs.size(); ++i) {
    code += "const dynx::runtime::DimSpec kDims" + std::to_string(i) + "[] = {";
    for (const auto& d : sig.inputs[i].shape) {
      if (d.expr.empty())
        code += "{" + std::to_string(d.value) + ", -1}, ";
      else
        code += "{0, " + std::to_string(symbol_index.count(d.expr) ? symbol_index[d.expr] : -1) + "}, ";
    }
    if (sig.inputs[i].shape.empty()) code += "{0, -1}";  // rank 0: never read
    code += "};\n";
  }
  code += "const dynx::runtime::InputSpec kInputs[] = {\n";
  for (size_t i = 0; i < sig.inputs.size(); ++i) {
    const auto& t = sig.inputs[i];
    const auto& [code_name, bits] = dlpack_dtypes().at(t.dtype);
    code += "    {" + cpp_string_literal(t.name) + ", DLDataType{" + code_name + ", " + std::to_string(bits) +
            ", 1}, " + std::to_string(t.shape.size()) + ", kDims" + std::to_string(i) + ", kDLCPU, true},  // " +
            cpp_comment(t.source) + "\n";
  }
  if (sig.inputs.empty()) code += "    {\"\", DLDataType{kDLFloat, 32, 1}, 0, nullptr, kDLCPU, true},  // placeholder\n";
  code += "};\nconst dynx::runtime::Signature kSignature{kInputs, " + std::to_string(sig.inputs.size()) +
          ", kSymbols, " + std::to_string(sig.symbols.size()) + "};\n}  // namespace dynx_generated\n";
  return code;
}

}  // namespace dynx::exporter
