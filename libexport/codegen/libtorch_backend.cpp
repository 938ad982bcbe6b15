// The libtorch backend's emission of a graph (see libtorch_backend.hpp).
#include "dynx/export/libtorch_backend.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/memory_plan.hpp"
#include "dynx/strings.hpp"

namespace dynx::exporter {
Expected<std::string> aten_scalar_type(const std::string& dtype) {
  const DtypeInfo* info = model_dtype(dtype);
  if (!info) return Error{"dtype " + dtype + " is not supported by the libtorch backend"};
  return "at::ScalarType::" + std::string(info->aten);
}

namespace {

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

struct Emitter {
  std::map<std::string, std::string> value_expr;  // graph value -> C++ expression
  std::set<std::string> used_identifiers;
  std::set<std::string> symbols;
  std::vector<std::string> constants;  // at::Scalar expressions, made into m.constants[i] at create
  bool needs_list = false;             // c10::List is used

  // A number where a Tensor goes: a wrapped-number tensor, made once per
  // instance for literals, per run for sizes of a dynamic graph.
  Expected<std::string> number_as_tensor(const ir::Argument& a) {
    if (a.kind == ir::Argument::Kind::symint) {
      auto e = cpp_size_expression(a.text);
      if (!e) return e;
      return "dynx::model::wrapped_scalar(at::Scalar(" + *e + "))";
    }
    auto s = scalar(a, "expected a tensor");
    if (!s) return s;
    for (size_t i = 0; i < constants.size(); ++i)
      if (constants[i] == *s) return "m.constants[" + std::to_string(i) + "]";
    constants.push_back(*s);
    return "m.constants[" + std::to_string(constants.size() - 1) + "]";
  }

  // A number as an at::Scalar expression; `otherwise`: the error for anything else.
  Expected<std::string> scalar(const ir::Argument& a, const char* otherwise) {
    switch (a.kind) {
      case ir::Argument::Kind::boolean: return std::string(a.boolean ? "at::Scalar(true)" : "at::Scalar(false)");
      case ir::Argument::Kind::integer:
      case ir::Argument::Kind::symint: {
        auto i = integer(a);
        if (!i) return i;
        return "at::Scalar(" + *i + ")";
      }
      case ir::Argument::Kind::real:
      case ir::Argument::Kind::special_float: {
        auto r = real(a);
        if (!r) return r;
        return "at::Scalar(" + *r + ")";
      }
      case ir::Argument::Kind::complex: {
        auto re = real(a.items[0]), im = real(a.items[1]);
        if (!re) return re;
        if (!im) return im;
        return "at::Scalar(c10::complex<double>(" + *re + ", " + *im + "))";
      }
      default: return Error{otherwise};
    }
  }

  std::string fresh(std::string_view name) {
    std::string base = cpp_identifier(name), id = base;
    for (int n = 2; used_identifiers.count(id); ++n) id = base + "_" + std::to_string(n);
    used_identifiers.insert(id);
    return id;
  }

  Expected<std::string> integer(const ir::Argument& a) {
    switch (a.kind) {
      case ir::Argument::Kind::integer: return cpp_int_literal(a.integer);
      case ir::Argument::Kind::boolean: return std::string(a.boolean ? "int64_t{1}" : "int64_t{0}");
      case ir::Argument::Kind::symint: return cpp_size_expression(a.text);
      default: return Error{"expected an integer"};
    }
  }
  Expected<std::string> real(const ir::Argument& a) {
    switch (a.kind) {
      case ir::Argument::Kind::real: return cpp_double_literal(a.real);
      case ir::Argument::Kind::integer: return cpp_double_literal(static_cast<double>(a.integer));
      case ir::Argument::Kind::boolean: return std::string(a.boolean ? "1.0" : "0.0");
      case ir::Argument::Kind::special_float:
        if (a.text == "inf") return cpp_double_literal(INFINITY);
        if (a.text == "-inf") return cpp_double_literal(-INFINITY);
        if (a.text == "nan") return cpp_double_literal(NAN);
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
      auto e = scalar(a, "expected a number");
      if (!e) return e;
      return wrap("std::optional<at::Scalar>", *e);
    }
    if (base == "ScalarType") {
      if (a.kind != ir::Argument::Kind::dtype) return Error{"expected a dtype"};
      auto t = aten_scalar_type(a.text);
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

}  // namespace

Expected<GeneratedModel> LibtorchBackend::generate(const ir::Graph& graph, const TorchInfo& torch,
                                                   const std::vector<WeightLayout>& weights,
                                                   const CodegenOptions& options) const {
  GeneratedModel model;
  auto signature = signature_of(graph);
  if (!signature) return signature.error();
  model.signature = *signature;
  Emitter em;
  const bool dynamic = !graph.symbols.empty();
  const ValueLiveness live = analyze_liveness(graph, torch);
  MemoryPlan plan;

  CppWriter body;  // the statements of forward()
  auto in_forward = body.indented();
  std::set<std::string> headers;
  std::vector<std::pair<std::string, std::string>> boxed_ops;

  // Inputs and weights.
  std::map<std::string, size_t> weight_index;
  for (size_t i = 0; i < weights.size(); ++i) weight_index[weights[i].graph_input] = i;
  size_t caller_input = 0;
  for (const auto& in : graph.inputs) {
    std::string id = em.fresh(in.name);
    if (auto w = weight_index.find(in.name); w != weight_index.end()) {
      body.line("const at::Tensor& " + id + " = m.weights[" + std::to_string(w->second) + "];",
                in.kind + " " + in.source);
    } else if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") {
      return Error{"graph input '" + in.name + "' is a weight without data"};
    } else {
      body.line("const at::Tensor& " + id + " = in[" + std::to_string(caller_input++) + "];", in.kind + " " + in.source);
    }
    em.value_expr[in.name] = id;
  }
  for (size_t s = 0; s < graph.symbols.size(); ++s) {
    const auto& name = graph.symbols[s].name;
    if (!cpp_size_expression(name) || name.find_first_not_of("s0123456789") != std::string::npos)
      return Error{"symbol '" + name + "' is not a plain symbol name"};
    body.line("const int64_t " + name + " = sym[" + std::to_string(s) + "];", graph.symbols[s].source);
    body.line("(void)" + name + ";");
  }

  std::set<std::string> locals;  // results held in local variables (not buffers)
  // Releases the locals whose last use is node `index` (not weights, inputs,
  // buffers or outputs), so that peak memory follows what is still needed.
  auto release_after = [&](const ir::Node& node, size_t index) {
    std::set<std::string> released;
    std::function<void(const ir::Argument&)> release = [&](const ir::Argument& a) {
      if (a.kind == ir::Argument::Kind::ref && live.last_read_at(a.text, index) && !live.outputs.count(a.text) &&
          !released.count(a.text) && locals.count(a.text)) {
        body.line(em.value_expr[a.text] + ".reset();");
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
      // Names from the capture, escaped here: a "\n  " in one would pass for
      // a continuation line of the error.
      return Error{"operator " + printable(node.op) + " (" + printable(node.name) + "): " + message};
    };
    const OperatorInfo* found = find_operator(torch, node.op);
    if (!found) return where("no schema from torch");
    const OperatorInfo& info = *found;
    if (!info.missing.empty()) return Error{info.missing};
    const OperatorSchema& schema = info.schema;

    // Source line, as a comment.
    if (!node.stack.empty()) {
      const auto& frame = node.stack.back();
      std::string file = frame.file.substr(frame.file.rfind('/') + 1);
      std::string location = file + ":" + std::to_string(frame.line);
      if (!node.module.empty()) location += "   [" + node.module + "]";
      if (location != last_location) body.comment(location);
      last_location = location;
    }

    auto bound = bind_arguments(schema, node);
    if (!bound) return where(bound.error().message);

    // Which outputs are tensors the graph uses.
    bool all_tensor_returns = !schema.returns.empty();
    for (const auto& r : schema.returns)
      if (r != "Tensor") all_tensor_returns = false;
    bool list_return = schema.returns.size() == 1 && schema.returns[0] == "Tensor[]";
    bool any_tensor_output = false;
    for (const auto& o : node.outputs)
      if (o.name && o.meta) any_tensor_output = true;
    const bool writes = node_writes(node, torch);
    if (!any_tensor_output && !writes) {
      body.line("// " + cpp_comment(node.op) + ": its result is not a tensor of the graph (not run)");
      release_after(node, index);
      continue;
    }

    // Planned: static shapes, a real out= kernel, results that never reach the caller.
    std::string family = schema.name.substr(schema.name.find("::") + 2);
    bool planned = options.plan_buffers && !dynamic && all_tensor_returns && info.out_schema &&
                   !info.out_struct.empty() && planned_families().count(family) &&
                   node.outputs.size() == schema.returns.size() && !writes;
    if (planned)
      for (const auto& o : node.outputs)
        if (!o.name || !o.meta || !o.alias.empty() || live.escaping.count(*o.name) || !dense_strides(*o.meta) ||
            !model_dtype(o.meta->dtype))
          planned = false;

    bool typed = !info.cpp_struct.empty();
    std::vector<std::string> args;
    for (size_t i = 0; i < schema.arguments.size(); ++i) {
      auto e = em.argument(schema.arguments[i].type, (*bound)[i], !typed);
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

    if (planned) {
      headers.insert(info.header);
      std::string outs;
      std::vector<size_t> placed;
      for (const auto& o : node.outputs) {
        placed.push_back(plan.place(*o.meta, index, live.memory_end.at(*o.name)));
        outs += ", m.buffers[" + std::to_string(placed.back()) + "]";
      }
      body.line("at::_ops::" + info.out_struct + "::call(" + call_args + outs + ");");
      for (size_t i = 0; i < node.outputs.size(); ++i) {
        body.line("const at::Tensor& " + ids[i] + " = m.buffers[" + std::to_string(placed[i]) + "];");
        em.value_expr[*node.outputs[i].name] = ids[i];
      }
      ++model.typed_calls;
      release_after(node, index);
      continue;
    }

    // The call, then each result the graph uses as a local at::Tensor. A
    // boxed call runs in a block of its own; its results are declared before it.
    std::vector<std::pair<std::string, std::string>> results;  // identifier, expression
    std::string call;
    if (typed) {
      headers.insert(info.header);
      call = "at::_ops::" + info.cpp_struct + "::call(" + call_args + ")";
      ++model.typed_calls;
    } else {
      boxed_ops.emplace_back(schema.name, schema.overload);
      ++model.boxed_calls;
    }
    std::vector<std::string> pre;  // statements before the results are taken
    if (schema.returns.empty()) {
      if (typed) pre.push_back(call + ";");
    } else if (list_return) {
      std::string r = em.fresh("r_" + node.name);
      pre.push_back(typed ? "std::vector<at::Tensor> " + r + " = " + call + ";"
                          : "std::vector<at::Tensor> " + r + " = stack[0].toTensorVector();");
      pre.push_back("TORCH_CHECK(" + r + ".size() == " + std::to_string(node.outputs.size()) + ", " +
                    cpp_string_literal(node.op + " returned a different number of tensors than when captured") +
                    ");");
      for (size_t i = 0; i < node.outputs.size(); ++i)
        if (!ids[i].empty()) results.emplace_back(ids[i], "std::move(" + r + "[" + std::to_string(i) + "])");
    } else if (schema.returns.size() == 1) {
      if (!ids.empty() && !ids[0].empty()) {
        if (schema.returns[0] != "Tensor") return where("returns a " + schema.returns[0] + " the graph uses");
        results.emplace_back(ids[0], typed ? call : "std::move(stack[0]).toTensor()");
      } else if (typed) {
        pre.push_back(call + ";");
      }
    } else {
      std::string r = em.fresh("r_" + node.name);
      if (typed) pre.push_back("auto " + r + " = " + call + ";");
      for (size_t i = 0; i < node.outputs.size() && i < schema.returns.size(); ++i) {
        if (ids[i].empty()) continue;
        if (schema.returns[i] != "Tensor") return where("returns a " + schema.returns[i] + " the graph uses");
        results.emplace_back(ids[i], typed ? "std::get<" + std::to_string(i) + ">(std::move(" + r + "))"
                                           : "std::move(stack[" + std::to_string(i) + "]).toTensor()");
      }
    }
    if (typed) {
      for (const auto& statement : pre) body.line(statement);
      for (const auto& [id, expr] : results) body.line("at::Tensor " + id + " = " + expr + ";");
    } else {
      for (const auto& [id, expr] : results) body.line("at::Tensor " + id + ";");
      auto block = body.block("{");
      body.line("std::vector<c10::IValue> stack;");
      body.line("stack.reserve(" + std::to_string(args.size()) + ");");
      for (const auto& a : args) body.line("stack.emplace_back(" + a + ");");
      body.line("dynx::model::call_boxed(m, " + std::to_string(boxed_ops.size() - 1) + ", stack);", node.op);
      for (const auto& statement : pre) body.line(statement);
      for (const auto& [id, expr] : results) body.line(id + " = " + expr + ";");
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
    body.line("out[" + std::to_string(i) + "] = " + it->second + ";");
  }

  // ----- the file -----
  const auto& buffers = plan.buffers();
  const auto& slots = plan.slots();
  CppWriter src;
  for (const auto& line : options.header_lines) src.comment(line);
  src.line("// Backend libtorch: " + std::to_string(model.typed_calls) + " typed operator calls, " +
           std::to_string(model.boxed_calls) + " through the dispatcher, " + std::to_string(buffers.size()) +
           " planned intermediate buffers. Generated code: do not edit.");
  src.line("#include \"model_runtime.hpp\"").line("");
  if (!boxed_ops.empty()) src.line("#include <ATen/core/ivalue.h>");
  if (em.needs_list) src.line("#include <ATen/core/List.h>");
  for (const auto& h : headers) src.line("#include <" + h + ">");
  for (const char* h : {"array", "limits", "tuple", "utility", "vector"}) src.line("#include <" + std::string(h) + ">");
  src.line("");
  const std::string& ns = options.ns;
  src.append(emit_signature_table(model.signature, ns));
  src.line("").line("namespace " + ns + " {").line("namespace {").line("");
  src.line("using dynx::model::Instance;").line("");
  src.line("const char kSignatureJson[] = " + cpp_string_literal(to_json(model.signature).dump()) + ";");
  std::string input_dtypes;
  for (const auto& in : model.signature.inputs) {
    auto t = aten_scalar_type(in.dtype);
    if (!t) return t.error();
    input_dtypes += *t + ", ";
  }
  if (model.signature.inputs.empty())
    src.line("const at::ScalarType kInputDtypes[] = {at::ScalarType::Float};", "placeholder");
  else
    src.line("const at::ScalarType kInputDtypes[] = {" + input_dtypes + "};");
  for (size_t i = 0; i < weights.size(); ++i)
    src.line("const int64_t kWeightSizes" + std::to_string(i) + "[] = " + cpp_int_array(weights[i].sizes) +
             ", kWeightStrides" + std::to_string(i) + "[] = " + cpp_int_array(weights[i].strides) + ";");
  {
    // Embedded weights are read-only memory and mapped ones are shared: a
    // graph whose operators write any tensor (by their schemas) gets its
    // own copy of every weight, whatever the capture says.
    const bool writes = graph_writes(graph, torch);
    auto table = src.block("const dynx::model::WeightSpec kWeights[] = {", "};", CppWriter::kContinuation);
    for (size_t i = 0; i < weights.size(); ++i) {
      const auto& w = weights[i];
      auto t = aten_scalar_type(w.dtype);
      if (!t) return t.error();
      src.line("{" + cpp_string_literal(w.key) + ", " + *t + ", " + std::to_string(w.sizes.size()) + ", kWeightSizes" +
               std::to_string(i) + ", kWeightStrides" + std::to_string(i) + ", " + std::to_string(w.offset) + "u, " +
               std::to_string(w.nbytes) + "u, " + (w.copy || writes ? "true" : "false") + "},");
    }
    if (weights.empty()) src.line("{\"\", at::ScalarType::Float, 0, nullptr, nullptr, 0, 0, false},", "placeholder");
  }
  for (size_t i = 0; i < buffers.size(); ++i)
    src.line("const int64_t kBufferSizes" + std::to_string(i) + "[] = " + cpp_int_array(buffers[i].meta->shape) +
             ", kBufferStrides" + std::to_string(i) + "[] = " + cpp_int_array(buffers[i].meta->stride) + ";");
  src.line("// Planned intermediates: a view each, into memory slots shared by values that are never alive together.");
  {
    auto table = src.block("const dynx::model::BufferSpec kBuffers[] = {", "};", CppWriter::kContinuation);
    for (size_t i = 0; i < buffers.size(); ++i)
      src.line("{" + *aten_scalar_type(buffers[i].meta->dtype) + ", " + std::to_string(buffers[i].meta->shape.size()) +
               ", kBufferSizes" + std::to_string(i) + ", kBufferStrides" + std::to_string(i) + ", " +
               std::to_string(buffers[i].slot) + "},");
    if (buffers.empty()) src.line("{at::ScalarType::Float, 0, nullptr, nullptr, 0},", "placeholder");
  }
  std::string slot_bytes;
  for (const auto& slot : slots) slot_bytes += std::to_string(slot.bytes) + "u, ";
  src.line("const uint64_t kSlotBytes[] = {" + (slots.empty() ? std::string("0") : slot_bytes) + "};");
  std::string boxed_names;
  for (const auto& [name, overload] : boxed_ops)
    boxed_names += cpp_string_literal(name) + ", " + cpp_string_literal(overload) + ", ";
  src.line("const char* const kBoxedOps[] = {" + (boxed_ops.empty() ? std::string("nullptr") : boxed_names) + "};");
  src.line("");
  {
    auto forward = src.block("void forward(Instance& m, const at::Tensor* in, const int64_t* sym, at::Tensor* out) {");
    src.line("(void)m;").line("(void)in;").line("(void)sym;");
    src.append(body.text());
  }
  src.line("");
  {
    auto constants = src.block("void make_constants(std::vector<at::Tensor>& c) {");
    src.line("(void)c;");
    for (const auto& scalar : em.constants) src.line("c.push_back(dynx::model::wrapped_scalar(" + scalar + "));");
  }
  src.line("").line("}  // namespace").line("}  // namespace " + ns).line("");
  if (options.embedded_weights)
    src.line("extern \"C\" const unsigned char dynx_weights_data[];")
        .line("extern \"C\" const uint64_t dynx_weights_size;")
        .line("");
  src.line("const dynx::model::ModelSpec " + options.spec_symbol + " = {");
  {
    auto spec = src.indented(CppWriter::kContinuation);
    src.line(ns + "::kSignatureJson, &" + ns + "::kSignature, " + ns + "::kInputDtypes, " +
             std::to_string(graph.outputs.size()) + ",");
    src.line(ns + "::kWeights, " + std::to_string(weights.size()) + ",");
    src.line(options.embedded_weights ? std::string("dynx_weights_data, dynx_weights_size, \"\",")
                                      : "nullptr, 0, " + cpp_string_literal(options.weights_file) + ",");
    src.line(ns + "::kBuffers, " + std::to_string(buffers.size()) + ", " + ns + "::kSlotBytes, " +
             std::to_string(slots.size()) + ",");
    src.line(ns + "::kBoxedOps, " + std::to_string(boxed_ops.size()) + ",");
    src.line("&" + ns + "::forward, &" + ns + "::make_constants};");
  }
  model.source = src.take();
  model.planned_buffers = static_cast<int>(buffers.size());
  model.planned_bytes = plan.planned_bytes();
  model.unshared_bytes = plan.unshared_bytes();
  return model;
}

}  // namespace dynx::exporter
