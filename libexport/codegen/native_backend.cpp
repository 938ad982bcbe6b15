// The native backend's emission (see native_backend.hpp and native_ir.hpp).
#include "dynx/export/native_backend.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "dynx/export/cpp_writer.hpp"
#include "dynx/export/native_ir.hpp"
#include "dynx/strings.hpp"

namespace dynx::exporter {

using native::Buffer;
using native::Expr;
using native::ExprP;
using native::Kernel;
using native::Type;

namespace {

// Emits an expression DAG as C++: shared nodes become locals, once.
class ExprWriter {
 public:
  ExprWriter(CppWriter& w, std::map<int, std::string>& params, int& counter) : w_(w), params_(params), counter_(counter) {}
  std::string operator()(const ExprP& e) {
    if (auto it = names_.find(e.get()); it != names_.end()) return it->second;
    std::string text = render(e);
    if (e->kind == Expr::Kind::constant || e->kind == Expr::Kind::var) return text;
    std::string name = "t" + std::to_string(counter_++);
    w_.line("const " + std::string(native::c_type(e->type)) + " " + name + " = " + text + ";");
    names_[e.get()] = name;
    return name;
  }

 private:
  CppWriter& w_;
  std::map<int, std::string>& params_;
  int& counter_;
  std::map<const Expr*, std::string> names_;

  std::string render(const ExprP& e) {
    const std::string t = native::c_type(e->type);
    switch (e->kind) {
      case Expr::Kind::constant: return native::is_float(e->type) || e->type == Type::b8 ? t + "(" + e->text + ")" : "int64_t(" + e->text + ")";
      case Expr::Kind::var: return e->text;
      case Expr::Kind::load: return params_.at(e->buffer) + "[" + (*this)(e->args[0]) + "]";
      case Expr::Kind::cast: return "static_cast<" + t + ">(" + (*this)(e->args[0]) + ")";
      case Expr::Kind::select:
        return "(" + (*this)(e->args[0]) + " ? " + (*this)(e->args[1]) + " : " + (*this)(e->args[2]) + ")";
      case Expr::Kind::unary: {
        std::string x = (*this)(e->args[0]);
        const std::string& f = e->text;
        if (f == "neg") return "(-" + x + ")";
        if (f == "!") return "(!" + x + ")";
        if (f == "relu") return "(" + x + " < " + t + "(0) ? " + t + "(0) : " + x + ")";
        // float32 exp, tanh, erf: the runtime's vectorisable ones.
        const bool f32 = e->type == Type::f32;
        const std::string exp = f32 ? "dynx::native::exp_f32" : "std::exp";
        if (f == "sigmoid") return "(" + t + "(1) / (" + t + "(1) + " + exp + "(-" + x + ")))";
        if (f == "silu") return "(" + x + " / (" + t + "(1) + " + exp + "(-" + x + ")))";
        if (f32 && (f == "exp" || f == "tanh" || f == "erf")) return "dynx::native::" + f + "_f32(" + x + ")";
        if (f == "rsqrt") return "(" + t + "(1) / std::sqrt(" + x + "))";
        if (f == "reciprocal") return "(" + t + "(1) / " + x + ")";
        if (f == "abs") return "std::abs(" + x + ")";
        return "std::" + f + "(" + x + ")";
      }
      case Expr::Kind::binary: {
        std::string a = (*this)(e->args[0]), b = (*this)(e->args[1]);
        const std::string& f = e->text;
        // NaN propagates, as in torch.maximum / torch.minimum / clamp.
        const bool fl = native::is_float(e->type);
        // (spelled so that GCC vectorises it: a + b is the NaN when either is one)
        const std::string nan = fl ? "__builtin_isunordered(" + a + ", " + b + ") ? " + a + " + " + b + " : " : "";
        if (f == "max") return "(" + nan + "((" + a + " < " + b + ") ? " + b + " : " + a + "))";
        if (f == "min") return "(" + nan + "((" + b + " < " + a + ") ? " + b + " : " + a + "))";
        if (f == "pow") return "static_cast<" + t + ">(std::pow(" + a + ", " + b + "))";
        if (f == "remainder") {
          if (native::is_float(e->type))  // torch's: fmod, moved to the divisor's sign
            return "[](" + t + " x, " + t + " y) { " + t + " r = std::fmod(x, y); return (r != 0 && ((y < 0) != (r < 0))) ? r + y : r; }(" +
                   a + ", " + b + ")";
          return "dynx::native::pymod(" + a + ", " + b + ")";
        }
        if (f == "&" || f == "|") return "static_cast<" + t + ">(" + a + " " + f + " " + b + ")";
        return "(" + a + " " + f + " " + b + ")";
      }
    }
    return "0";
  }
};

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string r;
  for (size_t i = 0; i < items.size(); ++i) r += (i ? sep : "") + items[i];
  return r;
}

bool literal_value(const std::string& s, int64_t* v) {
  if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
  *v = std::stoll(s);
  return true;
}

// Buffers a kernel reads, in order of first appearance.
void reads_of(const ExprP& e, std::vector<int>& into, std::set<const Expr*>& seen) {
  if (!e || !seen.insert(e.get()).second) return;  // a DAG: each node once
  if (e->kind == Expr::Kind::load && std::find(into.begin(), into.end(), e->buffer) == into.end()) into.push_back(e->buffer);
  for (const auto& a : e->args) reads_of(a, into, seen);
}
void reads_of(const ExprP& e, std::vector<int>& into) {
  std::set<const Expr*> seen;
  reads_of(e, into, seen);
}
std::vector<int> kernel_buffers(const Kernel& k) {
  std::vector<int> b;
  if (k.kind == Kernel::Kind::gemm || k.kind == Kernel::Kind::conv) {
    b.push_back(k.c.buffer);
    for (int x : {k.a.buffer, k.b.buffer})
      if (std::find(b.begin(), b.end(), x) == b.end()) b.push_back(x);
    return b;
  }
  if (k.out >= 0) b.push_back(k.out);
  reads_of(k.body, b);
  reads_of(k.epilogue, b);
  return b;
}

constexpr int64_t kParallelElements = 1 << 15;

// Nested blocks, closed innermost first.
class Nest {
 public:
  explicit Nest(CppWriter& w) : w_(w) {}
  ~Nest() {
    while (!scopes_.empty()) scopes_.pop_back();
  }
  void open(const std::string& opener) {
    w_.line(opener);
    scopes_.push_back(std::make_unique<CppWriter::Scope>(w_, CppWriter::kBlock, "}"));
  }

 private:
  CppWriter& w_;
  std::vector<std::unique_ptr<CppWriter::Scope>> scopes_;
};

// The loop nest of a pointwise or check kernel, or the outer loops of a
// reduction; `inner` writes the innermost body.
// `decls` declare the kernel's __restrict pointers (p0 = a0, ...): inside
// the parallel region, where they are the threads' own locals (pointers
// shared into an OpenMP region lose __restrict, and with it vectorisation).
void loops(CppWriter& w, const std::vector<std::string>& sizes, bool simd_inner, const std::function<void()>& inner,
           const std::string& work, const std::vector<std::string>& decls, bool may_throw = false) {
  if (sizes.empty()) {
    auto block = w.block("{");
    for (const auto& d : decls) w.line(d);
    inner();
    return;
  }
  int64_t total = 0;
  bool is_static = literal_value(work, &total);
  // A loop that may throw (an index check) runs on the calling thread: an
  // exception must not leave an OpenMP region.
  bool parallel = !may_throw && (!is_static || total >= kParallelElements);
  Nest blocks(w);
  if (parallel) {
    w.line("#pragma omp parallel" +
           (is_static ? std::string() : " if ((" + work + ") >= " + std::to_string(kParallelElements) + ")"));
    blocks.open("{");
  }
  for (const auto& d : decls) w.line(d);
  for (size_t d = 0; d < sizes.size(); ++d) {
    const bool last = d + 1 == sizes.size();
    std::string pragma;
    if (d == 0 && parallel) pragma = "omp for" + std::string(last && simd_inner ? " simd" : "");
    else if (last && simd_inner) pragma = "omp simd";
    if (!pragma.empty()) w.line("#pragma " + pragma);
    std::string i = "i" + std::to_string(d);
    blocks.open("for (int64_t " + i + " = 0; " + i + " < n" + std::to_string(d) + "; ++" + i + ") {");
  }
  inner();
}

std::string linear(const std::vector<std::string>& sizes, const char* prefix) {
  // Row-major position of the loop variables over `sizes`.
  std::string r;
  std::string stride = "1";
  for (size_t d = sizes.size(); d-- > 0;) {
    std::string term = std::string(prefix) + std::to_string(d);
    if (stride != "1") term += " * (" + stride + ")";
    r = r.empty() ? term : term + " + " + r;
    stride = stride == "1" ? sizes[d] : "(" + stride + ") * (" + sizes[d] + ")";
  }
  return r.empty() ? "0" : r;
}

std::string product(const std::vector<std::string>& sizes) {
  int64_t v = 1;
  bool all = true;
  for (const auto& s : sizes) {
    int64_t x;
    if (literal_value(s, &x)) v *= x;
    else all = false;
  }
  if (all) return std::to_string(v);
  std::vector<std::string> parts;
  for (const auto& s : sizes) parts.push_back("(" + s + ")");
  return parts.empty() ? "1" : join(parts, " * ");
}

// The body (everything after the parameter list) of a kernel function.
std::string kernel_body(const Kernel& k, const std::vector<native::Buffer>& buffers, std::map<int, std::string>& params,
                        const std::vector<ir::GraphSymbol>& symbols, const std::vector<std::string>& decls) {
  CppWriter w;
  auto body = w.indented();
  for (size_t s = 0; s < symbols.size(); ++s)
    w.line("const int64_t " + symbols[s].name + " = sym[" + std::to_string(s) + "];").line("(void)" + symbols[s].name + ";");
  int counter = 0;
  if (k.kind == Kernel::Kind::gemm || k.kind == Kernel::Kind::scan)
    for (const auto& d : decls) w.line(d);
  if (k.kind == Kernel::Kind::gemm) {
    for (size_t d = 0; d < k.batch.size(); ++d) w.line("const int64_t n" + std::to_string(d) + " = " + k.batch[d] + ";");
    {
    Nest blocks(w);
    for (size_t d = 0; d < k.batch.size(); ++d) {
      std::string i = "i" + std::to_string(d);
      blocks.open("for (int64_t " + i + " = 0; " + i + " < n" + std::to_string(d) + "; ++" + i + ") {");
    }
    auto at = [&](const Kernel::Operand& o) {
      std::string off = o.offset;
      for (size_t d = 0; d < o.batch_strides.size(); ++d)
        if (o.batch_strides[d] != "0") off += " + i" + std::to_string(d) + " * (" + o.batch_strides[d] + ")";
      return params.at(o.buffer) + " + (" + off + ")";
    };
    w.line("dynx::native::sgemm('" + std::string(1, k.a.trans) + "', '" + std::string(1, k.b.trans) + "', " + k.m + ", " +
           k.n + ", " + k.k + ", " + cpp_double_literal(k.alpha) + "f, " + at(k.a) + ", " + k.a.ld + ", " + at(k.b) + ", " +
           k.b.ld + ", " + cpp_double_literal(k.beta) + "f, " + at(k.c) + ", " + k.c.ld + ");");
    }  // the batch loops closed
    return w.take();
  }
  for (size_t d = 0; d < k.sizes.size(); ++d) w.line("const int64_t n" + std::to_string(d) + " = " + k.sizes[d] + ";");
  if (k.kind == Kernel::Kind::check) {
    w.line("const int64_t bound = " + k.bound + ";");
    loops(w, k.sizes, false, [&] {
      ExprWriter ex(w, params, counter);
      std::string v = ex(k.body);
      w.line("if (" + v + (k.negative_ok ? " < -bound" : " < 0") + " || " + v +
             " >= bound) dynx::native::index_error(" + v + ", bound);");
    }, product(k.sizes), decls, true);
    return w.take();
  }
  const std::string out_type = native::c_type(buffers[static_cast<size_t>(k.out)].type);
  if (k.kind == Kernel::Kind::scan) {
    std::vector<std::string> outer;
    for (size_t d = 0; d < k.sizes.size(); ++d)
      if (d != k.scan_dim) outer.push_back(k.sizes[d]);
    // The outer loops are numbered i0.. as the body names the dimensions.
    std::vector<size_t> dims;
    for (size_t d = 0; d < k.sizes.size(); ++d)
      if (d != k.scan_dim) dims.push_back(d);
    {
    Nest blocks(w);
    for (size_t j = 0; j < dims.size(); ++j) {
      std::string i = "i" + std::to_string(dims[j]);
      blocks.open("for (int64_t " + i + " = 0; " + i + " < (" + k.sizes[dims[j]] + "); ++" + i + ") {");
    }
    w.line(out_type + " acc = 0;");
    blocks.open("for (int64_t r0 = 0; r0 < (" + k.sizes[k.scan_dim] + "); ++r0) {");
    ExprWriter ex(w, params, counter);
    std::string v = ex(k.body);
    std::string pos, stride = "1";
    for (size_t d = k.sizes.size(); d-- > 0;) {
      std::string term = d == k.scan_dim ? "r0" : "i" + std::to_string(d);
      pos = pos.empty() ? term + " * (" + stride + ")" : term + " * (" + stride + ") + " + pos;
      stride = "(" + stride + ") * (" + k.sizes[d] + ")";
    }
    w.line("acc += " + v + ";");
    w.line(params.at(k.out) + "[" + (pos.empty() ? "0" : pos) + "] = acc;");
    }  // the loops closed
    return w.take();
  }
  if (k.kind == Kernel::Kind::pointwise) {
    loops(w, k.sizes, true, [&] {
      ExprWriter ex(w, params, counter);
      std::string v = ex(k.body);
      w.line(params.at(k.out) + "[" + linear(k.sizes, "i") + "] = " + v + ";");
    }, product(k.sizes), decls);
    return w.take();
  }
  // reduction
  for (size_t d = 0; d < k.reduced.size(); ++d) w.line("const int64_t m" + std::to_string(d) + " = " + k.reduced[d] + ";");
  const std::string acc_type = native::c_type(k.body->type);
  std::string init = k.combine == "sum" ? acc_type + "(0)"
                     : k.combine == "max" ? "-std::numeric_limits<" + acc_type + ">::infinity()"
                                          : "std::numeric_limits<" + acc_type + ">::infinity()";
  if (!native::is_float(k.body->type) && k.combine != "sum")
    init = "std::numeric_limits<" + acc_type + ">::" + (k.combine == "max" ? "lowest()" : "max()");
  const bool nan_aware = k.combine != "sum" && native::is_float(k.body->type);
  loops(w, k.sizes, false, [&] {
    w.line(acc_type + " acc = " + init + ";");
    if (nan_aware) w.line("bool nan = false;");
    {
      Nest blocks(w);
      for (size_t d = 0; d < k.reduced.size(); ++d) {
        const bool last = d + 1 == k.reduced.size();
        if (last)
          w.line(std::string("#pragma omp simd reduction(") + (k.combine == "sum" ? "+" : k.combine) + ":acc)" +
                 (nan_aware ? " reduction(|:nan)" : ""));
        std::string r = "r" + std::to_string(d);
        blocks.open("for (int64_t " + r + " = 0; " + r + " < m" + std::to_string(d) + "; ++" + r + ") {");
      }
      ExprWriter ex(w, params, counter);
      std::string v = ex(k.body);
      if (k.combine == "sum") w.line("acc += " + v + ";");
      else if (k.combine == "max") w.line("acc = acc < " + v + " ? " + v + " : acc;");
      else w.line("acc = " + v + " < acc ? " + v + " : acc;");
      if (nan_aware) w.line("nan |= __builtin_isunordered(" + v + ", " + v + ");");
    }
    // max/min propagate NaN as torch's do.
    if (nan_aware) w.line("if (nan) acc = std::numeric_limits<" + acc_type + ">::quiet_NaN();");
    ExprWriter ex(w, params, counter);
    std::string v = ex(k.epilogue);
    w.line(params.at(k.out) + "[" + linear(k.sizes, "i") + "] = static_cast<" + out_type + ">(" + v + ");");
  }, product(k.sizes), decls);
  return w.take();
}

}  // namespace

std::string native_refusal(const ir::Graph& graph) {
  // Every operator that needs libtorch, the first five in full.
  auto r = native::unsupported_operators(graph);
  std::string text;
  for (size_t i = 0; i < r.size() && i < 5; ++i) text += (i ? "; " : "") + r[i];
  if (r.size() > 5) text += "; and " + std::to_string(r.size() - 5) + " more operators";
  return text;
}

Expected<GeneratedModel> NativeBackend::generate(const ir::Graph& graph, const TorchInfo&,
                                                 const std::vector<WeightLayout>& weights,
                                                 const CodegenOptions& options) const {
  GeneratedModel model;
  auto signature = signature_of(graph);
  if (!signature) return signature.error();
  model.signature = *signature;
  for (const auto& s : graph.symbols)
    if (s.name.empty() || s.name.find_first_not_of("s0123456789") != std::string::npos || s.name[0] != 's')
      return Error{"symbol '" + s.name + "' is not a plain symbol name"};

  std::map<std::string, size_t> weight_index;
  for (size_t i = 0; i < weights.size(); ++i) weight_index[weights[i].graph_input] = i;
  std::vector<int> weight_of;
  for (const auto& in : graph.inputs) {
    auto w = weight_index.find(in.name);
    if (w != weight_index.end()) {
      weight_of.push_back(static_cast<int>(w->second));
    } else if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") {
      return Error{"graph input '" + in.name + "' is a weight without data"};
    } else {
      weight_of.push_back(-1);
    }
  }
  auto lowered = native::lower(graph, weight_of);
  if (!lowered) return lowered.error();
  native::Program& p = *lowered;

  // Planning: temporaries whose kernels never overlap share a slot.
  std::vector<int> first(p.buffers.size(), -1), last(p.buffers.size(), -1);
  for (size_t k = 0; k < p.kernels.size(); ++k)
    for (int b : kernel_buffers(p.kernels[k])) {
      if (first[static_cast<size_t>(b)] < 0) first[static_cast<size_t>(b)] = static_cast<int>(k);
      last[static_cast<size_t>(b)] = static_cast<int>(k);
    }
  std::vector<int> slot_end;                       // last kernel of each slot's current tenant
  std::vector<std::vector<int>> slot_tenants;
  std::vector<size_t> temps;
  for (size_t b = 0; b < p.buffers.size(); ++b)
    if (p.buffers[b].kind == Buffer::Kind::temp && first[b] >= 0) temps.push_back(b);
  std::sort(temps.begin(), temps.end(), [&](size_t x, size_t y) { return first[x] < first[y]; });
  for (size_t b : temps) {
    int chosen = -1;
    for (size_t s = 0; s < slot_end.size(); ++s)
      if (slot_end[s] < first[b]) {
        chosen = static_cast<int>(s);
        break;
      }
    if (chosen < 0) {
      chosen = static_cast<int>(slot_end.size());
      slot_end.push_back(-1);
      slot_tenants.emplace_back();
    }
    slot_end[static_cast<size_t>(chosen)] = last[b];
    slot_tenants[static_cast<size_t>(chosen)].push_back(static_cast<int>(b));
    p.buffers[b].index = chosen;
  }

  // Kernels, deduplicated by their text.
  const std::string& ns = options.ns;
  CppWriter kernels_src, forward;
  auto in_forward = forward.indented();
  std::map<std::string, std::string> by_text;
  int unique = 0;
  auto pointer = [&](int b) {
    const Buffer& buf = p.buffers[static_cast<size_t>(b)];
    std::string t = native::c_type(buf.type);
    switch (buf.kind) {
      case Buffer::Kind::input: return "static_cast<const " + t + "*>(in[" + std::to_string(buf.index) + "])";
      case Buffer::Kind::weight: return "static_cast<const " + t + "*>(m.weights[" + std::to_string(buf.index) + "])";
      case Buffer::Kind::output: return "static_cast<" + t + "*>(out[" + std::to_string(buf.index) + "])";
      case Buffer::Kind::temp: break;
    }
    return "static_cast<" + t + "*>(m.slots[" + std::to_string(buf.index) + "])";
  };
  std::vector<std::string> linears;  // kLinears[] entries
  std::vector<std::string> convs;    // kConvs[] entries
  std::vector<std::string> bmms;     // kBmms[] entries
  static const std::map<std::string, int> kEltwiseCodes = {{"", 0},     {"relu", 1}, {"gelu_erf", 2}, {"gelu_tanh", 3},
                                                          {"tanh", 4}, {"sigmoid", 5}, {"silu", 6}};
  // Weights only prepacked primitives read (a matmul's or convolution's
  // weight no loop, batched product or bias reads at run time): the
  // runtime releases their original pages once packed.
  std::set<int> read_raw;
  for (const auto& k : p.kernels) {
    bool packs = (k.kind == Kernel::Kind::gemm && k.linear && !k.batched) || k.kind == Kernel::Kind::conv;
    for (int b : kernel_buffers(k))
      if (!(packs && b == k.b.buffer)) read_raw.insert(b);
    if (k.bias >= 0) read_raw.insert(k.bias);
  }
  auto released = [&](int buffer) { return read_raw.count(buffer) ? "0" : "1"; };
  for (const auto& k : p.kernels) {
    if (k.kind == Kernel::Kind::gemm && k.batched) {
      // dims and strides of A [batch, m, k], B [batch, k, n], C [batch, m, n];
      // a batch an operand broadcasts (stride 0) is a dimension of 1 there.
      auto lit = [](const std::string& v) { return std::stoll(v); };
      auto operand = [&](const Kernel::Operand& o, const std::string& rows, const std::string& cols, bool is_c) {
        std::vector<int64_t> dims, strides;
        for (size_t d = 0; d < k.batch.size(); ++d) {
          int64_t st = lit(o.batch_strides[d]);
          dims.push_back(st == 0 && !is_c ? 1 : lit(k.batch[d]));
          strides.push_back(st);
        }
        dims.push_back(lit(rows));
        dims.push_back(lit(cols));
        if (o.trans == 'N' || is_c) strides.insert(strides.end(), {lit(o.ld), 1});
        else strides.insert(strides.end(), {1, lit(o.ld)});
        // A dimension of 1 takes any stride; oneDNN wants it consistent.
        for (size_t d = 0; d < dims.size(); ++d)
          if (dims[d] == 1 && strides[d] == 0) strides[d] = 1;
        auto arr = [](const std::vector<int64_t>& v) {
          std::string t = "{";
          for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
          return t + "}";
        };
        return arr(dims) + ", " + arr(strides);
      };
      bmms.push_back("{" + std::to_string(k.batch.size() + 2) + ", " + operand(k.a, k.m, k.k, false) + ", " +
                     operand(k.b, k.k, k.n, false) + ", " + operand(k.c, k.m, k.n, true) + ", " +
                     cpp_double_literal(k.alpha) + "f},");
      forward.line("dynx::native::run_bmm(m, " + std::to_string(bmms.size() - 1) + ", " + pointer(k.a.buffer) + " + " +
                       k.a.offset + ", " + pointer(k.b.buffer) + " + " + k.b.offset + ", " + pointer(k.c.buffer) +
                       " + " + k.c.offset + ");",
                   k.comment);
      continue;
    }
    if (k.kind == Kernel::Kind::conv) {
      const auto& c = k.conv;
      int bias = k.bias >= 0 ? p.buffers[static_cast<size_t>(k.bias)].index : -1;
      std::vector<int64_t> dims = {c.n, c.c, c.h, c.w, c.oc, c.kh, c.kw, c.oh, c.ow, c.sh, c.sw, c.ph, c.pw, c.dh, c.dw, c.groups};
      std::string fields;
      for (auto d : dims) fields += std::to_string(d) + ", ";
      auto stat = [&](int buffer) { return buffer >= 0 ? p.buffers[static_cast<size_t>(buffer)].index : -1; };
      convs.push_back("{" + fields + std::to_string(p.buffers[static_cast<size_t>(k.b.buffer)].index) + ", " +
                      std::to_string(bias) + ", " + std::to_string(kEltwiseCodes.at(k.eltwise)) + ", " +
                      std::to_string(stat(c.bn_mean)) + ", " + std::to_string(stat(c.bn_var)) + ", " +
                      std::to_string(stat(c.bn_weight)) + ", " + std::to_string(stat(c.bn_bias)) +
                      ", " + cpp_double_literal(c.bn_eps) + "f, " + released(k.b.buffer) + "},");
      forward.line("dynx::native::run_conv(m, " + std::to_string(convs.size() - 1) + ", " + c.batch + ", " +
                       pointer(k.a.buffer) + " + " +
                       k.a.offset + ", " + pointer(k.c.buffer) + ");",
                   k.comment);
      continue;
    }
    if (k.kind == Kernel::Kind::gemm && k.linear) {
      static const std::map<std::string, int> kEltwise = {{"", 0},         {"relu", 1}, {"gelu_erf", 2}, {"gelu_tanh", 3},
                                                          {"tanh", 4},     {"sigmoid", 5}, {"silu", 6}};
      const Buffer& w = p.buffers[static_cast<size_t>(k.b.buffer)];
      int bias = k.bias >= 0 ? p.buffers[static_cast<size_t>(k.bias)].index : -1;
      int64_t rows = -1;
      bool fixed_rows = !k.m.empty() && k.m.find_first_not_of("0123456789") == std::string::npos;
      if (fixed_rows) rows = std::stoll(k.m);
      linears.push_back("{" + std::to_string(rows) + ", " + k.n + ", " + k.k + ", '" + std::string(1, k.a.trans) + "', '" +
                        std::string(1, k.b.trans) + "', " + k.a.ld + ", " + k.b.ld + ", " + k.c.ld + ", " +
                        std::to_string(w.index) + ", " + std::to_string(bias) + ", " +
                        std::to_string(kEltwise.at(k.eltwise)) + ", " + released(k.b.buffer) + "},");
      forward.line("dynx::native::run_linear(m, " + std::to_string(linears.size() - 1) + ", " + k.m + ", " +
                       pointer(k.a.buffer) +
                       " + " + k.a.offset + ", " + pointer(k.c.buffer) + " + " + k.c.offset + ");",
                   k.comment);
      continue;
    }
    std::vector<int> bufs = kernel_buffers(k);
    std::map<int, std::string> params;
    std::vector<std::string> decl, locals, call = {"sym"};
    int written = k.kind == Kernel::Kind::gemm ? k.c.buffer : k.kind == Kernel::Kind::check ? -1 : k.out;
    for (size_t i = 0; i < bufs.size(); ++i) {
      std::string name = "p" + std::to_string(i);
      params[bufs[i]] = name;
      const Buffer& buf = p.buffers[static_cast<size_t>(bufs[i])];
      std::string t = native::c_type(buf.type);
      bool writes = bufs[i] == written;
      std::string type = (writes ? t : "const " + t) + "* __restrict ";
      decl.push_back(type + "a" + std::to_string(i));
      locals.push_back(type + name + " = a" + std::to_string(i) + ";");
      std::string ptr = pointer(bufs[i]);
      call.push_back(ptr);
    }
    decl.insert(decl.begin(), "const int64_t* sym");
    std::string text = "(" + join(decl, ", ") + ") {\n" + kernel_body(k, p.buffers, params, graph.symbols, locals);
    auto found = by_text.find(text);
    std::string fn;
    if (found == by_text.end()) {
      fn = "k" + std::to_string(unique++);
      by_text[text] = fn;
      kernels_src.line("// " + cpp_comment(k.comment));
      kernels_src.line("void " + fn + text + "}").line("");
    } else {
      fn = found->second;
    }
    forward.line(fn + "(" + join(call, ", ") + ");", k.comment);
  }

  // ----- the file -----
  CppWriter src;
  for (const auto& line : options.header_lines) src.comment(line);
  src.line("// Backend native: " + std::to_string(graph.nodes.size()) + " operators in " + std::to_string(p.kernels.size()) +
           " kernels (" + std::to_string(unique) + " generated, " + std::to_string(linears.size()) +
           " oneDNN matmuls with prepacked weights), " + std::to_string(p.fused_operators) +
           " operators fused into their consumers, " + std::to_string(slot_end.size()) +
           " memory slots. Generated code: do not edit.");
  src.line("#include \"native_runtime.hpp\"").line("");
  for (const char* h : {"cmath", "cstdint", "limits"}) src.line("#include <" + std::string(h) + ">");
  src.line("");
  src.append(emit_signature_table(model.signature, ns));
  src.line("").line("namespace " + ns + " {").line("namespace {").line("");
  src.line("using dynx::native::Instance;").line("");
  src.line("const char kSignatureJson[] = " + cpp_string_literal(to_json(model.signature).dump()) + ";");
  std::string dtypes, ndims;
  for (size_t i = 0; i < p.outputs.size(); ++i) {
    const DtypeInfo* d = model_dtype(p.output_dtypes[i]);
    if (!d) return Error{"output " + std::to_string(i) + " has a dtype the model interface does not carry"};
    dtypes += "DLDataType{" + std::to_string(d->dlpack_code) + ", " + std::to_string(d->bits) + ", 1}, ";
    ndims += std::to_string(p.output_sizes[i].size()) + ", ";
  }
  src.line("const DLDataType kOutputDtypes[] = {" + (dtypes.empty() ? std::string("DLDataType{2, 32, 1}") : dtypes) + "};");
  src.line("const int32_t kOutputNdims[] = {" + (ndims.empty() ? std::string("0") : ndims) + "};");
  auto symbol_lines = [&](CppWriter& w) {
    for (size_t s = 0; s < graph.symbols.size(); ++s)
      w.line("const int64_t " + graph.symbols[s].name + " = sym[" + std::to_string(s) + "];")
          .line("(void)" + graph.symbols[s].name + ";");
  };
  {
    auto fn = src.block("void output_shapes(const int64_t* sym, int64_t* shapes) {");
    src.line("(void)sym;").line("(void)shapes;");
    symbol_lines(src);
    size_t at = 0;
    for (const auto& sizes : p.output_sizes)
      for (const auto& s : sizes) src.line("shapes[" + std::to_string(at++) + "] = " + s + ";");
  }
  for (size_t i = 0; i < weights.size(); ++i)
    src.line("const int64_t kWeightSizes" + std::to_string(i) + "[] = " + cpp_int_array(weights[i].sizes) +
             ", kWeightStrides" + std::to_string(i) + "[] = " + cpp_int_array(weights[i].strides) + ";");
  {
    auto table = src.block("const dynx::native::WeightSpec kWeights[] = {", "};", CppWriter::kContinuation);
    for (size_t i = 0; i < weights.size(); ++i) {
      const auto& w = weights[i];
      const DtypeInfo* d = model_dtype(w.dtype);
      if (!d) return Error{"weight '" + w.key + "' is " + w.dtype + ", which the native backend does not support"};
      src.line("{" + cpp_string_literal(w.key) + ", " + cpp_string_literal(std::string(d->safetensors)) + ", " +
               std::to_string(d->size) + ", " + std::to_string(w.sizes.size()) + ", kWeightSizes" + std::to_string(i) +
               ", kWeightStrides" + std::to_string(i) + ", " + std::to_string(w.offset) + "u, " + std::to_string(w.nbytes) +
               "u},");
    }
    if (weights.empty()) src.line("{\"\", \"F32\", 4, 0, nullptr, nullptr, 0, 0},", "placeholder");
  }
  {
    auto fn = src.block("void slot_bytes(const int64_t* sym, uint64_t* bytes) {");
    src.line("(void)sym;").line("(void)bytes;");
    symbol_lines(src);
    for (size_t s = 0; s < slot_tenants.size(); ++s) {
      std::vector<std::string> sizes;
      for (int b : slot_tenants[s]) {
        const Buffer& buf = p.buffers[static_cast<size_t>(b)];
        sizes.push_back("static_cast<uint64_t>(" + buf.numel + ") * " + std::to_string(native::type_size(buf.type)) + "u");
      }
      std::string e = sizes[0];
      for (size_t i = 1; i < sizes.size(); ++i) e = "std::max<uint64_t>(" + e + ", " + sizes[i] + ")";
      src.line("bytes[" + std::to_string(s) + "] = " + e + ";");
    }
  }
  {
    auto table = src.block("const dynx::native::LinearSpec kLinears[] = {", "};", CppWriter::kContinuation);
    for (const auto& l : linears) src.line(l);
    if (linears.empty()) src.line("{0, 0, 0, 'N', 'N', 0, 0, 0, 0, -1, 0},", "placeholder");
  }
  {
    auto table = src.block("const dynx::native::ConvSpec kConvs[] = {", "};", CppWriter::kContinuation);
    for (const auto& c : convs) src.line(c);
    if (convs.empty()) src.line("{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, -1, 0, -1, -1, -1, -1, 0.0f},", "placeholder");
  }
  {
    auto table = src.block("const dynx::native::BmmSpec kBmms[] = {", "};", CppWriter::kContinuation);
    for (const auto& b : bmms) src.line(b);
    if (bmms.empty()) src.line("{0, {}, {}, {}, {}, {}, {}, 1.0f},", "placeholder");
  }
  src.line("");
  src.append(kernels_src.text());
  {
    auto fn = src.block("void forward(Instance& m, const void* const* in, const int64_t* sym, void* const* out) {");
    src.line("(void)m;").line("(void)in;").line("(void)sym;").line("(void)out;");
    symbol_lines(src);
    src.append(forward.text());
  }
  src.line("").line("}  // namespace").line("}  // namespace " + ns).line("");
  if (options.embedded_weights)
    src.line("extern \"C\" const unsigned char dynx_weights_data[];")
        .line("extern \"C\" const uint64_t dynx_weights_size;")
        .line("");
  src.line("const dynx::native::ModelSpec " + options.spec_symbol + " = {");
  {
    auto spec = src.indented(CppWriter::kContinuation);
    src.line(ns + "::kSignatureJson, &" + ns + "::kSignature, " + std::to_string(p.outputs.size()) + ", " + ns +
             "::kOutputDtypes, " + ns + "::kOutputNdims, &" + ns + "::output_shapes,");
    src.line(ns + "::kWeights, " + std::to_string(weights.size()) + ",");
    src.line(options.embedded_weights ? std::string("dynx_weights_data, dynx_weights_size, \"\",")
                                      : "nullptr, 0, " + cpp_string_literal(options.weights_file) + ",");
    src.line(std::to_string(slot_end.size()) + ", &" + ns + "::slot_bytes, " + ns + "::kLinears, " +
             std::to_string(linears.size()) + ", " + ns + "::kConvs, " + std::to_string(convs.size()) + ", " + ns +
             "::kBmms, " + std::to_string(bmms.size()) + ", &" + ns + "::forward};");
  }
  model.source = src.take();
  model.kernels = static_cast<int>(p.kernels.size());
  model.unique_kernels = unique;
  model.library_calls = static_cast<int>(linears.size() + convs.size() + bmms.size());
  model.fused_operators = p.fused_operators;
  model.planned_buffers = static_cast<int>(temps.size());
  return model;
}

}  // namespace dynx::exporter
