// JSON I/O of captured graphs (see graph.hpp).
#include "dynx/ir/graph.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "dynx/files.hpp"
#include "dynx/json_depth.hpp"
#include "dynx/json_get.hpp"

// GCC 13's -Wdangling-reference flags `const T& v = f(..., temporary)` when f
// returns a reference into one of its other arguments (a JSON object, the
// file table), never into the temporary: a false positive here.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 13
#pragma GCC diagnostic ignored "-Wdangling-reference"
#endif

namespace dynx::ir {
namespace {

using json = nlohmann::json;

// Thrown inside this file only, turned into an Error at the boundary.
struct Invalid {
  std::string message;
};

const json& field(const json& object, const char* name, const std::string& where) {
  if (!object.is_object()) throw Invalid{where + ": expected an object"};
  auto it = object.find(name);
  if (it == object.end()) throw Invalid{where + ": missing \"" + name + "\""};
  return *it;
}

template <typename T>
T get(const json& object, const char* name, const std::string& where) {
  const json& value = field(object, name, where);
  try {
    return json_get<T>(value);
  } catch (const json::exception&) {
    throw Invalid{where + ": \"" + name + "\" has the wrong type"};
  }
}

std::string optional_string(const json& object, const char* name) {
  auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<SymDim> sym_dims_from(const json& j, const char* name, const std::string& where) {
  std::vector<SymDim> dims;
  auto it = j.find(name);
  if (it == j.end()) return dims;
  if (!it->is_array()) throw Invalid{where + ": \"" + name + "\" must be a list"};
  for (const auto& d : *it) {
    if (d.is_number_integer()) dims.push_back({d.get<int64_t>(), ""});
    else if (d.is_string() && !d.get<std::string>().empty()) dims.push_back({0, d.get<std::string>()});
    else throw Invalid{where + ": \"" + name + "\" holds ints and expressions"};
  }
  return dims;
}

TensorMeta meta_from(const json& j, const std::string& where) {
  // 2^64-1 is said as what it is (too large), not as a wrong type.
  for (const char* key : {"shape", "stride"})
    if (auto it = j.is_object() ? j.find(key) : j.end(); j.is_object() && it != j.end() && it->is_array())
      for (const auto& d : *it)
        if (d.is_number_unsigned() && d.get<uint64_t>() > uint64_t{INT64_MAX})
          throw Invalid{where + ": a " + (key[1] == 'h' ? "size" : "stride") + " of " +
                        std::to_string(d.get<uint64_t>()) + " is too large (at most 2^63-1)"};
  TensorMeta m{get<std::vector<int64_t>>(j, "shape", where), get<std::vector<int64_t>>(j, "stride", where),
               get<std::string>(j, "dtype", where),           get<std::string>(j, "device", where),
               get<bool>(j, "requires_grad", where),           get<int64_t>(j, "storage_offset", where),
               sym_dims_from(j, "sym_shape", where),          sym_dims_from(j, "sym_stride", where),
               optional_string(j, "sym_storage_offset"),      optional_string(j, "subclass")};
  if ((!m.sym_shape.empty() && m.sym_shape.size() != m.shape.size()) ||
      (!m.sym_stride.empty() && m.sym_stride.size() != m.stride.size()))
    throw Invalid{where + ": symbolic and recorded ranks differ"};
  if (m.stride.size() != m.shape.size()) throw Invalid{where + ": shape and stride have different ranks"};
  for (auto d : m.shape)
    if (d < 0) throw Invalid{where + ": a negative size"};
  return m;
}

StackFrame frame_from(const json& j, const std::string& where) {
  return StackFrame{get<std::string>(j, "file", where), get<int>(j, "line", where),
                    get<std::string>(j, "function", where)};
}

Argument argument_from(const json& j, const std::string& where) {
  Argument a;
  switch (j.type()) {
    case json::value_t::null: a.kind = Argument::Kind::none; return a;
    case json::value_t::boolean: a.kind = Argument::Kind::boolean; a.boolean = j.get<bool>(); return a;
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      if (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t{INT64_MAX})
        throw Invalid{where + ": the integer " + std::to_string(j.get<uint64_t>()) + " is too large (at most 2^63-1)"};
      a.kind = Argument::Kind::integer;
      a.integer = j.get<int64_t>();
      return a;
    case json::value_t::number_float: a.kind = Argument::Kind::real; a.real = j.get<double>(); return a;
    case json::value_t::array:
      a.kind = Argument::Kind::list;
      for (const auto& item : j) a.items.push_back(argument_from(item, where));
      return a;
    case json::value_t::object: {
      if (j.size() != 1) throw Invalid{where + ": a tagged argument has exactly one key"};
      const std::string key = j.begin().key();
      const json& value = j.begin().value();
      static const std::pair<const char*, Argument::Kind> kTextTags[] = {
          {"ref", Argument::Kind::ref},       {"dtype", Argument::Kind::dtype},
          {"device", Argument::Kind::device}, {"layout", Argument::Kind::layout},
          {"memory_format", Argument::Kind::memory_format}, {"str", Argument::Kind::string},
          {"float", Argument::Kind::special_float}, {"sym", Argument::Kind::symint}};
      for (const auto& [tag, kind] : kTextTags) {
        if (key == tag) {
          if (!value.is_string()) throw Invalid{where + ": \"" + key + "\" must be a string"};
          a.kind = kind;
          a.text = value.get<std::string>();
          return a;
        }
      }
      if (key == "complex" && value.is_array() && value.size() == 2) {
        a.kind = Argument::Kind::complex;
        for (const auto& part : value) a.items.push_back(argument_from(part, where));
        return a;
      }
      if (key == "generator") {
        a.kind = Argument::Kind::generator;
        return a;
      }
      if (key == "graph" && value.is_string()) {
        a.kind = Argument::Kind::subgraph;
        a.text = value.get<std::string>();
        return a;
      }
      throw Invalid{where + ": unsupported argument {\"" + key + "\": ...}"};
    }
    default:
      throw Invalid{where + ": unsupported argument"};
  }
}

void check_refs(const Argument& a, const std::set<std::string>& defined, const std::string& where) {
  if (a.kind == Argument::Kind::ref && defined.count(a.text) == 0)
    throw Invalid{where + ": uses '" + a.text + "' before it is defined"};
  for (const auto& item : a.items) check_refs(item, defined, where);
}

Node node_from(const json& node, std::set<std::string>& defined, int depth, const std::string& context = "");
Graph finish_parse(const json& j, Graph& g);

Graph parse(const json& j) {
  if (!j.is_object()) throw Invalid{"not a JSON object"};
  std::string schema = get<std::string>(j, "schema", "graph");
  if (schema != kGraphSchema) throw Invalid{"not a dynx graph (schema is '" + schema + "')"};
  int version = get<int>(j, "version", "graph");
  if (version > kGraphVersion)
    throw Invalid{"graph format version " + std::to_string(version) + " is newer than this dynx reads (" +
                  std::to_string(kGraphVersion) + ")"};
  Graph g;
  g.version = version;
  g.id = get<std::string>(j, "id", "graph");
  g.frame = frame_from(field(j, "frame", "graph"), "frame");
  std::set<std::string> defined;
  for (const auto& input : field(j, "inputs", "graph")) {
    std::string where = "input " + optional_string(input, "name");
    GraphInput in{get<std::string>(input, "name", where), get<std::string>(input, "kind", where),
                  optional_string(input, "source"), optional_string(input, "weight"),
                  meta_from(field(input, "meta", where), where)};
    if (!defined.insert(in.name).second) throw Invalid{where + ": defined twice"};
    g.inputs.push_back(std::move(in));
  }
  for (const auto& node : field(j, "nodes", "graph")) g.nodes.push_back(node_from(node, defined, 0));
  for (const auto& output : field(j, "outputs", "graph")) {
    GraphOutput o{get<std::string>(output, "name", "output"),
                  get<std::vector<std::string>>(output, "reasons", "output"), optional_string(output, "returned_as")};
    if (defined.count(o.name) == 0) throw Invalid{"output '" + o.name + "' is not a value of the graph"};
    g.outputs.push_back(std::move(o));
  }
  return finish_parse(j, g);
}

void check_subgraph_refs(const Argument& a, const json& subgraphs, const std::string& where) {
  if (a.kind == Argument::Kind::subgraph && (!subgraphs.is_object() || !subgraphs.contains(a.text)))
    throw Invalid{where + ": names subgraph '" + a.text + "', which the node does not hold"};
  for (const auto& item : a.items) check_subgraph_refs(item, subgraphs, where);
}

// One node; its outputs join `defined`. Subgraphs (a higher-order
// operator's) are checked as graphs of their own: inputs, nodes whose
// references are defined inside, outputs among their values.
Node node_from(const json& node, std::set<std::string>& defined, int depth, const std::string& context) {
  {
    std::string where = context + "node " + optional_string(node, "name");
    Node n;
    n.name = get<std::string>(node, "name", where);
    n.op = get<std::string>(node, "op", where);
    for (const auto& arg : field(node, "args", where)) n.args.push_back(argument_from(arg, where));
    for (const auto& [key, value] : field(node, "kwargs", where).items())
      n.kwargs.emplace_back(key, argument_from(value, where));
    for (const auto& a : n.args) check_refs(a, defined, where);
    for (const auto& [key, a] : n.kwargs) check_refs(a, defined, where);
    for (const auto& out : field(node, "outputs", where)) {
      NodeOutput o;
      if (out.contains("name") && out["name"].is_string()) o.name = out["name"].get<std::string>();
      if (out.contains("meta")) o.meta = meta_from(out["meta"], where);
      o.alias = optional_string(out, "alias");
      if (out.contains("value")) o.value = argument_from(out["value"], where);
      if (o.name && !defined.insert(*o.name).second) throw Invalid{where + ": output '" + *o.name + "' defined twice"};
      n.outputs.push_back(std::move(o));
    }
    if (node.contains("mutates")) n.mutates = get<std::vector<std::string>>(node, "mutates", where);
    for (const auto& frame : field(node, "stack", where)) n.stack.push_back(frame_from(frame, where));
    n.module = optional_string(node, "module");
    n.module_type = optional_string(node, "module_type");
    n.torch_function = optional_string(node, "torch_function");
    if (node.contains("grad_enabled")) n.grad_enabled = get<bool>(node, "grad_enabled", where);
    if (auto it = node.find("subgraphs"); it != node.end()) {
      if (!it->is_object()) throw Invalid{where + ": \"subgraphs\" must be an object"};
      if (depth >= 8) throw Invalid{where + ": subgraphs nested more than 8 deep"};
      for (const auto& [name, sub] : it->items()) {
        const std::string in = where + ", subgraph " + name;
        if (!sub.is_object()) throw Invalid{in + ": not an object"};
        std::set<std::string> inner;
        for (const auto& input : field(sub, "inputs", in)) {
          const std::string input_name = get<std::string>(input, "name", in);
          meta_from(field(input, "meta", in), in);
          if (!inner.insert(input_name).second) throw Invalid{in + ": input '" + input_name + "' defined twice"};
        }
        for (const auto& inner_node : field(sub, "nodes", in)) node_from(inner_node, inner, depth + 1, in + ": ");
        for (const auto& out : field(sub, "outputs", in)) {
          if (out.contains("name") && out["name"].is_string() && inner.count(out["name"].get<std::string>()) == 0)
            throw Invalid{in + ": output '" + out["name"].get<std::string>() + "' is not a value of the subgraph"};
        }
      }
      n.subgraphs = *it;
    }
    for (const auto& a : n.args) check_subgraph_refs(a, n.subgraphs, where);
    return n;
  }
}

Graph finish_parse(const json& j, Graph& g) {
  if (auto it = j.find("symbols"); it != j.end()) {
    if (!it->is_array()) throw Invalid{"graph: \"symbols\" must be a list"};
    for (const auto& sym : *it) {
      if (sym.is_object() && sym.contains("kind") && sym["kind"] != "size") {
        GraphSymbol s;
        s.name = get<std::string>(sym, "name", "symbol");
        s.source = get<std::string>(sym, "source", "symbol");
        s.kind = get<std::string>(sym, "kind", "symbol");
        if (s.kind != "int" && s.kind != "float") throw Invalid{"symbol " + s.name + ": unknown kind " + s.kind};
        const json& example = field(sym, "example", "symbol " + s.name);
        if (!example.is_number()) throw Invalid{"symbol " + s.name + ": \"example\" must be a number"};
        s.number = example.get<double>();
        g.symbols.push_back(std::move(s));
        continue;
      }
      GraphSymbol s{get<std::string>(sym, "name", "symbol"), get<std::string>(sym, "source", "symbol"),
                    get<int64_t>(sym, "min", "symbol"), std::nullopt, get<int64_t>(sym, "example", "symbol")};
      const json& max = field(sym, "max", "symbol " + s.name);
      if (max.is_number_integer()) s.max = get<int64_t>(sym, "max", "symbol " + s.name);
      else if (!max.is_null()) throw Invalid{"symbol " + s.name + ": \"max\" must be an int or null"};
      g.symbols.push_back(std::move(s));
    }
  }
  if (get<int>(j, "op_count", "graph") != static_cast<int>(g.nodes.size()))
    throw Invalid{"op_count does not match the number of nodes"};
  return g;
}

}  // namespace

Expected<Graph> graph_from_json(const json& j) {
  try {
    return parse(j);
  } catch (const Invalid& e) {
    return Error{e.message};
  }
}

Expected<Graph> read_graph(const std::string& path) {
  auto text = read_file(path);
  if (!text) return text.error();
  if (!json_depth_within(*text)) return Error{"while reading graph " + path + ": " + json_too_deep_text()};
  json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{"while reading graph " + path + ": not valid JSON (truncated or corrupt?)"};
  auto graph = graph_from_json(j);
  if (!graph) return graph.error().with_context("while reading graph " + path);
  return graph;
}

namespace {

// Whether a size expression ("2*s0 + 1") names one of `names` (whole words).
// A decimal integer filling all of `text`.
std::optional<int64_t> parse_int64(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

bool names_any(const std::string& expr, const std::map<std::string, const GraphSymbol*>& names) {
  std::string word;
  for (size_t i = 0; i <= expr.size(); ++i) {
    char c = i < expr.size() ? expr[i] : ' ';
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
      continue;
    }
    if (names.count(word) != 0) return true;
    word.clear();
  }
  return false;
}

// A float literal as Python's repr writes it ("0.5", "1e-05", "-2.0"):
// with a point or an exponent, so an integer is not taken for one.
std::optional<double> parse_float_literal(std::string_view text) {
  if (text.empty() || text.find_first_of(".e") == std::string_view::npos) return std::nullopt;
  for (char c : text)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.' && c != 'e' && c != '-' && c != '+')
      return std::nullopt;
  std::string copy(text);
  char* end = nullptr;
  double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// One float symbol and a constant under one operator, as the recorder
// writes it (dynamic.FloatOp): `s0*0.5`, `0.5*s0`, `s0/3.0`, `3.0/s0`,
// `s0 + 0.25`, `s0 - 0.25`, `1.5 - s0`. Its value as Python computed it
// (one IEEE double operation), or nullopt for any other text.
std::optional<double> float_operation(std::string_view text,
                                      const std::map<std::string, const GraphSymbol*>& numbers) {
  std::string_view a, b;
  char op = 0;
  for (std::string_view sep : {" + ", " - "}) {
    // The operator between the operands: a leading '-' belongs to the constant.
    if (auto at = text.find(sep); at != std::string_view::npos) {
      a = text.substr(0, at), b = text.substr(at + 3), op = sep[1];
      break;
    }
  }
  if (op == 0) {
    auto at = text.find_first_of("*/", 1);
    if (at == std::string_view::npos || text.find("//") != std::string_view::npos) return std::nullopt;
    a = text.substr(0, at), b = text.substr(at + 1), op = text[at];
  }
  auto symbol = [&](std::string_view name) -> const GraphSymbol* {
    auto it = numbers.find(std::string(name));
    return it != numbers.end() && it->second->kind == "float" ? it->second : nullptr;
  };
  const GraphSymbol* s = symbol(a);
  std::optional<double> constant = parse_float_literal(s != nullptr ? b : a);
  bool left = s == nullptr;
  if (left) s = symbol(b);
  if (s == nullptr || !constant || (left && op == '+')) return std::nullopt;
  double x = left ? *constant : s->number, y = left ? s->number : *constant;
  switch (op) {
    case '+': return x + y;
    case '-': return x - y;
    case '*': return x * y;
    default: return x / y;
  }
}

Status specialize_argument(Argument& a, const std::map<std::string, const GraphSymbol*>& numbers) {
  if (a.kind == Argument::Kind::list) {
    for (auto& item : a.items)
      if (auto st = specialize_argument(item, numbers); !st) return st;
    return {};
  }
  if (a.kind != Argument::Kind::symint || !names_any(a.text, numbers)) return {};
  // One number, as the recorder writes it: `[-][C*]s0[ + A| - A]` (SGD's
  // alpha=-lr, an EMA's alpha=1 - decay), or an int dividing a constant,
  // `C//s0[ + A| - A]` (`d // heads`).
  auto refuse = [&] { return Error{"the size expression " + a.text + " mixes a Python number with other values"}; };
  if (auto real = float_operation(a.text, numbers)) {
    Argument fixed;
    fixed.kind = Argument::Kind::real;
    fixed.real = *real;
    a = fixed;
    return {};
  }
  std::string_view text = a.text;
  int64_t coef = 1, add = 0;
  std::optional<int64_t> dividend;
  if (auto slash = text.find("//"); slash != std::string_view::npos) {
    dividend = parse_int64(text.substr(0, slash));
    if (!dividend) return refuse();
    text.remove_prefix(slash + 2);
  } else if (text.size() > 1 && text[0] == '-') {
    coef = -1;
    text.remove_prefix(1);
  }
  if (dividend) {
    // no coefficient after the division
  } else if (auto star = text.find('*'); star != std::string_view::npos) {
    auto c = parse_int64(text.substr(0, star));
    if (!c) return refuse();
    coef *= *c;
    text.remove_prefix(star + 1);
  }
  std::string_view name = text.substr(0, text.find(' '));
  text.remove_prefix(name.size());
  if (!text.empty()) {
    if (text.size() < 4 || (text.substr(0, 3) != " + " && text.substr(0, 3) != " - ")) return refuse();
    auto n = parse_int64(text.substr(3));
    if (!n) return refuse();
    add = text[1] == '-' ? -*n : *n;
  }
  auto it = numbers.find(std::string(name));
  if (it == numbers.end()) return refuse();
  const GraphSymbol& s = *it->second;
  Argument fixed;
  if (dividend) {
    auto divisor = static_cast<int64_t>(s.number);
    if (s.kind != "int" || divisor == 0 || (*dividend == INT64_MIN && divisor == -1)) return refuse();
    int64_t q = *dividend / divisor;
    if (*dividend % divisor != 0 && ((*dividend < 0) != (divisor < 0))) --q;  // Python's floor division
    fixed.kind = Argument::Kind::integer;
    fixed.integer = q + add;
  } else if (s.kind == "int") {
    fixed.kind = Argument::Kind::integer;
    fixed.integer = coef * static_cast<int64_t>(s.number) + add;
  } else {
    fixed.kind = Argument::Kind::real;
    // As Python computed it: the number times ±1, then the integer added.
    fixed.real = static_cast<double>(coef) * s.number + static_cast<double>(add);
  }
  a = fixed;
  return {};
}

void specialize_meta(TensorMeta& m, const std::map<std::string, const GraphSymbol*>& numbers) {
  // The recorded shape is the shape at the recorded values.
  for (auto* dims : {&m.sym_shape, &m.sym_stride})
    for (auto& d : *dims)
      if (!d.expr.empty() && names_any(d.expr, numbers)) d.expr.clear();
  if (!m.sym_storage_offset.empty() && names_any(m.sym_storage_offset, numbers)) m.sym_storage_offset.clear();
}

}  // namespace

Expected<std::vector<std::string>> specialize_numbers(Graph& graph) {
  std::map<std::string, const GraphSymbol*> numbers;
  for (const auto& s : graph.symbols)
    if (s.kind != "size") numbers[s.name] = &s;
  std::vector<std::string> notes;
  if (numbers.empty()) return notes;
  for (auto& node : graph.nodes) {
    for (auto& a : node.args)
      if (auto st = specialize_argument(a, numbers); !st) return st.error().with_context("node " + node.name);
    for (auto& [name, a] : node.kwargs)
      if (auto st = specialize_argument(a, numbers); !st) return st.error().with_context("node " + node.name);
    for (auto& out : node.outputs)
      if (out.meta) specialize_meta(*out.meta, numbers);
  }
  for (auto& in : graph.inputs) specialize_meta(in.meta, numbers);
  std::vector<GraphSymbol> kept;
  for (const auto& s : graph.symbols) {
    if (s.kind == "size") {
      kept.push_back(s);
      continue;
    }
    char text[64];
    if (s.kind == "int")
      std::snprintf(text, sizeof text, "%lld", static_cast<long long>(s.number));
    else
    {
      std::snprintf(text, sizeof text, "%.17g", s.number);
      if (std::string(text).find_first_of(".eni") == std::string::npos) std::strcat(text, ".0");  // 2.0, as Python
    }
    notes.push_back(s.source + " = " + text);
  }
  graph.symbols = std::move(kept);
  return notes;
}

}  // namespace dynx::ir
