// The Python-free model of one captured graph (graphs/F_E_G.json, schema
// dynx.graph v2; v1 is read too) and its JSON I/O, for the tools that read captures
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
inline constexpr int kGraphVersion = 2;  // 2: dynamic dimensions (symbols)

// A size or stride of a dynamic entry: recorded value, or an expression over
// the graph's symbols ("s0", "2*s0", "s0*s1//2 + 1").
struct SymDim {
  int64_t value = 0;
  std::string expr;  // empty: the fixed value
  bool operator==(const SymDim&) const = default;
};

struct GraphSymbol {
  std::string name;    // s0
  std::string source;  // L['x'].size()[0]
  int64_t min = 2;
  std::optional<int64_t> max;
  int64_t example = 0;  // its value in the recorded call
  // "size" (a tensor's size), or "int"/"float": a Python number the frame
  // receives that automatic dynamic made symbolic (min, max and example
  // are then not sizes: left 0/empty).
  std::string kind = "size";
  double number = 0;  // int/float: its value in the recorded call
  bool operator==(const GraphSymbol&) const = default;
};

struct TensorMeta {
  std::vector<int64_t> shape;
  std::vector<int64_t> stride;
  std::string dtype;   // "float32", "int64", ...
  std::string device;  // "cpu", "cuda:0"
  bool requires_grad = false;
  int64_t storage_offset = 0;
  std::vector<SymDim> sym_shape, sym_stride;  // dynamic entries only
  std::string sym_storage_offset;             // its expression, if it has one
  std::string subclass;                       // a wrapper tensor subclass's name (__tensor_flatten__), if it is one
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
                    special_float, complex, generator, symint, subgraph };
  Kind kind = Kind::none;
  bool boolean = false;
  int64_t integer = 0;
  double real = 0;
  std::string text;                // ref name, dtype, device, layout, memory format, string, special float,
                                   // symint expression
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
  // A higher-order operator's functions ("higher_order::cond": true_graph_0,
  // false_graph_0; "higher_order::while_loop": cond_graph_0, body_graph_0),
  // each {inputs, nodes, outputs}, validated when read; null for an ATen
  // operator. An argument of kind subgraph names one.
  nlohmann::json subgraphs;
  bool operator==(const Node&) const = default;
};

struct GraphOutput {
  std::string name;
  std::vector<std::string> reasons;  // returned, used_later, alive
  // Where the frame returned it, as the program names it ("logits",
  // "output[0]"); empty when not returned.
  std::string returned_as;
  bool operator==(const GraphOutput&) const = default;
};

struct Graph {
  int version = kGraphVersion;  // as read; written back unchanged
  std::string id;  // "0/0/1"
  StackFrame frame;
  std::vector<GraphInput> inputs;
  std::vector<Node> nodes;
  std::vector<GraphOutput> outputs;
  std::vector<GraphSymbol> symbols;  // dynamic dimensions
  bool operator==(const Graph&) const = default;
};

// Reads and checks a graph: schema and version, required fields, and that
// every value is defined before it is used. Errors name the offending place.
Expected<Graph> graph_from_json(const nlohmann::json& json);
Expected<Graph> read_graph(const std::string& path);

// A graph that takes Python numbers as symbols (kind int/float: automatic
// dynamic made them dynamic) at the values they had when it was recorded:
// arguments that are exactly such a symbol become that number, sizes that
// depend on one their recorded value, and the symbols go. Returns one line
// per number ("L['scale'] = 2.0"), or an error when a size expression mixes
// a number with a tensor's size (which no fixed value can stand for).
Expected<std::vector<std::string>> specialize_numbers(Graph& graph);

}  // namespace dynx::ir
