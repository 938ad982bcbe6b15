// Lowering of captured ATen operators to the native kernel IR (native_ir.hpp).
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/native_ir.hpp"
#include "dynx/export/size_expression.hpp"
#include "dynx/strings.hpp"

namespace dynx::exporter::native {

const char* c_type(Type t) {
  switch (t) {
    case Type::f32: return "float";
    case Type::f64: return "double";
    case Type::i64: return "int64_t";
    case Type::i32: return "int32_t";
    case Type::b8: return "bool";
    case Type::u8: return "uint8_t";
  }
  return "float";
}
size_t type_size(Type t) {
  switch (t) {
    case Type::f64: case Type::i64: return 8;
    case Type::f32: case Type::i32: return 4;
    default: return 1;
  }
}
bool is_float(Type t) { return t == Type::f32 || t == Type::f64; }
bool type_of(const std::string& dtype, Type* out) {
  static const std::map<std::string, Type> kTypes = {{"float32", Type::f32}, {"float64", Type::f64},
                                                     {"int64", Type::i64},   {"int32", Type::i32},
                                                     {"bool", Type::b8},     {"uint8", Type::u8}};
  auto it = kTypes.find(dtype);
  if (it == kTypes.end()) return false;
  *out = it->second;
  return true;
}

namespace {

// ----------------------------------------------------------------- sizes as C++ text

bool literal(const std::string& s, int64_t* v = nullptr) {
  if (s.empty()) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size() || s.find_first_not_of("0123456789", i) != std::string::npos) return false;
  if (v) *v = std::stoll(s);
  return true;
}
std::string smul(const std::string& a, const std::string& b) {
  int64_t x, y;
  if (literal(a, &x) && literal(b, &y)) return std::to_string(x * y);
  if (a == "1") return b;
  if (b == "1") return a;
  if (a == "0" || b == "0") return "0";
  return "(" + a + ")*(" + b + ")";
}
std::string sadd(const std::string& a, const std::string& b) {
  int64_t x, y;
  if (literal(a, &x) && literal(b, &y)) return std::to_string(x + y);
  if (a == "0") return b;
  if (b == "0") return a;
  return "(" + a + ")+(" + b + ")";
}
std::string sprod(const std::vector<std::string>& sizes) {
  std::string p = "1";
  for (const auto& s : sizes) p = smul(p, s);
  return p;
}
std::vector<std::string> contiguous_strides(const std::vector<std::string>& sizes) {
  std::vector<std::string> st(sizes.size());
  std::string acc = "1";
  for (size_t d = sizes.size(); d-- > 0;) {
    st[d] = acc;
    acc = smul(acc, sizes[d]);
  }
  return st;
}

// ----------------------------------------------------------------- expressions

ExprP make(Expr e) { return std::make_shared<const Expr>(std::move(e)); }
ExprP constant(Type t, std::string text) {
  Expr e;
  e.kind = Expr::Kind::constant;
  e.type = t;
  e.text = std::move(text);
  return make(std::move(e));
}
ExprP number(Type t, double v) {
  if (std::isnan(v)) return constant(t, "std::numeric_limits<double>::quiet_NaN()");
  if (std::isinf(v)) return constant(t, v > 0 ? "std::numeric_limits<double>::infinity()" : "-std::numeric_limits<double>::infinity()");
  if (!is_float(t) && v == std::floor(v) && std::fabs(v) < 9e18) return constant(t, cpp_int_literal(static_cast<int64_t>(v)));
  return constant(t, cpp_double_literal(v));
}
ExprP index_constant(const std::string& size) { return constant(Type::i64, size); }
ExprP cast(ExprP a, Type t);
// A Python number of the graph as a constant of type t: integers exactly
// (int64 extremes included), the rest through double.
ExprP scalar_constant(const ir::Argument* a, Type t, double fallback) {
  if (a && a->kind == ir::Argument::Kind::symint) {  // a dynamic number: its expression, evaluated per run
    auto e = cpp_size_expression(a->text);
    if (e) return cast(constant(Type::i64, "(" + *e + ")"), t);
  }
  if (a && a->kind == ir::Argument::Kind::integer && !is_float(t)) return constant(t, cpp_int_literal(a->integer));
  if (a && a->kind == ir::Argument::Kind::boolean) return number(t, a->boolean ? 1 : 0);
  double v = fallback;
  if (a && a->kind == ir::Argument::Kind::real) v = a->real;
  if (a && a->kind == ir::Argument::Kind::integer) v = static_cast<double>(a->integer);
  if (a && a->kind == ir::Argument::Kind::special_float) v = a->text == "inf" ? INFINITY : a->text == "-inf" ? -INFINITY : NAN;
  return number(t, v);
}
ExprP var(const std::string& name) {
  Expr e;
  e.kind = Expr::Kind::var;
  e.type = Type::i64;
  e.text = name;
  return make(std::move(e));
}
bool is_const(const ExprP& e, const char* text) { return e->kind == Expr::Kind::constant && e->text == text; }
ExprP binary(const std::string& op, ExprP a, ExprP b, Type t) {
  Expr e;
  e.kind = Expr::Kind::binary;
  e.type = t;
  e.text = op;
  e.args = {std::move(a), std::move(b)};
  return make(std::move(e));
}
ExprP unary(const std::string& op, ExprP a, Type t) {
  Expr e;
  e.kind = Expr::Kind::unary;
  e.type = t;
  e.text = op;
  e.args = {std::move(a)};
  return make(std::move(e));
}
ExprP cast(ExprP a, Type t) {
  if (a->type == t) return a;
  Expr e;
  e.kind = Expr::Kind::cast;
  e.type = t;
  e.args = {std::move(a)};
  return make(std::move(e));
}
ExprP select(ExprP c, ExprP a, ExprP b) {
  Expr e;
  e.kind = Expr::Kind::select;
  e.type = a->type;
  e.args = {cast(std::move(c), Type::b8), std::move(a), std::move(b)};
  return make(std::move(e));
}
// Index arithmetic (i64), folding the trivial cases.
ExprP iadd(ExprP a, ExprP b) {
  if (is_const(a, "0")) return b;
  if (is_const(b, "0")) return a;
  return binary("+", std::move(a), std::move(b), Type::i64);
}
ExprP imul(ExprP a, const std::string& size) {
  if (size == "0") return index_constant("0");
  if (size == "1") return a;
  if (is_const(a, "0")) return a;
  return binary("*", std::move(a), index_constant(size), Type::i64);
}
ExprP load(int buffer, Type t, ExprP offset) {
  Expr e;
  e.kind = Expr::Kind::load;
  e.type = t;
  e.buffer = buffer;
  e.args = {std::move(offset)};
  return make(std::move(e));
}

using Index = std::vector<ExprP>;
using Body = std::function<ExprP(const Index&)>;

// A tensor of the graph while lowering: memory seen through a layout
// (buffer, offset, strides: views are index arithmetic), or an unrealised
// expression of its index that consumers inline.
struct Value {
  Type type = Type::f32;
  std::vector<std::string> sizes;
  int buffer = -1;
  std::string offset = "0";
  std::vector<std::string> strides;
  Body body;
  int cost = 0;  // lazy: operations per element
  // A lazy pointwise value (map()): its operands and function, so that a
  // reshape can move onto the operands instead of reading through the flat
  // index (divisions that do not vectorise).
  struct Recipe {
    std::vector<Value> in;
    Type compute = Type::f32;
    std::function<ExprP(const std::vector<ExprP>&)> f;
  };
  std::shared_ptr<const Recipe> recipe;
  // A lazy row-major reshape of another lazy value: realised, it is that
  // value realised (the same elements in the same order), with no index division.
  std::shared_ptr<const Value> reshape_of;

  bool realized() const { return buffer >= 0; }
  ExprP at(const Index& idx) const {
    if (!realized()) return body(idx);
    ExprP off = index_constant(offset);
    for (size_t d = 0; d < idx.size(); ++d) off = iadd(off, imul(idx[d], strides[d]));
    return load(buffer, type, off);
  }
  bool contiguous() const {
    if (!realized()) return false;
    auto want = contiguous_strides(sizes);
    for (size_t d = 0; d < sizes.size(); ++d)
      if (sizes[d] != "1" && strides[d] != want[d]) return false;
    return true;
  }
};

// The strides of a view of fixed sizes without a copy, as torch computes
// them (chunks of dimensions that are contiguous among themselves split or
// merged); nullopt when the view needs a copy or a size is symbolic.
std::optional<std::vector<std::string>> view_strides(const std::vector<std::string>& old_sizes,
                                                     const std::vector<std::string>& old_strides,
                                                     const std::vector<std::string>& new_sizes) {
  std::vector<int64_t> os, ost, ns;
  for (size_t d = 0; d < old_sizes.size(); ++d) {
    int64_t a, b;
    if (!literal(old_sizes[d], &a) || !literal(old_strides[d], &b)) return std::nullopt;
    os.push_back(a);
    ost.push_back(b);
  }
  for (const auto& s : new_sizes) {
    int64_t a;
    if (!literal(s, &a)) return std::nullopt;
    ns.push_back(a);
  }
  int64_t numel = 1;
  for (auto x : os) numel *= x;
  if (numel == 0) return std::nullopt;
  std::vector<int64_t> out(ns.size(), 1);
  int64_t view_d = static_cast<int64_t>(ns.size()) - 1;
  int64_t chunk_base_stride = ost.empty() ? 1 : ost.back();
  int64_t tensor_numel = 1, view_numel = 1;
  for (int64_t td = static_cast<int64_t>(os.size()) - 1; td >= 0; --td) {
    tensor_numel *= os[static_cast<size_t>(td)];
    if (td == 0 || (os[static_cast<size_t>(td - 1)] != 1 &&
                    ost[static_cast<size_t>(td - 1)] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || ns[static_cast<size_t>(view_d)] == 1)) {
        out[static_cast<size_t>(view_d)] = view_numel * chunk_base_stride;
        view_numel *= ns[static_cast<size_t>(view_d)];
        --view_d;
      }
      if (view_numel != tensor_numel) return std::nullopt;
      if (td > 0) {
        chunk_base_stride = ost[static_cast<size_t>(td - 1)];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  if (view_d != -1) return std::nullopt;
  std::vector<std::string> r;
  for (auto x : out) r.push_back(std::to_string(x));
  return r;
}

Index loop_vars(const std::string& prefix, size_t n) {
  Index idx;
  for (size_t i = 0; i < n; ++i) idx.push_back(var(prefix + std::to_string(i)));
  return idx;
}

// The index of `v` (broadcast) for an index of the output's rank, numpy rules.
Index broadcast_index(const Value& v, const std::vector<std::string>& out_sizes, const Index& idx) {
  Index r;
  size_t lead = out_sizes.size() - v.sizes.size();
  for (size_t d = 0; d < v.sizes.size(); ++d) {
    const std::string& s = v.sizes[d];
    r.push_back(s == "1" && out_sizes[lead + d] != "1" ? index_constant("0") : idx[lead + d]);
  }
  return r;
}

struct Unsupported {
  std::string message;
};

class Lowerer {
 public:
  Lowerer(const ir::Graph& g, const std::vector<int>& weight_of) : g_(g), weight_of_(weight_of) {}

  // Survey mode (unsupported_operators): a node the backend refuses is
  // noted, its results stand in as opaque buffers, and lowering goes on,
  // so every operator that needs libtorch is named, not only the first.
  void survey() { survey_ = true; }
  const std::vector<std::string>& refusals() const { return refusals_; }

  Expected<Program> run() {
    // Which values are needed (from the outputs back) and how often each is read.
    std::set<std::string> needed;
    for (const auto& o : g_.outputs) needed.insert(o.name);
    std::function<void(const ir::Argument&, std::set<std::string>&)> refs = [&](const ir::Argument& a,
                                                                                 std::set<std::string>& into) {
      if (a.kind == ir::Argument::Kind::ref) into.insert(a.text);
      for (const auto& i : a.items) refs(i, into);
    };
    std::vector<bool> live(g_.nodes.size(), false);
    for (size_t n = g_.nodes.size(); n-- > 0;) {
      const auto& node = g_.nodes[n];
      bool any = false;
      for (const auto& o : node.outputs)
        if (o.name && needed.count(*o.name)) any = true;
      if (!any) continue;
      live[n] = true;
      std::set<std::string> r;
      for (const auto& a : node.args) refs(a, r);
      for (const auto& [k, a] : node.kwargs) refs(a, r);
      needed.insert(r.begin(), r.end());
    }
    std::function<void(const ir::Argument&)> count = [&](const ir::Argument& a) {
      if (a.kind == ir::Argument::Kind::ref) ++uses_[a.text];
      for (const auto& i : a.items) count(i);
    };
    for (size_t n = 0; n < g_.nodes.size(); ++n)
      if (live[n]) {
        for (const auto& a : g_.nodes[n].args) count(a);
        for (const auto& [k, a] : g_.nodes[n].kwargs) count(a);
      }
    for (const auto& o : g_.outputs) ++uses_[o.name];

    // Inputs and weights.
    int caller = 0;
    for (size_t i = 0; i < g_.inputs.size(); ++i) {
      const auto& in = g_.inputs[i];
      Value v;
      if (!type_of(in.meta.dtype, &v.type)) return Error{"input '" + in.name + "' is " + in.meta.dtype + ", which the native backend does not support"};
      auto sizes = sizes_of(in.meta);
      if (!sizes) return sizes.error();
      v.sizes = *sizes;
      Buffer b;
      b.type = v.type;
      b.name = in.name;
      b.numel = sprod(v.sizes);
      if (weight_of_[i] >= 0) {
        b.kind = Buffer::Kind::weight;
        b.index = weight_of_[i];
        for (auto s : in.meta.stride) v.strides.push_back(std::to_string(s));
        if (in.meta.storage_offset != 0) return Error{"weight '" + in.name + "' starts inside its storage"};
      } else {
        b.kind = Buffer::Kind::input;
        b.index = caller++;
        v.strides = contiguous_strides(v.sizes);  // the input checks take dense row-major tensors
      }
      v.buffer = add_buffer(b);
      values_[in.name] = v;
    }
    // Outputs: buffers the runtime allocates.
    for (size_t i = 0; i < g_.outputs.size(); ++i) {
      const ir::TensorMeta* meta = output_meta(g_.outputs[i].name);
      if (!meta) return Error{"graph output '" + g_.outputs[i].name + "' is not a tensor"};
      Type t;
      if (!type_of(meta->dtype, &t)) return Error{"output '" + g_.outputs[i].name + "' is " + meta->dtype + ", which the native backend does not support"};
      auto sizes = sizes_of(*meta);
      if (!sizes) return sizes.error();
      Buffer b;
      b.kind = Buffer::Kind::output;
      b.index = static_cast<int>(i);
      b.type = t;
      b.numel = sprod(*sizes);
      b.name = g_.outputs[i].name;
      p_.outputs.push_back(add_buffer(b));
      p_.output_sizes.push_back(*sizes);
      p_.output_types.push_back(t);
      p_.output_dtypes.push_back(meta->dtype);
      if (!output_target_.count(g_.outputs[i].name)) output_target_[g_.outputs[i].name] = static_cast<int>(i);
    }

    for (size_t n = 0; n < g_.nodes.size(); ++n) {
      if (!live[n]) continue;
      const auto& node = g_.nodes[n];
      node_ = &node;
      comment_ = node.name + " = " + node.op;
      if (!node.stack.empty()) {
        const auto& f = node.stack.back();
        comment_ += "  (" + f.file.substr(f.file.rfind('/') + 1) + ":" + std::to_string(f.line) + ")";
      }
      auto done = lower_node(node);
      if (!done) {
        std::string refusal = "operator " + printable(node.op) + " (" + printable(node.name) + "): " + done.error().message;
        if (!survey_) return Error{refusal};
        if (refused_ops_.insert(node.op).second) refusals_.push_back(refusal);
        for (size_t i = 0; i < node.outputs.size(); ++i) {
          const auto& o = node.outputs[i];
          Value v;
          if (!o.name || !o.meta || !type_of(o.meta->dtype, &v.type)) continue;
          auto sizes = sizes_of(*o.meta);
          if (!sizes) continue;
          v.sizes = *sizes;
          v.strides = contiguous_strides(v.sizes);
          Buffer b;
          b.type = v.type;
          b.name = *o.name;
          b.numel = sprod(v.sizes);
          v.buffer = add_buffer(b);
          values_[*o.name] = v;
        }
        continue;
      }
    }
    if (!refusals_.empty()) return Error{refusals_.front()};
    // Every output ends in its buffer.
    for (size_t i = 0; i < g_.outputs.size(); ++i) {
      auto it = values_.find(g_.outputs[i].name);
      if (it == values_.end()) return Error{"graph output '" + g_.outputs[i].name + "' is never computed"};
      const Value& v = it->second;
      int target = p_.outputs[i];
      if (v.realized() && v.buffer == target && v.contiguous() && v.offset == "0") continue;
      write_pointwise(v, target, "output " + g_.outputs[i].name);
    }
    return std::move(p_);
  }

 private:
  const ir::Graph& g_;
  const std::vector<int>& weight_of_;
  Program p_;
  std::map<std::string, Value> values_;
  std::map<std::string, int> uses_;
  std::map<std::string, int> output_target_;  // first graph output of each value
  const ir::Node* node_ = nullptr;
  std::string comment_;
  bool survey_ = false;
  std::vector<std::string> refusals_;
  std::set<std::string> refused_ops_;
  size_t last_product_ = static_cast<size_t>(-1);  // the kernel of the last matrix product
  std::string last_product_name_;                   // the graph value it computed

  // An activation of the last kernel's product, read by nothing else: fused
  // into the matmul (returns the product's value, now activated).
  std::optional<Value> fuse_activation(const ir::Argument* input, const std::string& eltwise) {
    if (!input || input->kind != ir::Argument::Kind::ref || uses_[input->text] != 1) return std::nullopt;
    // The product node's own result (not a view or slice of it: other views may be read).
    if (input->text != last_product_name_ || last_product_ + 1 != p_.kernels.size()) return std::nullopt;
    Kernel& k = p_.kernels[last_product_];
    if (!(k.linear || k.kind == Kernel::Kind::conv) || !k.eltwise.empty()) return std::nullopt;
    auto it = values_.find(input->text);
    if (it == values_.end() || !it->second.realized() || it->second.buffer != k.c.buffer || it->second.offset != "0" ||
        !it->second.contiguous())
      return std::nullopt;
    // An output buffer of the graph keeps the value before the activation.
    if (p_.buffers[static_cast<size_t>(k.c.buffer)].kind == Buffer::Kind::output) return std::nullopt;
    k.eltwise = eltwise;
    k.comment += "  + " + eltwise;
    ++p_.fused_operators;
    return it->second;
  }

  int add_buffer(Buffer b) {
    p_.buffers.push_back(std::move(b));
    return static_cast<int>(p_.buffers.size() - 1);
  }
  const ir::TensorMeta* output_meta(const std::string& name) const {
    for (const auto& in : g_.inputs)
      if (in.name == name) return &in.meta;
    for (const auto& node : g_.nodes)
      for (const auto& o : node.outputs)
        if (o.name && *o.name == name && o.meta) return &*o.meta;
    return nullptr;
  }
  static Expected<std::vector<std::string>> sizes_of(const ir::TensorMeta& meta) {
    std::vector<std::string> s;
    for (size_t d = 0; d < meta.shape.size(); ++d) {
      if (d < meta.sym_shape.size() && !meta.sym_shape[d].expr.empty()) {
        auto e = cpp_size_expression(meta.sym_shape[d].expr);
        if (!e) return e.error();
        s.push_back("(" + *e + ")");
      } else {
        s.push_back(std::to_string(meta.shape[d]));
      }
    }
    return s;
  }

  // ---- arguments
  const ir::Argument* arg(size_t pos, const char* name) const {
    if (pos < node_->args.size()) return &node_->args[pos];
    for (const auto& [k, a] : node_->kwargs)
      if (k == name) return &a;
    return nullptr;
  }
  Expected<Value> tensor(const ir::Argument* a) {
    if (!a || a->kind != ir::Argument::Kind::ref) return Error{"expected a tensor"};
    auto it = values_.find(a->text);
    if (it == values_.end()) return Error{"'" + a->text + "' is not a tensor the native backend has"};
    return it->second;
  }
  static bool is_number(const ir::Argument* a) {
    return a && (a->kind == ir::Argument::Kind::real || a->kind == ir::Argument::Kind::integer ||
                 a->kind == ir::Argument::Kind::boolean || a->kind == ir::Argument::Kind::special_float);
  }
  static double num(const ir::Argument* a, double otherwise) {
    if (!a) return otherwise;
    switch (a->kind) {
      case ir::Argument::Kind::real: return a->real;
      case ir::Argument::Kind::integer: return static_cast<double>(a->integer);
      case ir::Argument::Kind::boolean: return a->boolean ? 1 : 0;
      case ir::Argument::Kind::special_float:
        return a->text == "inf" ? INFINITY : a->text == "-inf" ? -INFINITY : NAN;
      default: return otherwise;
    }
  }
  static Expected<int64_t> integer(const ir::Argument* a, int64_t otherwise) {
    if (!a || a->kind == ir::Argument::Kind::none) return otherwise;
    if (a->kind == ir::Argument::Kind::integer) return a->integer;
    if (a->kind == ir::Argument::Kind::boolean) return static_cast<int64_t>(a->boolean);
    return Error{"expected a fixed integer"};
  }
  static Expected<std::vector<int64_t>> int_list(const ir::Argument* a) {
    std::vector<int64_t> r;
    if (!a || a->kind == ir::Argument::Kind::none) return r;
    if (a->kind == ir::Argument::Kind::integer) return std::vector<int64_t>{a->integer};
    if (a->kind != ir::Argument::Kind::list) return Error{"expected a list of integers"};
    for (const auto& i : a->items) {
      if (i.kind != ir::Argument::Kind::integer) return Error{"expected fixed integers"};
      r.push_back(i.integer);
    }
    return r;
  }
  static int64_t wrap_dim(int64_t d, size_t rank) { return d < 0 ? d + static_cast<int64_t>(std::max<size_t>(rank, 1)) : d; }

  // ---- node outputs
  const ir::NodeOutput& out(size_t i = 0) const { return node_->outputs.at(i); }
  Expected<std::vector<std::string>> out_sizes(size_t i = 0) const {
    if (!out(i).meta) return Error{"output " + std::to_string(i) + " has no tensor metadata"};
    return sizes_of(*out(i).meta);
  }
  Expected<Type> out_type(size_t i = 0) const {
    Type t;
    if (!out(i).meta || !type_of(out(i).meta->dtype, &t))
      return Error{"result dtype " + (out(i).meta ? out(i).meta->dtype : std::string("?")) + " is not supported by the native backend"};
    return t;
  }

  // Records a node result, realising lazy values that would otherwise be
  // recomputed (read more than once), grow too large, or are graph outputs.
  void define(size_t i, Value v) {
    if (!out(i).name) return;
    const std::string& name = *out(i).name;
    if (!v.realized()) {
      auto target = output_target_.find(name);
      if (target != output_target_.end()) {
        v = realize(v, p_.outputs[target->second]);
      } else if ((uses_[name] > 1 && v.cost > 1) || v.cost > 96) {
        v = realize(v);
      } else {
        ++p_.fused_operators;
      }
    }
    values_[name] = std::move(v);
  }

  Value lazy(Type t, std::vector<std::string> sizes, Body body, int cost) {
    Value v;
    v.type = t;
    v.sizes = std::move(sizes);
    v.body = std::move(body);
    v.cost = cost;
    return v;
  }
  int new_temp(Type t, const std::vector<std::string>& sizes) {
    Buffer b;
    b.kind = Buffer::Kind::temp;
    b.type = t;
    b.numel = sprod(sizes);
    b.name = node_ ? node_->name : "";
    return add_buffer(b);
  }
  void write_pointwise(const Value& v, int buffer, const std::string& what) {
    if (v.reshape_of && !v.realized() && v.reshape_of->type == v.type) {
      write_pointwise(*v.reshape_of, buffer, what);  // the same elements in the same order
      return;
    }
    Kernel k;
    k.kind = Kernel::Kind::pointwise;
    k.comment = comment_ + (what.empty() ? "" : "  -> " + what);
    k.out = buffer;
    k.sizes = v.sizes;
    k.body = cast(v.at(loop_vars("i", v.sizes.size())), p_.buffers[buffer].type);
    p_.kernels.push_back(std::move(k));
  }
  Value realize(const Value& v, int buffer = -1) {
    if (v.reshape_of && !v.realized() && v.reshape_of->type == v.type) {
      Value r = realize(*v.reshape_of, buffer);  // loops over the source's shape: no index division
      r.sizes = v.sizes;
      r.strides = contiguous_strides(v.sizes);
      return r;
    }
    if (buffer < 0) buffer = new_temp(v.type, v.sizes);
    write_pointwise(v, buffer, "");
    Value r;
    r.type = p_.buffers[buffer].type;
    r.sizes = v.sizes;
    r.buffer = buffer;
    r.strides = contiguous_strides(v.sizes);
    return r;
  }
  Value contiguous(const Value& v) { return v.contiguous() ? v : realize(v); }

  // The output buffer the node's first result is written to when it is a
  // graph output (kernels that write memory write it there), else -1.
  int output_buffer_of_result() const {
    if (!out(0).name) return -1;
    auto t = output_target_.find(*out(0).name);
    return t == output_target_.end() ? -1 : p_.outputs[static_cast<size_t>(t->second)];
  }

  // A kernel that fails the run (one line) when an index of `indices` is
  // outside [0, bound) (or [-bound, bound)): before anything reads through it.
  void check_indices(const Value& indices, const std::string& bound, bool negative_ok) {
    Kernel check;
    check.kind = Kernel::Kind::check;
    check.comment = comment_ + "  (index check)";
    check.sizes = indices.sizes;
    check.body = cast(indices.at(loop_vars("i", indices.sizes.size())), Type::i64);
    check.bound = bound;
    check.negative_ok = negative_ok;
    p_.kernels.push_back(std::move(check));
  }

  // ---- views
  Value permuted(const Value& v, const std::vector<int64_t>& perm) {
    Value r = v;
    r.recipe.reset();
    r.reshape_of.reset();
    r.sizes.clear();
    for (auto p : perm) r.sizes.push_back(v.sizes[static_cast<size_t>(p)]);
    if (v.realized()) {
      r.strides.clear();
      for (auto p : perm) r.strides.push_back(v.strides[static_cast<size_t>(p)]);
      return r;
    }
    r.body = [v, perm](const Index& idx) {
      Index inner(perm.size());
      for (size_t d = 0; d < perm.size(); ++d) inner[static_cast<size_t>(perm[d])] = idx[d];
      return v.at(inner);
    };
    return r;
  }
  // A view to `sizes` of the same elements in the same order.
  Value reshaped(const Value& v, const std::vector<std::string>& sizes) {
    if (!v.realized() && v.recipe && v.sizes != sizes) {
      // Reshape the operands (each of the value's full size, or a number).
      bool movable = true;
      for (const auto& x : v.recipe->in) movable = movable && (x.sizes == v.sizes || x.sizes.empty());
      if (movable) {
        std::vector<Value> in;
        for (const auto& x : v.recipe->in) in.push_back(x.sizes.empty() ? x : reshaped(x, sizes));
        return map(v.type, in, v.recipe->compute, v.recipe->f, sizes);
      }
    }
    Value r = v;
    r.recipe.reset();
    r.reshape_of.reset();
    r.sizes = sizes;
    if (v.realized()) {
      if (v.contiguous()) {
        r.strides = contiguous_strides(sizes);
        return r;
      }
      // Only size-1 dimensions inserted or removed: the others keep their strides.
      std::vector<size_t> a, b;
      for (size_t d = 0; d < v.sizes.size(); ++d)
        if (v.sizes[d] != "1") a.push_back(d);
      for (size_t d = 0; d < sizes.size(); ++d)
        if (sizes[d] != "1") b.push_back(d);
      bool same = a.size() == b.size();
      for (size_t i = 0; same && i < a.size(); ++i) same = v.sizes[a[i]] == sizes[b[i]];
      if (same) {
        r.strides.assign(sizes.size(), "1");
        for (size_t i = 0; i < a.size(); ++i) r.strides[b[i]] = v.strides[a[i]];
        return r;
      }
      if (auto st = view_strides(v.sizes, v.strides, sizes)) {
        r.strides = *st;
        return r;
      }
    }
    // Through the flat index (the value is read in row-major order).
    auto old_strides = contiguous_strides(v.sizes), new_strides = contiguous_strides(sizes);
    Value base = v;
    if (!v.realized()) r.reshape_of = std::make_shared<const Value>(v.reshape_of ? *v.reshape_of : v);
    r.buffer = -1;
    r.strides.clear();
    r.offset = "0";
    r.cost = v.realized() ? 1 : v.cost + 1;
    r.body = [base, old_strides, new_strides](const Index& idx) {
      ExprP flat = index_constant("0");
      for (size_t d = 0; d < idx.size(); ++d) flat = iadd(flat, imul(idx[d], new_strides[d]));
      Index inner;
      for (size_t d = 0; d < base.sizes.size(); ++d) {
        ExprP q = old_strides[d] == "1" ? flat : binary("/", flat, index_constant(old_strides[d]), Type::i64);
        inner.push_back(d == 0 ? q : binary("%", q, index_constant(base.sizes[d]), Type::i64));
      }
      return base.at(inner);
    };
    return r;
  }
  Value sliced(const Value& v, size_t dim, const std::string& start, int64_t step, const std::string& size) {
    Value r = v;
    r.recipe.reset();
    r.reshape_of.reset();
    r.sizes[dim] = size;
    if (v.realized()) {
      r.offset = sadd(v.offset, smul(start, v.strides[dim]));
      r.strides[dim] = smul(v.strides[dim], std::to_string(step));
      return r;
    }
    r.body = [v, dim, start, step](const Index& idx) {
      Index inner = idx;
      inner[dim] = iadd(index_constant(start), imul(idx[dim], std::to_string(step)));
      return v.at(inner);
    };
    return r;
  }
  Value selected(const Value& v, size_t dim, const std::string& index) {
    Value r = v;
    r.recipe.reset();
    r.reshape_of.reset();
    r.sizes.erase(r.sizes.begin() + static_cast<long>(dim));
    if (v.realized()) {
      r.offset = sadd(v.offset, smul(index, v.strides[dim]));
      r.strides.erase(r.strides.begin() + static_cast<long>(dim));
      return r;
    }
    r.body = [v, dim, index](const Index& idx) {
      Index inner = idx;
      inner.insert(inner.begin() + static_cast<long>(dim), index_constant(index));
      return v.at(inner);
    };
    return r;
  }
  Value expanded(const Value& v, const std::vector<std::string>& sizes) {
    if (v.sizes == sizes) return v;  // nothing to broadcast
    Value r = v;
    r.recipe.reset();
    r.reshape_of.reset();
    r.sizes = sizes;
    size_t lead = sizes.size() - v.sizes.size();
    if (v.realized()) {
      r.strides.assign(lead, "0");
      for (size_t d = 0; d < v.sizes.size(); ++d)
        r.strides.push_back(v.sizes[d] == "1" && sizes[lead + d] != "1" ? "0" : v.strides[d]);
      return r;
    }
    r.body = [v, sizes](const Index& idx) { return v.at(broadcast_index(v, sizes, idx)); };
    return r;
  }

  // ---- pointwise
  // The operands read at an output index, each cast to `compute`.
  Value map(Type result, const std::vector<Value>& in, Type compute, std::function<ExprP(const std::vector<ExprP>&)> f,
            const std::vector<std::string>& sizes) {
    int cost = 1;
    for (const auto& v : in) cost += v.realized() ? 1 : v.cost;
    Value r = lazy(result, sizes, [in, compute, f, sizes, result](const Index& idx) {
      std::vector<ExprP> xs;
      for (const auto& v : in) xs.push_back(cast(v.at(broadcast_index(v, sizes, idx)), compute));
      return cast(f(xs), result);
    }, cost);
    auto recipe = std::make_shared<Value::Recipe>();
    recipe->in = in;
    recipe->compute = compute;
    recipe->f = f;
    r.recipe = std::move(recipe);
    return r;
  }
  // A tensor or a Python number argument as a value (numbers: 0-dim).
  Expected<Value> operand(const ir::Argument* a, Type t) {
    if (is_number(a)) {
      ExprP c = scalar_constant(a, t, 0);
      return lazy(t, {}, [c](const Index&) { return c; }, 0);
    }
    return tensor(a);
  }
  static Type promote(const std::vector<Value>& in, Type fallback) {
    Type t = fallback;
    bool any_float = false;
    for (const auto& v : in)
      if (is_float(v.type)) {
        any_float = true;
        if (v.type == Type::f64 || t != Type::f64) t = v.type;
      }
    if (!any_float) t = Type::i64;
    bool all_bool = !in.empty();
    for (const auto& v : in) all_bool = all_bool && v.type == Type::b8;
    return all_bool ? Type::b8 : (is_float(fallback) && !any_float ? fallback : t);
  }

  Status lower_node(const ir::Node& node);
  Status lower_reduction(const Value& x, const std::vector<int64_t>& dims, bool keepdim, const std::string& combine,
                         Type result, bool mean);
  Expected<Value> reduce(const Value& x, const std::vector<size_t>& reduced, const std::string& combine, Type acc,
                         std::function<ExprP(const Index&)> body, std::function<ExprP(ExprP, const Index&)> epilogue);
  Expected<Value> gemm(const Value& a, const Value& b, double alpha, std::optional<Value> bias, double beta,
                       const std::vector<std::string>& out_sizes, int target);
};

Expected<Value> Lowerer::reduce(const Value& x, const std::vector<size_t>& reduced, const std::string& combine,
                                Type acc, std::function<ExprP(const Index&)> body,
                                std::function<ExprP(ExprP, const Index&)> epilogue) {
  Kernel k;
  k.kind = Kernel::Kind::reduction;
  k.comment = comment_;
  k.combine = combine;
  std::vector<size_t> kept;
  for (size_t d = 0; d < x.sizes.size(); ++d)
    if (std::find(reduced.begin(), reduced.end(), d) == reduced.end()) kept.push_back(d);
  for (auto d : kept) k.sizes.push_back(x.sizes[d]);
  for (auto d : reduced) k.reduced.push_back(x.sizes[d]);
  Index full(x.sizes.size());
  Index outer = loop_vars("i", kept.size()), inner = loop_vars("r", reduced.size());
  for (size_t i = 0; i < kept.size(); ++i) full[kept[i]] = outer[i];
  for (size_t i = 0; i < reduced.size(); ++i) full[reduced[i]] = inner[i];
  k.body = cast(body(full), acc);
  Expr a;
  a.kind = Expr::Kind::var;
  a.type = acc;
  a.text = "acc";
  k.epilogue = epilogue(make(std::move(a)), outer);
  k.out = new_temp(k.epilogue->type, k.sizes);
  Value r;
  r.type = k.epilogue->type;
  r.sizes = k.sizes;
  r.buffer = k.out;
  r.strides = contiguous_strides(k.sizes);
  p_.kernels.push_back(std::move(k));
  return r;
}

// A value of the kept dimensions of a reduction, read back at a full index
// (the reduced dimensions dropped).
Index kept_index(const Index& full, const std::vector<size_t>& reduced) {
  Index r;
  for (size_t d = 0; d < full.size(); ++d)
    if (std::find(reduced.begin(), reduced.end(), d) == reduced.end()) r.push_back(full[d]);
  return r;
}

Status Lowerer::lower_reduction(const Value& x, const std::vector<int64_t>& dims, bool keepdim,
                                const std::string& combine, Type result, bool mean) {
  std::vector<size_t> reduced;
  if (dims.empty())
    for (size_t d = 0; d < x.sizes.size(); ++d) reduced.push_back(d);
  for (auto d : dims) reduced.push_back(static_cast<size_t>(wrap_dim(d, x.sizes.size())));
  std::sort(reduced.begin(), reduced.end());
  reduced.erase(std::unique(reduced.begin(), reduced.end()), reduced.end());
  std::string count = "1";
  for (auto d : reduced) count = smul(count, x.sizes[d]);
  Type acc = is_float(result) ? result : Type::i64;
  auto r = reduce(x, reduced, combine, acc, [x](const Index& i) { return x.at(i); },
                  [mean, count, result](ExprP a, const Index&) {
                    if (mean) a = binary("/", a, cast(index_constant(count), a->type), a->type);
                    return cast(a, result);
                  });
  if (!r) return r.error();
  auto sizes = out_sizes();
  if (!sizes) return sizes.error();
  (void)keepdim;
  define(0, reshaped(*r, *sizes));
  return Status::ok();
}

Expected<Value> Lowerer::gemm(const Value& a_in, const Value& b_in, double alpha, std::optional<Value> bias,
                              double beta, const std::vector<std::string>& sizes, int target) {
  if (a_in.type != Type::f32 || b_in.type != Type::f32) return Error{"matrix products are native for float32 only"};
  auto operand = [&](const Value& v_in, Kernel::Operand& o, std::string* rows, std::string* cols) {
    Value v = v_in.realized() ? v_in : realize(v_in);
    size_t n = v.sizes.size();
    // One unit stride, and rows (or columns) that do not overlap: a broadcast
    // operand (stride 0) is copied first.
    auto fits = [&](const Value& w) {
      auto apart = [](const std::string& ld, const std::string& len) {
        int64_t a, b;
        if (ld == "0") return false;
        return !(literal(ld, &a) && literal(len, &b)) || a >= b;
      };
      if (w.strides[n - 1] == "1") return apart(w.strides[n - 2], w.sizes[n - 1]) || w.sizes[n - 2] == "1";
      if (w.strides[n - 2] == "1") return apart(w.strides[n - 1], w.sizes[n - 2]) || w.sizes[n - 1] == "1";
      return false;
    };
    if (!fits(v)) v = realize(v);
    *rows = v.sizes[n - 2];
    *cols = v.sizes[n - 1];
    o.buffer = v.buffer;
    o.offset = v.offset;
    if (v.strides[n - 1] == "1") {
      o.trans = 'N';
      o.ld = v.strides[n - 2];
    } else {
      o.trans = 'T';
      o.ld = v.strides[n - 1];
    }
    return v;
  };
  Kernel k;
  k.kind = Kernel::Kind::gemm;
  k.comment = comment_;
  std::string ar, ac, br, bc;
  size_t batch = sizes.size() - 2;
  Value a = expanded(a_in, [&] {
    std::vector<std::string> s(sizes.begin(), sizes.end() - 2);
    s.push_back(a_in.sizes[a_in.sizes.size() - 2]);
    s.push_back(a_in.sizes.back());
    return s;
  }());
  Value b = expanded(b_in, [&] {
    std::vector<std::string> s(sizes.begin(), sizes.end() - 2);
    s.push_back(b_in.sizes[b_in.sizes.size() - 2]);
    s.push_back(b_in.sizes.back());
    return s;
  }());
  a = operand(a, k.a, &ar, &ac);
  b = operand(b, k.b, &br, &bc);
  for (size_t d = 0; d < batch; ++d) {
    k.batch.push_back(sizes[d]);
    k.a.batch_strides.push_back(a.strides[d]);
    k.b.batch_strides.push_back(b.strides[d]);
  }
  k.m = ar;
  k.k = ac;
  k.n = bc;
  k.alpha = alpha;
  k.beta = 0;
  int out = target >= 0 ? target : new_temp(Type::f32, sizes);
  auto strides = contiguous_strides(sizes);
  k.c.buffer = out;
  k.c.ld = strides[batch];
  for (size_t d = 0; d < batch; ++d) k.c.batch_strides.push_back(strides[d]);
  Value r;
  r.type = Type::f32;
  r.sizes = sizes;
  r.buffer = out;
  r.strides = strides;
  // A weight of fixed sizes on the right, no batch: a prepacked matmul.
  bool fixed = true;
  // (the rows may be dynamic: a primitive is made per row count met)
  for (const auto& s : {k.n, k.k, k.a.ld, k.b.ld, k.c.ld, k.a.offset, k.b.offset}) fixed = fixed && literal(s);
  fixed = fixed && (literal(k.a.ld) && (k.a.trans == 'N' || literal(k.m)));
  if (fixed && batch == 0 && alpha == 1 && k.b.offset == "0" &&
      p_.buffers[static_cast<size_t>(k.b.buffer)].kind == Buffer::Kind::weight) {
    k.linear = true;
    if (bias && beta == 1 && bias->realized() &&
        p_.buffers[static_cast<size_t>(bias->buffer)].kind == Buffer::Kind::weight && bias->offset == "0" &&
        bias->sizes.size() == 1 && bias->sizes[0] == k.n && bias->strides[0] == "1") {
      k.bias = bias->buffer;
      bias.reset();
    }
  }
  if (bias && beta != 0) {
    // The bias broadcast into C first; the product accumulates onto it.
    Value bb = *bias;
    k.linear = false;
    write_pointwise(map(Type::f32, {bb}, Type::f32, [beta](const std::vector<ExprP>& x) {
      return beta == 1 ? x[0] : binary("*", x[0], number(Type::f32, beta), Type::f32);
    }, sizes), out, "bias");
    k.beta = 1;
  }
  if (!k.linear && k.beta == 0 && batch <= 4) {
    bool all_fixed = true;
    for (const auto& s : {k.m, k.n, k.k, k.a.ld, k.b.ld, k.c.ld, k.a.offset, k.b.offset, k.c.offset})
      all_fixed = all_fixed && literal(s);
    for (const auto* list : {&k.batch, &k.a.batch_strides, &k.b.batch_strides, &k.c.batch_strides})
      for (const auto& s : *list) all_fixed = all_fixed && literal(s);
    // oneDNN 2's matmul refuses batches both operands broadcast: those loop over sgemm.
    for (const auto* list : {&k.a.batch_strides, &k.b.batch_strides})
      for (const auto& s : *list) all_fixed = all_fixed && s != "0";
    k.batched = all_fixed;
  }
  p_.kernels.push_back(std::move(k));
  last_product_ = p_.kernels.size() - 1;
  return r;
}

std::string op_name(const std::string& op) {
  std::string s = op.rfind("aten::", 0) == 0 ? op.substr(6) : op;
  return s;
}

Status Lowerer::lower_node(const ir::Node& node) {
  const std::string op = op_name(node.op);
  const std::string base = op.substr(0, op.find('.'));
  auto sizes_r = out(0).meta ? out_sizes(0) : Expected<std::vector<std::string>>(std::vector<std::string>{});
  if (!sizes_r) return sizes_r.error();
  const std::vector<std::string> sizes = *sizes_r;
  auto self_r = [&]() { return tensor(arg(0, "self")); };

  // ---- views and identities
  if (op == "t.default" || op == "transpose.int" || op == "permute.default") {
    auto x = self_r();
    if (!x) return x.error();
    size_t n = x->sizes.size();
    std::vector<int64_t> perm(n);
    for (size_t i = 0; i < n; ++i) perm[i] = static_cast<int64_t>(i);
    if (op == "permute.default") {
      auto dims = int_list(arg(1, "dims"));
      if (!dims) return dims.error();
      for (size_t i = 0; i < n; ++i) perm[i] = wrap_dim((*dims)[i], n);
    } else if (n >= 2) {
      int64_t d0 = 0, d1 = 1;
      if (op == "transpose.int") {
        auto a = integer(arg(1, "dim0"), 0), b = integer(arg(2, "dim1"), 1);
        if (!a) return a.error();
        if (!b) return b.error();
        d0 = wrap_dim(*a, n);
        d1 = wrap_dim(*b, n);
      }
      std::swap(perm[static_cast<size_t>(d0)], perm[static_cast<size_t>(d1)]);
    }
    define(0, permuted(*x, perm));
    return Status::ok();
  }
  if (op == "view.default" || op == "_unsafe_view.default" || op == "reshape.default" || op == "unsqueeze.default" ||
      op == "squeeze.dim" || op == "squeeze.dims" || op == "squeeze.default" || op == "flatten.using_ints" ||
      op == "view.dtype" || op == "_reshape_alias.default") {
    auto x = self_r();
    if (!x) return x.error();
    if (op == "view.dtype") return Error{"reinterpreting bytes as another dtype is not supported by the native backend"};
    define(0, reshaped(*x, sizes));
    return Status::ok();
  }
  if (op == "alias.default" || op == "detach.default" || op == "clone.default" || op == "lift_fresh_copy.default" ||
      op == "contiguous.default") {
    auto x = self_r();
    if (!x) return x.error();
    define(0, *x);
    return Status::ok();
  }
  if (op == "expand.default") {
    auto x = self_r();
    if (!x) return x.error();
    define(0, expanded(*x, sizes));
    return Status::ok();
  }
  if (op == "slice.Tensor") {
    auto x = self_r();
    if (!x) return x.error();
    auto dim = integer(arg(1, "dim"), 0);
    if (!dim) return dim.error();
    size_t d = static_cast<size_t>(wrap_dim(*dim, x->sizes.size()));
    const ir::Argument* s = arg(2, "start");
    std::string start = "0";
    if (s && s->kind == ir::Argument::Kind::integer) {
      int64_t v = s->integer, n;
      if (v < 0) {
        if (!literal(x->sizes[d], &n)) return Error{"a negative slice start on a dynamic size"};
        v = std::max<int64_t>(v + n, 0);
      } else if (literal(x->sizes[d], &n)) {
        v = std::min(v, n);
      }
      start = std::to_string(v);
    } else if (s && s->kind == ir::Argument::Kind::symint) {
      auto e = cpp_size_expression(s->text);
      if (!e) return e.error();
      start = "(" + *e + ")";
    } else if (s && s->kind != ir::Argument::Kind::none) {
      return Error{"slice start is not an integer"};
    }
    auto step = integer(arg(4, "step"), 1);
    if (!step) return step.error();
    define(0, sliced(*x, d, start, *step, sizes[d]));
    return Status::ok();
  }
  if (op == "select.int") {
    auto x = self_r();
    if (!x) return x.error();
    auto dim = integer(arg(1, "dim"), 0), index = integer(arg(2, "index"), 0);
    if (!dim) return dim.error();
    if (!index) return index.error();
    size_t d = static_cast<size_t>(wrap_dim(*dim, x->sizes.size()));
    std::string i = std::to_string(*index);
    if (*index < 0) i = sadd(x->sizes[d], i);
    define(0, selected(*x, d, i));
    return Status::ok();
  }
  if (op == "split.Tensor" || op == "split_with_sizes.default" || op == "unbind.int" || op == "chunk.default" ||
      op == "unsafe_split.Tensor" || op == "unsafe_split_with_sizes.default" || op == "unsafe_chunk.default") {
    auto x = self_r();
    if (!x) return x.error();
    auto dim = integer(arg(2, "dim"), 0);
    if (op == "unbind.int") dim = integer(arg(1, "dim"), 0);
    if (!dim) return dim.error();
    size_t d = static_cast<size_t>(wrap_dim(*dim, x->sizes.size()));
    std::string start = "0";
    for (size_t i = 0; i < node.outputs.size(); ++i) {
      auto s = out_sizes(i);
      if (!s) return s.error();
      if (op == "unbind.int") {
        define(i, selected(*x, d, std::to_string(i)));
        continue;
      }
      define(i, sliced(*x, d, start, 1, (*s)[d]));
      start = sadd(start, (*s)[d]);
    }
    return Status::ok();
  }
  if (op == "_to_copy.default" || op == "to.dtype" || op == "type_as.default") {
    auto x = self_r();
    if (!x) return x.error();
    auto t = out_type();
    if (!t) return t.error();
    define(0, map(*t, {*x}, x->type, [](const std::vector<ExprP>& v) { return v[0]; }, sizes));
    return Status::ok();
  }

  // ---- factories
  if (base == "arange") {
    auto t = out_type();
    if (!t) return t.error();
    Type ty = *t;
    Type c = is_float(ty) ? Type::f64 : Type::i64;
    ExprP start = number(c, 0), step = number(c, 1);
    if (op == "arange.start" || op == "arange.start_step") {
      start = scalar_constant(arg(0, "start"), c, 0);
      if (op == "arange.start_step") step = scalar_constant(arg(2, "step"), c, 1);
    }
    define(0, lazy(ty, sizes, [ty, c, start, step](const Index& i) {
      return cast(binary("+", start, binary("*", cast(i[0], c), step, c), c), ty);
    }, 1));
    return Status::ok();
  }
  if (op == "zeros.default" || op == "ones.default" || op == "full.default" || op == "new_ones.default" ||
      op == "new_zeros.default" || op == "new_full.default" || op == "scalar_tensor.default" || op == "zeros_like.default" ||
      op == "ones_like.default" || op == "full_like.default" || op == "empty.memory_format" || op == "new_empty.default" ||
      op == "empty_like.default") {
    auto t = out_type();
    if (!t) return t.error();
    const ir::Argument* fill = nullptr;
    double v = 0;
    if (base == "ones" || base == "new_ones" || base == "ones_like") v = 1;
    if (op == "full.default" || op == "new_full.default") fill = arg(op == "full.default" ? 1 : 2, "fill_value");
    if (op == "full_like.default") fill = arg(1, "fill_value");
    if (op == "scalar_tensor.default") fill = arg(0, "s");
    Type ty = *t;
    ExprP c = fill ? scalar_constant(fill, ty, 0) : number(ty, v);
    define(0, lazy(ty, sizes, [c](const Index&) { return c; }, 0));
    return Status::ok();
  }

  // ---- pointwise
  static const std::map<std::string, std::string> kUnary = {
      {"neg", "neg"},     {"relu", "relu"},   {"exp", "exp"},   {"log", "log"},       {"tanh", "tanh"},
      {"sigmoid", "sigmoid"}, {"sqrt", "sqrt"}, {"rsqrt", "rsqrt"}, {"abs", "abs"},  {"erf", "erf"},
      {"sin", "sin"},     {"cos", "cos"},     {"reciprocal", "reciprocal"}, {"logical_not", "not"},
      {"silu", "silu"},   {"floor", "floor"}, {"ceil", "ceil"}, {"log1p", "log1p"}, {"expm1", "expm1"}};
  if (auto u = kUnary.find(base); u != kUnary.end() && (op == base + ".default")) {
    if (base == "relu" || base == "tanh" || base == "sigmoid" || base == "silu")
      if (auto fused = fuse_activation(arg(0, "self"), base)) {
        if (out(0).name) values_[*out(0).name] = *fused;
        return Status::ok();
      }
    auto x = self_r();
    if (!x) return x.error();
    auto t = out_type();
    if (!t) return t.error();
    std::string f = u->second;
    Type compute = f == "not" ? Type::b8 : *t;
    define(0, map(*t, {*x}, compute, [f, compute](const std::vector<ExprP>& v) {
      if (f == "not") return unary("!", v[0], Type::b8);
      return unary(f, v[0], compute);
    }, sizes));
    return Status::ok();
  }
  if (op == "gelu.default") {
    std::string approximate = "none";
    if (const auto* a = arg(1, "approximate"); a && a->kind == ir::Argument::Kind::string) approximate = a->text;
    if (auto fused = fuse_activation(arg(0, "self"), approximate == "tanh" ? "gelu_tanh" : "gelu_erf")) {
      if (out(0).name) values_[*out(0).name] = *fused;
      return Status::ok();
    }
    auto x = self_r();
    if (!x) return x.error();
    auto t = out_type();
    if (!t) return t.error();
    Type ty = *t;
    define(0, map(ty, {*x}, ty, [approximate, ty](const std::vector<ExprP>& v) {
      ExprP z = v[0];
      if (approximate == "tanh") {
        ExprP cube = binary("*", binary("*", z, z, ty), z, ty);
        ExprP inner = binary("*", number(ty, 0.7978845608028654),
                             binary("+", z, binary("*", number(ty, 0.044715), cube, ty), ty), ty);
        return binary("*", binary("*", number(ty, 0.5), z, ty),
                      binary("+", number(ty, 1), unary("tanh", inner, ty), ty), ty);
      }
      return binary("*", binary("*", number(ty, 0.5), z, ty),
                    binary("+", number(ty, 1), unary("erf", binary("*", z, number(ty, 0.7071067811865476), ty), ty), ty),
                    ty);
    }, sizes));
    return Status::ok();
  }
  static const std::map<std::string, std::string> kBinary = {
      {"add", "+"}, {"sub", "-"}, {"mul", "*"}, {"div", "/"}, {"rsub", "rsub"}, {"maximum", "max"},
      {"minimum", "min"}, {"eq", "=="}, {"ne", "!="}, {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="},
      {"bitwise_and", "&"}, {"bitwise_or", "|"}, {"logical_and", "&&"}, {"logical_or", "||"},
      {"pow", "pow"}, {"remainder", "remainder"}};
  if (auto b = kBinary.find(base); b != kBinary.end() &&
                                   (op == base + ".Tensor" || op == base + ".Scalar" || op == base + ".default" ||
                                    op == base + ".Tensor_Scalar" || op == base + ".Tensor_Tensor")) {
    if (base == "div" && arg(2, "rounding_mode") && arg(2, "rounding_mode")->kind != ir::Argument::Kind::none)
      return Error{"division with a rounding mode is not supported by the native backend"};
    if (base == "remainder" && out(0).meta && out(0).meta->dtype != "float32" && out(0).meta->dtype != "float64" &&
        !(is_number(arg(1, "other")) && num(arg(1, "other"), 0) != 0))
      return Error{"an integer remainder by a tensor (which may be 0) is not supported by the native backend"};
    auto t = out_type();
    if (!t) return t.error();
    auto x = operand(arg(0, "self"), *t);
    if (!x) return x.error();
    // A number beside a tensor takes the tensor's kind (int, float) unless it is a float itself.
    const ir::Argument* other = arg(1, "other");
    bool real_number = other && (other->kind == ir::Argument::Kind::real || other->kind == ir::Argument::Kind::special_float);
    Type other_type = is_float(x->type) ? x->type : real_number ? Type::f32 : x->type == Type::b8 && other &&
                                                                          other->kind == ir::Argument::Kind::integer
                                                                      ? Type::i64
                                                                      : x->type;
    auto y = operand(other, other_type);
    if (!y) return y.error();
    std::string f = b->second;
    // x ** small integer or half: multiplications and square roots, not powf.
    if (f == "pow" && is_number(arg(1, "exponent")) && is_float(*t)) {
      double e = num(arg(1, "exponent"), 0);
      if (e == 1 || e == 2 || e == 3 || e == 4 || e == 0.5 || e == -0.5 || e == -1 || e == -2) {
        Type ty = *t;
        define(0, map(ty, {*x}, ty, [e, ty](const std::vector<ExprP>& v) {
          ExprP z = v[0];
          if (e == 0.5) return unary("sqrt", z, ty);
          if (e == -0.5) return unary("rsqrt", z, ty);
          if (e == -1) return unary("reciprocal", z, ty);
          if (e == -2) return unary("reciprocal", binary("*", z, z, ty), ty);
          ExprP r = z;
          for (int i = 1; i < static_cast<int>(e); ++i) r = binary("*", r, z, ty);
          return r;
        }, sizes));
        return Status::ok();
      }
    }
    bool comparison = f == "==" || f == "!=" || f == "<" || f == "<=" || f == ">" || f == ">=";
    bool logical = f == "&&" || f == "||";
    Type compute = comparison ? promote({*x, *y}, x->type) : logical ? Type::b8 : *t;
    if (f == "/" && !is_float(compute)) compute = Type::f32;
    if ((f == "&" || f == "|") && *t == Type::b8) compute = Type::b8;
    double alpha = num(arg(2, "alpha"), 1);
    define(0, map(*t, {*x, *y}, compute, [f, compute, alpha](const std::vector<ExprP>& v) {
      ExprP a = v[0], c = v[1];
      if (alpha != 1 && (f == "+" || f == "-")) c = binary("*", c, number(compute, alpha), compute);
      if (f == "rsub") {  // other - alpha * self
        if (alpha != 1) a = binary("*", a, number(compute, alpha), compute);
        return binary("-", c, a, compute);
      }
      Type rt = (f == "==" || f == "!=" || f == "<" || f == "<=" || f == ">" || f == ">=" || f == "&&" || f == "||")
                    ? Type::b8
                    : compute;
      return binary(f, a, c, rt);
    }, sizes));
    return Status::ok();
  }
  if (op == "where.self" || op == "where.ScalarOther" || op == "where.ScalarSelf" || op == "where.Scalar") {
    auto t = out_type();
    if (!t) return t.error();
    auto c = tensor(arg(0, "condition"));
    if (!c) return c.error();
    auto a = operand(arg(1, "self"), *t);
    if (!a) return a.error();
    auto b = operand(arg(2, "other"), *t);
    if (!b) return b.error();
    Type ty = *t;
    Value cv = *c, av = *a, bv = *b;
    int cost = 2 + (cv.realized() ? 1 : cv.cost) + (av.realized() ? 1 : av.cost) + (bv.realized() ? 1 : bv.cost);
    define(0, lazy(ty, sizes, [cv, av, bv, sizes, ty](const Index& i) {
      return select(cv.at(broadcast_index(cv, sizes, i)), cast(av.at(broadcast_index(av, sizes, i)), ty),
                    cast(bv.at(broadcast_index(bv, sizes, i)), ty));
    }, cost));
    return Status::ok();
  }
  if (op == "masked_fill.Scalar") {
    auto x = self_r();
    if (!x) return x.error();
    auto mask = tensor(arg(1, "mask"));
    if (!mask) return mask.error();
    ExprP value = scalar_constant(arg(2, "value"), x->type, 0);
    Value xv = *x, mv = *mask;
    Type ty = xv.type;
    define(0, lazy(ty, sizes, [xv, mv, sizes, value](const Index& i) {
      return select(mv.at(broadcast_index(mv, sizes, i)), value, xv.at(broadcast_index(xv, sizes, i)));
    }, (xv.realized() ? 1 : xv.cost) + (mv.realized() ? 1 : mv.cost) + 1));
    return Status::ok();
  }
  if (op == "clamp.default" || op == "clamp_min.default" || op == "clamp_max.default" || op == "hardtanh.default") {
    auto x = self_r();
    if (!x) return x.error();
    const ir::Argument* lo = nullptr;
    const ir::Argument* hi = nullptr;
    if (op == "clamp.default") {
      lo = arg(1, "min");
      hi = arg(2, "max");
    } else if (op == "clamp_min.default") {
      lo = arg(1, "min");
    } else if (op == "clamp_max.default") {
      hi = arg(1, "max");
    } else {
      lo = arg(1, "min_val");
      hi = arg(2, "max_val");
    }
    double l = num(lo, -1), h = num(hi, 1);
    auto t0 = out_type();
    if (!t0) return t0.error();
    ExprP lo_c = op == "hardtanh.default" && !is_number(lo) ? number(*t0, -1) : scalar_constant(lo, *t0, l);
    ExprP hi_c = op == "hardtanh.default" && !is_number(hi) ? number(*t0, 1) : scalar_constant(hi, *t0, h);
    bool has_lo = op == "hardtanh.default" || is_number(lo), has_hi = op == "hardtanh.default" || is_number(hi);
    for (const ir::Argument* bound : {lo, hi})
      if (bound && bound->kind != ir::Argument::Kind::none && !is_number(bound))
        return Error{"clamp with tensor bounds is not supported by the native backend"};
    auto t = out_type();
    if (!t) return t.error();
    Type ty = *t;
    define(0, map(ty, {*x}, ty, [=](const std::vector<ExprP>& v) {
      ExprP r = v[0];
      if (has_lo) r = binary("max", r, lo_c, ty);
      if (has_hi) r = binary("min", r, hi_c, ty);
      return r;
    }, sizes));
    return Status::ok();
  }
  if (op == "leaky_relu.default") {
    auto x = self_r();
    if (!x) return x.error();
    double slope = num(arg(1, "negative_slope"), 0.01);
    Type ty = x->type;
    define(0, map(ty, {*x}, ty, [=](const std::vector<ExprP>& v) {
      return select(binary(">", v[0], number(ty, 0), Type::b8), v[0], binary("*", v[0], number(ty, slope), ty));
    }, sizes));
    return Status::ok();
  }

  // ---- reductions
  if (op == "sum.dim_IntList" || op == "mean.dim" || op == "amax.default" || op == "amin.default" ||
      op == "sum.default" || op == "mean.default" || op == "max.default" || op == "min.default") {
    auto x = self_r();
    if (!x) return x.error();
    const bool whole = op == "sum.default" || op == "mean.default" || op == "max.default" || op == "min.default";
    auto dims = int_list(whole ? nullptr : arg(1, "dim"));
    if (!dims) return dims.error();
    bool keepdim = num(arg(2, "keepdim"), 0) != 0;
    auto t = out_type();
    if (!t) return t.error();
    std::string combine = base == "amax" || base == "max" ? "max" : base == "amin" || base == "min" ? "min" : "sum";
    return lower_reduction(*x, *dims, keepdim, combine, *t, base == "mean");
  }
  if (op == "_softmax.default" || op == "_log_softmax.default") {
    auto x = self_r();
    if (!x) return x.error();
    auto dim = integer(arg(1, "dim"), -1);
    if (!dim) return dim.error();
    auto t = out_type();
    if (!t) return t.error();
    Type ty = *t;
    Value xv = *x;
    std::vector<size_t> red = {static_cast<size_t>(wrap_dim(*dim, xv.sizes.size()))};
    auto identity = [](ExprP a, const Index&) { return a; };
    auto mx = reduce(xv, red, "max", ty, [xv](const Index& i) { return xv.at(i); }, identity);
    if (!mx) return mx.error();
    Value m = *mx;
    auto sm = reduce(xv, red, "sum", ty, [xv, m, red, ty](const Index& i) {
      return unary("exp", binary("-", cast(xv.at(i), ty), m.at(kept_index(i, red)), ty), ty);
    }, identity);
    if (!sm) return sm.error();
    Value s = *sm;
    bool log = base == "_log_softmax";
    define(0, lazy(ty, xv.sizes, [xv, m, s, red, ty, log](const Index& i) {
      ExprP shifted = binary("-", cast(xv.at(i), ty), m.at(kept_index(i, red)), ty);
      if (log) return binary("-", shifted, unary("log", s.at(kept_index(i, red)), ty), ty);
      return binary("/", unary("exp", shifted, ty), s.at(kept_index(i, red)), ty);
    }, (xv.realized() ? 1 : xv.cost) + 4));
    return Status::ok();
  }
  if (op == "native_layer_norm.default") {
    auto x = tensor(arg(0, "input"));
    if (!x) return x.error();
    auto shape = int_list(arg(1, "normalized_shape"));
    if (!shape) return shape.error();
    const ir::Argument* wa = arg(2, "weight");
    const ir::Argument* ba = arg(3, "bias");
    double eps = num(arg(4, "eps"), 1e-5);
    Value xv = *x;
    Type ty = xv.type;
    if (!is_float(ty)) return Error{"layer norm of a non-float tensor"};
    size_t n = xv.sizes.size(), k = shape->size();
    std::vector<size_t> red;
    std::string count = "1";
    for (size_t d = n - k; d < n; ++d) {
      red.push_back(d);
      count = smul(count, xv.sizes[d]);
    }
    auto mean = reduce(xv, red, "sum", ty, [xv](const Index& i) { return xv.at(i); },
                       [count, ty](ExprP a, const Index&) { return binary("/", a, cast(index_constant(count), ty), ty); });
    if (!mean) return mean.error();
    Value mv = *mean;
    auto rstd = reduce(xv, red, "sum", ty, [xv, mv, red, ty](const Index& i) {
      ExprP d = binary("-", xv.at(i), mv.at(kept_index(i, red)), ty);
      return binary("*", d, d, ty);
    }, [count, ty, eps](ExprP a, const Index&) {
      return unary("rsqrt", binary("+", binary("/", a, cast(index_constant(count), ty), ty), number(ty, eps), ty), ty);
    });
    if (!rstd) return rstd.error();
    Value rv = *rstd;
    std::optional<Value> w, b;
    if (wa && wa->kind == ir::Argument::Kind::ref) {
      auto v = tensor(wa);
      if (!v) return v.error();
      w = *v;
    }
    if (ba && ba->kind == ir::Argument::Kind::ref) {
      auto v = tensor(ba);
      if (!v) return v.error();
      b = *v;
    }
    define(0, lazy(ty, xv.sizes, [xv, mv, rv, w, b, red, ty, n, k](const Index& i) {
      Index tail(i.end() - static_cast<long>(k), i.end());
      ExprP y = binary("*", binary("-", xv.at(i), mv.at(kept_index(i, red)), ty), rv.at(kept_index(i, red)), ty);
      if (w) y = binary("*", y, cast(w->at(tail), ty), ty);
      if (b) y = binary("+", y, cast(b->at(tail), ty), ty);
      (void)n;
      return y;
    }, (xv.realized() ? 1 : xv.cost) + 6));
    // mean and rstd as the graph shapes them (kept dimensions, then 1s).
    for (size_t o = 1; o < node.outputs.size() && o < 3; ++o) {
      auto s = out_sizes(o);
      if (!s) return s.error();
      if (out(o).name) values_[*out(o).name] = reshaped(o == 1 ? mv : rv, *s);
    }
    return Status::ok();
  }
  if (op == "native_batch_norm.default" || op == "_native_batch_norm_legit_no_training.default") {
    bool legit = op != "native_batch_norm.default";
    if (!legit && num(arg(5, "training"), 0) != 0) return Error{"batch norm in training mode is not supported by the native backend"};
    auto x = tensor(arg(0, "input"));
    if (!x) return x.error();
    std::optional<Value> w, b;
    for (int i : {1, 2})
      if (const auto* a = arg(static_cast<size_t>(i), i == 1 ? "weight" : "bias"); a && a->kind == ir::Argument::Kind::ref) {
        auto v = tensor(a);
        if (!v) return v.error();
        (i == 1 ? w : b) = *v;
      }
    auto rm = tensor(arg(3, "running_mean"));
    auto rvar = tensor(arg(4, "running_var"));
    if (!rm || !rvar) return Error{"batch norm without running statistics"};
    double eps = num(arg(legit ? 6 : 7, "eps"), 1e-5);
    for (size_t o = 1; o < node.outputs.size(); ++o)
      if (out(o).name && uses_[*out(o).name] > 0) return Error{"batch norm's saved statistics are used"};
    // Right after the convolution that computed its input (read by nothing
    // else), with weights for statistics: folded into the convolution's
    // weight and bias when the model is created.
    {
      const ir::Argument* input = arg(0, "input");
      auto is_weight = [&](const std::optional<Value>& v) {
        return !v || (v->realized() && p_.buffers[static_cast<size_t>(v->buffer)].kind == Buffer::Kind::weight &&
                      v->offset == "0" && v->sizes.size() == 1 && v->strides[0] == "1");
      };
      if (input && input->kind == ir::Argument::Kind::ref && input->text == last_product_name_ &&
          uses_[input->text] == 1 && last_product_ + 1 == p_.kernels.size() &&
          p_.kernels[last_product_].kind == Kernel::Kind::conv && p_.kernels[last_product_].eltwise.empty() &&
          p_.kernels[last_product_].conv.bn_mean < 0 && is_weight(*rm) && is_weight(*rvar) && is_weight(w) &&
          is_weight(b) && rm->type == Type::f32 && rvar->type == Type::f32 && out(0).name) {
        auto& c = p_.kernels[last_product_].conv;
        c.bn_mean = rm->buffer;
        c.bn_var = rvar->buffer;
        c.bn_weight = w ? w->buffer : -1;
        c.bn_bias = b ? b->buffer : -1;
        c.bn_eps = eps;
        p_.kernels[last_product_].comment += "  + batch norm";
        values_[*out(0).name] = values_.at(input->text);
        last_product_name_ = *out(0).name;
        ++p_.fused_operators;
        return Status::ok();
      }
    }
    Value xv = *x, mv = *rm, vv = *rvar;
    Type ty = xv.type;
    if (xv.sizes.size() < 2) return Error{"batch norm of a tensor without channels"};
    // Per channel first (C elements, each run): scale = weight / sqrt(var + eps),
    // shift = bias - mean * scale; the element-wise part is then one multiply-add.
    const std::vector<std::string> channels = {xv.sizes[1]};
    Value scale = realize(lazy(ty, channels, [=](const Index& c) {
      ExprP r = unary("rsqrt", binary("+", cast(vv.at(c), ty), number(ty, eps), ty), ty);
      return w ? binary("*", r, cast(w->at(c), ty), ty) : r;
    }, 4));
    Value shift = realize(lazy(ty, channels, [=](const Index& c) {
      ExprP r = binary("*", number(ty, -1), binary("*", cast(mv.at(c), ty), scale.at(c), ty), ty);
      return b ? binary("+", r, cast(b->at(c), ty), ty) : r;
    }, 4));
    define(0, lazy(ty, xv.sizes, [=](const Index& i) {
      Index c = {i[1]};
      return binary("+", binary("*", xv.at(i), scale.at(c), ty), shift.at(c), ty);
    }, (xv.realized() ? 1 : xv.cost) + 2));
    for (size_t o = 1; o < node.outputs.size(); ++o)
      if (out(o).name && uses_[*out(o).name] > 0) return Error{"batch norm's saved statistics are used"};
    return Status::ok();
  }

  // ---- gathers
  if (op == "embedding.default") {
    auto w = tensor(arg(0, "weight"));
    auto idx = tensor(arg(1, "indices"));
    if (!w) return w.error();
    if (!idx) return idx.error();
    Value wv = *w, iv = *idx;
    if (wv.sizes.size() != 2) return Error{"embedding of a weight that is not 2-D"};
    // The indices are checked before any kernel reads through them.
    check_indices(iv, wv.sizes[0], false);
    size_t n = iv.sizes.size();
    define(0, lazy(wv.type, sizes, [wv, iv, n](const Index& i) {
      Index row(i.begin(), i.begin() + static_cast<long>(n));
      return wv.at({cast(iv.at(row), Type::i64), i[n]});
    }, (iv.realized() ? 1 : iv.cost) + 1));
    return Status::ok();
  }
  if (op == "gather.default") {
    auto x = self_r();
    auto dim = integer(arg(1, "dim"), 0);
    auto idx = tensor(arg(2, "index"));
    if (!x) return x.error();
    if (!dim) return dim.error();
    if (!idx) return idx.error();
    Value xv = *x, iv = *idx;
    size_t d = static_cast<size_t>(wrap_dim(*dim, xv.sizes.size()));
    check_indices(iv, xv.sizes[d], false);
    define(0, lazy(xv.type, sizes, [xv, iv, d](const Index& i) {
      Index j = i;
      j[d] = cast(iv.at(i), Type::i64);
      return xv.at(j);
    }, (iv.realized() ? 1 : iv.cost) + 1));
    return Status::ok();
  }

  if (op == "index.Tensor") {
    auto x = self_r();
    if (!x) return x.error();
    const ir::Argument* list = arg(1, "indices");
    if (!list || list->kind != ir::Argument::Kind::list) return Error{"expected a list of indices"};
    Value xv = *x;
    std::vector<std::optional<Value>> idx;
    std::vector<size_t> tensor_dims;
    for (size_t d = 0; d < list->items.size(); ++d) {
      if (list->items[d].kind == ir::Argument::Kind::none) {
        idx.emplace_back();
        continue;
      }
      auto t = tensor(&list->items[d]);
      if (!t) return t.error();
      if (t->type == Type::b8 || t->type == Type::u8) return Error{"indexing by a boolean mask is not supported by the native backend"};
      idx.push_back(*t);
      tensor_dims.push_back(d);
    }
    if (tensor_dims.empty()) return Error{"indexing without an index tensor"};
    for (size_t i = 1; i < tensor_dims.size(); ++i)
      if (tensor_dims[i] != tensor_dims[i - 1] + 1)
        return Error{"index tensors that are not next to each other are not supported by the native backend"};
    // Result: dims before, the broadcast shape of the indices, dims after.
    const size_t first = tensor_dims.front(), count = tensor_dims.size();
    const size_t after = xv.sizes.size() - first - count;
    const size_t bdims = sizes.size() - first - after;
    std::vector<std::string> bshape(sizes.begin() + static_cast<long>(first), sizes.begin() + static_cast<long>(first + bdims));
    for (size_t d : tensor_dims) {
      check_indices(*idx[d], xv.sizes[d], true);
    }
    int cost = 1;
    for (size_t d : tensor_dims) cost += idx[d]->realized() ? 1 : idx[d]->cost;
    define(0, lazy(xv.type, sizes, [xv, idx, first, count, bdims, bshape](const Index& i) {
      Index j;
      for (size_t d = 0; d < first; ++d) j.push_back(i[d]);
      Index b(i.begin() + static_cast<long>(first), i.begin() + static_cast<long>(first + bdims));
      for (size_t d = first; d < first + count; ++d) {
        ExprP v = cast(idx[d]->at(broadcast_index(*idx[d], bshape, b)), Type::i64);
        j.push_back(select(binary("<", v, index_constant("0"), Type::b8), iadd(v, index_constant(xv.sizes[d])), v));
      }
      for (size_t d = first + bdims; d < i.size(); ++d) j.push_back(i[d]);
      return xv.at(j);
    }, cost));
    return Status::ok();
  }
  if (op == "convolution.default" || op == "conv2d.default") {
    auto x = tensor(arg(0, "input"));
    auto w = tensor(arg(1, "weight"));
    if (!x) return x.error();
    if (!w) return w.error();
    const bool full = op == "convolution.default";
    if (full && num(arg(6, "transposed"), 0) != 0) return Error{"transposed convolution is not supported by the native backend"};
    if (x->sizes.size() != 4) return Error{"only 2-D convolutions are supported by the native backend"};
    auto stride = int_list(arg(3, "stride")), padding = int_list(arg(4, "padding")), dilation = int_list(arg(5, "dilation"));
    if (!stride) return stride.error();
    if (!padding) return padding.error();
    if (!dilation) return dilation.error();
    auto groups = integer(arg(full ? 8 : 6, "groups"), 1);
    if (!groups) return groups.error();
    auto two = [](std::vector<int64_t> v, int64_t d) {
      if (v.empty()) v = {d};
      if (v.size() == 1) v.push_back(v[0]);
      return v;
    };
    std::vector<int64_t> st = two(*stride, 1), pad = two(*padding, 0), dil = two(*dilation, 1);
    Kernel k;
    k.kind = Kernel::Kind::conv;
    k.comment = comment_;
    auto& c = k.conv;
    std::vector<int64_t> xs, ws, os;
    const std::vector<const std::vector<std::string>*> shapes = {&x->sizes, &w->sizes, &sizes};
    std::vector<int64_t>* into[] = {&xs, &ws, &os};
    for (size_t i = 0; i < 3; ++i)
      for (size_t d = 0; d < shapes[i]->size(); ++d) {
        int64_t v = -1;
        // The batch may be dynamic (a primitive is made per batch size met).
        if (!literal((*shapes[i])[d], &v) && !(d == 0 && i != 1))
          return Error{"a convolution of dynamic channels or image sizes is not supported by the native backend"};
        into[i]->push_back(v);
      }
    if (x->type != Type::f32 || w->type != Type::f32) return Error{"convolutions are native for float32 only"};
    if (!w->realized() || p_.buffers[static_cast<size_t>(w->buffer)].kind != Buffer::Kind::weight || !w->contiguous() ||
        w->offset != "0")
      return Error{"a convolution whose weight is computed is not supported by the native backend"};
    c = {xs[0], xs[1], xs[2], xs[3], ws[0], ws[2], ws[3], os[2], os[3], st[0], st[1], pad[0], pad[1], dil[0], dil[1], *groups,
         x->sizes[0]};
    Value xv = contiguous(*x);
    k.a.buffer = xv.buffer;
    k.a.offset = xv.offset;
    k.b.buffer = w->buffer;
    if (const auto* b = arg(2, "bias"); b && b->kind == ir::Argument::Kind::ref) {
      auto bias = tensor(b);
      if (!bias) return bias.error();
      if (!bias->realized() || p_.buffers[static_cast<size_t>(bias->buffer)].kind != Buffer::Kind::weight ||
          bias->offset != "0" || !bias->contiguous())
        return Error{"a convolution whose bias is computed is not supported by the native backend"};
      k.bias = bias->buffer;
    }
    int target = output_buffer_of_result();
    k.c.buffer = target >= 0 ? target : new_temp(Type::f32, sizes);
    Value r;
    r.type = Type::f32;
    r.sizes = sizes;
    r.buffer = k.c.buffer;
    r.strides = contiguous_strides(sizes);
    p_.kernels.push_back(std::move(k));
    last_product_ = p_.kernels.size() - 1;
    last_product_name_ = out(0).name ? *out(0).name : "";
    if (out(0).name) values_[*out(0).name] = r;
    return Status::ok();
  }
  if (op == "max_pool2d_with_indices.default" || op == "max_pool2d.default" || op == "avg_pool2d.default") {
    auto x = self_r();
    if (!x) return x.error();
    if (x->sizes.size() != 4) return Error{"only pooling of 4-D tensors is supported by the native backend"};
    for (size_t i = 1; i < node.outputs.size(); ++i)
      if (out(i).name && uses_[*out(i).name] > 0) return Error{"max pooling's indices are used"};
    const bool avg = base == "avg_pool2d";
    auto kernel = int_list(arg(1, "kernel_size")), stride = int_list(arg(2, "stride")), padding = int_list(arg(3, "padding"));
    if (!kernel) return kernel.error();
    if (!stride) return stride.error();
    if (!padding) return padding.error();
    auto dilation = avg ? Expected<std::vector<int64_t>>(std::vector<int64_t>{1}) : int_list(arg(4, "dilation"));
    if (!dilation) return dilation.error();
    auto two = [](std::vector<int64_t> v, std::vector<int64_t> d) {
      if (v.empty()) v = d;
      if (v.size() == 1) v.push_back(v[0]);
      return v;
    };
    std::vector<int64_t> ks = two(*kernel, {1}), st = two(*stride, ks), pad = two(*padding, {0}), dil = two(*dilation, {1});
    bool count_include_pad = avg ? num(arg(5, "count_include_pad"), 1) != 0 : true;
    if (avg && arg(6, "divisor_override") && arg(6, "divisor_override")->kind != ir::Argument::Kind::none)
      return Error{"avg_pool2d with a divisor_override is not supported by the native backend"};
    if (avg && num(arg(4, "ceil_mode"), 0) != 0)
      return Error{"avg_pool2d with ceil_mode is not supported by the native backend"};
    if (avg && !count_include_pad && (pad[0] || pad[1]))
      return Error{"avg_pool2d excluding padding is not supported by the native backend"};
    Value xv = *x;
    Type ty = xv.type;
    if (ks[0] * ks[1] <= 25) {
      // A small window: one pointwise expression over its elements, unrolled,
      // vectorised along the output's rows and fused like any other.
      bool within = pad[0] == 0 && pad[1] == 0;  // every window inside the input: no bounds tests
      for (size_t d = 0; d < 2 && within; ++d) {
        int64_t in_size, out_size;
        within = literal(xv.sizes[2 + d], &in_size) && literal(sizes[2 + d], &out_size) &&
                 (out_size - 1) * st[d] + (ks[d] - 1) * dil[d] <= in_size - 1;
      }
      int cost = (xv.realized() ? 1 : xv.cost) * static_cast<int>(ks[0] * ks[1]) + static_cast<int>(ks[0] * ks[1]);
      std::vector<std::string> in_sizes = xv.sizes;
      define(0, lazy(ty, sizes, [xv, ks, st, pad, dil, within, avg, ty, in_sizes](const Index& o) {
        ExprP result;
        for (int64_t r0 = 0; r0 < ks[0]; ++r0)
          for (int64_t r1 = 0; r1 < ks[1]; ++r1) {
            Index in = {o[0], o[1], nullptr, nullptr};
            ExprP inside;
            const int64_t r[2] = {r0, r1};
            for (size_t d = 0; d < 2; ++d) {
              ExprP pos = iadd(imul(o[2 + d], std::to_string(st[d])), index_constant(std::to_string(r[d] * dil[d] - pad[d])));
              if (within) {
                in[2 + d] = pos;
                continue;
              }
              ExprP ok = binary("&&", binary(">=", pos, index_constant("0"), Type::b8),
                                binary("<", pos, index_constant(in_sizes[2 + d]), Type::b8), Type::b8);
              inside = inside ? binary("&&", inside, ok, Type::b8) : ok;
              ExprP last = index_constant(sadd(in_sizes[2 + d], "-1"));
              in[2 + d] = binary("max", binary("min", pos, last, Type::i64), index_constant("0"), Type::i64);
            }
            ExprP v = xv.at(in);
            if (!within) v = select(inside, v, avg ? number(ty, 0) : number(ty, -INFINITY));
            result = !result ? v : binary(avg ? "+" : "max", result, v, ty);
          }
        return avg ? binary("/", result, number(ty, static_cast<double>(ks[0] * ks[1])), ty) : result;
      }, cost));
      return Status::ok();
    }
    Kernel k;
    k.kind = Kernel::Kind::reduction;
    k.comment = comment_;
    k.combine = avg ? "sum" : "max";
    k.sizes = sizes;
    k.reduced = {std::to_string(ks[0]), std::to_string(ks[1])};
    Index o = loop_vars("i", 4), r = loop_vars("r", 2);
    Index in(4);
    in[0] = o[0];
    in[1] = o[1];
    ExprP inside;
    for (size_t d = 0; d < 2; ++d) {
      // o * stride - padding + r * dilation, tested against the input's size
      ExprP pos = binary("-", iadd(imul(o[2 + d], std::to_string(st[d])), imul(r[d], std::to_string(dil[d]))),
                         index_constant(std::to_string(pad[d])), Type::i64);
      ExprP ok = binary("&&", binary(">=", pos, index_constant("0"), Type::b8),
                        binary("<", pos, index_constant(xv.sizes[2 + d]), Type::b8), Type::b8);
      inside = inside ? binary("&&", inside, ok, Type::b8) : ok;
      // Clamped into the tensor: the load stays in bounds when the window is not.
      ExprP last = index_constant(sadd(xv.sizes[2 + d], "-1"));
      in[2 + d] = binary("min", binary("max", pos, index_constant("0"), Type::i64), last, Type::i64);
    }
    ExprP value = xv.at(in);
    k.body = select(inside, value, avg ? number(ty, 0) : number(ty, -INFINITY));
    Expr a;
    a.kind = Expr::Kind::var;
    a.type = ty;
    a.text = "acc";
    ExprP acc = make(std::move(a));
    k.epilogue = avg ? binary("/", acc, number(ty, static_cast<double>(ks[0] * ks[1])), ty) : acc;
    int target = output_buffer_of_result();
    k.out = target >= 0 ? target : new_temp(ty, sizes);
    Value rv;
    rv.type = ty;
    rv.sizes = sizes;
    rv.buffer = k.out;
    rv.strides = contiguous_strides(sizes);
    p_.kernels.push_back(std::move(k));
    if (out(0).name) values_[*out(0).name] = rv;
    return Status::ok();
  }
  if (op == "cumsum.default") {
    auto x = self_r();
    if (!x) return x.error();
    auto dim = integer(arg(1, "dim"), 0);
    if (!dim) return dim.error();
    auto t = out_type();
    if (!t) return t.error();
    Value xv = *x;
    if (xv.sizes.empty()) {  // a number's running sum is itself
      define(0, map(*t, {xv}, *t, [](const std::vector<ExprP>& v) { return v[0]; }, sizes));
      return Status::ok();
    }
    Kernel k;
    k.kind = Kernel::Kind::scan;
    k.comment = comment_;
    k.sizes = xv.sizes;
    k.scan_dim = static_cast<size_t>(wrap_dim(*dim, xv.sizes.size()));
    Index full = loop_vars("i", xv.sizes.size());
    if (!full.empty()) full[k.scan_dim] = var("r0");
    k.body = cast(xv.at(full), *t);
    k.out = new_temp(*t, xv.sizes);
    Value r;
    r.type = *t;
    r.sizes = xv.sizes;
    r.buffer = k.out;
    r.strides = contiguous_strides(xv.sizes);
    p_.kernels.push_back(std::move(k));
    define(0, r);
    return Status::ok();
  }
  if (op == "cat.default") {
    const ir::Argument* list = arg(0, "tensors");
    if (!list || list->kind != ir::Argument::Kind::list) return Error{"expected a list of tensors"};
    auto dim = integer(arg(1, "dim"), 0);
    if (!dim) return dim.error();
    std::vector<Value> parts;
    for (const auto& item : list->items) {
      auto t = tensor(&item);
      if (!t) return t.error();
      // Legacy: a 1-D empty tensor is skipped by cat.
      if (t->sizes.size() == 1 && t->sizes[0] == "0" && sizes.size() != 1) continue;
      parts.push_back(*t);
    }
    // Parts empty along the dimension add nothing (and have nothing to read).
    {
      size_t dd = static_cast<size_t>(wrap_dim(*dim, sizes.size()));
      std::vector<Value> kept;
      for (auto& v : parts)
        if (v.sizes.size() <= dd || v.sizes[dd] != "0") kept.push_back(v);
      parts.swap(kept);
    }
    size_t d = static_cast<size_t>(wrap_dim(*dim, sizes.size()));
    auto t = out_type();
    if (!t) return t.error();
    if (parts.empty()) {  // an empty result: nothing is ever read
      define(0, lazy(*t, sizes, [ty = *t](const Index&) { return number(ty, 0); }, 0));
      return Status::ok();
    }
    Type ty = *t;
    int cost = 1;
    for (const auto& v : parts) cost += (v.realized() ? 1 : v.cost) + 2;
    // Each part read at its index clamped into range (always in bounds), the
    // one whose range holds the index selected.
    define(0, lazy(ty, sizes, [parts, d, ty](const Index& i) {
      ExprP result;
      std::string start = "0";
      std::vector<std::pair<ExprP, ExprP>> pieces;  // (index < end of part, value)
      for (const auto& v : parts) {
        ExprP local = binary("-", i[d], index_constant(start), Type::i64);
        ExprP last = index_constant(sadd(v.sizes[d], "-1"));
        ExprP clamped = binary("max", binary("min", local, last, Type::i64), index_constant("0"), Type::i64);
        Index j = i;
        j[d] = clamped;
        start = sadd(start, v.sizes[d]);
        pieces.emplace_back(binary("<", i[d], index_constant(start), Type::b8), cast(v.at(j), ty));
      }
      result = pieces.back().second;
      for (size_t k = pieces.size() - 1; k-- > 0;) result = select(pieces[k].first, pieces[k].second, result);
      return result;
    }, cost));
    return Status::ok();
  }

  // ---- matrix products
  if (op == "mm.default" || op == "bmm.default" || op == "addmm.default" || op == "baddbmm.default" ||
      op == "matmul.default") {
    bool with_bias = op == "addmm.default" || op == "baddbmm.default";
    auto a = tensor(arg(with_bias ? 1 : 0, with_bias ? "mat1" : "self"));
    auto b = tensor(arg(with_bias ? 2 : 1, with_bias ? "mat2" : "mat2"));
    if (op == "baddbmm.default") {
      a = tensor(arg(1, "batch1"));
      b = tensor(arg(2, "batch2"));
    }
    if (op == "matmul.default") b = tensor(arg(1, "other"));
    if (!a) return a.error();
    if (!b) return b.error();
    if (a->sizes.size() < 2 || b->sizes.size() < 2) return Error{"a matrix product of vectors is not supported by the native backend"};
    std::optional<Value> bias;
    double beta = 0, alpha = 1;
    if (with_bias) {
      auto s = tensor(arg(0, "self"));
      if (!s) return s.error();
      bias = *s;
      beta = num(arg(3, "beta"), 1);
      alpha = num(arg(4, "alpha"), 1);
    }
    int target = output_buffer_of_result();
    auto r = gemm(*a, *b, alpha, bias, beta, sizes, target);
    if (!r) return r.error();
    if (out(0).name) values_[*out(0).name] = *r;
    last_product_name_ = out(0).name ? *out(0).name : "";
    return Status::ok();
  }
  if (op == "_scaled_dot_product_flash_attention_for_cpu.default") {
    auto q = tensor(arg(0, "query"));
    auto k = tensor(arg(1, "key"));
    auto v = tensor(arg(2, "value"));
    if (!q) return q.error();
    if (!k) return k.error();
    if (!v) return v.error();
    if (num(arg(3, "dropout_p"), 0) != 0) return Error{"attention dropout is not supported by the native backend"};
    bool causal = num(arg(4, "is_causal"), 0) != 0;
    std::optional<Value> mask;
    if (const auto* m = arg(5, "attn_mask"); m && m->kind == ir::Argument::Kind::ref) {
      auto given = tensor(m);
      if (!given) return given.error();
      mask = *given;
    }
    Value qv = *q, kv = *k, vv = *v;
    size_t n = qv.sizes.size();
    std::string e = qv.sizes[n - 1];
    int64_t e_value = 0;
    double scale = num(arg(6, "scale"), NAN);
    if (std::isnan(scale)) {
      if (!literal(e, &e_value)) return Error{"attention with a dynamic head size and no scale"};
      scale = 1.0 / std::sqrt(static_cast<double>(e_value));
    }
    // scores = scale * q k^T; masked; softmax over the keys; times v.
    std::vector<std::string> ssizes(qv.sizes.begin(), qv.sizes.end() - 1);
    ssizes.push_back(kv.sizes[n - 2]);
    Value kt = permuted(kv, [&] {
      std::vector<int64_t> p(n);
      for (size_t i = 0; i < n; ++i) p[i] = static_cast<int64_t>(i);
      std::swap(p[n - 1], p[n - 2]);
      return p;
    }());
    auto scores = gemm(qv, kt, scale, std::nullopt, 0, ssizes, -1);
    if (!scores) return scores.error();
    Value sv = *scores;
    Value masked = sv;
    if (causal || mask) {
      masked = lazy(Type::f32, ssizes, [sv, causal, mask, ssizes, n](const Index& i) {
        ExprP x = sv.at(i);
        if (mask) {
          ExprP mval = mask->at(broadcast_index(*mask, ssizes, i));
          if (mask->type == Type::b8)
            x = select(mval, x, number(Type::f32, -INFINITY));
          else
            x = binary("+", x, cast(mval, Type::f32), Type::f32);
        }
        if (causal) x = select(binary(">", i[n - 1], i[n - 2], Type::b8), number(Type::f32, -INFINITY), x);
        return x;
      }, 3);
    }
    std::vector<size_t> red = {n - 1};
    auto identity = [](ExprP a, const Index&) { return a; };
    auto mx = reduce(masked, red, "max", Type::f32, [masked](const Index& i) { return masked.at(i); }, identity);
    if (!mx) return mx.error();
    Value m = *mx;
    auto sm = reduce(masked, red, "sum", Type::f32, [masked, m, red](const Index& i) {
      return unary("exp", binary("-", masked.at(i), m.at(kept_index(i, red)), Type::f32), Type::f32);
    }, identity);
    if (!sm) return sm.error();
    Value s = *sm;
    Value probs = lazy(Type::f32, ssizes, [masked, m, s, red](const Index& i) {
      return binary("/", unary("exp", binary("-", masked.at(i), m.at(kept_index(i, red)), Type::f32), Type::f32),
                    s.at(kept_index(i, red)), Type::f32);
    }, 6);
    int target = output_buffer_of_result();
    auto o = gemm(probs, vv, 1.0, std::nullopt, 0, sizes, target);
    if (!o) return o.error();
    if (out(0).name) values_[*out(0).name] = *o;
    for (size_t i = 1; i < node.outputs.size(); ++i)
      if (out(i).name && uses_[*out(i).name] > 0) return Error{"attention's logsumexp output is used"};
    return Status::ok();
  }
  return Error{"not supported by the native backend"};
}

// An in-place operator's out-of-place twin ("aten::sigmoid_.default" ->
// "aten::sigmoid.default"), or "" (a dunder such as __iand__, not in place).
std::string out_of_place(const std::string& op) {
  size_t colons = op.find("::"), dot = op.find('.', colons == std::string::npos ? 0 : colons);
  if (colons == std::string::npos || dot == std::string::npos || dot < colons + 4) return {};
  std::string base = op.substr(colons + 2, dot - colons - 2);
  if (base.back() != '_' || base.compare(0, 2, "__") == 0) return {};
  return op.substr(0, colons + 2) + base.substr(0, base.size() - 1) + op.substr(dot);
}

// Operators whose results are views of their first argument without saying
// so in their schema (unsafe_split), each result a disjoint part of it.
bool splits(const std::string& op) {
  static const std::set<std::string> kSplits = {
      "aten::unsafe_split.Tensor", "aten::unsafe_split_with_sizes.default", "aten::unsafe_chunk.default",
      "aten::split.Tensor", "aten::split_with_sizes.default", "aten::chunk.default", "aten::unbind.int"};
  return kSplits.count(op) > 0;
}

void each_ref(ir::Argument& a, const std::function<void(std::string&)>& f) {
  if (a.kind == ir::Argument::Kind::ref) f(a.text);
  for (auto& i : a.items) each_ref(i, f);
}

// The graph with each in-place operator on a tensor the graph made itself
// rewritten out of place, where nothing reads that tensor's storage
// afterwards but through the operator's result (nn.LSTMCell's
// `gates.unsafe_chunk(4, 1)[0].sigmoid_()`, `(f * c).add_(i * g)`): its
// result is then a new value, and later reads of the written tensor (an
// output returned under the old name too) read the result. A write into
// the caller's tensors (a parameter's add_, an input's), or one whose
// storage something else still reads, is left in place (and refused).
ir::Graph functionalized(const ir::Graph& graph) {
  ir::Graph g = graph;
  std::set<std::string> inputs;
  for (const auto& in : g.inputs) inputs.insert(in.name);
  std::map<std::string, std::string> root, renamed;
  std::map<std::string, size_t> split_node;  // a split's result -> the split's node
  auto root_of = [&](const std::string& n) {
    auto it = root.find(n);
    return it == root.end() ? n : it->second;
  };
  auto first_ref = [](const ir::Node& node) -> std::optional<std::string> {
    for (const auto& a : node.args)
      if (a.kind == ir::Argument::Kind::ref) return a.text;
    return std::nullopt;
  };
  for (size_t n = 0; n < g.nodes.size(); ++n) {
    ir::Node& node = g.nodes[n];
    auto rename = [&](std::string& name) {
      auto it = renamed.find(name);
      if (it != renamed.end()) name = it->second;
    };
    for (auto& a : node.args) each_ref(a, rename);
    for (auto& [k, a] : node.kwargs) each_ref(a, rename);
    auto base = first_ref(node);
    if (node.mutates.empty()) {
      for (const auto& o : node.outputs) {
        if (!o.name || !base) continue;
        if (o.alias == "view" || splits(node.op)) root[*o.name] = root_of(*base);
        if (splits(node.op)) split_node[*o.name] = n;
      }
      continue;
    }
    if (node.mutates != std::vector<std::string>{"self"} || node.outputs.size() != 1 || !node.outputs[0].name ||
        !node.outputs[0].meta || node.args.empty() || node.args[0].kind != ir::Argument::Kind::ref)
      continue;
    const std::string x = node.args[0].text, y = *node.outputs[0].name, rx = root_of(x);
    std::string functional = out_of_place(node.op);
    ir::TensorMeta& meta = *node.outputs[0].meta;
    bool dynamic = !meta.sym_shape.empty() || !meta.sym_stride.empty() || !meta.sym_storage_offset.empty();
    root[y] = rx;
    if (functional.empty() || inputs.count(rx) || dynamic) continue;
    auto x_split = split_node.find(x);
    bool shared = false;
    auto check = [&](const std::string& name) {
      if (name == x || name == y || root_of(name) != rx) return;
      auto s = split_node.find(name);
      if (s != split_node.end() && x_split != split_node.end() && s->second == x_split->second) return;  // disjoint part
      shared = true;
    };
    for (size_t m = n + 1; m < g.nodes.size() && !shared; ++m) {
      for (auto& a : g.nodes[m].args) each_ref(a, check);
      for (auto& [k, a] : g.nodes[m].kwargs) each_ref(a, check);
    }
    for (const auto& o : g.outputs) check(o.name);
    if (shared) continue;
    node.op = functional;
    node.mutates.clear();
    node.outputs[0].alias.clear();
    int64_t step = 1;
    meta.stride.assign(meta.shape.size(), 1);
    for (size_t d = meta.shape.size(); d-- > 0;) {
      meta.stride[d] = step;
      step *= std::max<int64_t>(meta.shape[d], 1);
    }
    meta.storage_offset = 0;
    root[y] = y;
    for (auto& [from, to] : renamed)
      if (to == x) to = y;  // (clone -> add_ -> mul_: an earlier name now reads the latest result)
    renamed[x] = y;
  }
  for (auto& o : g.outputs) {
    auto it = renamed.find(o.name);
    if (it != renamed.end()) o.name = it->second;
  }
  return g;
}

}  // namespace

std::vector<std::string> unsupported_operators(const ir::Graph& original) {
  const ir::Graph graph = functionalized(original);
  std::vector<std::string> r;
  std::vector<int> weight_of(graph.inputs.size(), -1);
  int w = 0;
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    const auto& k = graph.inputs[i].kind;
    if (k == "parameter" || k == "buffer" || k == "constant") weight_of[i] = w++;
  }
  // Lowering is cheap: once over the graph, every refused operator named
  // (once per operator), past the first.
  std::set<std::string> named;
  for (const auto& node : graph.nodes) {
    if ((node.mutates.empty() && node.subgraphs.is_null()) || !named.insert(node.op).second) continue;
    if (!node.mutates.empty())
      r.push_back("operator " + printable(node.op) + " (" + printable(node.name) +
                  ") writes a tensor in place, which the native backend does not support");
    else if (!node.subgraphs.is_null())
      r.push_back("operator " + printable(node.op) + " holds functions the native backend cannot compile");
  }
  if (!r.empty()) return r;
  Lowerer l(graph, weight_of);
  l.survey();
  auto lowered = l.run();
  if (lowered) return r;
  r = l.refusals();
  if (r.empty()) r.push_back(lowered.error().message);
  return r;
}

Expected<Program> lower(const ir::Graph& original, const std::vector<int>& weight_of) {
  const ir::Graph graph = functionalized(original);
  for (const auto& node : graph.nodes) {
    if (!node.mutates.empty())
      return Error{"operator " + printable(node.op) + " (" + printable(node.name) +
                   ") writes a tensor in place, which the native backend does not support"};
    if (!node.subgraphs.is_null())
      return Error{"operator " + printable(node.op) + " holds functions the native backend cannot compile"};
  }
  Lowerer l(graph, weight_of);
  return l.run();
}

}  // namespace dynx::exporter::native
