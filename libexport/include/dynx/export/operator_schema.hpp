// Operator schemas as torch prints them, what the environment's torch says
// about a graph's operators (the answer of aot_probe.py), and a node's
// arguments bound to its schema. Shared by every backend.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

// An operator schema as torch prints it:
// "aten::addmm(Tensor self, Tensor mat1, *, Scalar beta=1) -> Tensor".
struct SchemaArgument {
  std::string type;  // alias annotations removed: "Tensor", "int[2]", "Tensor?[]", "SymInt[]?"
  std::string name;
  std::optional<std::string> default_value;  // as written: "1", "None", "[0, 0]", "\"mean\""
  bool kwarg_only = false;
  bool is_out = false;  // Tensor(a!) after the '*'
  bool is_mutable = false;  // Tensor(a!): written by the operator (in-place or out)
};
struct OperatorSchema {
  std::string name;      // "aten::addmm"
  std::string overload;  // "" for the default overload
  std::vector<SchemaArgument> arguments;
  std::vector<std::string> returns;  // types: "Tensor", "Tensor[]", "int"
  std::vector<bool> returns_alias;   // the return carries an alias annotation: Tensor(a), Tensor(a)[], Tensor(a!)
};
Expected<OperatorSchema> parse_schema(std::string_view text);

// A schema default ("1", "None", "[0, 0]", "\"mean\"", "contiguous_format")
// as the graph argument it stands for.
Expected<ir::Argument> schema_default(const std::string& text);

// What the Python environment's torch says about the operators of a graph
// (the answer of aot_probe.py).
struct OperatorInfo {
  std::string missing;  // non-empty: the operator does not exist (the reason)
  OperatorSchema schema;
  std::string cpp_struct, header;  // at::_ops::<cpp_struct> in <header>; empty: dispatcher only
  std::optional<OperatorSchema> out_schema;
  std::string out_struct;
};
struct TorchInfo {
  std::string version;
  std::string stamp;  // identifies the installed torch files (the probe's version.py stamp)
  std::vector<std::string> include_dirs;
  std::string library_dir;
  bool cxx11_abi = true;
  std::map<std::string, OperatorInfo> ops;  // "aten::addmm.default"
};
Expected<TorchInfo> torch_info_from_json(const nlohmann::json& json);

// The operator `op` ("aten::addmm.default") as torch described it; nullptr
// when the probe was not asked about it.
const OperatorInfo* find_operator(const TorchInfo& torch, const std::string& op);

// Whether a node writes one of its arguments (aten::mul_, an optimizer's
// update), from its operator's schema (Tensor(a!)): the capture's "mutates"
// can add a write, never hide one. An operator the probe was not asked about
// counts as writing. graph_writes: any node of the graph.
bool node_writes(const ir::Node& node, const TorchInfo& torch);
bool graph_writes(const ir::Graph& graph, const TorchInfo& torch);

// Operators of a graph, by their capture name ("aten::addmm.default").
std::vector<std::string> graph_operators(const ir::Graph& graph);

// A node's arguments in schema order: positional ones first, then keywords,
// then the schema's defaults. Errors (without the operator's name): more
// arguments than the schema has, an unknown keyword, a missing argument, a
// default not understood, an out= operator (the capture records functional
// calls only).
Expected<std::vector<ir::Argument>> bind_arguments(const OperatorSchema& schema, const ir::Node& node);

}  // namespace dynx::exporter
