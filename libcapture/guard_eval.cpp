// Guards of a cache entry (see guard_eval.hpp).
//
// This first evaluator reads tensors through Python attributes (dtype
// identity, shape and stride tuples): correct for every tensor type, but a
// few hundred nanoseconds per fact. A fast path through ATen's TensorImpl is
// the planned next step (BENCHMARKS.md records what this one costs).
#include "guard_eval.hpp"

#include <cstring>

#include "frame_compat.h"

namespace dynx::capture {
namespace {

// str() or repr() of an object as UTF-8, "?" if that fails (the error is cleared).
std::string text_via(PyObject* (*convert)(PyObject*), PyObject* object) {
  PyRef text_object = PyRef::steal(convert(object));
  const char* text = text_object ? PyUnicode_AsUTF8(text_object.get()) : nullptr;
  if (text == nullptr) {
    PyErr_Clear();
    return "?";
  }
  return text;
}

std::string text_of(PyObject* object) { return text_via(PyObject_Str, object); }
std::string repr_of(PyObject* object) { return text_via(PyObject_Repr, object); }

// The value a guard looks at, or null (no error set) when it cannot be reached.
PyRef resolve(const std::vector<PathStep>& path, _PyInterpreterFrame* frame) {
  PyRef value;
  for (const auto& step : path) {
    switch (step.kind) {
      case PathStep::Kind::local:
        value = PyRef::borrow(dynx_frame_local(frame, static_cast<int>(step.index)));
        break;
      case PathStep::Kind::closure: {
        PyObject* function = dynx_frame_function(frame);  // borrowed
        PyObject* cells = function && PyFunction_Check(function) ? PyFunction_GetClosure(function) : nullptr;
        PyObject* cell = cells && step.index < PyTuple_GET_SIZE(cells) ? PyTuple_GET_ITEM(cells, step.index) : nullptr;
        value = PyRef::borrow(cell && PyCell_Check(cell) ? PyCell_GET(cell) : nullptr);
        break;
      }
      case PathStep::Kind::global: {
        PyObject* globals = dynx_frame_globals(frame);  // borrowed
        value = PyRef::borrow(globals ? PyDict_GetItemString(globals, step.name.c_str()) : nullptr);
        break;
      }
      case PathStep::Kind::attr:
        value = PyRef::steal(PyObject_GetAttrString(value.get(), step.name.c_str()));
        break;
      case PathStep::Kind::item_index:
        value = PyRef::steal(PySequence_GetItem(value.get(), step.index));
        break;
      case PathStep::Kind::item_key:
        value = PyRef::borrow(PyDict_Check(value.get()) ? PyDict_GetItemString(value.get(), step.name.c_str())
                                                         : nullptr);
        break;
    }
    if (!value) {
      PyErr_Clear();
      return {};
    }
  }
  return value;
}

// Attribute names, interned once: PyObject_GetAttrString would build a new
// string object on every call of the hot path.
struct Names {
  PyObject* dtype = PyUnicode_InternFromString("dtype");
  PyObject* requires_grad = PyUnicode_InternFromString("requires_grad");
  PyObject* shape = PyUnicode_InternFromString("shape");
  PyObject* stride = PyUnicode_InternFromString("stride");
  PyObject* device = PyUnicode_InternFromString("device");
};
const Names& names() {
  static const Names* interned = new Names();  // lives as long as the interpreter's strings
  return *interned;
}

// ATen's names for dtypes, as PyTorch's guard failures print them.
std::string aten_dtype_name(const std::string& torch_name) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"torch.float32", "Float"}, {"torch.float64", "Double"}, {"torch.float16", "Half"},
      {"torch.bfloat16", "BFloat16"}, {"torch.int64", "Long"}, {"torch.int32", "Int"}, {"torch.int16", "Short"},
      {"torch.int8", "Char"}, {"torch.uint8", "Byte"}, {"torch.bool", "Bool"},
      {"torch.complex64", "ComplexFloat"}, {"torch.complex128", "ComplexDouble"}};
  for (const auto& [name, aten] : kNames)
    if (torch_name == name) return aten;
  return torch_name;
}

std::string shown(const std::string& source) {
  // tensor 'x' for a plain argument, the whole source otherwise
  if (source.size() > 5 && source.compare(0, 3, "L['") == 0 && source.compare(source.size() - 2, 2, "']") == 0 &&
      source.find('\'', 3) == source.size() - 2)
    return source.substr(3, source.size() - 5);
  return source;
}

}  // namespace

Expected<GuardSet> GuardSet::from_python(PyObject* guards, PyCodeObject* code) {
  GuardSet set;
  PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
  set.tensor_type_ = torch ? PyRef::steal(PyObject_GetAttrString(torch.get(), "Tensor")) : PyRef();
  if (!set.tensor_type_) {
    PyErr_Clear();
    return Error{"torch.Tensor is not available"};
  }
  if (!PyList_Check(guards)) return Error{"guards must be a list"};
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(guards); ++i) {
    PyObject* item = PyList_GET_ITEM(guards, i);  // borrowed
    auto string_of = [&](const char* key) {
      PyObject* v = PyDict_GetItemString(item, key);  // borrowed
      const char* text = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : nullptr;
      return std::string(text ? text : "");
    };
    auto longs_of = [&](const char* key) {
      std::vector<long> out;
      PyObject* v = PyDict_GetItemString(item, key);
      if (v && PyList_Check(v))
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(v); ++k) out.push_back(PyLong_AsLong(PyList_GET_ITEM(v, k)));
      return out;
    };
    if (!PyDict_Check(item)) return Error{"a guard must be a dict"};
    Guard g;
    std::string kind = string_of("kind");
    g.source = string_of("source");
    if (kind == "TENSOR_MATCH") g.kind = Guard::Kind::tensor_match;
    else if (kind == "NONE_MATCH") g.kind = Guard::Kind::none_match;
    else if (kind == "EQUALS_MATCH") g.kind = Guard::Kind::equals_match;
    else if (kind == "TYPE_MATCH") g.kind = Guard::Kind::type_match;
    else if (kind == "ID_MATCH") g.kind = Guard::Kind::id_match;
    else if (kind == "LENGTH_CHECK") g.kind = Guard::Kind::length_check;
    else if (kind == "DICT_KEYS") g.kind = Guard::Kind::dict_keys;
    else if (kind == "GLOBAL_STATE") g.kind = Guard::Kind::global_state;
    else return Error{"unknown guard kind '" + kind + "'"};
    PyObject* path = PyDict_GetItemString(item, "path");
    if (path == nullptr || !PyList_Check(path)) return Error{"guard on " + g.source + " has no path"};
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(path); ++k) {
      PyObject* step = PyList_GET_ITEM(path, k);
      if (!PyList_Check(step) || PyList_GET_SIZE(step) != 2) return Error{"bad path in guard on " + g.source};
      const char* what = PyUnicode_AsUTF8(PyList_GET_ITEM(step, 0));
      PyObject* arg = PyList_GET_ITEM(step, 1);
      PathStep s;
      if (what && std::strcmp(what, "local") == 0) {
        s.kind = PathStep::Kind::local;
        s.name = PyUnicode_AsUTF8(arg);
        s.index = dynx_code_local_index(code, s.name.c_str());
        if (s.index < 0) return Error{"guard on " + g.source + ": no local named " + s.name};
      } else if (what && std::strcmp(what, "closure") == 0) {
        s.kind = PathStep::Kind::closure;
        s.index = PyLong_AsLong(arg);
      } else if (what && std::strcmp(what, "global") == 0) {
        s.kind = PathStep::Kind::global;
        s.name = PyUnicode_AsUTF8(arg);
      } else if (what && std::strcmp(what, "attr") == 0) {
        s.kind = PathStep::Kind::attr;
        s.name = PyUnicode_AsUTF8(arg);
      } else if (PyLong_Check(arg)) {
        s.kind = PathStep::Kind::item_index;
        s.index = PyLong_AsLong(arg);
      } else {
        s.kind = PathStep::Kind::item_key;
        const char* key = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : nullptr;
        if (key == nullptr) return Error{"unsupported key in guard on " + g.source};
        s.name = key;
      }
      g.path.push_back(std::move(s));
    }
    switch (g.kind) {
      case Guard::Kind::tensor_match:
        g.dtype = PyRef::borrow(PyDict_GetItemString(item, "dtype_object"));
        g.dtype_name = string_of("dtype_name");
        g.device = string_of("device");
        g.device_object = PyRef::borrow(PyDict_GetItemString(item, "device_object"));
        g.requires_grad = PyDict_GetItemString(item, "requires_grad") == Py_True;
        g.shape = longs_of("shape");
        g.stride = longs_of("stride");
        break;
      case Guard::Kind::equals_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "value"));
        break;
      case Guard::Kind::type_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "type"));
        break;
      case Guard::Kind::id_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "object"));
        break;
      case Guard::Kind::dict_keys:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "keys"));
        break;
      case Guard::Kind::global_state: {
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "state"));
        PyObject* probes = PyDict_GetItemString(item, "probes");  // {field: callable}, borrowed
        PyObject *key = nullptr, *probe = nullptr;
        Py_ssize_t pos = 0;
        while (probes != nullptr && g.expected && PyDict_Next(probes, &pos, &key, &probe)) {
          PyObject* expected = PyDict_GetItem(g.expected.get(), key);  // borrowed
          const char* field = PyUnicode_AsUTF8(key);
          if (expected != nullptr && field != nullptr)
            set.state_probes_.push_back({field, PyRef::borrow(probe), PyRef::borrow(expected)});
        }
        break;
      }
      case Guard::Kind::length_check:
        g.length = PyLong_AsLong(PyDict_GetItemString(item, "length"));
        break;
      case Guard::Kind::none_match:
        break;
    }
    if (PyErr_Occurred()) {
      PyErr_Clear();
      return Error{"malformed guard on " + g.source};
    }
    set.guards_.push_back(std::move(g));
  }
  return set;
}

bool GuardSet::check(_PyInterpreterFrame* frame) const {
  for (const auto& g : guards_) {
    if (!failure(g, frame).empty()) return false;
  }
  return true;
}

std::string GuardSet::first_failure(_PyInterpreterFrame* frame) const {
  for (const auto& g : guards_) {
    std::string reason = failure(g, frame);
    if (!reason.empty()) return reason;
  }
  return {};
}

// Empty when the guard holds; otherwise the reason, worded like PyTorch's.
std::string GuardSet::failure(const Guard& g, _PyInterpreterFrame* frame) const {
  if (g.kind == Guard::Kind::global_state) {
    // Each probe is a C function of torch (is_grad_enabled, ...): one call
    // each, no Python frame, no dict.
    for (const auto& probe : state_probes_) {
      PyRef actual = PyRef::steal(PyObject_CallNoArgs(probe.probe.get()));
      int same = actual ? PyObject_RichCompareBool(actual.get(), probe.expected.get(), Py_EQ) : -1;
      if (same != 1) {
        PyErr_Clear();
        return "global state changed: " + probe.field + " expected " + repr_of(probe.expected.get()) + ", actual " +
               (actual ? repr_of(actual.get()) : "?");
      }
    }
    return {};
  }
  PyRef value = resolve(g.path, frame);
  if (!value) return g.source + " is no longer there";
  PyObject* v = value.get();
  switch (g.kind) {
    case Guard::Kind::none_match:
      return v == Py_None ? std::string() : g.source + " is None";
    case Guard::Kind::type_match:
      return reinterpret_cast<PyObject*>(Py_TYPE(v)) == g.expected.get()
                 ? std::string()
                 : "type(" + g.source + ") is " + text_of(g.expected.get()) + " (actual " +
                       std::string(Py_TYPE(v)->tp_name) + ")";
    case Guard::Kind::id_match:
      return v == g.expected.get() ? std::string() : g.source + " is not the object it was (" +
                                                         std::string(Py_TYPE(v)->tp_name) + ")";
    case Guard::Kind::equals_match: {
      bool same = Py_TYPE(v) == Py_TYPE(g.expected.get());
      if (same) {
        int eq = PyObject_RichCompareBool(v, g.expected.get(), Py_EQ);
        if (eq < 0) PyErr_Clear();
        same = eq == 1;
      }
      return same ? std::string() : g.source + " == " + repr_of(g.expected.get());
    }
    case Guard::Kind::length_check: {
      Py_ssize_t n = PyObject_Length(v);
      if (n < 0) PyErr_Clear();
      return n == g.length ? std::string() : "len(" + g.source + ") == " + std::to_string(g.length);
    }
    case Guard::Kind::dict_keys: {
      PyRef keys = PyDict_Check(v) ? PyRef::steal(PyDict_Keys(v)) : PyRef();  // a new list
      int eq = keys ? PyObject_RichCompareBool(keys.get(), g.expected.get(), Py_EQ) : 0;
      if (eq < 0) PyErr_Clear();
      return eq == 1 ? std::string() : "list(" + g.source + ".keys()) == " + repr_of(g.expected.get());
    }
    case Guard::Kind::tensor_match: {
      auto name = [&] { return "tensor '" + shown(g.source) + "' "; };
      int is_tensor = PyObject_IsInstance(v, tensor_type_.get());
      if (is_tensor != 1) {
        PyErr_Clear();
        return name() + "is not a tensor (actual " + std::string(Py_TYPE(v)->tp_name) + ")";
      }
      // Checked in PyTorch's order; no text is made unless a check fails.
      const Names& n = names();
      PyRef dtype = PyRef::steal(PyObject_GetAttr(v, n.dtype));
      if (dtype.get() != g.dtype.get()) {
        PyErr_Clear();
        return name() + "dtype mismatch. expected " + g.dtype_name + ", actual " +
               (dtype ? aten_dtype_name(text_of(dtype.get())) : "?");
      }
      PyRef device = PyRef::steal(PyObject_GetAttr(v, n.device));
      int same_device = device ? PyObject_RichCompareBool(device.get(), g.device_object.get(), Py_EQ) : -1;
      if (same_device != 1) {
        PyErr_Clear();
        return name() + "device mismatch. expected " + g.device + ", actual " + (device ? text_of(device.get()) : "?");
      }
      PyRef grad = PyRef::steal(PyObject_GetAttr(v, n.requires_grad));
      if ((grad.get() == Py_True) != g.requires_grad) {
        PyErr_Clear();
        return name() + "requires_grad mismatch. expected requires_grad=" + std::to_string(g.requires_grad ? 1 : 0);
      }
      PyRef sizes = PyRef::steal(PyObject_GetAttr(v, n.shape));
      if (!sizes || !PyTuple_Check(sizes.get())) {
        PyErr_Clear();
        return name() + "could not be inspected";
      }
      auto rank = static_cast<size_t>(PyTuple_GET_SIZE(sizes.get()));
      if (rank != g.shape.size())
        return name() + "rank mismatch. expected " + std::to_string(g.shape.size()) + ", actual " +
               std::to_string(rank);
      for (size_t i = 0; i < rank; ++i) {
        long actual = PyLong_AsLong(PyTuple_GET_ITEM(sizes.get(), static_cast<Py_ssize_t>(i)));
        if (actual != g.shape[i])
          return name() + "size mismatch at index " + std::to_string(i) + ". expected " + std::to_string(g.shape[i]) +
                 ", actual " + std::to_string(actual);
      }
      PyRef strides = PyRef::steal(PyObject_CallMethodNoArgs(v, n.stride));
      if (!strides || !PyTuple_Check(strides.get()) || static_cast<size_t>(PyTuple_GET_SIZE(strides.get())) != rank) {
        PyErr_Clear();
        return name() + "could not be inspected";
      }
      for (size_t i = 0; i < rank; ++i) {
        long actual = PyLong_AsLong(PyTuple_GET_ITEM(strides.get(), static_cast<Py_ssize_t>(i)));
        if (actual != g.stride[i])
          return name() + "stride mismatch at index " + std::to_string(i) + ". expected " +
                 std::to_string(g.stride[i]) + ", actual " + std::to_string(actual);
      }
      return {};
    }
    case Guard::Kind::global_state:
      break;
  }
  return {};
}

}  // namespace dynx::capture
