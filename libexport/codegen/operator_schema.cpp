// Operator schemas and torch's answer about them (see operator_schema.hpp).
#include "dynx/export/operator_schema.hpp"

#include <algorithm>
#include <set>

#include "dynx/strings.hpp"

namespace dynx::exporter {
namespace {

// dynx::trim, as an owning string.
std::string trimmed(std::string_view s) { return std::string(dynx::trim(s)); }

// Splits at top-level commas (not inside [], (), or quotes).
std::vector<std::string> split_top(std::string_view s) {
  std::vector<std::string> parts;
  int depth = 0;
  char quote = 0;
  std::string current;
  for (char c : s) {
    if (quote) {
      current += c;
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(trimmed(current));
      current.clear();
      continue;
    }
    current += c;
  }
  if (!trimmed(current).empty()) parts.push_back(trimmed(current));
  return parts;
}

// "Tensor(a!)" -> "Tensor", "Tensor(a)[]" -> "Tensor[]"; sets *out for "!".
std::string strip_alias(const std::string& type, bool* mutable_alias) {
  std::string out;
  int depth = 0;
  for (char c : type) {
    if (c == '(') {
      ++depth;
      continue;
    }
    if (c == ')') {
      --depth;
      continue;
    }
    if (depth > 0) {
      if (c == '!' && mutable_alias) *mutable_alias = true;
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

Expected<OperatorSchema> parse_schema(std::string_view text) {
  OperatorSchema schema;
  size_t open = text.find('(');
  size_t arrow = text.rfind("->");
  if (open == std::string_view::npos || arrow == std::string_view::npos || arrow < open)
    return Error{"not an operator schema: " + std::string(text)};
  std::string qualified = trimmed(text.substr(0, open));
  size_t dot = qualified.find('.');
  schema.name = qualified.substr(0, dot);
  if (dot != std::string::npos) schema.overload = qualified.substr(dot + 1);
  size_t close = text.rfind(')', arrow);
  if (close == std::string_view::npos || close < open) return Error{"not an operator schema: " + std::string(text)};
  bool kwarg_only = false;
  for (const auto& part : split_top(text.substr(open + 1, close - open - 1))) {
    if (part == "*") {
      kwarg_only = true;
      continue;
    }
    SchemaArgument arg;
    std::string decl = part;
    size_t eq = std::string::npos;
    {
      int depth = 0;
      for (size_t i = 0; i < decl.size(); ++i) {
        if (decl[i] == '(' || decl[i] == '[') ++depth;
        if (decl[i] == ')' || decl[i] == ']') --depth;
        if (decl[i] == '=' && depth == 0) {
          eq = i;
          break;
        }
      }
    }
    if (eq != std::string::npos) {
      arg.default_value = trimmed(decl.substr(eq + 1));
      decl = trimmed(decl.substr(0, eq));
    }
    // The name is the last word outside the alias annotation.
    size_t space = std::string::npos;
    {
      int depth = 0;
      for (size_t i = 0; i < decl.size(); ++i) {
        if (decl[i] == '(') ++depth;
        if (decl[i] == ')') --depth;
        if (decl[i] == ' ' && depth == 0) space = i;
      }
    }
    if (space == std::string::npos) return Error{"argument without a name in schema: " + std::string(text)};
    bool mutable_alias = false;
    arg.type = strip_alias(decl.substr(0, space), &mutable_alias);
    arg.type.erase(std::remove(arg.type.begin(), arg.type.end(), ' '), arg.type.end());
    arg.name = trimmed(decl.substr(space + 1));
    arg.kwarg_only = kwarg_only;
    arg.is_out = kwarg_only && mutable_alias;
    arg.is_mutable = mutable_alias;
    schema.arguments.push_back(std::move(arg));
  }
  std::string ret = trimmed(text.substr(arrow + 2));
  if (!ret.empty() && ret.front() == '(' && ret.back() == ')') ret = ret.substr(1, ret.size() - 2);
  for (const auto& part : split_top(ret)) {
    std::string type = part;
    // "(Tensor output, Tensor logsumexp)": drop the names.
    size_t space = std::string::npos;
    int depth = 0;
    for (size_t i = 0; i < type.size(); ++i) {
      if (type[i] == '(') ++depth;
      if (type[i] == ')') --depth;
      if (type[i] == ' ' && depth == 0) space = i;
    }
    if (space != std::string::npos) type = type.substr(0, space);
    bool annotated = type.find('(') != std::string::npos;
    type = strip_alias(type, nullptr);
    type.erase(std::remove(type.begin(), type.end(), ' '), type.end());
    if (!type.empty()) {
      schema.returns.push_back(type);
      schema.returns_alias.push_back(annotated);
    }
  }
  return schema;
}

Expected<TorchInfo> torch_info_from_json(const nlohmann::json& json) {
  TorchInfo info;
  try {
    info.version = json.at("torch_version").get<std::string>();
    info.stamp = json.value("stamp", "");
    info.include_dirs = json.at("include_dirs").get<std::vector<std::string>>();
    info.library_dir = json.at("library_dir").get<std::string>();
    info.cxx11_abi = json.at("cxx11_abi").get<bool>();
    for (const auto& [name, op] : json.at("ops").items()) {
      OperatorInfo o;
      if (op.contains("missing")) {
        o.missing = op.at("missing").get<std::string>();
      } else {
        auto schema = parse_schema(op.at("schema").get<std::string>());
        if (!schema) return schema.error();
        o.schema = *schema;
        o.cpp_struct = op.value("struct", "");
        o.header = op.value("header", "");
        if (op.contains("out")) {
          auto out = parse_schema(op.at("out").at("schema").get<std::string>());
          if (!out) return out.error();
          o.out_schema = *out;
          o.out_struct = op.at("out").value("struct", "");
        }
      }
      info.ops[name] = std::move(o);
    }
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("malformed answer from the torch probe: ") + e.what()};
  }
  return info;
}

std::vector<std::string> graph_operators(const ir::Graph& graph) {
  std::set<std::string> ops;
  for (const auto& n : graph.nodes) ops.insert(n.op);
  return {ops.begin(), ops.end()};
}

Expected<ir::Argument> schema_default(const std::string& text) {
  ir::Argument a;
  if (text == "None") return a;
  if (text == "True" || text == "False") {
    a.kind = ir::Argument::Kind::boolean;
    a.boolean = text == "True";
    return a;
  }
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    a.kind = ir::Argument::Kind::string;
    a.text = text.substr(1, text.size() - 2);
    return a;
  }
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') {
    a.kind = ir::Argument::Kind::list;
    for (const auto& part : split_top(std::string_view(text).substr(1, text.size() - 2))) {
      auto item = schema_default(part);
      if (!item) return item;
      a.items.push_back(*item);
    }
    return a;
  }
  static const std::map<std::string, std::pair<ir::Argument::Kind, std::string>> kNamed = {
      {"contiguous_format", {ir::Argument::Kind::memory_format, "contiguous_format"}},
      {"preserve_format", {ir::Argument::Kind::memory_format, "preserve_format"}},
      {"channels_last", {ir::Argument::Kind::memory_format, "channels_last"}},
      {"strided", {ir::Argument::Kind::layout, "strided"}},
      {"long", {ir::Argument::Kind::dtype, "int64"}},
      {"float", {ir::Argument::Kind::dtype, "float32"}},
      {"inf", {ir::Argument::Kind::special_float, "inf"}},
      {"-inf", {ir::Argument::Kind::special_float, "-inf"}},
      {"nan", {ir::Argument::Kind::special_float, "nan"}}};
  if (auto it = kNamed.find(text); it != kNamed.end()) {
    a.kind = it->second.first;
    a.text = it->second.second;
    return a;
  }
  try {
    size_t used = 0;
    if (text.find_first_of(".eE") == std::string::npos) {
      long long v = std::stoll(text, &used);
      if (used == text.size()) {
        a.kind = ir::Argument::Kind::integer;
        a.integer = v;
        return a;
      }
    } else {
      double v = std::stod(text, &used);
      if (used == text.size()) {
        a.kind = ir::Argument::Kind::real;
        a.real = v;
        return a;
      }
    }
  } catch (const std::exception&) {
  }
  return Error{"schema default '" + text + "' is not understood"};
}

bool node_writes(const ir::Node& node, const TorchInfo& torch) {
  if (!node.mutates.empty()) return true;  // a claim may add a write, never take one away
  const OperatorInfo* info = find_operator(torch, node.op);
  if (info == nullptr) return true;  // unknown: assume it may
  for (const auto& a : info->schema.arguments)
    if (a.is_mutable) return true;
  return false;
}

bool graph_writes(const ir::Graph& graph, const TorchInfo& torch) {
  for (const auto& n : graph.nodes)
    if (node_writes(n, torch)) return true;
  return false;
}

const OperatorInfo* find_operator(const TorchInfo& torch, const std::string& op) {
  auto it = torch.ops.find(op);
  return it == torch.ops.end() ? nullptr : &it->second;
}

Expected<std::vector<ir::Argument>> bind_arguments(const OperatorSchema& schema, const ir::Node& node) {
  std::vector<const ir::Argument*> bound(schema.arguments.size(), nullptr);
  std::vector<ir::Argument> defaults(schema.arguments.size());
  size_t positional = 0;
  for (const auto& a : node.args) {
    while (positional < schema.arguments.size() && schema.arguments[positional].is_out) ++positional;
    if (positional >= schema.arguments.size()) return Error{"more arguments than the schema has"};
    bound[positional++] = &a;
  }
  for (const auto& [name, a] : node.kwargs) {
    bool found = false;
    for (size_t i = 0; i < schema.arguments.size(); ++i)
      if (schema.arguments[i].name == name) {
        bound[i] = &a;
        found = true;
      }
    if (!found) return Error{"no argument named '" + name + "' in its schema"};
  }
  bool has_out_args = false;
  for (size_t i = 0; i < schema.arguments.size(); ++i) {
    if (schema.arguments[i].is_out) has_out_args = true;
    if (bound[i] || schema.arguments[i].is_out) continue;
    if (!schema.arguments[i].default_value) return Error{"argument '" + schema.arguments[i].name + "' is missing"};
    auto d = schema_default(*schema.arguments[i].default_value);
    if (!d) return d.error();
    defaults[i] = *d;
    bound[i] = &defaults[i];
  }
  if (has_out_args) return Error{"out= operators are not exported; the capture records functional calls"};
  std::vector<ir::Argument> arguments;
  arguments.reserve(bound.size());
  for (const auto* a : bound) arguments.push_back(*a);
  return arguments;
}

}  // namespace dynx::exporter
