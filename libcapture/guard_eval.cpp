// Guards of a cache entry (see guard_eval.hpp).
#include "guard_eval.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "frame_compat.h"
#include "torch_probe.h"

namespace dynx::capture {
namespace {

// ----- the ATen probe -------------------------------------------------------------------------

const TorchProbeApi* load_probe() {
  const char* force = std::getenv("DYNX_GUARDS_PYTHON");
  if (force != nullptr && *force != '\0' && std::strcmp(force, "0") != 0) return nullptr;
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&load_probe), &info) == 0 || info.dli_fname == nullptr) return nullptr;
  std::string path = info.dli_fname;
  path = path.substr(0, path.find_last_of('/') + 1) + "libdynx_torch_probe.so";
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) return nullptr;
  auto entry = reinterpret_cast<DynxTorchProbeEntry>(dlsym(handle, "dynx_torch_probe"));
  const TorchProbeApi* api = entry != nullptr ? entry(kTorchProbeAbi) : nullptr;
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

const TorchProbeApi* probe() {
  static const TorchProbeApi* api = load_probe();
  return api;
}

// ----- text ----------------------------------------------------------------------------------

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
std::string type_name(PyObject* type) {
  return PyType_Check(type) ? reinterpret_cast<PyTypeObject*>(type)->tp_name : text_of(type);
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

// ----- values --------------------------------------------------------------------------------

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
const Names& names() {
  static const Names* interned = new Names();  // lives as long as the interpreter's strings
  return *interned;
}

// nn.Module.__getattr__ looks in _parameters, _buffers and _modules after the
// normal lookup fails; it is Python code, so doing the same lookups here
// saves a Python call per step. Only for types that keep Module's own
// __getattr__ and object's __getattribute__ (cached per type).
struct ModuleAttrs {
  PyObject* module_getattr = nullptr;  // nn.Module.__getattr__ (borrowed from the type)
  PyObject* object_getattribute = nullptr;
  PyTypeObject* last_yes = nullptr;
  PyTypeObject* last_no = nullptr;
  unsigned int yes_tag = 0, no_tag = 0;  // tp_version_tag: 0 or changed once the type is modified
};
ModuleAttrs& module_attrs() {
  static ModuleAttrs* attrs = [] {
    auto* a = new ModuleAttrs();
    PyRef nn = PyRef::steal(PyImport_ImportModule("torch.nn"));
    PyRef module = nn ? PyRef::steal(PyObject_GetAttrString(nn.get(), "Module")) : PyRef();
    if (module && PyType_Check(module.get())) {
      a->module_getattr = _PyType_Lookup(reinterpret_cast<PyTypeObject*>(module.get()), names().getattr);
      Py_XINCREF(a->module_getattr);
    }
    a->object_getattribute = _PyType_Lookup(&PyBaseObject_Type, names().getattribute);
    Py_XINCREF(a->object_getattribute);
    PyErr_Clear();
    return a;
  }();
  return *attrs;
}

bool plain_module_type(PyTypeObject* type) {
  ModuleAttrs& m = module_attrs();
  unsigned int tag = type->tp_version_tag;
  if (type == m.last_yes && tag != 0 && tag == m.yes_tag) return true;
  if (m.module_getattr == nullptr) return false;
  if (type == m.last_no && tag != 0 && tag == m.no_tag) return false;
  bool yes = _PyType_Lookup(type, names().getattr) == m.module_getattr &&
             _PyType_Lookup(type, names().getattribute) == m.object_getattribute;
  tag = type->tp_version_tag;  // the lookups assign one if the type had none
  if (yes) {
    m.last_yes = type;
    m.yes_tag = tag;
  } else {
    m.last_no = type;
    m.no_tag = tag;
  }
  return yes;
}

// obj.name as PyObject_GetAttr would return it (new reference, or null with
// no error set).
PyObject* get_attr(PyObject* object, PyObject* name) {
  PyTypeObject* type = Py_TYPE(object);
  if (plain_module_type(type)) {
    PyObject* descriptor = _PyType_Lookup(type, name);  // borrowed
    if (descriptor == nullptr || Py_TYPE(descriptor)->tp_descr_set == nullptr) {
      PyObject** dict_slot = _PyObject_GetDictPtr(object);
      PyObject* dict = dict_slot != nullptr ? *dict_slot : nullptr;
      if (dict != nullptr) {
        PyObject* value = PyDict_GetItemWithError(dict, name);
        if (value != nullptr) return Py_NewRef(value);
        if (descriptor == nullptr) {
          for (PyObject* which : names().module_dicts) {
            PyObject* inner = PyDict_GetItemWithError(dict, which);
            if (inner != nullptr && PyDict_Check(inner)) {
              value = PyDict_GetItemWithError(inner, name);
              if (value != nullptr) return Py_NewRef(value);
            }
          }
        }
        PyErr_Clear();
      }
    }
  }
  PyObject* value = PyObject_GetAttr(object, name);
  if (value == nullptr) PyErr_Clear();
  return value;
}

// The next value along a path (new reference), or null with no error set.
PyObject* step_value(const PathStep& step, PyObject* value, const Scope& scope) {
  switch (step.kind) {
    case PathStep::Kind::local: {
      auto index = static_cast<size_t>(step.index);
      return index < scope.local_count ? Py_XNewRef(scope.locals[index]) : nullptr;
    }
    case PathStep::Kind::closure: {
      PyObject* cells = scope.closure;
      PyObject* cell = cells != nullptr && PyTuple_Check(cells) && step.index < PyTuple_GET_SIZE(cells)
                           ? PyTuple_GET_ITEM(cells, step.index)
                           : nullptr;
      return cell != nullptr && PyCell_Check(cell) ? Py_XNewRef(PyCell_GET(cell)) : nullptr;
    }
    case PathStep::Kind::global: {
      PyObject* found = scope.globals != nullptr ? PyDict_GetItemWithError(scope.globals, step.key.get()) : nullptr;
      if (found == nullptr) PyErr_Clear();
      return Py_XNewRef(found);
    }
    case PathStep::Kind::attr:
      return value != nullptr ? get_attr(value, step.key.get()) : nullptr;
    case PathStep::Kind::module: {
      PyObject* found = PyDict_GetItemWithError(PyImport_GetModuleDict(), step.key.get());
      if (found == nullptr) PyErr_Clear();
      return Py_XNewRef(found);
    }
    case PathStep::Kind::item: {
      if (value == nullptr) return nullptr;
      if (PyLong_CheckExact(step.key.get())) {
        if (PyList_CheckExact(value))
          return step.index >= 0 && step.index < PyList_GET_SIZE(value) ? Py_NewRef(PyList_GET_ITEM(value, step.index))
                                                                        : nullptr;
        if (PyTuple_CheckExact(value))
          return step.index >= 0 && step.index < PyTuple_GET_SIZE(value)
                     ? Py_NewRef(PyTuple_GET_ITEM(value, step.index))
                     : nullptr;
      }
      if (PyDict_CheckExact(value)) {
        PyObject* found = PyDict_GetItemWithError(value, step.key.get());
        if (found == nullptr) PyErr_Clear();
        return Py_XNewRef(found);
      }
      PyObject* found = PyObject_GetItem(value, step.key.get());
      if (found == nullptr) PyErr_Clear();
      return found;
    }
  }
  return nullptr;
}

PyRef resolve(const std::vector<PathStep>& path, const Scope& scope) {
  PyRef value;
  for (const auto& step : path) {
    value = PyRef::steal(step_value(step, value.get(), scope));
    if (!value) return {};
  }
  return value;
}

// ----- tensors -------------------------------------------------------------------------------

// Facts of a tensor read through Python attributes (the fallback path).
struct SlowFacts {
  PyRef dtype, device, grad;
  std::vector<int64_t> sizes, strides;
  bool ok = false;
};

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

// Size `dim` of a tensor, or -1.
int64_t size_of(PyObject* v, size_t dim) {
  if (const TorchProbeApi* api = probe()) {
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

bool tensor_ok(const Guard& g, PyObject* v, const int64_t* symbols) {
  if (reinterpret_cast<PyObject*>(Py_TYPE(v)) != g.tensor_type.get()) return false;
  if (const TorchProbeApi* api = probe()) {
    TensorFacts f;
    return api->tensor_facts(v, &f) && f.dtype == g.dtype_code && f.device_type == g.device_type &&
           f.device_index == g.device_index && f.requires_grad == g.requires_grad && f.ndim == g.shape.size() &&
           dims_match(g.shape, f.sizes, symbols) && dims_match(g.stride, f.strides, symbols);
  }
  SlowFacts f = slow_facts(v);
  if (!f.ok || f.dtype.get() != g.dtype.get() || (f.grad.get() == Py_True) != g.requires_grad ||
      f.sizes.size() != g.shape.size())
    return false;
  int same_device = PyObject_RichCompareBool(f.device.get(), g.device_object.get(), Py_EQ);
  if (same_device != 1) {
    PyErr_Clear();
    return false;
  }
  return dims_match(g.shape, f.sizes.data(), symbols) && dims_match(g.stride, f.strides.data(), symbols);
}

// ----- other guards --------------------------------------------------------------------------

bool equal_values(PyObject* v, PyObject* expected) {
  if (Py_TYPE(v) != Py_TYPE(expected)) return false;
  if (v == expected) return true;  // small ints, interned strings, True/False
  if (PyFloat_CheckExact(v) && std::isnan(PyFloat_AS_DOUBLE(v)) && std::isnan(PyFloat_AS_DOUBLE(expected)))
    return true;  // nan == nan for a guard, as in PyTorch
  int eq = PyObject_RichCompareBool(v, expected, Py_EQ);
  if (eq < 0) PyErr_Clear();
  return eq == 1;
}

bool dict_keys_equal(PyObject* v, PyObject* expected) {
  if (!PyDict_Check(v) || PyDict_Size(v) != PyList_GET_SIZE(expected)) return false;
  PyObject *key = nullptr, *item = nullptr;
  Py_ssize_t pos = 0, i = 0;
  while (PyDict_Next(v, &pos, &key, &item)) {
    int eq = PyObject_RichCompareBool(key, PyList_GET_ITEM(expected, i++), Py_EQ);
    if (eq != 1) {
      PyErr_Clear();
      return false;
    }
  }
  return true;
}

int cost_of(Guard::Kind kind) {
  switch (kind) {
    case Guard::Kind::none_match:
    case Guard::Kind::type_match:
    case Guard::Kind::id_match:
    case Guard::Kind::tensor_aliasing:
      return 0;
    case Guard::Kind::equals_match:
    case Guard::Kind::length_check:
      return 1;
    case Guard::Kind::global_state:
      return 2;
    case Guard::Kind::tensor_match:
      return 3;
    case Guard::Kind::dict_keys:
      return 4;
    case Guard::Kind::shape_env:
    case Guard::Kind::no_tensor_aliasing:
      return 5;
  }
  return 5;
}

std::string expr_text(const DimExpr& e, const std::vector<Symbol>& symbols) {
  if (e.fixed()) return std::to_string(e.add);
  std::string text = e.coef == 1 ? "" : std::to_string(e.coef) + "*";
  for (size_t i = 0; i < e.symbols.size(); ++i)
    text += (i ? "*" : "") + symbols[static_cast<size_t>(e.symbols[i])].source;
  if (e.div != 1) text += "//" + std::to_string(e.div);
  if (e.add > 0) text += " + " + std::to_string(e.add);
  if (e.add < 0) text += " - " + std::to_string(-e.add);
  return text;
}

}  // namespace

bool PathStep::operator==(const PathStep& other) const {
  if (kind != other.kind || index != other.index) return false;
  if (!key || !other.key) return !key && !other.key;
  if (Py_TYPE(key.get()) != Py_TYPE(other.key.get())) return false;
  int eq = PyObject_RichCompareBool(key.get(), other.key.get(), Py_EQ);
  if (eq < 0) PyErr_Clear();
  return eq == 1;
}

int64_t DimExpr::eval(const int64_t* values) const {
  int64_t product = coef;
  for (int s : symbols) product *= values[s];
  if (product % div != 0) return -1;  // not exact: no size or stride matches
  return product / div + add;
}

// ----- the tree ------------------------------------------------------------------------------

struct GuardSet::Node {
  PathStep step;
  std::vector<int> guards;  // checks on this node's value, in hot order
  std::vector<uint32_t> guard_failures;
  std::vector<std::unique_ptr<Node>> children;
  uint32_t failures = 0;
};

GuardSet::GuardSet() : root_(std::make_unique<Node>()) {}
GuardSet::GuardSet(GuardSet&&) noexcept = default;
GuardSet& GuardSet::operator=(GuardSet&&) noexcept = default;
GuardSet::~GuardSet() = default;

void GuardSet::build_tree() {
  root_ = std::make_unique<Node>();
  aliasing_.clear();
  for (size_t i = 0; i < guards_.size(); ++i)
    if (guards_[i].kind == Guard::Kind::tensor_aliasing || guards_[i].kind == Guard::Kind::no_tensor_aliasing)
      aliasing_.push_back(static_cast<int>(i));
  for (size_t i = 0; i < guards_.size(); ++i) {
    const Guard& g = guards_[i];
    if (g.kind == Guard::Kind::global_state || g.kind == Guard::Kind::shape_env ||
        g.kind == Guard::Kind::no_tensor_aliasing)
      continue;  // checked around the tree walk
    Node* node = root_.get();
    for (const auto& step : g.path) {
      auto it = std::find_if(node->children.begin(), node->children.end(),
                             [&](const auto& child) { return child->step == step; });
      if (it == node->children.end()) {
        node->children.push_back(std::make_unique<Node>());
        node->children.back()->step = step;
        it = node->children.end() - 1;
      }
      node = it->get();
    }
    node->guards.push_back(static_cast<int>(i));
    node->guard_failures.push_back(0);
  }
  // Cheap checks first; the order then adapts to failures.
  auto sort_node = [&](auto&& self, Node* node) -> void {
    std::stable_sort(node->guards.begin(), node->guards.end(), [&](int a, int b) {
      return cost_of(guards_[static_cast<size_t>(a)].kind) < cost_of(guards_[static_cast<size_t>(b)].kind);
    });
    for (auto& child : node->children) self(self, child.get());
  };
  sort_node(sort_node, root_.get());
}

std::vector<int> GuardSet::hot_order() const {
  std::vector<int> order;
  auto walk = [&](auto&& self, const Node* node) -> void {
    order.insert(order.end(), node->guards.begin(), node->guards.end());
    for (const auto& child : node->children) self(self, child.get());
  };
  walk(walk, root_.get());
  return order;
}

namespace {

// Moves element i towards the front past elements that failed less often.
template <typename Vec, typename Count>
void promote(Vec& items, size_t i, Count count) {
  while (i > 0 && count(items[i]) > count(items[i - 1])) {
    std::swap(items[i], items[i - 1]);
    --i;
  }
}

template <size_t N, typename T>
struct Scratch {
  std::array<T, N> inline_items;
  std::unique_ptr<T[]> heap;
  T* data = nullptr;
  explicit Scratch(size_t n) : data(n <= N ? inline_items.data() : (heap = std::make_unique<T[]>(n)).get()) {}
};

}  // namespace

bool GuardSet::check(const Scope& scope) {
  // Global state first: one call reads every field.
  if (!state_fields_.empty()) {
    if (const TorchProbeApi* api = state_fast_ ? probe() : nullptr) {
      int64_t state[kStateFieldCount];
      api->global_state(state);
      for (int f = 0; f < kStateFieldCount; ++f)
        if (state_expected_[static_cast<size_t>(f)] >= 0 && state[f] != state_expected_[static_cast<size_t>(f)])
          return false;
    } else if (!state_failure().empty()) {
      return false;
    }
  }
  Scratch<16, int64_t> symbols(symbols_.size());
  for (size_t s = 0; s < symbols_.size(); ++s) {
    const Symbol& sym = symbols_[s];
    const Guard& binder = guards_[static_cast<size_t>(sym.guard)];
    PyRef tensor = resolve(binder.path, scope);
    if (!tensor || reinterpret_cast<PyObject*>(Py_TYPE(tensor.get())) != binder.tensor_type.get()) return false;
    int64_t value = size_of(tensor.get(), sym.dim);
    if (value < sym.min || (sym.max >= 0 && value > sym.max)) return false;
    symbols.data[s] = value;
  }
  for (const DimExpr& e : divisible_)
    if (e.eval(symbols.data) < 0) return false;
  Scratch<32, PyObject*> slots(static_cast<size_t>(alias_slots_));
  // The walk: each node's value is resolved once; references are released
  // on the way back, so identities in `slots` are compared while the frame
  // still holds its arguments.
  auto walk = [&](auto&& self, Node* node, PyObject* value) -> bool {
    for (size_t k = 0; k < node->guards.size(); ++k) {
      const Guard& g = guards_[static_cast<size_t>(node->guards[k])];
      bool ok = true;
      switch (g.kind) {
        case Guard::Kind::tensor_match:
          ok = tensor_ok(g, value, symbols.data);
          break;
        case Guard::Kind::none_match:
          ok = value == Py_None;
          break;
        case Guard::Kind::type_match:
          ok = reinterpret_cast<PyObject*>(Py_TYPE(value)) == g.expected.get();
          break;
        case Guard::Kind::id_match:
          ok = value == g.expected.get();
          break;
        case Guard::Kind::equals_match:
          ok = equal_values(value, g.expected.get());
          break;
        case Guard::Kind::length_check: {
          Py_ssize_t n = PyList_CheckExact(value)    ? PyList_GET_SIZE(value)
                         : PyTuple_CheckExact(value) ? PyTuple_GET_SIZE(value)
                                                     : PyObject_Length(value);
          if (n < 0) PyErr_Clear();
          ok = n == g.length;
          break;
        }
        case Guard::Kind::dict_keys:
          ok = dict_keys_equal(value, g.expected.get());
          break;
        case Guard::Kind::tensor_aliasing:
        case Guard::Kind::global_state:
        case Guard::Kind::shape_env:
        case Guard::Kind::no_tensor_aliasing:
          break;
      }
      if (!ok) {
        node->guard_failures[k]++;
        // Keep guards and their counters side by side while promoting.
        size_t i = k;
        while (i > 0 && node->guard_failures[i] > node->guard_failures[i - 1]) {
          std::swap(node->guard_failures[i], node->guard_failures[i - 1]);
          std::swap(node->guards[i], node->guards[i - 1]);
          --i;
        }
        return false;
      }
      if (g.alias_slot >= 0) slots.data[g.alias_slot] = value;
    }
    for (size_t c = 0; c < node->children.size(); ++c) {
      Node* child = node->children[c].get();
      PyRef child_value = PyRef::steal(step_value(child->step, value, scope));
      if (!child_value || !self(self, child, child_value.get())) {
        child->failures++;
        promote(node->children, c, [](const std::unique_ptr<Node>& n) { return n->failures; });
        return false;
      }
    }
    return true;
  };
  if (!walk(walk, root_.get(), nullptr)) return false;
  for (int index : aliasing_) {
    const Guard& g = guards_[static_cast<size_t>(index)];
    if (g.kind == Guard::Kind::tensor_aliasing) {
      if (slots.data[g.alias_slot] != slots.data[guards_[static_cast<size_t>(g.same_as)].alias_slot]) return false;
    } else if (g.kind == Guard::Kind::no_tensor_aliasing) {
      size_t n = g.distinct.size();
      Scratch<32, PyObject*> seen(n);
      for (size_t a = 0; a < n; ++a) seen.data[a] = slots.data[guards_[static_cast<size_t>(g.distinct[a])].alias_slot];
      if (n <= 24) {  // pairwise is cheaper than sorting this few pointers
        for (size_t a = 0; a < n; ++a)
          for (size_t b = a + 1; b < n; ++b)
            if (seen.data[a] == seen.data[b]) return false;
      } else {
        std::sort(seen.data, seen.data + n);
        if (std::adjacent_find(seen.data, seen.data + n) != seen.data + n) return false;
      }
    }
  }
  return true;
}

std::string GuardSet::state_failure() const {
  // Each probe is a C function of torch (is_grad_enabled, ...): one call
  // each, no Python frame.
  for (size_t i = 0; i < state_fields_.size(); ++i) {
    if (!state_probes_[i]) continue;
    PyRef actual = PyRef::steal(PyObject_CallNoArgs(state_probes_[i].get()));
    int same = actual ? PyObject_RichCompareBool(actual.get(), state_expected_objects_[i].get(), Py_EQ) : -1;
    if (same != 1) {
      PyErr_Clear();
      return "global state changed: " + state_fields_[i] + " expected " + repr_of(state_expected_objects_[i].get()) +
             ", actual " + (actual ? repr_of(actual.get()) : "?");
    }
  }
  return {};
}

std::string GuardSet::symbol_failure(const Scope& scope, int64_t* values) const {
  // Bind every symbol first (a tensor guard may use any of them), then check ranges.
  for (size_t s = 0; s < symbols_.size(); ++s) {
    const Guard& binder = guards_[static_cast<size_t>(symbols_[s].guard)];
    PyRef tensor = resolve(binder.path, scope);
    bool readable = tensor && reinterpret_cast<PyObject*>(Py_TYPE(tensor.get())) == binder.tensor_type.get();
    values[s] = readable ? size_of(tensor.get(), symbols_[s].dim) : -1;
  }
  for (size_t s = 0; s < symbols_.size(); ++s) {
    const Symbol& sym = symbols_[s];
    int64_t value = values[s];
    if (value < 0) continue;  // its tensor guard words what is wrong with it
    if (value < sym.min) return std::to_string(sym.min) + " <= " + sym.source;
    if (sym.max >= 0 && value > sym.max) return sym.source + " <= " + std::to_string(sym.max);
  }
  for (const DimExpr& e : divisible_) {
    if (e.eval(values) >= 0) continue;
    DimExpr numerator = e;
    numerator.div = 1;
    return expr_text(numerator, symbols_) + " % " + std::to_string(e.div) + " == 0";
  }
  return {};
}

std::string GuardSet::first_failure(const Scope& scope) const {
  std::vector<int64_t> symbols(symbols_.size(), -1);
  std::string symbol_reason = symbol_failure(scope, symbols.data());
  std::vector<PyObject*> slots(static_cast<size_t>(alias_slots_), nullptr);
  std::vector<PyRef> keep;
  for (const auto& g : guards_) {
    if (g.kind == Guard::Kind::shape_env) {
      if (!symbol_reason.empty()) return symbol_reason;
      continue;
    }
    std::string reason;
    if (g.kind == Guard::Kind::global_state) {
      reason = state_failure();
    } else if (g.kind == Guard::Kind::no_tensor_aliasing) {
      for (size_t a = 0; a < g.distinct.size() && reason.empty(); ++a)
        for (size_t b = a + 1; b < g.distinct.size() && reason.empty(); ++b) {
          const Guard& ga = guards_[static_cast<size_t>(g.distinct[a])];
          const Guard& gb = guards_[static_cast<size_t>(g.distinct[b])];
          if (slots[static_cast<size_t>(ga.alias_slot)] == slots[static_cast<size_t>(gb.alias_slot)])
            reason = ga.source + " is not " + gb.source + " (the same tensor was passed for both)";
        }
    } else {
      PyRef value = resolve(g.path, scope);
      if (!value) return g.source + " is no longer there";
      reason = failure(g, scope, symbols.data());
      if (g.alias_slot >= 0) slots[static_cast<size_t>(g.alias_slot)] = value.get();
      keep.push_back(std::move(value));
      if (reason.empty() && g.kind == Guard::Kind::tensor_aliasing) {
        const Guard& first = guards_[static_cast<size_t>(g.same_as)];
        if (slots[static_cast<size_t>(g.alias_slot)] != slots[static_cast<size_t>(first.alias_slot)])
          reason = g.source + " is " + first.source;
      }
    }
    if (!reason.empty()) return reason;
  }
  return {};
}

// Empty when the guard holds; otherwise the reason, worded like PyTorch's.
std::string GuardSet::failure(const Guard& g, const Scope& scope, const int64_t* symbols) const {
  PyRef value = resolve(g.path, scope);
  if (!value) return g.source + " is no longer there";
  PyObject* v = value.get();
  switch (g.kind) {
    case Guard::Kind::none_match:
      return v == Py_None ? std::string() : g.source + " is None";
    case Guard::Kind::type_match:
      return reinterpret_cast<PyObject*>(Py_TYPE(v)) == g.expected.get()
                 ? std::string()
                 : "type(" + g.source + ") is " + type_name(g.expected.get()) + " (actual " +
                       std::string(Py_TYPE(v)->tp_name) + ")";
    case Guard::Kind::id_match:
      if (v == g.expected.get()) return {};
      return g.expected_text.empty() ? g.source + " is not the object it was (" + Py_TYPE(v)->tp_name + ")"
                                     : g.source + " is " + g.expected_text;
    case Guard::Kind::equals_match:
      return equal_values(v, g.expected.get()) ? std::string() : g.source + " == " + repr_of(g.expected.get());
    case Guard::Kind::length_check: {
      Py_ssize_t n = PyObject_Length(v);
      if (n < 0) PyErr_Clear();
      return n == g.length ? std::string() : "len(" + g.source + ") == " + std::to_string(g.length);
    }
    case Guard::Kind::dict_keys:
      return dict_keys_equal(v, g.expected.get()) ? std::string()
                                                   : "list(" + g.source + ".keys()) == " + repr_of(g.expected.get());
    case Guard::Kind::tensor_match: {
      auto name = [&] { return "tensor '" + shown(g.source) + "' "; };
      if (reinterpret_cast<PyObject*>(Py_TYPE(v)) != g.tensor_type.get()) {
        PyRef torch = PyRef::steal(PyImport_ImportModule("torch"));
        PyRef base = torch ? PyRef::steal(PyObject_GetAttrString(torch.get(), "Tensor")) : PyRef();
        int is_tensor = base ? PyObject_IsInstance(v, base.get()) : 0;
        PyErr_Clear();
        if (is_tensor != 1)  // PyTorch's wording
          return "expected type of '" + shown(g.source) + "' to be a tensor type, but found " +
                 repr_of(reinterpret_cast<PyObject*>(Py_TYPE(v)));
        return name() + "type mismatch. expected " +
               type_name(g.tensor_type.get()) + ", actual " +
               std::string(Py_TYPE(v)->tp_name);
      }
      SlowFacts f = slow_facts(v);
      if (!f.ok) return name() + "could not be inspected";
      // Checked in PyTorch's order.
      if (f.dtype.get() != g.dtype.get())
        return name() + "dtype mismatch. expected " + g.dtype_name + ", actual " +
               aten_dtype_name(text_of(f.dtype.get()));
      int same_device = PyObject_RichCompareBool(f.device.get(), g.device_object.get(), Py_EQ);
      if (same_device != 1) {
        PyErr_Clear();
        return name() + "device mismatch. expected " + g.device + ", actual " + text_of(f.device.get());
      }
      if ((f.grad.get() == Py_True) != g.requires_grad)
        return name() + "requires_grad mismatch. expected requires_grad=" + std::to_string(g.requires_grad ? 1 : 0);
      if (f.sizes.size() != g.shape.size())
        return name() + "rank mismatch. expected " + std::to_string(g.shape.size()) + ", actual " +
               std::to_string(f.sizes.size());
      auto dims = [&](const std::vector<DimExpr>& expected, const std::vector<int64_t>& actual,
                      const char* what, const char* accessor) -> std::string {
        for (size_t i = 0; i < expected.size(); ++i) {
          const DimExpr& e = expected[i];
          if (e.fixed()) {
            if (actual[i] != e.add)
              return name() + what + " mismatch at index " + std::to_string(i) + ". expected " +
                     std::to_string(e.add) + ", actual " + std::to_string(actual[i]);
            continue;
          }
          // A symbol this tensor binds is range-checked by SHAPE_ENV.
          bool binds = e.symbols.size() == 1 && e.coef == 1 && e.add == 0 &&
                       symbols_[static_cast<size_t>(e.symbols[0])].guard == static_cast<int>(&g - guards_.data()) &&
                       symbols_[static_cast<size_t>(e.symbols[0])].dim == i && std::strcmp(what, "size") == 0;
          if (!binds && actual[i] != e.eval(symbols))
            return g.source + "." + accessor + "()[" + std::to_string(i) + "] == " + expr_text(e, symbols_);
        }
        return {};
      };
      std::string reason = dims(g.shape, f.sizes, "size", "size");
      return reason.empty() ? dims(g.stride, f.strides, "stride", "stride") : reason;
    }
    case Guard::Kind::tensor_aliasing:
    case Guard::Kind::global_state:
    case Guard::Kind::shape_env:
    case Guard::Kind::no_tensor_aliasing:
      break;
  }
  return {};
}

// ----- building ------------------------------------------------------------------------------

Expected<GuardSet> GuardSet::from_python_checked(PyObject* guards, PyCodeObject* code) {
  GuardSet set;
  set.state_expected_.assign(kStateFieldCount, -1);
  if (!PyList_Check(guards)) return Error{"guards must be a list"};
  const TorchProbeApi* api = probe();
  auto count = static_cast<size_t>(PyList_GET_SIZE(guards));
  for (size_t i = 0; i < count; ++i) {
    PyObject* item = PyList_GET_ITEM(guards, static_cast<Py_ssize_t>(i));  // borrowed
    if (!PyDict_Check(item)) return Error{"a guard must be a dict"};
    auto string_of = [&](const char* key) {
      PyObject* v = PyDict_GetItemString(item, key);  // borrowed
      const char* text = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : nullptr;
      return std::string(text ? text : "");
    };
    auto index_of = [&](PyObject* v) -> int {
      long n = v && PyLong_Check(v) ? PyLong_AsLong(v) : -1;
      return n >= 0 && static_cast<size_t>(n) < count ? static_cast<int>(n) : -1;
    };
    Guard g;
    std::string kind = string_of("kind");
    g.source = string_of("source");
    static const std::pair<const char*, Guard::Kind> kKinds[] = {
        {"TENSOR_MATCH", Guard::Kind::tensor_match},   {"NONE_MATCH", Guard::Kind::none_match},
        {"EQUALS_MATCH", Guard::Kind::equals_match},   {"TYPE_MATCH", Guard::Kind::type_match},
        {"ID_MATCH", Guard::Kind::id_match},           {"LENGTH_CHECK", Guard::Kind::length_check},
        {"DICT_KEYS", Guard::Kind::dict_keys},         {"GLOBAL_STATE", Guard::Kind::global_state},
        {"SHAPE_ENV", Guard::Kind::shape_env},         {"TENSOR_ALIASING", Guard::Kind::tensor_aliasing},
        {"NO_TENSOR_ALIASING", Guard::Kind::no_tensor_aliasing}};
    auto found = std::find_if(std::begin(kKinds), std::end(kKinds), [&](const auto& k) { return kind == k.first; });
    if (found == std::end(kKinds)) return Error{"unknown guard kind '" + kind + "'"};
    g.kind = found->second;
    PyObject* path = PyDict_GetItemString(item, "path");
    if (path == nullptr || !PyList_Check(path)) return Error{"guard on " + g.source + " has no path"};
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(path); ++k) {
      PyObject* step = PyList_GET_ITEM(path, k);
      if (!PyList_Check(step) || PyList_GET_SIZE(step) != 2) return Error{"bad path in guard on " + g.source};
      const char* what = PyUnicode_AsUTF8(PyList_GET_ITEM(step, 0));
      PyObject* arg = PyList_GET_ITEM(step, 1);
      PathStep s;
      std::string_view w = what ? what : "";
      if (w == "local") {
        s.kind = PathStep::Kind::local;
        s.name = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : "";
        s.index = code != nullptr ? dynx_code_local_index(code, s.name.c_str()) : -1;
        if (s.index < 0) return Error{"guard on " + g.source + ": no local named " + s.name};
      } else if (w == "closure" && PyLong_Check(arg)) {
        s.kind = PathStep::Kind::closure;
        s.index = PyLong_AsLong(arg);
        if (s.index < 0) return Error{"bad closure index in guard on " + g.source};
      } else if ((w == "global" || w == "attr" || w == "module") && PyUnicode_Check(arg)) {
        s.kind = w == "global" ? PathStep::Kind::global : w == "attr" ? PathStep::Kind::attr : PathStep::Kind::module;
        s.name = PyUnicode_AsUTF8(arg);
        Py_INCREF(arg);
        PyUnicode_InternInPlace(&arg);
        s.key = PyRef::steal(arg);
      } else if (w == "item" && (PyLong_CheckExact(arg) || PyUnicode_CheckExact(arg))) {
        s.kind = PathStep::Kind::item;
        s.key = PyRef::borrow(arg);
        s.index = PyLong_CheckExact(arg) ? PyLong_AsLong(arg) : 0;
        s.name = repr_of(arg);
      } else {
        return Error{"unsupported path step in guard on " + g.source};
      }
      g.path.push_back(std::move(s));
    }
    bool pathless = g.kind == Guard::Kind::global_state || g.kind == Guard::Kind::shape_env ||
                    g.kind == Guard::Kind::no_tensor_aliasing;
    if (g.path.empty() != pathless) return Error{"guard on " + g.source + " has a wrong path"};
    auto dims_of = [&](const char* key, std::vector<DimExpr>& out) -> bool {
      PyObject* v = PyDict_GetItemString(item, key);
      if (v == nullptr || !PyList_Check(v)) return false;
      for (Py_ssize_t k = 0; k < PyList_GET_SIZE(v); ++k) {
        PyObject* d = PyList_GET_ITEM(v, k);
        DimExpr e;
        if (PyLong_Check(d)) {
          e.add = PyLong_AsLongLong(d);
        } else if (PyDict_Check(d)) {
          // {"expr": [coef, [symbol indices], add, div]}
          PyObject* expr = PyDict_GetItemString(d, "expr");
          if (expr == nullptr || !PyList_Check(expr) || PyList_GET_SIZE(expr) < 3 || PyList_GET_SIZE(expr) > 4)
            return false;
          e.coef = PyLong_AsLongLong(PyList_GET_ITEM(expr, 0));
          e.add = PyLong_AsLongLong(PyList_GET_ITEM(expr, 2));
          e.div = PyList_GET_SIZE(expr) == 4 ? PyLong_AsLongLong(PyList_GET_ITEM(expr, 3)) : 1;
          if (e.div < 1) return false;
          PyObject* syms = PyList_GET_ITEM(expr, 1);
          if (!PyList_Check(syms) || PyList_GET_SIZE(syms) == 0) return false;
          for (Py_ssize_t j = 0; j < PyList_GET_SIZE(syms); ++j)
            e.symbols.push_back(static_cast<int>(PyLong_AsLong(PyList_GET_ITEM(syms, j))));
        } else {
          return false;
        }
        out.push_back(std::move(e));
      }
      return true;
    };
    switch (g.kind) {
      case Guard::Kind::tensor_match: {
        g.tensor_type = PyRef::borrow(PyDict_GetItemString(item, "type"));
        g.dtype = PyRef::borrow(PyDict_GetItemString(item, "dtype_object"));
        g.dtype_name = string_of("dtype_name");
        g.device = string_of("device");
        g.device_object = PyRef::borrow(PyDict_GetItemString(item, "device_object"));
        g.requires_grad = PyDict_GetItemString(item, "requires_grad") == Py_True;
        if (!g.tensor_type || !PyType_Check(g.tensor_type.get()) || !g.dtype || !g.device_object ||
            !dims_of("shape", g.shape) || !dims_of("stride", g.stride) || g.shape.size() != g.stride.size())
          return Error{"malformed tensor guard on " + g.source};
        if (api != nullptr) {
          g.dtype_code = api->dtype_code(g.dtype.get());
          if (g.dtype_code < 0 || !api->device_code(g.device_object.get(), &g.device_type, &g.device_index))
            return Error{"tensor guard on " + g.source + " names no dtype or device"};
        }
        g.alias_slot = set.alias_slots_++;
        break;
      }
      case Guard::Kind::tensor_aliasing:
        g.same_as = index_of(PyDict_GetItemString(item, "same_as"));
        if (g.same_as < 0 || static_cast<size_t>(g.same_as) >= i ||
            set.guards_[static_cast<size_t>(g.same_as)].kind != Guard::Kind::tensor_match)
          return Error{"malformed aliasing guard on " + g.source};
        g.alias_slot = set.alias_slots_++;
        break;
      case Guard::Kind::no_tensor_aliasing: {
        PyObject* list = PyDict_GetItemString(item, "guards");
        for (Py_ssize_t k = 0; list && PyList_Check(list) && k < PyList_GET_SIZE(list); ++k) {
          int other = index_of(PyList_GET_ITEM(list, k));
          if (other < 0 || static_cast<size_t>(other) >= i ||
              set.guards_[static_cast<size_t>(other)].kind != Guard::Kind::tensor_match)
            return Error{"malformed aliasing guard"};
          g.distinct.push_back(other);
        }
        break;
      }
      case Guard::Kind::shape_env: {
        PyObject* list = PyDict_GetItemString(item, "symbols");
        if (list == nullptr || !PyList_Check(list)) return Error{"malformed SHAPE_ENV guard"};
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(list); ++k) {
          PyObject* d = PyList_GET_ITEM(list, k);
          if (!PyDict_Check(d)) return Error{"malformed SHAPE_ENV guard"};
          Symbol sym;
          PyObject* name = PyDict_GetItemString(d, "name");
          PyObject* source = PyDict_GetItemString(d, "source");
          sym.name = name && PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : "";
          sym.source = source && PyUnicode_Check(source) ? PyUnicode_AsUTF8(source) : "";
          sym.guard = index_of(PyDict_GetItemString(d, "guard"));
          PyObject* dim = PyDict_GetItemString(d, "dim");
          PyObject* lo = PyDict_GetItemString(d, "min");
          PyObject* hi = PyDict_GetItemString(d, "max");
          sym.dim = dim && PyLong_Check(dim) ? PyLong_AsSize_t(dim) : 0;
          sym.min = lo && PyLong_Check(lo) ? PyLong_AsLongLong(lo) : 0;
          sym.max = hi && PyLong_Check(hi) ? PyLong_AsLongLong(hi) : -1;
          if (sym.guard < 0 || static_cast<size_t>(sym.guard) >= i ||
              set.guards_[static_cast<size_t>(sym.guard)].kind != Guard::Kind::tensor_match ||
              sym.dim >= set.guards_[static_cast<size_t>(sym.guard)].shape.size())
            return Error{"SHAPE_ENV symbol " + sym.name + " has no tensor"};
          set.symbols_.push_back(std::move(sym));
        }
        PyObject* divisible = PyDict_GetItemString(item, "divisible");  // [[coef, [symbols], div]]
        for (Py_ssize_t k = 0; divisible && PyList_Check(divisible) && k < PyList_GET_SIZE(divisible); ++k) {
          PyObject* d = PyList_GET_ITEM(divisible, k);
          if (!PyList_Check(d) || PyList_GET_SIZE(d) != 3 || !PyList_Check(PyList_GET_ITEM(d, 1)))
            return Error{"malformed SHAPE_ENV guard"};
          DimExpr e;
          e.coef = PyLong_AsLongLong(PyList_GET_ITEM(d, 0));
          e.div = PyLong_AsLongLong(PyList_GET_ITEM(d, 2));
          PyObject* syms = PyList_GET_ITEM(d, 1);
          for (Py_ssize_t j = 0; j < PyList_GET_SIZE(syms); ++j) {
            long sym = PyLong_AsLong(PyList_GET_ITEM(syms, j));
            if (sym < 0 || static_cast<size_t>(sym) >= set.symbols_.size()) return Error{"malformed SHAPE_ENV guard"};
            e.symbols.push_back(static_cast<int>(sym));
          }
          if (e.div < 1 || e.symbols.empty()) return Error{"malformed SHAPE_ENV guard"};
          set.divisible_.push_back(std::move(e));
        }
        break;
      }
      case Guard::Kind::equals_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "value"));
        break;
      case Guard::Kind::type_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "type"));
        break;
      case Guard::Kind::id_match:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "object"));
        g.expected_text = string_of("expected");
        break;
      case Guard::Kind::dict_keys:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "keys"));
        if (!g.expected || !PyList_Check(g.expected.get())) return Error{"malformed DICT_KEYS guard on " + g.source};
        break;
      case Guard::Kind::global_state: {
        PyObject* state = PyDict_GetItemString(item, "state");
        PyObject* probes = PyDict_GetItemString(item, "probes");  // {field: callable}, borrowed
        static const char* const kFields[kStateFieldCount] = {"grad_mode",    "default_dtype",
                                                              "deterministic_algorithms", "num_threads",
                                                              "autocast_cpu", "autocast_cuda"};
        PyObject *key = nullptr, *probe_fn = nullptr;
        Py_ssize_t pos = 0;
        while (probes != nullptr && state != nullptr && PyDict_Next(probes, &pos, &key, &probe_fn)) {
          PyObject* expected = PyDict_GetItem(state, key);  // borrowed
          const char* field = PyUnicode_AsUTF8(key);
          if (expected == nullptr || field == nullptr) continue;
          set.state_fields_.emplace_back(field);
          set.state_probes_.push_back(PyRef::borrow(probe_fn));
          set.state_expected_objects_.push_back(PyRef::borrow(expected));
          for (int f = 0; f < kStateFieldCount; ++f) {
            if (std::strcmp(field, kFields[f]) != 0) continue;
            int64_t value = -1;
            if (PyBool_Check(expected)) value = expected == Py_True ? 1 : 0;
            else if (PyLong_Check(expected)) value = PyLong_AsLongLong(expected);
            else if (api != nullptr) value = api->dtype_code(expected);
            set.state_expected_[static_cast<size_t>(f)] = value;
          }
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
  // A field the fast path cannot read as a number (or one it does not know)
  // is still guarded: the probes then check the whole state.
  set.state_fast_ = api != nullptr;
  for (size_t f = 0; f < set.state_fields_.size(); ++f) {
    static const char* const kKnown[kStateFieldCount] = {"grad_mode", "default_dtype", "deterministic_algorithms",
                                                         "num_threads", "autocast_cpu", "autocast_cuda"};
    auto known = std::find_if(std::begin(kKnown), std::end(kKnown),
                              [&](const char* k) { return set.state_fields_[f] == k; });
    if (known == std::end(kKnown) || set.state_expected_[static_cast<size_t>(known - std::begin(kKnown))] < 0)
      set.state_fast_ = false;
  }
  // Every symbol a size or stride names must exist.
  for (const auto& g : set.guards_)
    for (const auto* dims : {&g.shape, &g.stride})
      for (const auto& e : *dims)
        for (int s : e.symbols)
          if (s < 0 || static_cast<size_t>(s) >= set.symbols_.size())
            return Error{"tensor guard on " + g.source + " names an unknown size symbol"};
  set.build_tree();
  return set;
}

Expected<GuardSet> GuardSet::from_python(PyObject* guards, PyCodeObject* code) {
  auto set = from_python_checked(guards, code);
  if (!set) PyErr_Clear();  // no Python error may outlive a refusal
  return set;
}

}  // namespace dynx::capture
