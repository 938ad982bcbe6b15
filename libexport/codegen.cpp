// Code generation for model.so (see codegen.hpp).
#include "dynx/export/codegen.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <set>

namespace dynx::exporter {
namespace {

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\n");
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(" \t\n");
  return std::string(s.substr(b, e - b + 1));
}

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
      parts.push_back(trim(current));
      current.clear();
      continue;
    }
    current += c;
  }
  if (!trim(current).empty()) parts.push_back(trim(current));
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
  std::string qualified = trim(text.substr(0, open));
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
      arg.default_value = trim(decl.substr(eq + 1));
      decl = trim(decl.substr(0, eq));
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
    arg.name = trim(decl.substr(space + 1));
    arg.kwarg_only = kwarg_only;
    arg.is_out = kwarg_only && mutable_alias;
    arg.is_mutable = mutable_alias;
    schema.arguments.push_back(std::move(arg));
  }
  std::string ret = trim(text.substr(arrow + 2));
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

// ----- size expressions ---------------------------------------------------------------------
namespace {

class ExprParser {
 public:
  explicit ExprParser(std::string_view s) : s_(s) {}
  Expected<std::string> parse() {
    auto e = expr();
    if (!e) return e;
    skip();
    if (pos_ != s_.size()) return Error{"unexpected '" + std::string(s_.substr(pos_, 1)) + "'"};
    return e;
  }

 private:
  void skip() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool eat(std::string_view token) {
    skip();
    if (s_.substr(pos_, token.size()) == token) {
      pos_ += token.size();
      return true;
    }
    return false;
  }
  Expected<std::string> expr() {
    auto left = term();
    if (!left) return left;
    std::string out = *left;
    while (true) {
      if (eat("+")) {
        auto r = term();
        if (!r) return r;
        out = "(" + out + " + " + *r + ")";
      } else if (eat("-")) {
        auto r = term();
        if (!r) return r;
        out = "(" + out + " - " + *r + ")";
      } else {
        return out;
      }
    }
  }
  Expected<std::string> term() {
    auto left = unary();
    if (!left) return left;
    std::string out = *left;
    while (true) {
      if (eat("//")) {
        auto r = unary();
        if (!r) return r;
        out = "dynx::model::floordiv(" + out + ", " + *r + ")";
      } else if (eat("*")) {
        auto r = unary();
        if (!r) return r;
        out = "(" + out + " * " + *r + ")";
      } else if (eat("%")) {
        auto r = unary();
        if (!r) return r;
        out = "dynx::model::pymod(" + out + ", " + *r + ")";
      } else {
        return out;
      }
    }
  }
  Expected<std::string> unary() {
    // Nesting is bounded: a crafted expression must not exhaust the stack.
    struct Depth {
      int& d;
      explicit Depth(int& depth) : d(++depth) {}
      ~Depth() { --d; }
    } guard(depth_);
    if (depth_ > 64) return Error{"nested too deeply"};
    if (eat("-")) {
      auto e = unary();
      if (!e) return e;
      return "(-" + *e + ")";
    }
    if (eat("(")) {
      auto e = expr();
      if (!e) return e;
      if (!eat(")")) return Error{"missing ')'"};
      return e;
    }
    skip();
    size_t start = pos_;
    if (pos_ < s_.size() && s_[pos_] == 's') {
      ++pos_;
      size_t digits = pos_;
      while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
      if (pos_ == digits || pos_ - digits > 6) return Error{"bad symbol"};
      return std::string(s_.substr(start, pos_ - start));
    }
    while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    if (pos_ == start || pos_ - start > 18) return Error{"expected a number or a symbol"};
    return "int64_t{" + std::string(s_.substr(start, pos_ - start)) + "}";
  }
  std::string_view s_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

Expected<std::string> cpp_size_expression(std::string_view expr) {
  auto e = ExprParser(expr).parse();
  if (!e) return Error{"size expression '" + std::string(expr) + "': " + e.error().message};
  return e;
}

// ----- the libtorch backend -----------------------------------------------------------------
namespace {

const std::map<std::string, std::string>& scalar_types() {
  static const std::map<std::string, std::string> kTypes = {
      {"float32", "Float"},  {"float64", "Double"}, {"float16", "Half"},   {"bfloat16", "BFloat16"},
      {"int64", "Long"},     {"int32", "Int"},      {"int16", "Short"},    {"int8", "Char"},
      {"uint8", "Byte"},     {"bool", "Bool"},      {"complex64", "ComplexFloat"},
      {"complex128", "ComplexDouble"}};
  return kTypes;
}

Expected<std::string> scalar_type(const std::string& dtype) {
  auto it = scalar_types().find(dtype);
  if (it == scalar_types().end()) return Error{"dtype " + dtype + " is not supported by the libtorch backend"};
  return "at::ScalarType::" + it->second;
}

// An int64_t literal; INT64_MIN has no literal of its own.
std::string int_literal(int64_t v) {
  if (v == std::numeric_limits<int64_t>::min()) return "std::numeric_limits<int64_t>::min()";
  return "int64_t{" + std::to_string(v) + "}";
}

std::string double_literal(double v) {
  if (std::isnan(v)) return "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(v)) return v > 0 ? "std::numeric_limits<double>::infinity()" : "(-std::numeric_limits<double>::infinity())";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  std::string s = buffer;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

// A schema default written as a graph argument.
Expected<ir::Argument> default_argument(const std::string& text) {
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
      auto item = default_argument(part);
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

// An identifier made only of [a-z0-9_] from any name.
std::string identifier(std::string_view name) {
  std::string out = "v_";
  for (unsigned char c : name) {
    char d = std::isalnum(c) && c < 0x80 ? static_cast<char>(std::tolower(c)) : '_';
    if (d == '_' && out.back() == '_') continue;
    out += d;
    if (out.size() > 40) break;
  }
  while (out.size() > 2 && out.back() == '_') out.pop_back();
  if (out == "v") out = "v_";
  return out;
}

const std::set<std::string>& planned_families() {
  // Operators whose out= variant is a real kernel writing into the given
  // buffer (structured kernels); for the others torch computes the result
  // and copies it, which would be slower than letting them allocate.
  static const std::set<std::string> kFamilies = {
      "add", "sub", "mul", "div", "addmm", "mm", "bmm", "baddbmm", "gelu", "silu", "sigmoid", "tanh", "exp", "log",
      "sqrt", "rsqrt", "neg", "abs", "pow", "mean", "sum", "amax", "amin", "_softmax", "_log_softmax", "cat", "index",
      "where", "clamp", "clamp_min", "clamp_max", "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge", "erf",
      "cos", "sin", "cumsum", "addcmul", "addcdiv", "leaky_relu", "threshold", "argmax", "softplus", "reciprocal",
      "hardsigmoid", "logical_not", "bitwise_and", "bitwise_or", "remainder", "floor", "ceil", "round", "sign"};
  return kFamilies;
}

bool dense_strides(const ir::TensorMeta& meta) {
  // Non-overlapping and dense: some permutation of the dims is row-major.
  std::vector<size_t> order(meta.shape.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return meta.stride[a] < meta.stride[b]; });
  int64_t expected = 1;
  for (size_t i : order) {
    if (meta.shape[i] == 1) continue;
    if (meta.stride[i] != expected) return false;
    expected *= meta.shape[i];
  }
  return meta.storage_offset == 0;
}

class LibtorchBackend final : public Backend {
 public:
  std::string name() const override { return "libtorch"; }
  Expected<GeneratedModel> generate(const ir::Graph& graph, const TorchInfo& torch,
                                    const std::vector<WeightLayout>& weights,
                                    const CodegenOptions& options) const override;
};

struct Emitter {
  const ir::Graph& graph;
  const TorchInfo& torch;
  std::map<std::string, std::string> value_expr;  // graph value -> C++ expression
  std::set<std::string> used_identifiers;
  std::set<std::string> symbols;
  std::vector<std::string> constants;  // at::Scalar expressions, made into m.constants[i] at create
  bool needs_list = false;             // c10::List is used

  // A number where a Tensor goes: a wrapped-number tensor, made once per
  // instance for literals, per run for sizes of a dynamic graph.
  Expected<std::string> number_as_tensor(const ir::Argument& a) {
    std::string scalar;
    switch (a.kind) {
      case ir::Argument::Kind::boolean: scalar = a.boolean ? "at::Scalar(true)" : "at::Scalar(false)"; break;
      case ir::Argument::Kind::integer: scalar = "at::Scalar(" + int_literal(a.integer) + ")"; break;
      case ir::Argument::Kind::real:
      case ir::Argument::Kind::special_float: {
        auto r = real(a);
        if (!r) return r;
        scalar = "at::Scalar(" + *r + ")";
        break;
      }
      case ir::Argument::Kind::complex: {
        auto re = real(a.items[0]), im = real(a.items[1]);
        if (!re) return re;
        if (!im) return im;
        scalar = "at::Scalar(c10::complex<double>(" + *re + ", " + *im + "))";
        break;
      }
      case ir::Argument::Kind::symint: {
        auto e = cpp_size_expression(a.text);
        if (!e) return e;
        return "dynx::model::wrapped_scalar(at::Scalar(" + *e + "))";
      }
      default: return Error{"expected a tensor"};
    }
    for (size_t i = 0; i < constants.size(); ++i)
      if (constants[i] == scalar) return "m.constants[" + std::to_string(i) + "]";
    constants.push_back(scalar);
    return "m.constants[" + std::to_string(constants.size() - 1) + "]";
  }

  std::string fresh(std::string_view name) {
    std::string base = identifier(name), id = base;
    for (int n = 2; used_identifiers.count(id); ++n) id = base + "_" + std::to_string(n);
    used_identifiers.insert(id);
    return id;
  }

  Expected<std::string> integer(const ir::Argument& a) {
    switch (a.kind) {
      case ir::Argument::Kind::integer: return int_literal(a.integer);
      case ir::Argument::Kind::boolean: return std::string(a.boolean ? "int64_t{1}" : "int64_t{0}");
      case ir::Argument::Kind::symint: return cpp_size_expression(a.text);
      default: return Error{"expected an integer"};
    }
  }
  Expected<std::string> real(const ir::Argument& a) {
    switch (a.kind) {
      case ir::Argument::Kind::real: return double_literal(a.real);
      case ir::Argument::Kind::integer: return double_literal(static_cast<double>(a.integer));
      case ir::Argument::Kind::boolean: return std::string(a.boolean ? "1.0" : "0.0");
      case ir::Argument::Kind::special_float:
        if (a.text == "inf") return double_literal(INFINITY);
        if (a.text == "-inf") return double_literal(-INFINITY);
        if (a.text == "nan") return double_literal(NAN);
        return Error{"unknown float " + a.text};
      case ir::Argument::Kind::symint: {
        auto e = cpp_size_expression(a.text);
        if (!e) return e;
        return "static_cast<double>(" + *e + ")";
      }
      default: return Error{"expected a number"};
    }
  }
  Expected<std::string> tensor(const ir::Argument& a) {
    if (a.kind != ir::Argument::Kind::ref) return number_as_tensor(a);
    auto it = value_expr.find(a.text);
    if (it == value_expr.end()) return Error{"'" + a.text + "' is not a tensor the generated code has"};
    return it->second;
  }
  Expected<std::string> int_list(const ir::Argument& a, int fixed) {
    std::vector<std::string> items;
    if (a.kind == ir::Argument::Kind::list) {
      for (const auto& item : a.items) {
        auto e = integer(item);
        if (!e) return e;
        items.push_back(*e);
      }
    } else {
      auto e = integer(a);
      if (!e) return Error{"expected a list of integers"};
      for (int i = 0; i < std::max(fixed, 1); ++i) items.push_back(*e);
    }
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "}";
  }

  // The C++ expression passing `a` as an argument of schema type `type`;
  // `boxed`: as a c10::IValue for the dispatcher.
  Expected<std::string> argument(std::string type, const ir::Argument& a, bool boxed) {
    bool optional = !type.empty() && type.back() == '?';
    if (optional) type.pop_back();
    bool is_none = a.kind == ir::Argument::Kind::none;
    if (is_none) {
      if (!optional) return Error{"None passed where " + type + " is required"};
      if (boxed) return std::string("c10::IValue()");
      if (type == "Tensor") return std::string("std::optional<at::Tensor>()");
      if (type == "int[]" || type.rfind("int[", 0) == 0) return std::string("at::OptionalIntArrayRef()");
      if (type.rfind("SymInt[", 0) == 0) return std::string("at::OptionalSymIntArrayRef()");
      return std::string("std::nullopt");
    }
    auto wrap = [&](const std::string& cpp_type, const std::string& expr) {
      return optional && !boxed ? cpp_type + "(" + expr + ")" : expr;
    };
    int fixed = 0;
    std::string base = type;
    if (auto bracket = type.find('['); bracket != std::string::npos) {
      base = type.substr(0, bracket);
      std::string n = type.substr(bracket + 1, type.size() - bracket - 2);
      if (!n.empty() && n.find_first_not_of("0123456789") == std::string::npos) fixed = std::stoi(n);
      base += "[]";
    }
    if (base == "Tensor") {
      auto t = tensor(a);
      if (!t) return t;
      return *t;
    }
    if (base == "Tensor[]" || base == "Tensor?[]") {
      if (a.kind != ir::Argument::Kind::list) return Error{"expected a list of tensors"};
      bool opt = base == "Tensor?[]";
      std::string items;
      for (size_t i = 0; i < a.items.size(); ++i) {
        std::string item;
        if (a.items[i].kind == ir::Argument::Kind::none && opt) {
          item = "std::optional<at::Tensor>()";
        } else {
          auto t = tensor(a.items[i]);
          if (!t) return t;
          item = opt ? "std::optional<at::Tensor>(" + *t + ")" : *t;
        }
        items += (i ? ", " : "") + item;
      }
      needs_list = true;
      if (opt) return "c10::List<std::optional<at::Tensor>>({" + items + "})";
      if (boxed) return "c10::List<at::Tensor>({" + items + "})";
      // Converts to both at::TensorList and at::ITensorListRef parameters.
      return "std::initializer_list<at::Tensor>{" + items + "}";
    }
    if (base == "int" || base == "SymInt") {
      auto e = integer(a);
      if (!e) return e;
      if (boxed) return *e;
      return base == "SymInt" ? wrap("std::optional<c10::SymInt>", "c10::SymInt(" + *e + ")")
                              : wrap("std::optional<int64_t>", *e);
    }
    if (base == "int[]" || base == "SymInt[]") {
      auto list = int_list(a, fixed);
      if (!list) return list;
      if (boxed) return "std::vector<int64_t>" + *list;
      if (base == "SymInt[]")
        return wrap("at::OptionalSymIntArrayRef", "c10::fromIntArrayRefSlow(at::IntArrayRef(" + *list + "))");
      return wrap("at::OptionalIntArrayRef", "at::IntArrayRef(" + *list + ")");
    }
    if (base == "float") {
      auto e = real(a);
      if (!e) return e;
      return wrap("std::optional<double>", *e);
    }
    if (base == "float[]") {
      if (a.kind != ir::Argument::Kind::list) return Error{"expected a list of numbers"};
      std::string items;
      for (size_t i = 0; i < a.items.size(); ++i) {
        auto e = real(a.items[i]);
        if (!e) return e;
        items += (i ? ", " : "") + *e;
      }
      if (boxed) return "std::vector<double>{" + items + "}";
      return wrap("std::optional<at::ArrayRef<double>>", "at::ArrayRef<double>({" + items + "})");
    }
    if (base == "bool") {
      if (a.kind != ir::Argument::Kind::boolean && a.kind != ir::Argument::Kind::integer)
        return Error{"expected a bool"};
      bool v = a.kind == ir::Argument::Kind::boolean ? a.boolean : a.integer != 0;
      return wrap("std::optional<bool>", v ? "true" : "false");
    }
    if (base == "bool[]") {
      if (a.kind != ir::Argument::Kind::list || (fixed && static_cast<int>(a.items.size()) != fixed))
        return Error{"expected a list of bools"};
      std::string items;
      for (size_t i = 0; i < a.items.size(); ++i)
        items += std::string(i ? ", " : "") + (a.items[i].boolean ? "true" : "false");
      if (boxed) {
        needs_list = true;
        return "c10::List<bool>({" + items + "})";
      }
      return "std::array<bool, " + std::to_string(a.items.size()) + ">{{" + items + "}}";
    }
    if (base == "Scalar") {
      std::string e;
      switch (a.kind) {
        case ir::Argument::Kind::boolean: e = a.boolean ? "at::Scalar(true)" : "at::Scalar(false)"; break;
        case ir::Argument::Kind::integer:
        case ir::Argument::Kind::symint: {
          auto i = integer(a);
          if (!i) return i;
          e = "at::Scalar(" + *i + ")";
          break;
        }
        case ir::Argument::Kind::real:
        case ir::Argument::Kind::special_float: {
          auto r = real(a);
          if (!r) return r;
          e = "at::Scalar(" + *r + ")";
          break;
        }
        case ir::Argument::Kind::complex: {
          auto re = real(a.items[0]), im = real(a.items[1]);
          if (!re) return re;
          if (!im) return im;
          e = "at::Scalar(c10::complex<double>(" + *re + ", " + *im + "))";
          break;
        }
        default: return Error{"expected a number"};
      }
      return wrap("std::optional<at::Scalar>", e);
    }
    if (base == "ScalarType") {
      if (a.kind != ir::Argument::Kind::dtype) return Error{"expected a dtype"};
      auto t = scalar_type(a.text);
      if (!t) return t;
      return wrap("std::optional<at::ScalarType>", *t);
    }
    if (base == "Layout") {
      if (a.kind != ir::Argument::Kind::layout || a.text != "strided")
        return Error{"only the strided layout is supported"};
      return wrap("std::optional<at::Layout>", "at::kStrided");
    }
    if (base == "Device") {
      if (a.kind != ir::Argument::Kind::device || a.text.rfind("cpu", 0) != 0)
        return Error{"a CPU model cannot place tensors on device '" + a.text + "'"};
      return wrap("std::optional<at::Device>", "at::Device(at::kCPU)");
    }
    if (base == "MemoryFormat") {
      static const std::map<std::string, std::string> kFormats = {
          {"contiguous_format", "Contiguous"}, {"preserve_format", "Preserve"},
          {"channels_last", "ChannelsLast"}, {"channels_last_3d", "ChannelsLast3d"}};
      auto it = a.kind == ir::Argument::Kind::memory_format ? kFormats.find(a.text) : kFormats.end();
      if (it == kFormats.end()) return Error{"unknown memory format"};
      return wrap("std::optional<at::MemoryFormat>", "at::MemoryFormat::" + it->second);
    }
    if (base == "str") {
      if (a.kind != ir::Argument::Kind::string) return Error{"expected a string"};
      std::string literal = cpp_string_literal(a.text);
      if (boxed) return "std::string(" + literal + ", " + std::to_string(a.text.size()) + ")";
      return wrap("std::optional<c10::string_view>",
                  "c10::string_view(" + literal + ", " + std::to_string(a.text.size()) + ")");
    }
    if (base == "Generator") return Error{"an explicit random generator cannot be exported"};
    return Error{"arguments of type " + type + " are not supported yet"};
  }
};

// For every value, the values whose memory it may share: itself and, for a
// view or in-place result, the roots of the operator's tensor arguments.
// Whether an operator's results may share memory with its arguments: the
// capture says so for annotated views and in-place results, the schema for
// every annotated return (list returns included: split, unbind, chunk), and
// a few operators return views without any annotation.
bool may_alias(const ir::Node& node, const ir::NodeOutput& output, size_t index, const TorchInfo& torch) {
  if (output.alias == "view" || output.alias == "inplace") return true;
  static const std::set<std::string> kUnannotatedViews = {
      "aten::_unsafe_view", "aten::unsafe_split", "aten::unsafe_split_with_sizes", "aten::unsafe_chunk",
      "aten::_reshape_alias", "aten::alias", "aten::_unsafe_index"};
  auto it = torch.ops.find(node.op);
  if (it == torch.ops.end()) return true;  // unknown: assume it may
  const OperatorSchema& schema = it->second.schema;
  if (kUnannotatedViews.count(schema.name)) return true;
  if (schema.returns.size() == 1 && schema.returns[0] == "Tensor[]") return schema.returns_alias[0];
  return index < schema.returns_alias.size() ? schema.returns_alias[index] : true;
}

std::map<std::string, std::set<std::string>> alias_roots(const ir::Graph& graph, const TorchInfo& torch) {
  std::map<std::string, std::set<std::string>> roots;
  std::function<void(const ir::Argument&, std::set<std::string>&)> collect = [&](const ir::Argument& a,
                                                                                 std::set<std::string>& out) {
    if (a.kind == ir::Argument::Kind::ref) {
      auto it = roots.find(a.text);
      if (it != roots.end()) out.insert(it->second.begin(), it->second.end());
      else out.insert(a.text);
    }
    for (const auto& item : a.items) collect(item, out);
  };
  for (const auto& n : graph.nodes) {
    for (size_t i = 0; i < n.outputs.size(); ++i) {
      const auto& o = n.outputs[i];
      if (!o.name) continue;
      std::set<std::string> r{*o.name};
      if (may_alias(n, o, i, torch)) {
        for (const auto& a : n.args) collect(a, r);
        for (const auto& [k, a] : n.kwargs) collect(a, r);
      }
      roots[*o.name] = r;
    }
  }
  return roots;
}

// The values whose memory may reach the caller: graph outputs and anything
// they are views of.
std::set<std::string> escaping_values(const ir::Graph& graph,
                                      const std::map<std::string, std::set<std::string>>& roots) {
  std::set<std::string> escaping;
  for (const auto& out : graph.outputs) {
    auto it = roots.find(out.name);
    if (it != roots.end()) escaping.insert(it->second.begin(), it->second.end());
    escaping.insert(out.name);
  }
  return escaping;
}

int64_t element_size(const std::string& dtype) {
  static const std::map<std::string, int> kSize = {{"float64", 8}, {"int64", 8}, {"complex64", 8}, {"complex128", 16},
                                                   {"float32", 4}, {"int32", 4}, {"float16", 2}, {"bfloat16", 2},
                                                   {"int16", 2}};
  auto it = kSize.find(dtype);
  return it == kSize.end() ? 1 : it->second;
}

std::string int_array(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  if (v.empty()) s += "0";  // no empty arrays in C++; ndim says 0
  return s + "}";
}

Expected<GeneratedModel> LibtorchBackend::generate(const ir::Graph& graph, const TorchInfo& torch,
                                                   const std::vector<WeightLayout>& weights,
                                                   const CodegenOptions& options) const {
  GeneratedModel model;
  auto signature = signature_of(graph);
  if (!signature) return signature.error();
  model.signature = *signature;
  Emitter em{graph, torch, {}, {}, {}, {}, false};
  const bool dynamic = !graph.symbols.empty();

  // Last use of every value, to release intermediates as soon as possible.
  std::map<std::string, size_t> last_use;
  std::function<void(const ir::Argument&, size_t)> note_use = [&](const ir::Argument& a, size_t i) {
    if (a.kind == ir::Argument::Kind::ref) last_use[a.text] = i;
    for (const auto& item : a.items) note_use(item, i);
  };
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    for (const auto& a : graph.nodes[i].args) note_use(a, i);
    for (const auto& [k, a] : graph.nodes[i].kwargs) note_use(a, i);
  }
  std::set<std::string> outputs;
  for (const auto& o : graph.outputs) outputs.insert(o.name);
  const auto roots = alias_roots(graph, torch);
  const std::set<std::string> escaping = escaping_values(graph, roots);
  // How long each value's memory is needed: its own last use and the last
  // use of every view or in-place result that shares it.
  std::map<std::string, size_t> memory_end;
  for (size_t i = 0; i < graph.nodes.size(); ++i)
    for (const auto& o : graph.nodes[i].outputs)
      if (o.name) memory_end[*o.name] = std::max(memory_end[*o.name], i);
  for (const auto& [value, its_roots] : roots) {
    auto used = last_use.find(value);
    if (used == last_use.end()) continue;
    for (const auto& r : its_roots) memory_end[r] = std::max(memory_end[r], used->second);
  }
  // Planned memory: slots reused by values whose lifetimes do not overlap
  // (a slot is free only after the last operator that reads it, so an out=
  // kernel never writes over its own input).
  struct Slot {
    int64_t bytes = 0;
    size_t busy_until = 0;
  };
  std::vector<Slot> slots;
  std::vector<size_t> buffer_slot;

  std::string body;
  std::set<std::string> headers;
  std::vector<std::pair<std::string, std::string>> boxed_ops;
  std::vector<const ir::TensorMeta*> buffers;

  // Inputs and weights.
  std::map<std::string, size_t> weight_index;
  for (size_t i = 0; i < weights.size(); ++i) weight_index[weights[i].graph_input] = i;
  size_t caller_input = 0;
  for (const auto& in : graph.inputs) {
    std::string id = em.fresh(in.name);
    if (auto w = weight_index.find(in.name); w != weight_index.end()) {
      body += "  const at::Tensor& " + id + " = m.weights[" + std::to_string(w->second) + "];  // " +
              cpp_comment(in.kind + " " + in.source) + "\n";
    } else if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") {
      return Error{"graph input '" + in.name + "' is a weight without data"};
    } else {
      body += "  const at::Tensor& " + id + " = in[" + std::to_string(caller_input++) + "];  // " +
              cpp_comment(in.kind + " " + in.source) + "\n";
    }
    em.value_expr[in.name] = id;
  }
  for (size_t s = 0; s < graph.symbols.size(); ++s) {
    const auto& name = graph.symbols[s].name;
    if (!cpp_size_expression(name) || name.find_first_not_of("s0123456789") != std::string::npos)
      return Error{"symbol '" + name + "' is not a plain symbol name"};
    body += "  const int64_t " + name + " = sym[" + std::to_string(s) + "];  // " +
            cpp_comment(graph.symbols[s].source) + "\n";
    body += "  (void)" + name + ";\n";
  }

  std::set<std::string> locals;  // results held in local variables (not buffers)
  // Releases the locals whose last use is node `index` (not weights, inputs,
  // buffers or outputs), so that peak memory follows what is still needed.
  auto release_after = [&](const ir::Node& node, size_t index) {
    std::set<std::string> released;
    std::function<void(const ir::Argument&)> release = [&](const ir::Argument& a) {
      if (a.kind == ir::Argument::Kind::ref && last_use[a.text] == index && !outputs.count(a.text) &&
          !released.count(a.text) && locals.count(a.text)) {
        body += "  " + em.value_expr[a.text] + ".reset();\n";
        released.insert(a.text);
      }
      for (const auto& item : a.items) release(item);
    };
    for (const auto& a : node.args) release(a);
    for (const auto& [k, a] : node.kwargs) release(a);
  };
  std::string last_location;
  for (size_t index = 0; index < graph.nodes.size(); ++index) {
    const auto& node = graph.nodes[index];
    auto where = [&](const std::string& message) {
      return Error{"operator " + node.op + " (" + node.name + "): " + message};
    };
    auto info_it = torch.ops.find(node.op);
    if (info_it == torch.ops.end()) return where("no schema from torch");
    const OperatorInfo& info = info_it->second;
    if (!info.missing.empty()) return Error{info.missing};
    const OperatorSchema& schema = info.schema;

    // Source line, as a comment.
    if (!node.stack.empty()) {
      const auto& frame = node.stack.back();
      std::string file = frame.file.substr(frame.file.rfind('/') + 1);
      std::string location = file + ":" + std::to_string(frame.line);
      if (!node.module.empty()) location += "   [" + node.module + "]";
      if (location != last_location) body += "  // " + cpp_comment(location) + "\n";
      last_location = location;
    }

    // Arguments matched to the schema: positional first, then keywords,
    // then the schema's defaults.
    std::vector<const ir::Argument*> bound(schema.arguments.size(), nullptr);
    std::vector<ir::Argument> defaults(schema.arguments.size());
    size_t positional = 0;
    for (const auto& a : node.args) {
      while (positional < schema.arguments.size() && schema.arguments[positional].is_out) ++positional;
      if (positional >= schema.arguments.size()) return where("more arguments than the schema has");
      bound[positional++] = &a;
    }
    for (const auto& [name, a] : node.kwargs) {
      bool found = false;
      for (size_t i = 0; i < schema.arguments.size(); ++i)
        if (schema.arguments[i].name == name) {
          bound[i] = &a;
          found = true;
        }
      if (!found) return where("no argument named '" + name + "' in its schema");
    }
    bool has_out_args = false;
    for (size_t i = 0; i < schema.arguments.size(); ++i) {
      if (schema.arguments[i].is_out) has_out_args = true;
      if (bound[i] || schema.arguments[i].is_out) continue;
      if (!schema.arguments[i].default_value) return where("argument '" + schema.arguments[i].name + "' is missing");
      auto d = default_argument(*schema.arguments[i].default_value);
      if (!d) return where(d.error().message);
      defaults[i] = *d;
      bound[i] = &defaults[i];
    }
    if (has_out_args) return where("out= operators are not exported; the capture records functional calls");

    // Which outputs are tensors the graph uses.
    bool all_tensor_returns = !schema.returns.empty();
    for (const auto& r : schema.returns)
      if (r != "Tensor") all_tensor_returns = false;
    bool list_return = schema.returns.size() == 1 && schema.returns[0] == "Tensor[]";
    bool any_tensor_output = false;
    for (const auto& o : node.outputs)
      if (o.name && o.meta) any_tensor_output = true;
    if (!any_tensor_output && node.mutates.empty()) {
      body += "  // " + cpp_comment(node.op) + ": its result is not a tensor of the graph (not run)\n";
      release_after(node, index);
      continue;
    }

    // Planned: static shapes, a real out= kernel, results that never reach the caller.
    std::string family = schema.name.substr(schema.name.find("::") + 2);
    bool plan = options.plan_buffers && !dynamic && all_tensor_returns && info.out_schema &&
                !info.out_struct.empty() && planned_families().count(family) &&
                node.outputs.size() == schema.returns.size() && node.mutates.empty();
    if (plan)
      for (const auto& o : node.outputs)
        if (!o.name || !o.meta || !o.alias.empty() || escaping.count(*o.name) || !dense_strides(*o.meta) ||
            scalar_types().count(o.meta->dtype) == 0)
          plan = false;

    bool typed = !info.cpp_struct.empty();
    std::vector<std::string> args;
    for (size_t i = 0; i < schema.arguments.size(); ++i) {
      auto e = em.argument(schema.arguments[i].type, *bound[i], !typed);
      if (!e) return where("argument '" + schema.arguments[i].name + "': " + e.error().message);
      // In-place operators take their target as at::Tensor&; the graph's
      // tensors are held as const references to handles.
      if (typed && schema.arguments[i].is_mutable && schema.arguments[i].type == "Tensor")
        *e = "const_cast<at::Tensor&>(" + *e + ")";
      args.push_back(*e);
    }
    std::string call_args;
    for (size_t i = 0; i < args.size(); ++i) call_args += (i ? ", " : "") + args[i];

    // Output identifiers.
    std::vector<std::string> ids(node.outputs.size());
    for (size_t i = 0; i < node.outputs.size(); ++i)
      if (node.outputs[i].name && node.outputs[i].meta) ids[i] = em.fresh(*node.outputs[i].name);

    if (plan) {
      headers.insert(info.header);
      std::string outs;
      for (size_t i = 0; i < node.outputs.size(); ++i) {
        const ir::TensorMeta& meta = *node.outputs[i].meta;
        int64_t extent = 1;
        for (size_t d = 0; d < meta.shape.size(); ++d) extent += (meta.shape[d] - 1) * meta.stride[d];
        int64_t bytes = (extent * element_size(meta.dtype) + 63) / 64 * 64;
        size_t end = memory_end[*node.outputs[i].name];
        // Best fit among free slots; else the largest free one, grown; else a new one.
        auto better = [&](size_t k, size_t b) {
          bool k_fits = slots[k].bytes >= bytes, b_fits = slots[b].bytes >= bytes;
          if (k_fits != b_fits) return k_fits;
          return k_fits ? slots[k].bytes < slots[b].bytes : slots[k].bytes > slots[b].bytes;
        };
        size_t best = slots.size();
        for (size_t k = 0; k < slots.size(); ++k)
          if (slots[k].busy_until < index && (best == slots.size() || better(k, best))) best = k;
        if (best == slots.size()) slots.push_back({});
        slots[best].bytes = std::max(slots[best].bytes, bytes);
        slots[best].busy_until = std::max(end, index);
        buffers.push_back(&meta);
        buffer_slot.push_back(best);
        outs += ", m.buffers[" + std::to_string(buffers.size() - 1) + "]";
      }
      body += "  at::_ops::" + info.out_struct + "::call(" + call_args + outs + ");\n";
      for (size_t i = 0; i < node.outputs.size(); ++i) {
        body += "  const at::Tensor& " + ids[i] + " = m.buffers[" +
                std::to_string(buffers.size() - node.outputs.size() + i) + "];\n";
        em.value_expr[*node.outputs[i].name] = ids[i];
      }
      ++model.typed_calls;
      ++model.planned_buffers;
      release_after(node, index);
      continue;
    }

    // The call, then each result the graph uses as a local at::Tensor. A
    // boxed call runs in a block of its own; its results are declared before it.
    std::vector<std::pair<std::string, std::string>> results;  // identifier, expression
    std::string call, checks;
    if (typed) {
      headers.insert(info.header);
      call = "at::_ops::" + info.cpp_struct + "::call(" + call_args + ")";
      ++model.typed_calls;
    } else {
      boxed_ops.emplace_back(schema.name, schema.overload);
      ++model.boxed_calls;
    }
    std::string pre;  // statements before the results are taken
    if (schema.returns.empty()) {
      if (typed) pre = "  " + call + ";\n";
    } else if (list_return) {
      std::string r = em.fresh("r_" + node.name);
      pre = typed ? "  std::vector<at::Tensor> " + r + " = " + call + ";\n"
                  : "    std::vector<at::Tensor> " + r + " = stack[0].toTensorVector();\n";
      pre += std::string(typed ? "  " : "    ") + "TORCH_CHECK(" + r + ".size() == " +
             std::to_string(node.outputs.size()) + ", " +
             cpp_string_literal(node.op + " returned a different number of tensors than when captured") + ");\n";
      for (size_t i = 0; i < node.outputs.size(); ++i)
        if (!ids[i].empty()) results.emplace_back(ids[i], "std::move(" + r + "[" + std::to_string(i) + "])");
    } else if (schema.returns.size() == 1) {
      if (!ids.empty() && !ids[0].empty()) {
        if (schema.returns[0] != "Tensor") return where("returns a " + schema.returns[0] + " the graph uses");
        results.emplace_back(ids[0], typed ? call : "std::move(stack[0]).toTensor()");
      } else if (typed) {
        pre = "  " + call + ";\n";
      }
    } else {
      std::string r = em.fresh("r_" + node.name);
      if (typed) pre = "  auto " + r + " = " + call + ";\n";
      for (size_t i = 0; i < node.outputs.size() && i < schema.returns.size(); ++i) {
        if (ids[i].empty()) continue;
        if (schema.returns[i] != "Tensor") return where("returns a " + schema.returns[i] + " the graph uses");
        results.emplace_back(ids[i], typed ? "std::get<" + std::to_string(i) + ">(std::move(" + r + "))"
                                           : "std::move(stack[" + std::to_string(i) + "]).toTensor()");
      }
    }
    if (typed) {
      body += pre;
      for (const auto& [id, expr] : results) body += "  at::Tensor " + id + " = " + expr + ";\n";
    } else {
      for (const auto& [id, expr] : results) body += "  at::Tensor " + id + ";\n";
      body += "  {\n    std::vector<c10::IValue> stack;\n    stack.reserve(" + std::to_string(args.size()) + ");\n";
      for (const auto& a : args) body += "    stack.emplace_back(" + a + ");\n";
      body += "    dynx::model::call_boxed(m, " + std::to_string(boxed_ops.size() - 1) + ", stack);  // " +
              cpp_comment(node.op) + "\n";
      body += pre;
      for (const auto& [id, expr] : results) body += "    " + id + " = " + expr + ";\n";
      body += "  }\n";
    }
    for (size_t i = 0; i < node.outputs.size(); ++i)
      if (!ids[i].empty()) {
        em.value_expr[*node.outputs[i].name] = ids[i];
        locals.insert(*node.outputs[i].name);
      }

    release_after(node, index);
  }
  for (size_t i = 0; i < graph.outputs.size(); ++i) {
    auto it = em.value_expr.find(graph.outputs[i].name);
    if (it == em.value_expr.end()) return Error{"graph output '" + graph.outputs[i].name + "' is never computed"};
    body += "  out[" + std::to_string(i) + "] = " + it->second + ";\n";
  }

  // ----- the file -----
  std::string src;
  for (const auto& line : options.header_lines) src += "// " + cpp_comment(line) + "\n";
  src += "// Backend libtorch: " + std::to_string(model.typed_calls) + " typed operator calls, " +
         std::to_string(model.boxed_calls) + " through the dispatcher, " + std::to_string(buffers.size()) +
         " planned intermediate buffers. Generated code: do not edit.\n";
  src += "#include \"model_runtime.hpp\"\n\n";
  if (!boxed_ops.empty()) src += "#include <ATen/core/ivalue.h>\n";
  if (em.needs_list) src += "#include <ATen/core/List.h>\n";
  for (const auto& h : headers) src += "#include <" + h + ">\n";
  src += "#include <array>\n#include <limits>\n#include <tuple>\n#include <utility>\n#include <vector>\n\n";
  src += emit_signature_table(model.signature);
  src += "\nnamespace dynx_generated {\nnamespace {\n\nusing dynx::model::Instance;\n\n";
  src += "const char kSignatureJson[] = " + cpp_string_literal(to_json(model.signature).dump()) + ";\n";
  src += "const at::ScalarType kInputDtypes[] = {";
  for (const auto& in : model.signature.inputs) {
    auto t = scalar_type(in.dtype);
    if (!t) return t.error();
    src += *t + ", ";
  }
  src += model.signature.inputs.empty() ? "at::ScalarType::Float};  // placeholder\n" : "};\n";
  for (size_t i = 0; i < weights.size(); ++i)
    src += "const int64_t kWeightSizes" + std::to_string(i) + "[] = " + int_array(weights[i].sizes) +
           ", kWeightStrides" + std::to_string(i) + "[] = " + int_array(weights[i].strides) + ";\n";
  src += "const dynx::model::WeightSpec kWeights[] = {\n";
  for (size_t i = 0; i < weights.size(); ++i) {
    const auto& w = weights[i];
    auto t = scalar_type(w.dtype);
    if (!t) return t.error();
    src += "    {" + cpp_string_literal(w.key) + ", " + *t + ", " + std::to_string(w.sizes.size()) + ", kWeightSizes" +
           std::to_string(i) + ", kWeightStrides" + std::to_string(i) + ", " + std::to_string(w.offset) + "u, " +
           std::to_string(w.nbytes) + "u, " + (w.copy ? "true" : "false") + "},\n";
  }
  if (weights.empty()) src += "    {\"\", at::ScalarType::Float, 0, nullptr, nullptr, 0, 0, false},  // placeholder\n";
  src += "};\n";
  for (size_t i = 0; i < buffers.size(); ++i)
    src += "const int64_t kBufferSizes" + std::to_string(i) + "[] = " + int_array(buffers[i]->shape) +
           ", kBufferStrides" + std::to_string(i) + "[] = " + int_array(buffers[i]->stride) + ";\n";
  src += "// Planned intermediates: a view each, into memory slots shared by values that are never alive together.\n";
  src += "const dynx::model::BufferSpec kBuffers[] = {\n";
  for (size_t i = 0; i < buffers.size(); ++i)
    src += "    {" + *scalar_type(buffers[i]->dtype) + ", " + std::to_string(buffers[i]->shape.size()) +
           ", kBufferSizes" + std::to_string(i) + ", kBufferStrides" + std::to_string(i) + ", " +
           std::to_string(buffer_slot[i]) + "},\n";
  if (buffers.empty()) src += "    {at::ScalarType::Float, 0, nullptr, nullptr, 0},  // placeholder\n";
  src += "};\nconst uint64_t kSlotBytes[] = {";
  for (const auto& slot : slots) src += std::to_string(slot.bytes) + "u, ";
  src += slots.empty() ? "0};\n" : "};\n";
  src += "const char* const kBoxedOps[] = {";
  for (const auto& [name, overload] : boxed_ops) src += cpp_string_literal(name) + ", " + cpp_string_literal(overload) + ", ";
  src += boxed_ops.empty() ? "nullptr};\n\n" : "};\n\n";
  src += "void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {\n";
  src += "  (void)m;\n  (void)in;\n  (void)sym;\n";
  src += body;
  src += "}\n\n";
  src += "void make_constants(std::vector<at::Tensor>& c) {\n  (void)c;\n";
  for (const auto& scalar : em.constants) src += "  c.push_back(dynx::model::wrapped_scalar(" + scalar + "));\n";
  src += "}\n\n}  // namespace\n}  // namespace dynx_generated\n\n";
  if (options.embedded_weights)
    src += "extern \"C\" const unsigned char dynx_weights_data[];\nextern \"C\" const uint64_t dynx_weights_size;\n\n";
  src += "const dynx::model::ModelSpec dynx_model_spec = {\n";
  src += "    dynx_generated::kSignatureJson, &dynx_generated::kSignature, dynx_generated::kInputDtypes, " +
         std::to_string(graph.outputs.size()) + ",\n";
  src += "    dynx_generated::kWeights, " + std::to_string(weights.size()) + ",\n";
  src += options.embedded_weights ? "    dynx_weights_data, dynx_weights_size, \"\",\n"
                                  : "    nullptr, 0, " + cpp_string_literal(options.weights_file) + ",\n";
  src += "    dynx_generated::kBuffers, " + std::to_string(buffers.size()) + ", dynx_generated::kSlotBytes, " +
         std::to_string(slots.size()) + ",\n";
  src += "    dynx_generated::kBoxedOps, " + std::to_string(boxed_ops.size()) + ",\n";
  src += "    &dynx_generated::forward, &dynx_generated::make_constants};\n";
  model.source = std::move(src);
  model.planned_buffers = static_cast<int>(buffers.size());
  model.planned_bytes = 0;
  model.unshared_bytes = 0;
  for (const auto& slot : slots) model.planned_bytes += slot.bytes;
  for (const auto* meta : buffers) {
    int64_t n = 1;
    for (auto d : meta->shape) n *= d;
    model.unshared_bytes += n * element_size(meta->dtype);
  }
  return model;
}

}  // namespace

std::unique_ptr<Backend> make_backend(const std::string& name) {
  if (name == "libtorch") return std::make_unique<LibtorchBackend>();
  return nullptr;
}

std::vector<std::string> backend_names() { return {"libtorch"}; }

}  // namespace dynx::exporter
