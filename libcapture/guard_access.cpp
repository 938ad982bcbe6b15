// Access paths (see guard_access.hpp).
#include "guard_access.hpp"

namespace dynx::capture {
namespace guards {

const Names& names() {
  static const Names* interned = new Names();  // lives as long as the interpreter's strings
  return *interned;
}

namespace {

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

}  // namespace

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
    case PathStep::Kind::call: {
      PyObject* result = value != nullptr ? PyObject_CallNoArgs(value) : nullptr;
      if (result == nullptr) PyErr_Clear();
      return result;
    }
    case PathStep::Kind::value_at: {
      if (value == nullptr || !PyDict_Check(value) || step.index < 0 || step.index >= PyDict_Size(value))
        return nullptr;
      if (!PyDict_CheckExact(value)) {
        // An OrderedDict (a module's hook dicts) keeps its own order, which
        // move_to_end (register_*_hook(prepend=True)) changes and the
        // underlying dict's does not: its values() in that order.
        PyRef values = PyRef::steal(PyMapping_Values(value));
        if (!values || !PyList_Check(values.get()) || step.index >= PyList_GET_SIZE(values.get())) {
          PyErr_Clear();
          return nullptr;
        }
        return Py_NewRef(PyList_GET_ITEM(values.get(), step.index));
      }
      Py_ssize_t pos = 0, i = 0;
      PyObject *k = nullptr, *v = nullptr;
      while (PyDict_Next(value, &pos, &k, &v))
        if (i++ == step.index) return Py_NewRef(v);
      return nullptr;
    }
    case PathStep::Kind::key: {
      if (value == nullptr || !PyDict_Check(value)) return nullptr;
      PyObject* found = PyDict_GetItemWithError(value, step.key.get());  // never dict.__missing__
      if (found == nullptr) PyErr_Clear();
      return Py_XNewRef(found);
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

}  // namespace guards

bool PathStep::operator==(const PathStep& other) const {
  if (kind != other.kind || index != other.index) return false;
  if (!key || !other.key) return !key && !other.key;
  if (kind == Kind::key) return key.get() == other.key.get();  // objects (tensors) by identity, never ==
  if (Py_TYPE(key.get()) != Py_TYPE(other.key.get())) return false;
  int eq = PyObject_RichCompareBool(key.get(), other.key.get(), Py_EQ);
  if (eq < 0) PyErr_Clear();
  return eq == 1;
}

}  // namespace dynx::capture
