// The check tree (see guard_tree.hpp).
#include "guard_tree.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "guard_access.hpp"
#include "guard_reasons.hpp"
#include "guard_values.hpp"

namespace dynx::capture {

bool GuardSet::Relation::holds(const int64_t* values) const {
  int64_t x = values[a], y = values[b];
  if (op == "<") return x < y;
  if (op == "<=") return x <= y;
  if (op == ">") return x > y;
  if (op == ">=") return x >= y;
  if (op == "==") return x == y;
  return x != y;
}

namespace guards {

int cost_of(Guard::Kind kind) {
  switch (kind) {
    case Guard::Kind::none_match:
    case Guard::Kind::type_match:
    case Guard::Kind::id_match:
    case Guard::Kind::tensor_aliasing:
      return 0;
    case Guard::Kind::equals_match:
    case Guard::Kind::length_check:
    case Guard::Kind::dict_contains:
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

}  // namespace guards

using namespace guards;

struct GuardSet::Node {
  PathStep step;
  std::vector<int> guards;  // checks on this node's value, in hot order
  std::vector<uint32_t> guard_failures;
  std::vector<std::unique_ptr<Node>> children;
  uint32_t failures = 0;          // hot path: checks that failed at or below this node
  uint32_t verbose_failures = 0;  // first_failure: failures it reported at or below this node
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
  // Each guard's chain of nodes (the values Dynamo's guard manager reaches
  // on the way: L['self'], L['self'].fc, ...), for verbose_order.
  prefixes_.assign(guards_.size(), {});
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
      prefixes_[i].push_back(node);
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

std::vector<int> GuardSet::verbose_order() const {
  // Dynamo's guard manager checks a value's guards in the order they were
  // made, but moves a value (an accessor) whose guards failed ahead of its
  // siblings that failed less often, at every level: so a recompile reports
  // the guard that failed before, as torch.compile's log does. Here: the
  // recorded order, stably sorted by the failure counts of each guard's
  // path prefixes, outermost first (first_failure counts them).
  std::vector<int> order;
  std::vector<int> rest, late;
  for (size_t i = 0; i < guards_.size(); ++i)
    (guards_[i].late ? late : prefixes_[i].empty() ? rest : order).push_back(static_cast<int>(i));
  rest.insert(rest.begin(), late.begin(), late.end());
  size_t depth = 0;
  for (const auto& chain : prefixes_) depth = std::max(depth, chain.size());
  auto count = [&](int guard, size_t d) -> uint32_t {
    const auto& chain = prefixes_[static_cast<size_t>(guard)];
    return d < chain.size() ? chain[d]->verbose_failures : 0;
  };
  // Where two guards part (the first level at which their values differ),
  // the value that failed more often comes first; a guard on the value
  // itself (a leaf guard of the node they share: a dict's ___dict_contains)
  // comes before those on what it holds, as the manager checks its leaf
  // guards before its accessors.
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const auto& pa = prefixes_[static_cast<size_t>(a)];
    const auto& pb = prefixes_[static_cast<size_t>(b)];
    for (size_t d = 0; d < depth; ++d) {
      const Node* na = d < pa.size() ? pa[d] : nullptr;
      const Node* nb = d < pb.size() ? pb[d] : nullptr;
      if (na == nb) {
        if (na == nullptr) return false;
        continue;
      }
      if (na == nullptr || nb == nullptr) return na == nullptr;
      uint32_t ca = count(a, d), cb = count(b, d);
      if (ca != cb) return ca > cb;
      return false;
    }
    return false;
  });
  order.insert(order.end(), rest.begin(), rest.end());  // checked around the walk: shape, aliasing
  return order;
}

void GuardSet::count_failure(int guard) const {
  for (Node* node : prefixes_[static_cast<size_t>(guard)]) node->verbose_failures++;
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
    if (const TensorGuardApi* api = state_fast_ ? fast_path() : nullptr) {
      int64_t state[kStateFieldCount];
      api->global_state(state);
      state[kTorchFunctionModeStack] -= own_function_modes();
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
    symbols.data[s] = 0;
    if (sym.scalar) continue;  // its TYPE_MATCH guard checks it
    const Guard& binder = guards_[static_cast<size_t>(sym.guard)];
    PyRef tensor = resolve(binder.path, scope);
    if (!tensor || reinterpret_cast<PyObject*>(Py_TYPE(tensor.get())) != binder.tensor_type.get()) return false;
    int64_t value = size_of(tensor.get(), sym.dim);
    if (value < sym.min || (sym.max >= 0 && value > sym.max)) return false;
    symbols.data[s] = value;
  }
  for (const DimExpr& e : divisible_)
    if (e.eval(symbols.data) < 0) return false;
  for (const Relation& r : relations_)
    if (!r.holds(symbols.data)) return false;
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
        case Guard::Kind::dict_contains:
          ok = dict_contains(value, g.expected.get()) == (g.length == 1);
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

}  // namespace dynx::capture
