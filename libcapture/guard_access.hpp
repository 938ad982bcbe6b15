// Access paths: how a guard reaches the value it checks from the frame's
// locals, globals and closure cells (L['self'] -> .fc -> .weight), one step
// at a time, without raising and with nn.Module's attribute lookup done in C.
#pragma once

#include <Python.h>

#include <array>
#include <vector>

#include "guard_eval.hpp"

namespace dynx::capture::guards {

// Interned attribute names the evaluator looks up.
struct Names {
  PyObject* dtype = PyUnicode_InternFromString("dtype");
  PyObject* requires_grad = PyUnicode_InternFromString("requires_grad");
  PyObject* shape = PyUnicode_InternFromString("shape");
  PyObject* stride = PyUnicode_InternFromString("stride");
  PyObject* device = PyUnicode_InternFromString("device");
  PyObject* getattr = PyUnicode_InternFromString("__getattr__");
  PyObject* getattribute = PyUnicode_InternFromString("__getattribute__");
  std::array<PyObject*, 3> module_dicts = {PyUnicode_InternFromString("_parameters"),
                                           PyUnicode_InternFromString("_buffers"),
                                           PyUnicode_InternFromString("_modules")};
};
const Names& names();

// obj.name as PyObject_GetAttr would return it (new reference, or null with
// no error set).
PyObject* get_attr(PyObject* object, PyObject* name);

// The next value along a path (new reference), or null with no error set.
// `value` is the previous step's value (null for the first step).
PyObject* step_value(const PathStep& step, PyObject* value, const Scope& scope);

// The value at the end of `path`, or null (no error set).
PyRef resolve(const std::vector<PathStep>& path, const Scope& scope);

}  // namespace dynx::capture::guards
