// Failure wording (see guard_reasons.hpp).
#include "guard_reasons.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "dynx/dtypes.hpp"
#include "guard_access.hpp"
#include "guard_values.hpp"

namespace dynx::capture {
namespace guards {
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

}  // namespace

std::string text_of(PyObject* object) { return text_via(PyObject_Str, object); }
std::string repr_of(PyObject* object) { return text_via(PyObject_Repr, object); }

namespace {

// repr() of an expected value, a set's members sorted by their repr (a set's
// own order follows the string hash seed; guards.py _json_value spells them
// the same way, so the reason reads as the guard does).
std::string value_repr(PyObject* object) {
  if (!(PySet_CheckExact(object) || PyFrozenSet_CheckExact(object)) || PySet_GET_SIZE(object) == 0)
    return repr_of(object);
  std::vector<std::string> members;
  PyRef iterator = PyRef::steal(PyObject_GetIter(object));
  if (!iterator) {
    PyErr_Clear();
    return repr_of(object);
  }
  while (PyRef item = PyRef::steal(PyIter_Next(iterator.get()))) {
    // (plain values only: a function's or a class's repr holds its address)
    if (PyType_Check(item.get()) || PyCallable_Check(item.get())) return repr_of(object);
    members.push_back(repr_of(item.get()));
  }
  if (PyErr_Occurred()) PyErr_Clear();
  std::sort(members.begin(), members.end());
  std::string text = PyFrozenSet_CheckExact(object) ? "frozenset({" : "{";
  for (std::size_t i = 0; i < members.size(); ++i) text += (i ? ", " : "") + members[i];
  return text + (PyFrozenSet_CheckExact(object) ? "})" : "}");
}

}  // namespace
// type.__repr__ of a class, as Dynamo's TYPE_MATCH and ID_MATCH guards show
// it (`type=<class '__main__.Mode'>`, `<class 'int'>`).
static std::string class_repr(PyObject* type) {
  return PyType_Check(type) ? text_via(PyType_Type.tp_repr, type) : text_of(type);
}

// Dynamo's TYPE_MATCH guard as it prints: the identity of the expected class
// (an address of this process, as Dynamo's is of its own) and its repr;
// what dynx knows beyond it follows as a comment.
static std::string check_type_id(const std::string& label, PyObject* expected, PyObject* actual_type) {
  // (Dynamo's recompile hint, "type Linear", ends the line after the comment)
  std::string qualname = type_name(expected);
  if (PyRef name = PyRef::steal(PyObject_GetAttrString(expected, "__qualname__")); name && PyUnicode_Check(name.get()))
    qualname = PyUnicode_AsUTF8(name.get());
  PyErr_Clear();
  return "___check_type_id(" + label + ", " + std::to_string(reinterpret_cast<uintptr_t>(expected)) +
         "), type=" + class_repr(expected) + "  # actual type: " + type_name(actual_type) + " (HINT: type " + qualname +
         ")";
}

// What an object found where another was expected is called in a reason:
// a class, function or module by its qualified name (torch.tanh,
// __main__.Scale), an enum member as str() gives it (Mode.GELU), anything
// else by its type ("a list").
static std::string object_name(PyObject* v) {
  auto attribute = [&](const char* name) {
    PyRef value = PyRef::steal(PyObject_GetAttrString(v, name));
    if (!value) PyErr_Clear();
    return value && PyUnicode_Check(value.get()) ? std::string(PyUnicode_AsUTF8(value.get())) : std::string();
  };
  if (PyModule_Check(v)) return "the module " + attribute("__name__");
  if (PyType_Check(v) || PyFunction_Check(v) || PyCFunction_Check(v)) {
    // (a builtin by __name__: torch.tanh's qualname is _VariableFunctionsClass.tanh)
    std::string module = attribute("__module__"), name = attribute(PyCFunction_Check(v) ? "__name__" : "__qualname__");
    if (!name.empty()) return module.empty() || module == "builtins" ? name : module + "." + name;
  }
  PyRef enum_module = PyRef::steal(PyImport_GetModule(PyRef::steal(PyUnicode_FromString("enum")).get()));
  if (enum_module) {
    PyRef enum_class = PyRef::steal(PyObject_GetAttrString(enum_module.get(), "Enum"));
    if (enum_class && PyObject_IsInstance(v, enum_class.get()) == 1) return text_of(v);
  }
  PyErr_Clear();
  return std::string("a ") + Py_TYPE(v)->tp_name;
}

std::string type_name(PyObject* type) {
  return PyType_Check(type) ? reinterpret_cast<PyTypeObject*>(type)->tp_name : text_of(type);
}

std::string aten_dtype_name(const std::string& torch_name) {
  const DtypeInfo* dtype = dtype_by_name(torch_name);
  return dtype != nullptr ? std::string(dtype->aten) : torch_name;
}

std::string shown(const std::string& source) {
  // Dynamo's recompile reasons name a frame's local by itself: L['x'] is x,
  // L['self'].fc.weight is self.fc.weight, dict(type(L['o']).__dict__) is
  // dict(type(o).__dict__); globals keep G['...'].
  std::string out;
  size_t i = 0;
  while (i < source.size()) {
    size_t at = source.find("L['", i);
    if (at == std::string::npos) break;
    bool starts_name = at == 0 || !(std::isalnum(static_cast<unsigned char>(source[at - 1])) || source[at - 1] == '_');
    size_t end = source.find("']", at + 3);
    bool identifier = starts_name && end != std::string::npos && end > at + 3 &&
                      !std::isdigit(static_cast<unsigned char>(source[at + 3]));
    for (size_t k = at + 3; identifier && k < end; ++k)
      if (!(std::isalnum(static_cast<unsigned char>(source[k])) || source[k] == '_')) identifier = false;
    if (!identifier) {
      out.append(source, i, at + 3 - i);
      i = at + 3;
      continue;
    }
    out.append(source, i, at - i);
    out.append(source, at + 3, end - at - 3);
    i = end + 2;
  }
  out.append(source, i, std::string::npos);
  return out;
}

// A guard's value as the reasons name it: Dynamo's spelling when the
// recorder gave one, else the source with L['...'] dropped.
namespace {
std::string label(const Guard& g) { return g.shown_as.empty() ? shown(g.source) : g.shown_as; }

// A symbol's source as the reasons spell it (args[0].size()[0] for the
// forward of one of torch's modules compiled on its own).
std::string symbol_label(const Symbol& s) { return s.shown.empty() ? shown(s.source) : s.shown; }
}  // namespace

// A guarded value the call cannot reach: a dict's key it lacks is worded as
// Dynamo words it ("KeyError on batch['a']").
std::string gone(const Guard& g, const Scope& scope) {
  if (!g.path.empty() &&
      (g.path.back().kind == PathStep::Kind::item || g.path.back().kind == PathStep::Kind::key)) {
    std::vector<PathStep> parent(g.path.begin(), g.path.end() - 1);
    PyRef container = resolve(parent, scope);
    if (container && PyDict_Check(container.get())) return "KeyError on " + label(g);
  }
  const std::string text = label(g);
  // A class attribute Dynamo reads from the class's dict (dict(type(obj).__dict__)['a']).
  if (!g.path.empty() && g.path.back().kind == PathStep::Kind::attr && text.rfind("dict(type(", 0) == 0 &&
      !text.empty() && text.back() == ']')
    return "KeyError on " + text;
  // An attribute deleted from the object: Dynamo's getattr accessor names the object.
  const std::string suffix = g.path.empty() || g.path.back().kind != PathStep::Kind::attr ? std::string()
                                                                                            : "." + g.path.back().name;
  if (!suffix.empty() && text.size() > suffix.size() &&
      text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0)
    return "getattr failed on source " + text.substr(0, text.size() - suffix.size());
  return text + " is no longer there";
}

std::string expr_text(const DimExpr& e, const std::vector<Symbol>& symbols) {
  if (e.fixed()) return std::to_string(e.add);
  std::string text = e.coef == 1 ? "" : std::to_string(e.coef) + "*";
  for (size_t i = 0; i < e.symbols.size(); ++i)
    text += (i ? "*" : "") + symbol_label(symbols[static_cast<size_t>(e.symbols[i])]);
  if (e.div != 1) text += "//" + std::to_string(e.div);
  if (e.add > 0) text += " + " + std::to_string(e.add);
  if (e.add < 0) text += " - " + std::to_string(-e.add);
  return text;
}

}  // namespace guards

using namespace guards;

std::string GuardSet::state_failure() const {
  // Each probe is a C function of torch (is_grad_enabled, ...): one call
  // each, no Python frame.
  // Dynamo's GlobalStateGuard names every field that changed, in its own
  // order (the probes' order), on one line: "GLOBAL_STATE changed: grad_mode
  // autocast(cpu)_enabled", "torch_function deterministic_algorithms"
  // (measured, torch 2.13). Two are never named beside others: the torch
  // function mode stack (a guard of its own) and torch_function_all_disabled
  // (alone, Dynamo names nothing).
  std::string changed;
  bool mode_stack = false, all_disabled = false;
  for (size_t i = 0; i < state_fields_.size(); ++i) {
    if (!state_probes_[i]) continue;
    PyRef actual = PyRef::steal(PyObject_CallNoArgs(state_probes_[i].get()));
    int same = actual ? PyObject_RichCompareBool(actual.get(), state_expected_objects_[i].get(), Py_EQ) : -1;
    if (same == 1) continue;
    PyErr_Clear();
    const std::string& field = state_fields_[i];
    std::string word = field;
    if (field == "autocast_cpu_dtype") word = "autocast(cpu)_dtype";
    else if (field.rfind("autocast_", 0) == 0) word = "autocast(" + field.substr(9) + ")_enabled";
    else if (field == "torch_function_mode_stack") mode_stack = true;
    else if (field == "torch_function_all_disabled") all_disabled = true;
    if (field == "torch_function_mode_stack" || field == "torch_function_all_disabled") continue;
    // (per device, autocast's dtype is named only when its enabled flag is the same)
    if (field == "autocast_cpu_dtype" && changed.find("autocast(cpu)_enabled") != std::string::npos) continue;
    changed += (changed.empty() ? "" : " ") + word;
  }
  if (!changed.empty()) return "GLOBAL_STATE changed: " + changed;
  if (mode_stack) return "___check_torch_function_mode_stack()";
  if (all_disabled) return "GLOBAL_STATE changed: ";
  return {};
}

std::string GuardSet::symbol_failure(const Scope& scope, int64_t* values) const {
  // Bind every symbol first (a tensor guard may use any of them), then check ranges.
  for (size_t s = 0; s < symbols_.size(); ++s) {
    if (symbols_[s].scalar) {
      values[s] = -1;  // its TYPE_MATCH guard words what is wrong with it
      continue;
    }
    const Guard& binder = guards_[static_cast<size_t>(symbols_[s].guard)];
    PyRef tensor = resolve(binder.path, scope);
    bool readable = tensor && reinterpret_cast<PyObject*>(Py_TYPE(tensor.get())) == binder.tensor_type.get();
    values[s] = readable ? size_of(tensor.get(), symbols_[s].dim) : -1;
  }
  for (size_t s = 0; s < symbols_.size(); ++s) {
    const Symbol& sym = symbols_[s];
    int64_t value = values[s];
    if (value < 0) continue;  // its tensor guard words what is wrong with it
    // The range as Dynamo words the guard that failed: "2 <= x.size()[0] <= 3".
    std::string range = std::to_string(sym.min) + " <= " + symbol_label(sym);
    if (sym.max >= 0) range += " <= " + std::to_string(sym.max);
    if (value < sym.min || (sym.max >= 0 && value > sym.max)) return range;
  }
  for (const DimExpr& e : divisible_) {
    if (e.eval(values) >= 0) continue;
    DimExpr numerator = e;
    numerator.div = 1;
    return expr_text(numerator, symbols_) + " % " + std::to_string(e.div) + " == 0";
  }
  for (const Relation& r : relations_) {
    if (values[r.a] < 0 || values[r.b] < 0 || r.holds(values)) continue;
    // As Dynamo words the guard: "G.size()[0] > G.size()[1]".
    return symbol_label(symbols_[static_cast<size_t>(r.a)]) + " " + r.op + " " +
           symbol_label(symbols_[static_cast<size_t>(r.b)]);
  }
  return {};
}

std::string GuardSet::first_failure(const Scope& scope) const {
  std::vector<int64_t> symbols(symbols_.size(), -1);
  std::string symbol_reason = symbol_failure(scope, symbols.data());
  std::vector<PyObject*> slots(static_cast<size_t>(alias_slots_), nullptr);
  std::vector<PyRef> keep;
  // Dynamo checks global state (grad mode, default dtype, ...) before any
  // guard on a value, so its reason is the one a recompile gives.
  for (const auto& g : guards_)
    if (g.kind == Guard::Kind::global_state)
      if (std::string reason = state_failure(); !reason.empty()) return reason;
  for (int index : verbose_order()) {
    const Guard& g = guards_[static_cast<size_t>(index)];
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
            reason = "Duplicate tensors found: [\"" + label(ga) + "\", \"" + label(gb) + "\"]";  // PyTorch's words
        }
    } else {
      PyRef value = resolve(g.path, scope);
      if (!value) {
        count_failure(index);
        return gone(g, scope);
      }
      reason = failure(g, scope, symbols.data());
      if (!reason.empty() && !g.note.empty() && g.kind == Guard::Kind::tensor_match &&
          reason.rfind("tensor '", 0) == 0)
        reason += ". " + g.note;  // Dynamo's hint after a parameter's failure
      if (g.alias_slot >= 0) slots[static_cast<size_t>(g.alias_slot)] = value.get();
      keep.push_back(std::move(value));
      if (reason.empty() && g.kind == Guard::Kind::tensor_aliasing) {
        const Guard& first = guards_[static_cast<size_t>(g.same_as)];
        if (!slots[static_cast<size_t>(first.alias_slot)]) {  // not walked yet (a child promoted ahead)
          PyRef other = resolve(first.path, scope);
          if (!other) return gone(first, scope);
          slots[static_cast<size_t>(first.alias_slot)] = other.get();
          keep.push_back(std::move(other));
        }
        // (worded as Dynamo's duplicate-input guard: the first source, then the later)
        if (slots[static_cast<size_t>(g.alias_slot)] != slots[static_cast<size_t>(first.alias_slot)])
          reason = label(first) + " is " + label(g);
      }
    }
    if (!reason.empty()) {
      count_failure(index);
      return reason;
    }
  }
  return {};
}

// A dict whose keys are not the entry's, worded as Dynamo's guards word it:
// the **kwargs of a frame by its length (`len(kwargs) == N`, `not kwargs`);
// an empty dict `not X`, but one whose length the traced code measured (an
// optimizer's per-parameter state: `len(state) == 0`) `len(X) != 0`; any
// other as its DictGuardManager fails, on its size (`len(X) != N`) and then
// on the first key out of place (`list(dict.keys(X))[i] == 'k'`).
// A dict key as a reason shows it: a function by its name (its repr holds
// an address, different on every run), anything else by its repr.
static std::string key_repr(PyObject* key) {
  if (PyFunction_Check(key) || PyCFunction_Check(key)) {
    PyObject* name = PyObject_GetAttrString(key, "__qualname__");
    if (name != nullptr && PyUnicode_Check(name)) {
      std::string out = std::string("<function ") + PyUnicode_AsUTF8(name) + ">";
      Py_DECREF(name);
      return out;
    }
    Py_XDECREF(name);
    PyErr_Clear();
  }
  return repr_of(key);
}

std::string GuardSet::dict_keys_failure(const Guard& g, PyObject* v) const {
  PyObject* expected = g.expected.get();
  Py_ssize_t size = PyList_Check(expected) ? PyList_GET_SIZE(expected) : 0;
  if (g.dict_wording == Guard::DictWording::kwargs && size > 0 && PyDict_Check(v) && PyDict_Size(v) == size) {
    // As many keyword arguments, another name among them: Dynamo's length
    // check holds and the first key its guards read is missing.
    for (Py_ssize_t i = 0; i < size; ++i) {
      PyObject* want = PyList_GET_ITEM(expected, i);
      int has = PyDict_Contains(v, want);
      if (has < 0) PyErr_Clear();
      if (has == 0) return "KeyError on " + label(g) + "[" + key_repr(want) + "]";
    }
  }
  if (g.dict_wording == Guard::DictWording::kwargs || (size == 0 && g.dict_wording != Guard::DictWording::sized))
    return size == 0 ? "not " + label(g) : "len(" + label(g) + ") == " + std::to_string(size);
  // A dict the traced code measured, merged or mutated: Dynamo's
  // DICT_KEYS_MATCH checks its length first, `len(d) == 2`.
  if (g.dict_wording == Guard::DictWording::length && (!PyDict_Check(v) || PyDict_Size(v) != size))
    return "len(" + label(g) + ") == " + std::to_string(size);
  if (!PyDict_Check(v) || PyDict_Size(v) != size) return "len(" + label(g) + ") != " + std::to_string(size);
  PyObject *key = nullptr, *item = nullptr;
  Py_ssize_t pos = 0, i = 0;
  while (PyDict_Next(v, &pos, &key, &item)) {
    PyObject* want = PyList_GET_ITEM(expected, i);
    int eq = PyObject_RichCompareBool(key, want, Py_EQ);
    if (eq != 1) {
      PyErr_Clear();
      return "list(dict.keys(" + label(g) + "))[" + std::to_string(i) + "] == " + key_repr(want);
    }
    ++i;
  }
  return "list(" + label(g) + ".keys()) == " + repr_of(expected);
}

// Empty when the guard holds; otherwise the reason, worded like PyTorch's.
std::string GuardSet::failure(const Guard& g, const Scope& scope, const int64_t* symbols) const {
  PyRef value = resolve(g.path, scope);
  if (!value) return gone(g, scope);
  PyObject* v = value.get();
  switch (g.kind) {
    case Guard::Kind::none_match:
      return v == Py_None ? std::string() : label(g) + " is None";
    case Guard::Kind::type_match:
      return reinterpret_cast<PyObject*>(Py_TYPE(v)) == g.expected.get()
                 ? std::string()
                 : check_type_id(label(g), g.expected.get(), reinterpret_cast<PyObject*>(Py_TYPE(v)));
    case Guard::Kind::id_match: {
      if (v == g.expected.get()) return {};
      if (!g.failure_text.empty()) return g.failure_text;  // (an aliasing guard: `a is b`)
      // Dynamo's ID_MATCH as it prints (`type=` the class itself when the
      // object is one); then what the entry expected, by name.
      PyObject* expected = g.expected.get();
      return "___check_obj_id(" + label(g) + ", " + std::to_string(reinterpret_cast<uintptr_t>(expected)) +
             "), type=" + class_repr(PyType_Check(expected) ? expected : reinterpret_cast<PyObject*>(Py_TYPE(expected))) +
             "  # expected " + (g.expected_text.empty() ? "the object it was" : g.expected_text) + ", found " +
             object_name(v);
    }
    case Guard::Kind::equals_match:
      if (equal_values(v, g.expected.get())) return {};
      if (!g.failure_text.empty()) return g.failure_text;
      if (PyFloat_CheckExact(g.expected.get()) && std::isnan(PyFloat_AS_DOUBLE(g.expected.get())))
        return "(type(" + label(g) + ") is float and __math_isnan(" + label(g) + "))";  // Dynamo's NaN guard
      if (g.expected.get() == Py_None) return label(g) + " is None";  // (Dynamo's identity check on None)
      return label(g) + " == " + value_repr(g.expected.get());
    case Guard::Kind::length_check: {
      Py_ssize_t n = PyObject_Length(v);
      if (n < 0) PyErr_Clear();
      // Dynamo's SEQUENCE_LENGTH words an empty sequence's guard `not X`.
      if (n == g.length) return {};
      if (g.length == 0) return "not " + label(g);
      // A dict's DictGuardManager words its size check as the failure.
      return "len(" + label(g) + (g.dict_wording == Guard::DictWording::manager ? ") != " : ") == ") +
             std::to_string(g.length);
    }
    case Guard::Kind::dict_keys:
      return dict_keys_equal(v, g.expected.get()) ? std::string() : dict_keys_failure(g, v);
    case Guard::Kind::dict_contains:  // as Dynamo's guard code words it
      if (dict_contains(v, g.expected.get()) == (g.length == 1)) return {};
      if (g.dict_wording == Guard::DictWording::hasattr) {  // an object's attribute: `not hasattr(x, 'a')`
        std::string owner = label(g);
        constexpr std::string_view kDict = ".__dict__";
        if (owner.size() > kDict.size() && owner.compare(owner.size() - kDict.size(), kDict.size(), kDict) == 0)
          owner.resize(owner.size() - kDict.size());
        return std::string(g.length == 1 ? "" : "not ") + "hasattr(" + owner + ", " + repr_of(g.expected.get()) + ")";
      }
      if (g.dict_wording == Guard::DictWording::set)  // a set: `set.__contains__(s, 7)`
        return std::string(g.length == 1 ? "" : "not ") + "set.__contains__(" + label(g) + ", " +
               repr_of(g.expected.get()) + ")";
      return std::string(g.length == 1 ? "" : "not ") + "___dict_contains(" + repr_of(g.expected.get()) + ", " +
             label(g) + ")";
    case Guard::Kind::tensor_match: {
      auto name = [&] { return "tensor '" + label(g) + "' "; };
      if (reinterpret_cast<PyObject*>(Py_TYPE(v)) != g.tensor_type.get()) {
        // A tensor subclass (not a Parameter) has Dynamo's TYPE_MATCH guard
        // before its TENSOR_MATCH (builder.py infer_subclass_type), which
        // fails first.
        std::string expected_class = class_repr(g.tensor_type.get());
        if (expected_class != "<class 'torch.Tensor'>" && expected_class != "<class 'torch.nn.parameter.Parameter'>")
          return check_type_id(label(g), g.tensor_type.get(), reinterpret_cast<PyObject*>(Py_TYPE(v)));
        // PyTorch's wording, for a tensor of another class too (a plain
        // tensor where a Parameter was: test_recompile_ux.py
        // test_mismatched_tensor_type).
        return "expected type of '" + label(g) + "' to be a tensor type, but found " +
               repr_of(reinterpret_cast<PyObject*>(Py_TYPE(v)));
      }
      SlowFacts f = slow_facts(v);
      if (!f.ok) return name() + "could not be inspected";
      // Checked in PyTorch's order: the dispatch key set first (a tensor
      // made under inference_mode, one batched by an eager torch.vmap).
      uint64_t keys = 0;
      if (g.has_dispatch_keys && dispatch_keys_of(g, v, &keys) && keys != g.dispatch_keys) {
        PyRef actual = PyRef::steal(PyObject_CallOneArg(g.dispatch_keys_text_of.get(), v));
        std::string shown = actual && PyUnicode_Check(actual.get()) ? PyUnicode_AsUTF8(actual.get()) : "?";
        if (!actual) PyErr_Clear();
        return name() + "dispatch key set mismatch. expected " + g.dispatch_keys_text + ", actual " + shown;
      }
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
            return label(g) + "." + accessor + "()[" + std::to_string(i) + "] == " + expr_text(e, symbols_);
        }
        return {};
      };
      std::string reason = dims(g.shape, f.sizes, "size", "size");
      if (reason.empty()) reason = dims(g.stride, f.strides, "stride", "stride");
      if (reason.empty() && g.unmarked && dim_marked(v))  // (Dynamo's marking guard, after its TENSOR_MATCH)
        reason = "_has_dynamo_dim_marking is present on runtime tensor but was absent at compile time";
      return reason;
    }
    case Guard::Kind::tensor_aliasing:
    case Guard::Kind::global_state:
    case Guard::Kind::shape_env:
    case Guard::Kind::no_tensor_aliasing:
      break;
  }
  return {};
}

}  // namespace dynx::capture
