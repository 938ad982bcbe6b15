// Parsing guards from Python: GuardSet::from_python turns the recorder's
// guard list (dicts with kind, source, path and the expected facts; see
// libcapture/recorder/guards.py) into Guards, PathSteps, symbols and the
// expected global state, refusing anything malformed with an Error (never a
// crash, never a Python error left set).
#include <algorithm>
#include <cstring>
#include <string_view>

#include "frame_compat.h"
#include "guard_eval.hpp"
#include "guard_reasons.hpp"
#include "guard_values.hpp"

namespace dynx::capture {

using namespace guards;

Expected<GuardSet> GuardSet::from_python_checked(PyObject* guards, PyCodeObject* code) {
  GuardSet set;
  set.state_expected_.assign(kStateFieldCount, -1);
  if (!PyList_Check(guards)) return Error{"guards must be a list"};
  const TensorGuardApi* api = fast_path();
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
    g.shown_as = string_of("shown");
    g.note = string_of("note");
    g.failure_text = string_of("failure");
    if (PyObject* late = PyDict_GetItemString(item, "late")) g.late = PyObject_IsTrue(late) == 1;  // borrowed
    static const std::pair<const char*, Guard::Kind> kKinds[] = {
        {"TENSOR_MATCH", Guard::Kind::tensor_match},   {"NONE_MATCH", Guard::Kind::none_match},
        {"EQUALS_MATCH", Guard::Kind::equals_match},   {"TYPE_MATCH", Guard::Kind::type_match},
        {"ID_MATCH", Guard::Kind::id_match},           {"LENGTH_CHECK", Guard::Kind::length_check},
        {"DICT_KEYS", Guard::Kind::dict_keys},         {"DICT_CONTAINS", Guard::Kind::dict_contains},         {"GLOBAL_STATE", Guard::Kind::global_state},
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
      } else if (w == "value_at" && PyLong_CheckExact(arg)) {
        s.kind = PathStep::Kind::value_at;
        s.key = PyRef::borrow(arg);
        s.index = PyLong_AsLong(arg);
        s.name = "value " + repr_of(arg);
      } else if (w == "call") {
        s.kind = PathStep::Kind::call;
        s.name = "()";
      } else if (w == "key") {
        s.kind = PathStep::Kind::key;
        s.key = PyRef::borrow(arg);  // the guard dict holds the object while the guards live
        s.name = "key";
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
        g.unmarked = PyDict_GetItemString(item, "unmarked") == Py_True;
        if (PyObject* keys = PyDict_GetItemString(item, "dispatch_keys"); keys != nullptr && PyLong_Check(keys)) {
          g.dispatch_keys = PyLong_AsUnsignedLongLong(keys);
          if (PyErr_Occurred()) {
            PyErr_Clear();
            return Error{"malformed dispatch key set in the tensor guard on " + g.source};
          }
          g.has_dispatch_keys = true;
          g.dispatch_keys_text = string_of("dispatch_keys_text");
          g.dispatch_keys_of = PyRef::borrow(PyDict_GetItemString(item, "dispatch_keys_of"));
          g.dispatch_keys_text_of = PyRef::borrow(PyDict_GetItemString(item, "dispatch_keys_text_of"));
          if (!g.dispatch_keys_of || !PyCallable_Check(g.dispatch_keys_of.get()) || !g.dispatch_keys_text_of ||
              !PyCallable_Check(g.dispatch_keys_text_of.get()))
            return Error{"tensor guard on " + g.source + " has a dispatch key set but no way to read one"};
        }
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
          PyObject* spelled = PyDict_GetItemString(d, "shown");
          if (spelled != nullptr && PyUnicode_Check(spelled)) sym.shown = PyUnicode_AsUTF8(spelled);
          sym.guard = index_of(PyDict_GetItemString(d, "guard"));
          PyObject* dim = PyDict_GetItemString(d, "dim");
          PyObject* lo = PyDict_GetItemString(d, "min");
          PyObject* hi = PyDict_GetItemString(d, "max");
          sym.dim = dim && PyLong_Check(dim) ? PyLong_AsSize_t(dim) : 0;
          sym.min = lo && PyLong_Check(lo) ? PyLong_AsLongLong(lo) : 0;
          sym.max = hi && PyLong_Check(hi) ? PyLong_AsLongLong(hi) : -1;
          PyObject* symbol_kind = PyDict_GetItemString(d, "kind");
          if (symbol_kind != nullptr && PyUnicode_Check(symbol_kind) &&
              PyUnicode_CompareWithASCIIString(symbol_kind, "size") != 0) {
            sym.scalar = true;
            if (sym.guard < 0 || static_cast<size_t>(sym.guard) >= i ||
                set.guards_[static_cast<size_t>(sym.guard)].kind != Guard::Kind::type_match)
              return Error{"SHAPE_ENV symbol " + sym.name + " has no type guard"};
            set.symbols_.push_back(std::move(sym));
            continue;
          }
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
        PyObject* relations = PyDict_GetItemString(item, "relations");  // [[a, op, b]]
        for (Py_ssize_t k = 0; relations && PyList_Check(relations) && k < PyList_GET_SIZE(relations); ++k) {
          PyObject* r = PyList_GET_ITEM(relations, k);
          if (!PyList_Check(r) || PyList_GET_SIZE(r) != 3 || !PyUnicode_Check(PyList_GET_ITEM(r, 1)))
            return Error{"malformed SHAPE_ENV guard"};
          GuardSet::Relation rel;
          long a = PyLong_AsLong(PyList_GET_ITEM(r, 0)), b = PyLong_AsLong(PyList_GET_ITEM(r, 2));
          rel.op = PyUnicode_AsUTF8(PyList_GET_ITEM(r, 1));
          if (PyErr_Occurred()) PyErr_Clear();
          if (a < 0 || b < 0 || static_cast<size_t>(a) >= set.symbols_.size() ||
              static_cast<size_t>(b) >= set.symbols_.size() || set.symbols_[static_cast<size_t>(a)].scalar ||
              set.symbols_[static_cast<size_t>(b)].scalar ||
              (rel.op != "<" && rel.op != "<=" && rel.op != ">" && rel.op != ">=" && rel.op != "==" && rel.op != "!="))
            return Error{"malformed SHAPE_ENV guard"};
          rel.a = static_cast<int>(a);
          rel.b = static_cast<int>(b);
          set.relations_.push_back(std::move(rel));
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
      case Guard::Kind::dict_contains:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "key"));
        if (!g.expected) return Error{"malformed DICT_CONTAINS guard on " + g.source};
        g.length = PyObject_IsTrue(PyDict_GetItemString(item, "present")) == 1 ? 1 : 0;
        break;
      case Guard::Kind::dict_keys:
        g.expected = PyRef::borrow(PyDict_GetItemString(item, "keys"));
        if (!g.expected || !PyList_Check(g.expected.get())) return Error{"malformed DICT_KEYS guard on " + g.source};
        break;
      case Guard::Kind::global_state: {
        PyObject* state = PyDict_GetItemString(item, "state");
        PyObject* probes = PyDict_GetItemString(item, "probes");  // {field: callable}, borrowed
        const char* const* kFields = kStateFieldNames;
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
    if (PyObject* wording = PyDict_GetItemString(item, "dict"); wording != nullptr && PyUnicode_Check(wording)) {
      const char* w = PyUnicode_AsUTF8(wording);
      if (w != nullptr && std::strcmp(w, "manager") == 0) g.dict_wording = Guard::DictWording::manager;
      else if (w != nullptr && std::strcmp(w, "sized") == 0) g.dict_wording = Guard::DictWording::sized;
      else if (w != nullptr && std::strcmp(w, "kwargs") == 0) g.dict_wording = Guard::DictWording::kwargs;
      else if (w != nullptr && std::strcmp(w, "set") == 0) g.dict_wording = Guard::DictWording::set;
      else if (w != nullptr && std::strcmp(w, "hasattr") == 0) g.dict_wording = Guard::DictWording::hasattr;
      else if (w != nullptr && std::strcmp(w, "length") == 0) g.dict_wording = Guard::DictWording::length;
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
    const char* const* kKnown = kStateFieldNames;
    auto known = std::find_if(kKnown, kKnown + kStateFieldCount,
                              [&](const char* k) { return set.state_fields_[f] == k; });
    if (known == kKnown + kStateFieldCount || set.state_expected_[static_cast<size_t>(known - kKnown)] < 0)
      set.state_fast_ = false;
  }
  // Every symbol a size or stride names must exist.
  for (const auto& g : set.guards_)
    for (const auto* dims : {&g.shape, &g.stride})
      for (const auto& e : *dims)
        for (int s : e.symbols)
          if (s < 0 || static_cast<size_t>(s) >= set.symbols_.size() || set.symbols_[static_cast<size_t>(s)].scalar)
            return Error{"tensor guard on " + g.source + " names an unknown size symbol"};
  for (const auto& e : set.divisible_)
    for (int s : e.symbols)
      if (set.symbols_[static_cast<size_t>(s)].scalar) return Error{"malformed SHAPE_ENV guard"};
  set.build_tree();
  return set;
}

Expected<GuardSet> GuardSet::from_python(PyObject* guards, PyCodeObject* code) {
  auto set = from_python_checked(guards, code);
  if (!set) PyErr_Clear();  // no Python error may outlive a refusal
  return set;
}

}  // namespace dynx::capture
