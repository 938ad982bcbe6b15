// The Python-free model of one captured graph (graphs/F_E_G.json, schema
// dynx.graph v1) and its JSON I/O, for the tools that read captures
// (explain, aot) without linking libpython. See dynx-capture(5).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"

namespace dynx::ir {

inline constexpr const char* kGraphSchema = "dynx.graph";
inline constexpr int kGraphVersion = 1;

struct TensorMeta {
  std::vector<int64_t> shape;
  std::vector<int64_t> stride;
  std::string dtype;   // "float32", "int64", ...
  std::string device;  // "cpu", "cuda:0"
  bool requires_grad = false;
  int64_t storage_offset = 0;
  bool operator==(const TensorMeta&) const = default;
};

struct StackFrame {
  std::string file;
  int line = 0;
  std::string function;
  bool operator==(const StackFrame&) const = default;
};

// An operator argument: a JSON literal (null, bool, int, float), a list, or
// one tagged value such as {"ref": "addmm"} or {"dtype": "float32"}.
struct Argument {
  enum class Kind { none, boolean, integer, real, list, ref, dtype, device, layout, memory_format, string,
                    special_float, complex, generator };
  Kind kind = Kind::none;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0;
  std::string text;                // ref name, dtype, device, layout, memory format, string, special float
  std::vector<Argument> items;     // list; complex as two reals
  bool operator==(const Argument&) const = default;
};

struct GraphInput {
  std::string name;
  std::string kind;    // user_input, parameter, buffer, global, constant, intermediate
  std::string source;  // "L['x']", "L['self'].fc.weight", ...; may be empty
  std::string weight;  // key in weights.json; empty unless parameter/buffer/constant
  TensorMeta meta;
  bool operator==(const GraphInput&) const = default;
};

struct NodeOutput {
  std::optional<std::string> name;   // null for non-tensor results
  std::optional<TensorMeta> meta;
  std::string alias;                 // "", "view" or "inplace"
  std::optional<Argument> value;     // non-tensor result
  bool operator==(const NodeOutput&) const = default;
};

struct Node {
  std::string name;
  std::string op;  // "aten::addmm.default"
  std::vector<Argument> args;
  std::vector<std::pair<std::string, Argument>> kwargs;  // sorted by name
  std::vector<NodeOutput> outputs;
  std::vector<std::string> mutates;
  std::vector<StackFrame> stack;
  std::string module, module_type, torch_function;
  bool grad_enabled = true;
  bool operator==(const Node&) const = default;
};

struct GraphOutput {
  std::string name;
  std::vector<std::string> reasons;  // returned, used_later, alive
  bool operator==(const GraphOutput&) const = default;
};

struct Graph {
  std::string id;  // "0/0/1"
  StackFrame frame;
  std::vector<GraphInput> inputs;
  std::vector<Node> nodes;
  std::vector<GraphOutput> outputs;
  bool operator==(const Graph&) const = default;
};

// Reads and checks a graph: schema and version, required fields, and that
// every value is defined before it is used. Errors name the offending place.
Expected<Graph> graph_from_json(const nlohmann::json& json);
Expected<Graph> read_graph(const std::string& path);
nlohmann::json to_json(const Graph& graph);

}  // namespace dynx::ir
