// Guards of a cache entry, checked in C++ on every call of a watched frame.
// check() answers pass/fail and builds no text; first_failure() is the
// separate verbose path that words the reason the way PyTorch users know
// ("tensor 'x' size mismatch at index 0. expected 8, actual 16").
#pragma once

#include <Python.h>

#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "py_ref.hpp"

struct _PyInterpreterFrame;

namespace dynx::capture {

struct PathStep {
  enum class Kind { local, global, closure, attr, item_index, item_key };
  Kind kind = Kind::local;
  std::string name;   // local or attribute name, dict key
  long index = 0;     // item index; local slot for Kind::local
};

struct Guard {
  enum class Kind { tensor_match, none_match, equals_match, type_match, id_match, length_check, dict_keys,
                    global_state };
  Kind kind = Kind::type_match;
  std::string source;  // "L['x']"
  std::vector<PathStep> path;
  // TENSOR_MATCH
  PyRef dtype;  // torch.dtype object, compared by identity
  PyRef device_object;
  std::string dtype_name, device;
  bool requires_grad = false;
  std::vector<long> shape, stride;
  // EQUALS_MATCH value, TYPE_MATCH type, ID_MATCH object, DICT_KEYS key list, GLOBAL_STATE dict
  PyRef expected;
  long length = 0;
};

class GuardSet {
 public:
  // From the recorder's guard list (dicts); GLOBAL_STATE guards bring the
  // torch functions that read each field.
  static Expected<GuardSet> from_python(PyObject* guards, PyCodeObject* code);

  // Hot path: true when every guard holds for this fresh frame.
  [[nodiscard]] bool check(_PyInterpreterFrame* frame) const;
  // Verbose path: the first failing guard, worded for people; empty if none.
  [[nodiscard]] std::string first_failure(_PyInterpreterFrame* frame) const;
  [[nodiscard]] size_t size() const { return guards_.size(); }

 private:
  struct StateProbe {
    std::string field;
    PyRef probe;     // a C function of torch returning the current value
    PyRef expected;
  };
  std::vector<Guard> guards_;
  std::vector<StateProbe> state_probes_;
  PyRef tensor_type_;
  [[nodiscard]] std::string failure(const Guard& guard, _PyInterpreterFrame* frame) const;
};

}  // namespace dynx::capture
