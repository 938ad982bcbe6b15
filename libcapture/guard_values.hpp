// Checks of one value: a tensor's facts (dtype, device, requires_grad,
// sizes, strides), read through libdynx_tensor_guards when it is loaded (see
// tensor_guard_fastpath.h) or through Python attributes otherwise, and the
// comparisons of plain values and dict keys. Pass/fail only: the wording of
// a failure is guard_reasons.cpp's.
#pragma once

#include <Python.h>

#include <cstdint>
#include <vector>

#include "guard_eval.hpp"
#include "tensor_guard_fastpath.h"

namespace dynx::capture::guards {

// The ATen fast path, loaded once; null when it is missing, was built for
// another torch, or DYNX_GUARDS_PYTHON is set (not "0").
const TensorGuardApi* fast_path();

// GLOBAL_STATE's fields, in the fast path's order (StateField).
extern const char* const kStateFieldNames[kStateFieldCount];

// The torch function modes dynx itself has pushed on this thread (its
// recorder's): not the program's, so not counted in the mode stack guard.
void set_own_function_modes(int count);
int own_function_modes();

// Facts of a tensor read through Python attributes (the fallback path).
struct SlowFacts {
  PyRef dtype, device, grad;
  std::vector<int64_t> sizes, strides;
  bool ok = false;
};
SlowFacts slow_facts(PyObject* v);

// Size `dim` of a tensor, or -1.
int64_t size_of(PyObject* v, size_t dim);

bool dims_match(const std::vector<DimExpr>& expected, const int64_t* actual, const int64_t* symbols);
bool tensor_ok(const Guard& g, PyObject* v, const int64_t* symbols);
// Whether the tensor carries dimension marks (torch._dynamo.mark_dynamic & co.).
bool dim_marked(PyObject* tensor);
// The dispatch key set a TENSOR_MATCH compares (TensorFacts::dispatch_keys),
// read on the fast path or through the guard's Python function; false if
// it cannot be read.
bool dispatch_keys_of(const Guard& g, PyObject* v, uint64_t* out);
// EQUALS_MATCH: same type and equal (nan equals nan, as in PyTorch).
bool equal_values(PyObject* v, PyObject* expected);
// DICT_KEYS: a dict whose keys are `expected` (a list), in order.
bool dict_keys_equal(PyObject* v, PyObject* expected);
// DICT_CONTAINS: whether `v` is a dict (or a set) holding `key` (false for anything else).
bool dict_contains(PyObject* v, PyObject* key);

}  // namespace dynx::capture::guards
