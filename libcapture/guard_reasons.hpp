// Failure wording: the verbose path that says why a cache entry's guards
// reject a call, in the words PyTorch users know ("tensor 'x' size mismatch
// at index 0. expected 8, actual 16"), and the text helpers it uses.
// GuardSet::first_failure and its parts live in guard_reasons.cpp.
#pragma once

#include <Python.h>

#include <string>
#include <vector>

#include "guard_eval.hpp"

namespace dynx::capture::guards {

// str() or repr() of an object as UTF-8, "?" if that fails (the error is cleared).
std::string text_of(PyObject* object);
std::string repr_of(PyObject* object);
// A type's tp_name; str() of anything else.
std::string type_name(PyObject* type);
// ATen's name of a dtype ("torch.float32" -> "Float"), as PyTorch's guard
// failures print it; the name itself when unknown.
std::string aten_dtype_name(const std::string& torch_name);
// "x" for L['x'], the whole source otherwise (as in "tensor 'x' ...").
std::string shown(const std::string& source);
// coef*L['x'].size()[0]//div + add, over the symbols' sources.
std::string expr_text(const DimExpr& e, const std::vector<Symbol>& symbols);

}  // namespace dynx::capture::guards
