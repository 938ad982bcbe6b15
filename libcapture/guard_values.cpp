// Checks of one value (see guard_values.hpp).
#include "guard_values.hpp"

#include <dlfcn.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>

#include "guard_access.hpp"

namespace dynx::capture {
namespace guards {
namespace {

const TensorGuardApi* load_fast_path() {
  const char* force = std::getenv("DYNX_GUARDS_PYTHON");
  if (force != nullptr && *force != '\0' && std::strcmp(force, "0") != 0) return nullptr;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&load_fast_path), &info) == 0 || info.dli_fname == nullptr) return nullptr;
  std::string path = info.dli_fname;
  path = path.substr(0, path.find_last_of('/') + 1) + "libdynx_tensor_guards.so";
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) return nullptr;
  auto entry = reinterpret_cast<DynxTensorGuardsEntry>(dlsym(handle, "dynx_tensor_guards"));
  const TensorGuardApi* api = entry != nullptr ? entry(kTensorGuardAbi) : nullptr;
  // Compiled against one torch: any other version may lay tensors out differently.
  PyRef module = PyRef::steal(PyImport_ImportModule("torch"));
  PyRef version = module ? PyRef::steal(PyObject_GetAttrString(module.get(), "__version__")) : PyRef();
  const char* text = version && PyUnicode_Check(version.get()) ? PyUnicode_AsUTF8(version.get()) : nullptr;
  if (text == nullptr || api == nullptr || std::strcmp(text, api->torch_version) != 0) {
    PyErr_Clear();
    return nullptr;  // the handle stays open: unloading torch-linked code is not worth the risk
  }
  return api;
}

}  // namespace

const char* const kStateFieldNames[kStateFieldCount] = {
    "grad_mode",     "default_dtype", "deterministic_algorithms",    "num_threads",
    "autocast_cpu",  "autocast_cuda", "torch_function",              "torch_function_all_disabled",
    "torch_function_mode_stack", "autocast_cpu_dtype", "deterministic_algorithms_warn_only", "allow_tf32"};

namespace {
thread_local int t_own_function_modes = 0;
}  // namespace

void set_own_function_modes(int count) { t_own_function_modes = count; }
int own_function_modes() { return t_own_function_modes; }

const TensorGuardApi* fast_path() {
  static const TensorGuardApi* api = load_fast_path();
  return api;
}

SlowFacts slow_facts(PyObject* v) {
  SlowFacts f;
  const Names& n = names();
  f.dtype = PyRef::steal(PyObject_GetAttr(v, n.dtype));
  f.device = PyRef::steal(PyObject_GetAttr(v, n.device));
  f.grad = PyRef::steal(PyObject_GetAttr(v, n.requires_grad));
  PyRef sizes = PyRef::steal(PyObject_GetAttr(v, n.shape));
  PyRef strides = PyRef::steal(PyObject_CallMethodNoArgs(v, n.stride));
  if (!f.dtype || !f.device || !f.grad || !sizes || !strides || !PyTuple_Check(sizes.get()) ||
      !PyTuple_Check(strides.get()) || PyTuple_GET_SIZE(sizes.get()) != PyTuple_GET_SIZE(strides.get())) {
    PyErr_Clear();
    return f;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(sizes.get()); ++i) {
    f.sizes.push_back(PyLong_AsLongLong(PyTuple_GET_ITEM(sizes.get(), i)));
    f.strides.push_back(PyLong_AsLongLong(PyTuple_GET_ITEM(strides.get(), i)));
  }
  if (PyErr_Occurred()) {
    PyErr_Clear();
    return f;
  }
  f.ok = true;
  return f;
}

int64_t size_of(PyObject* v, size_t dim) {
  if (const TensorGuardApi* api = fast_path()) {
    TensorFacts facts;
    return api->tensor_facts(v, &facts) && dim < facts.ndim ? facts.sizes[dim] : -1;
  }
  SlowFacts f = slow_facts(v);
  return f.ok && dim < f.sizes.size() ? f.sizes[dim] : -1;
}

bool dims_match(const std::vector<DimExpr>& expected, const int64_t* actual, const int64_t* symbols) {
  for (size_t i = 0; i < expected.size(); ++i) {
    const DimExpr& e = expected[i];
    if (actual[i] != (e.fixed() ? e.add : e.eval(symbols))) return false;
  }
  return true;
}

bool dispatch_keys_of(const Guard& g, PyObject* v, uint64_t* out) {
  if (const TensorGuardApi* api = fast_path()) {
    TensorFacts f;
    if (!api->tensor_facts(v, &f)) return false;
    *out = f.dispatch_keys;
    return true;
  }
  PyRef keys = PyRef::steal(PyObject_CallOneArg(g.dispatch_keys_of.get(), v));
  if (!keys || !PyLong_Check(keys.get())) {
    PyErr_Clear();
    return false;
  }
  *out = PyLong_AsUnsignedLongLong(keys.get());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  return true;
}

bool dim_marked(PyObject* tensor) {
  // torch._dynamo.mark_dynamic and its kin set _has_dynamo_dim_marking in
  // the tensor's own __dict__ (most tensors have none: no lookup).
  PyObject** dict = _PyObject_GetDictPtr(tensor);
  return dict != nullptr && *dict != nullptr && PyDict_GetItemString(*dict, "_has_dynamo_dim_marking") != nullptr;
}

bool tensor_ok(const Guard& g, PyObject* v, const int64_t* symbols) {
  if (reinterpret_cast<PyObject*>(Py_TYPE(v)) != g.tensor_type.get()) return false;
  if (g.unmarked && dim_marked(v)) return false;
  if (const TensorGuardApi* api = fast_path()) {
    TensorFacts f;
    return api->tensor_facts(v, &f) && (!g.has_dispatch_keys || f.dispatch_keys == g.dispatch_keys) &&
           f.dtype == g.dtype_code && f.device_type == g.device_type &&
           f.device_index == g.device_index && f.requires_grad == g.requires_grad && f.ndim == g.shape.size() &&
           dims_match(g.shape, f.sizes, symbols) && dims_match(g.stride, f.strides, symbols);
  }
  SlowFacts f = slow_facts(v);
  if (!f.ok || f.dtype.get() != g.dtype.get() || (f.grad.get() == Py_True) != g.requires_grad ||
      f.sizes.size() != g.shape.size())
    return false;
  uint64_t keys = 0;
  if (g.has_dispatch_keys && (!dispatch_keys_of(g, v, &keys) || keys != g.dispatch_keys)) return false;
  int same_device = PyObject_RichCompareBool(f.device.get(), g.device_object.get(), Py_EQ);
  if (same_device != 1) {
    PyErr_Clear();
    return false;
  }
  return dims_match(g.shape, f.sizes.data(), symbols) && dims_match(g.stride, f.strides.data(), symbols);
}

// A number of the recorder's own making that the program kept past a
// recording (modes.SizeInt: a size stored as a dict key or attribute)
// stands for its plain base type (guards.STAND_INS).
// Whether a new reference is True, released (null: the error cleared).
static bool true_then_release(PyObject* result) {
  if (result == nullptr) {
    PyErr_Clear();
    return false;
  }
  bool yes = result == Py_True;
  Py_DECREF(result);
  return yes;
}

static bool stand_in_for(PyTypeObject* type, PyTypeObject* plain) {
  if (type->tp_base != plain) return false;
  return true_then_release(PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), "_dynx_stand_in"));
}

// `a == b` as the plain int or float type compares them, never through a
// stand-in's own Python __eq__ (modes._Unbacked's records a branch).
static bool plain_number_equal(PyObject* a, PyObject* b) {
  PyTypeObject* plain = (PyFloat_Check(a) || PyFloat_Check(b)) ? &PyFloat_Type : &PyLong_Type;
  if (!PyFloat_Check(a) && PyFloat_Check(b)) std::swap(a, b);  // (float's compare wants the float first)
  if (PyFloat_Check(a) && PyFloat_Check(b) && std::isnan(PyFloat_AS_DOUBLE(a)) && std::isnan(PyFloat_AS_DOUBLE(b)))
    return true;  // nan == nan for a guard, as in PyTorch
  return true_then_release(plain->tp_richcompare(a, b, Py_EQ));
}

bool equal_values(PyObject* v, PyObject* expected) {
  if (Py_TYPE(v) != Py_TYPE(expected)) {
    if (!stand_in_for(Py_TYPE(v), Py_TYPE(expected))) return false;
    return plain_number_equal(v, expected);
  }
  if (v == expected) return true;  // small ints, interned strings, True/False
  if (PyFloat_CheckExact(v) && std::isnan(PyFloat_AS_DOUBLE(v)) && std::isnan(PyFloat_AS_DOUBLE(expected)))
    return true;  // nan == nan for a guard, as in PyTorch
  if (PyFloat_CheckExact(v) && PyFloat_AS_DOUBLE(v) == 0.0 &&
      std::signbit(PyFloat_AS_DOUBLE(v)) != std::signbit(PyFloat_AS_DOUBLE(expected)))
    return false;  // -0.0 is not 0.0 (copysign, 1/x and atan2 tell them apart; Dynamo's == does not)
  int eq = PyObject_RichCompareBool(v, expected, Py_EQ);
  if (eq < 0) PyErr_Clear();
  return eq == 1;
}

bool dict_contains(PyObject* v, PyObject* key) {
  if (Py_IS_TYPE(v, &PyDictProxy_Type)) {
    // A class's __dict__ (a mappingproxy): whether a class of the MRO
    // shadows an attribute (`not ___dict_contains('scale',
    // dict(type(self).__mro__[1].__dict__))`).
    int found = PySequence_Contains(v, key);
    if (found < 0) PyErr_Clear();
    return found == 1;
  }
  if (!PyDict_Check(v) && !PyAnySet_Check(v)) return false;
  int found = PyDict_Check(v) ? PyDict_Contains(v, key) : PySet_Contains(v, key);
  if (found < 0) PyErr_Clear();
  return found == 1;
}

// Whether dict key `a` is the key `b` a guard expects: numbers, strings and
// weak references (equal while they refer to one object) by value, tuples
// item by item, every other key (a tensor, a class, a function, an Enum
// member) by identity, as the dict itself tells them apart -- never by a
// tensor's elementwise ==, under which two distinct tensors holding 1.0
// would pass for one key (tests/oracle recomp_w_dict_tuple_key_with_tensor).
static bool same_key(PyObject* a, PyObject* b) {
  if (a == b) return true;
  const bool numbers = (PyLong_Check(a) || PyFloat_Check(a)) && (PyLong_Check(b) || PyFloat_Check(b));
  if (numbers) return plain_number_equal(a, b);  // (1 == 1.0 == True are one key to a dict)
  if (Py_TYPE(a) != Py_TYPE(b)) return false;
  if (PyWeakref_Check(a)) {
    // Equal while both refer to one object: that object, by identity (two
    // tensors holding 1.0 are two keys).
    PyObject* referent = PyWeakref_GetObject(a);
    return referent != Py_None && referent == PyWeakref_GetObject(b);
  }
  if (PyTuple_CheckExact(a)) {
    if (PyTuple_GET_SIZE(a) != PyTuple_GET_SIZE(b)) return false;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a); ++i)
      if (!same_key(PyTuple_GET_ITEM(a, i), PyTuple_GET_ITEM(b, i))) return false;
    return true;
  }
  if (!PyUnicode_CheckExact(a) && !PyBytes_CheckExact(a) && !PyComplex_CheckExact(a)) return false;
  int eq = PyObject_RichCompareBool(a, b, Py_EQ);
  if (eq < 0) PyErr_Clear();
  return eq == 1;
}

bool dict_keys_equal(PyObject* v, PyObject* expected) {
  if (!PyDict_Check(v) || PyDict_Size(v) != PyList_GET_SIZE(expected)) return false;
  if (PyODict_Check(v)) {
    // An OrderedDict's order is its own (move_to_end), not its dict's.
    PyObject* it = PyObject_GetIter(v);
    if (it == nullptr) {
      PyErr_Clear();
      return false;
    }
    bool same = true;
    Py_ssize_t i = 0;
    for (PyObject* key; same && (key = PyIter_Next(it)) != nullptr; Py_DECREF(key)) {
      same = i < PyList_GET_SIZE(expected) && same_key(key, PyList_GET_ITEM(expected, i++));
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) PyErr_Clear();
    return same && i == PyList_GET_SIZE(expected);
  }
  PyObject *key = nullptr, *item = nullptr;
  Py_ssize_t pos = 0, i = 0;
  while (PyDict_Next(v, &pos, &key, &item)) {
    if (!same_key(key, PyList_GET_ITEM(expected, i++))) return false;
  }
  return true;
}

}  // namespace guards

int64_t DimExpr::eval(const int64_t* values) const {
  int64_t product = coef;
  for (int s : symbols) product *= values[s];
  if (product % div != 0) return -1;  // not exact: no size or stride matches
  return product / div + add;
}

}  // namespace dynx::capture
