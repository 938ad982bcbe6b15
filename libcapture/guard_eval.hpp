// Guards of a cache entry, checked in C++ on every call of a watched frame.
//
// check() answers pass/fail and builds no text: the guards form a tree keyed
// by how each value is reached (L['self'] -> .fc -> .weight), so a shared
// prefix is resolved once per call, and the children of each node are kept
// in the order "fails most often, costs least" (reordered when a guard
// fails). first_failure() is the separate verbose path: it walks the guards
// as Dynamo's guard manager does (a child that failed before first) and
// words the first failure the way PyTorch users know ("tensor 'x' size
// mismatch at index 0. expected 8, actual 16").
//
// Dynamic dimensions: a SHAPE_ENV guard names the symbols of the entry
// (s0 = L['x'].size()[0], with its range); tensor sizes and strides are
// either fixed or an expression coef * s_i * s_j + add over those symbols.
//
// The evaluator's parts, one file each: guard_parse.cpp (the recorder's
// guard dicts -> Guards), guard_access (paths: reaching a value from the
// frame), guard_values (checks of one value, with libdynx_tensor_guards as
// the fast path for tensors), guard_tree (the hot path: the check tree) and
// guard_reasons (failure wording).
#pragma once

#include <Python.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "py_ref.hpp"

namespace dynx::capture {

// Where the values of a call come from: the fresh frame's locals (by slot),
// its globals and its function's closure cells.
struct Scope {
  PyObject* const* locals = nullptr;
  size_t local_count = 0;
  PyObject* globals = nullptr;  // dict
  PyObject* closure = nullptr;  // tuple of cells, or null
};

struct PathStep {
  // module: sys.modules[name]; key: a dict's value under an object key (an
  // optimizer's state keyed by its parameters), looked up without calling
  // the dict's __missing__ (a defaultdict must not grow when guarded).
  // call: the value called with no arguments (a helper of dynx's recorder
  // that lists the program's torch function modes)
  // value_at: the index-th value of a dict in its order (a module's hooks, keyed by handle ids)
  enum class Kind { local, global, closure, attr, item, module, key, call, value_at };
  Kind kind = Kind::local;
  std::string name;  // for messages
  PyRef key;         // interned name (global, attr), item key (int or str) or key object (compared by identity)
  long index = 0;    // local slot, closure cell index, or int item
  bool operator==(const PathStep& other) const;
};

// A size or stride: coef * product(symbols) / div + add (the division exact,
// else nothing matches); a fixed value has no symbols.
struct DimExpr {
  int64_t coef = 0, add = 0, div = 1;
  std::vector<int> symbols;
  [[nodiscard]] bool fixed() const { return symbols.empty(); }
  [[nodiscard]] int64_t eval(const int64_t* values) const;
};

struct Symbol {
  std::string name, source;   // "s0", "L['x'].size()[0]"
  std::string shown;          // as Dynamo's reasons spell the source (args[0].size()[0]), if not source's own
  int guard = -1;             // the TENSOR_MATCH guard whose tensor binds it
  size_t dim = 0;
  int64_t min = 2, max = -1;  // max < 0: unbounded
  // A Python int or float the frame receives, made dynamic: its guard
  // (TYPE_MATCH) checks the type; sizes and strides never name it, so it
  // is not bound here.
  bool scalar = false;
};

struct Guard {
  enum class Kind { tensor_match, none_match, equals_match, type_match, id_match, length_check, dict_keys, dict_contains,
                    global_state, shape_env, tensor_aliasing, no_tensor_aliasing };
  Kind kind = Kind::type_match;
  std::string source;  // "L['x']"
  // How Dynamo's recompile reasons name it ("self._modules['fc']._parameters['weight']",
  // "args[0]"); empty: shown(source). `note` follows a failure of a tensor guard.
  std::string shown_as, note;
  // EQUALS_MATCH: the whole failure text where Dynamo words it as a check
  // function (`___check_torch_function_mode_stack()`); empty: `X == value`.
  std::string failure_text;
  std::vector<PathStep> path;
  // TENSOR_MATCH
  PyRef tensor_type;    // exact Python type
  PyRef dtype;          // torch.dtype object, compared by identity on the slow path
  PyRef device_object;
  int dtype_code = -1, device_type = -1, device_index = -1;  // fast path
  std::string dtype_name, device;
  std::string expected_text;  // ID_MATCH: how the expected object is named
  bool requires_grad = false;
  // TENSOR_MATCH: the tensor had no dimension marks (mark_dynamic & co.)
  // when recorded; Dynamo's marking guard fails on one that has them now.
  bool unmarked = false;
  // The dispatch key set Dynamo's TENSOR_MATCH compares (TensorFacts::
  // dispatch_keys), Dynamo's text of it, and the recorder's functions that
  // read both off a tensor (the slow path and failure texts).
  bool has_dispatch_keys = false;
  uint64_t dispatch_keys = 0;
  std::string dispatch_keys_text;
  PyRef dispatch_keys_of, dispatch_keys_text_of;
  std::vector<DimExpr> shape, stride;
  int alias_slot = -1;  // index among the distinct tensors of the entry
  // EQUALS_MATCH value, TYPE_MATCH type, ID_MATCH object, DICT_KEYS key list, DICT_CONTAINS key
  // (`length`: 1 when the key must be there, 0 when it must not)
  PyRef expected;
  long length = 0;
  // LENGTH_CHECK of a dict, DICT_KEYS: how Dynamo words the failure. A
  // dict has a DictGuardManager ("len(X) != N", then the first key out of
  // place; an empty one "not X" unless its length was measured, `sized`);
  // the **kwargs of a frame a LENGTH_CHECK ("len(kwargs) == N").
  // (set: DICT_CONTAINS on a set; hasattr: on an object's __dict__, worded `hasattr(x, 'a')`)
  enum class DictWording { none, manager, sized, kwargs, set, hasattr, length };
  DictWording dict_wording = DictWording::none;
  // A specialised SymFloat's equality (a float an operator took as `float`):
  // Dynamo checks it with the shape-env guards, after the tree of values.
  bool late = false;
  int same_as = -1;              // TENSOR_ALIASING: the guard whose tensor this one is
  std::vector<int> distinct;     // NO_TENSOR_ALIASING: guards whose tensors must differ
};

class GuardSet {
 public:
  // From the recorder's guard list (dicts).
  // A refused list leaves no Python error set.
  static Expected<GuardSet> from_python(PyObject* guards, PyCodeObject* code);
  GuardSet();
  GuardSet(GuardSet&&) noexcept;
  GuardSet& operator=(GuardSet&&) noexcept;
  ~GuardSet();

  // Hot path: true when every guard holds. A failure only bumps counters
  // (and may reorder the tree); no text is made.
  [[nodiscard]] bool check(const Scope& scope);
  // Verbose path: the first failing guard in verbose_order(), worded for
  // people; empty if none fails.
  [[nodiscard]] std::string first_failure(const Scope& scope) const;
  [[nodiscard]] size_t size() const { return guards_.size(); }
  // Guard indices in the order the hot path runs them now (for tests).
  [[nodiscard]] std::vector<int> hot_order() const;
  // The order first_failure() words them in: the recorded order, a value
  // whose guards failed before (in first_failure) ahead of its siblings,
  // as Dynamo's guard manager moves a failing accessor to the front; then
  // those checked around the tree.
  [[nodiscard]] std::vector<int> verbose_order() const;


 private:
  struct Node;
  std::vector<Guard> guards_;
  std::vector<Symbol> symbols_;
  std::vector<DimExpr> divisible_;  // SHAPE_ENV: coef * product(symbols) % div == 0
  // SHAPE_ENV: two sizes the program compared (`if G.size(0) > G.size(1):`),
  // as the comparison must come out: symbol a <op> symbol b.
  struct Relation {
    int a = 0, b = 0;
    std::string op;  // "<", "<=", ">", ">=", "==", "!="
    [[nodiscard]] bool holds(const int64_t* values) const;
  };
  std::vector<Relation> relations_;
  std::vector<int64_t> state_expected_;  // per StateField; -1: not guarded
  std::vector<PyRef> state_expected_objects_, state_probes_;
  std::vector<std::string> state_fields_;
  bool state_fast_ = false;
  int alias_slots_ = 0;
  std::vector<int> aliasing_;  // TENSOR_ALIASING and NO_TENSOR_ALIASING guards, checked after the walk
  std::unique_ptr<Node> root_;
  std::vector<std::vector<Node*>> prefixes_;  // per guard: the tree's nodes along its path (outermost first)
  void count_failure(int guard) const;
  [[nodiscard]] std::string failure(const Guard& guard, const Scope& scope, const int64_t* symbols) const;
  [[nodiscard]] std::string dict_keys_failure(const Guard& guard, PyObject* value) const;
  [[nodiscard]] std::string state_failure() const;
  [[nodiscard]] std::string symbol_failure(const Scope& scope, int64_t* values) const;
  void build_tree();
  static Expected<GuardSet> from_python_checked(PyObject* guards, PyCodeObject* code);
};

}  // namespace dynx::capture
