// A Python interpreter and a globals dict for the guard evaluator's unit
// tests (plain Python values, no torch).
#pragma once

#include <doctest/doctest.h>

#include <Python.h>

#include <regex>
#include <string>

#include "guard_eval.hpp"

namespace dynx::capture::testing {

// One embedded interpreter for the whole test binary.
inline void ensure_python() {
  if (Py_IsInitialized()) return;
  PyConfig config;
  PyConfig_InitIsolatedConfig(&config);
  config.site_import = 0;
  PyStatus status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  REQUIRE_FALSE(PyStatus_Exception(status));
}

inline PyRef eval(const char* expression, PyObject* globals) {
  PyRef result = PyRef::steal(PyRun_String(expression, Py_eval_input, globals, globals));
  if (!result) PyErr_Print();
  REQUIRE(result);
  return result;
}

// A reason with the id() in Dynamo's ___check_type_id / ___check_obj_id
// wording (an address of this process) as <id>.
inline std::string without_address(const std::string& reason) {
  return std::regex_replace(reason, std::regex(R"(, \d+\), type=)"), ", <id>), type=");
}

struct Fixture {
  PyRef globals;
  Fixture() {
    ensure_python();
    globals = PyRef::steal(PyDict_New());
    PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
    PyRef module_name = PyRef::steal(PyUnicode_FromString("cfgmod"));
    PyDict_SetItemString(globals.get(), "__name__", module_name.get());
    PyRef ok = PyRef::steal(PyRun_String(
        "class Cfg:\n    pass\n"
        "cfg = Cfg(); cfg.scale = 2.0; cfg.mode = 'sum'\n"
        "steps = 4\nshape = [2, 3]\nopts = {'a': 1, 7: None}\n",
        Py_file_input, globals.get(), globals.get()));
    REQUIRE(ok);
  }
  GuardSet guards(const char* list) {
    PyRef value = eval(list, globals.get());
    auto set = GuardSet::from_python(value.get(), nullptr);
    REQUIRE_MESSAGE(set.has_value(), set.error().message);
    return std::move(*set);
  }
  Scope scope() const { return Scope{nullptr, 0, globals.get(), nullptr}; }
  void run(const char* statement) {
    PyRef ok = PyRef::steal(PyRun_String(statement, Py_file_input, globals.get(), globals.get()));
    REQUIRE(ok);
  }
};

}  // namespace dynx::capture::testing
