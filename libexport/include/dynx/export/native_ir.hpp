// The native backend's loop-level kernel IR (Python- and torch-free).
//
// A kernel is a loop nest over sizes that are C++ expressions of the graph's
// symbols (literals for static graphs): pointwise (one element expression
// per output element), reduction (an accumulator over the reduced loops,
// then an epilogue), a check (an index that must lie in range), or a call of
// an external kernel (GEMM). Element expressions are DAGs of Expr: loads
// through index arithmetic (views are never copies), constants, the loop
// variables, unary/binary/select operations and casts.
//
// Lowering (native_lowering.cpp) turns a captured graph's ATen operators
// into kernels; pointwise operators stay unrealised expressions that their
// consumers inline (fusion) until something needs memory: a GEMM operand, a
// graph output, a value read by several consumers, a reshape that is not a
// view. The emitter (native_backend.cpp) writes each kernel as a C++
// function, deduplicated by text.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter::native {

enum class Type { f32, f64, i64, i32, b8, u8 };
const char* c_type(Type t);          // "float", "int64_t", "bool", ...
size_t type_size(Type t);
bool is_float(Type t);
// From a captured dtype ("float32"); false when the native backend has no kernels for it.
bool type_of(const std::string& dtype, Type* out);

struct Expr;
using ExprP = std::shared_ptr<const Expr>;

struct Expr {
  enum class Kind { constant, var, load, unary, binary, select, cast };
  Kind kind = Kind::constant;
  Type type = Type::f32;
  std::string text;  // constant: a C++ literal or size expression; var: its name; unary/binary: the operation
  int buffer = -1;   // load: which buffer
  std::vector<ExprP> args;  // load: offset; unary: x; binary: a, b; select: cond, a, b; cast: x
};

// A buffer of the kernels: a caller's input, a weight, an output, or a
// planned intermediate.
struct Buffer {
  enum class Kind { input, weight, output, temp };
  Kind kind = Kind::temp;
  int index = 0;  // input/weight/output: its position; temp: its slot (after planning)
  Type type = Type::f32;
  std::string numel;  // elements, as a C++ expression
  std::string name;   // for comments
};

struct Kernel {
  enum class Kind { pointwise, reduction, check, gemm, scan, conv };
  Kind kind = Kind::pointwise;
  std::string comment;
  int out = -1;                    // pointwise/reduction: the buffer written, contiguous over `sizes`
  std::vector<std::string> sizes;  // loop sizes (i0, i1, ...)
  ExprP body;                      // pointwise/check: over i*; reduction: over i* and r*
  // reduction
  std::vector<std::string> reduced;  // reduced loop sizes (r0, r1, ...)
  std::string combine;               // "sum", "max", "min"
  // scan (cumulative sum): over `sizes`, sequential along scan_dim; the body
  // reads with i* for the other dimensions and r0 for scan_dim
  size_t scan_dim = 0;
  ExprP epilogue;                    // over the accumulator (var "acc") and i*
  // check: body is the index (i64), bound its exclusive upper bound
  std::string bound;
  bool negative_ok = false;  // -bound <= index < bound (Python's negative indices)
  // gemm: C[b] = alpha * op(A[b]) op(B[b]) + beta * C[b] over batch loops
  struct Operand {
    int buffer = -1;
    std::string offset = "0";
    std::vector<std::string> batch_strides;
    char trans = 'N';
    std::string ld;
  };
  Operand a, b, c;
  std::vector<std::string> batch;
  std::string m, n, k;
  double alpha = 1.0, beta = 0.0;
  // A product by a weight of fixed sizes: a oneDNN matmul created with the
  // model, its weight prepacked once, the bias and an activation fused.
  bool linear = false;
  // A product of two computed operands of fixed sizes (attention's q k^T):
  // one oneDNN matmul over all the batch dimensions (strides as they are).
  bool batched = false;
  int bias = -1;        // weight buffer of a bias of n elements, or -1
  std::string eltwise;  // "", relu, gelu_erf, gelu_tanh, tanh, sigmoid, silu (gemm and conv)
  // conv: a 2-D convolution of fixed sizes (a oneDNN primitive, weight
  // prepacked, bias and activation fused), input a (NCHW, dense), weight
  // b.buffer, output c (NCHW, dense); linear/bias/eltwise as for gemm.
  struct Conv {
    int64_t n = 0, c = 0, h = 0, w = 0, oc = 0, kh = 0, kw = 0, oh = 0, ow = 0;
    int64_t sh = 1, sw = 1, ph = 0, pw = 0, dh = 1, dw = 1, groups = 1;
    std::string batch;  // n as a C++ expression (n is -1 when it is dynamic)
    // A batch norm (eval) of the output folded into the weight and bias when
    // the model is created: weight buffers of its statistics and affine
    // parameters (-1: none).
    int bn_mean = -1, bn_var = -1, bn_weight = -1, bn_bias = -1;
    double bn_eps = 1e-5;
  } conv;
};

struct Program {
  std::vector<Buffer> buffers;
  std::vector<Kernel> kernels;
  std::vector<int> outputs;  // buffer of each graph output
  std::vector<std::vector<std::string>> output_sizes;
  std::vector<Type> output_types;
  std::vector<std::string> output_dtypes;  // as captured ("float32")
  int fused_operators = 0;  // operators inlined into another kernel
};

// The graph's operators the native backend cannot lower, each with why
// ("aten::index.Tensor: not supported by the native backend"); empty when
// it can lower the whole graph.
std::vector<std::string> unsupported_operators(const ir::Graph& graph);

// Lowers `graph` (inputs in order; `weight_of[i]` the weight index of graph
// input i, -1 for a caller's input).
Expected<Program> lower(const ir::Graph& graph, const std::vector<int>& weight_of);

}  // namespace dynx::exporter::native
