// Liveness, aliasing and memory planning (see memory_plan.hpp).
#include "dynx/export/memory_plan.hpp"

#include <algorithm>
#include <functional>

#include "dynx/export/model_signature.hpp"

namespace dynx::exporter {
namespace {

// Bytes per element; 1 for a dtype dynx does not know (never planned).
int64_t element_size(const std::string& dtype) {
  const DtypeInfo* info = model_dtype(dtype);
  return info ? info->size : 1;
}

// Calls `f` for every value an argument reads (list items included).
void for_each_ref(const ir::Argument& a, const std::function<void(const std::string&)>& f) {
  if (a.kind == ir::Argument::Kind::ref) f(a.text);
  for (const auto& item : a.items) for_each_ref(item, f);
}

void for_each_read(const ir::Node& node, const std::function<void(const std::string&)>& f) {
  for (const auto& a : node.args) for_each_ref(a, f);
  for (const auto& [k, a] : node.kwargs) for_each_ref(a, f);
}

}  // namespace

bool may_alias(const ir::Node& node, const ir::NodeOutput& output, size_t index, const TorchInfo& torch) {
  if (output.alias == "view" || output.alias == "inplace") return true;
  static const std::set<std::string> kUnannotatedViews = {
      "aten::_unsafe_view", "aten::unsafe_split", "aten::unsafe_split_with_sizes", "aten::unsafe_chunk",
      "aten::_reshape_alias", "aten::alias", "aten::_unsafe_index"};
  const OperatorInfo* info = find_operator(torch, node.op);
  if (!info) return true;  // unknown: assume it may
  const OperatorSchema& schema = info->schema;
  if (kUnannotatedViews.count(schema.name)) return true;
  if (schema.returns.size() == 1 && schema.returns[0] == "Tensor[]") return schema.returns_alias[0];
  return index < schema.returns_alias.size() ? schema.returns_alias[index] : true;
}

bool ValueLiveness::last_read_at(const std::string& name, size_t index) const {
  auto it = last_use.find(name);
  return it != last_use.end() && it->second == index;
}

ValueLiveness analyze_liveness(const ir::Graph& graph, const TorchInfo& torch) {
  ValueLiveness live;
  for (size_t i = 0; i < graph.nodes.size(); ++i)
    for_each_read(graph.nodes[i], [&](const std::string& name) { live.last_use[name] = i; });
  for (const auto& o : graph.outputs) live.outputs.insert(o.name);

  for (const auto& n : graph.nodes) {
    for (size_t i = 0; i < n.outputs.size(); ++i) {
      const auto& o = n.outputs[i];
      if (!o.name) continue;
      std::set<std::string> r{*o.name};
      if (may_alias(n, o, i, torch))
        for_each_read(n, [&](const std::string& name) {
          auto it = live.roots.find(name);
          if (it != live.roots.end()) r.insert(it->second.begin(), it->second.end());
          else r.insert(name);
        });
      live.roots[*o.name] = r;
    }
  }

  for (const auto& out : graph.outputs) {
    auto it = live.roots.find(out.name);
    if (it != live.roots.end()) live.escaping.insert(it->second.begin(), it->second.end());
    live.escaping.insert(out.name);
  }

  for (size_t i = 0; i < graph.nodes.size(); ++i)
    for (const auto& o : graph.nodes[i].outputs)
      if (o.name) live.memory_end[*o.name] = std::max(live.memory_end[*o.name], i);
  for (const auto& [value, its_roots] : live.roots) {
    auto used = live.last_use.find(value);
    if (used == live.last_use.end()) continue;
    for (const auto& r : its_roots) live.memory_end[r] = std::max(live.memory_end[r], used->second);
  }
  return live;
}

bool dense_strides(const ir::TensorMeta& meta) {
  std::vector<size_t> order(meta.shape.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return meta.stride[a] < meta.stride[b]; });
  int64_t expected = 1;
  for (size_t i : order) {
    if (meta.shape[i] == 1) continue;
    if (meta.stride[i] != expected) return false;
    expected *= meta.shape[i];
  }
  return meta.storage_offset == 0;
}

int64_t MemoryPlan::buffer_bytes(const ir::TensorMeta& meta) {
  int64_t extent = 1;
  for (size_t d = 0; d < meta.shape.size(); ++d) extent += (meta.shape[d] - 1) * meta.stride[d];
  return (extent * element_size(meta.dtype) + 63) / 64 * 64;
}

size_t MemoryPlan::place(const ir::TensorMeta& meta, size_t index, size_t memory_end) {
  int64_t bytes = buffer_bytes(meta);
  auto better = [&](size_t k, size_t b) {
    bool k_fits = slots_[k].bytes >= bytes, b_fits = slots_[b].bytes >= bytes;
    if (k_fits != b_fits) return k_fits;
    return k_fits ? slots_[k].bytes < slots_[b].bytes : slots_[k].bytes > slots_[b].bytes;
  };
  size_t best = slots_.size();
  for (size_t k = 0; k < slots_.size(); ++k)
    if (slots_[k].busy_until < index && (best == slots_.size() || better(k, best))) best = k;
  if (best == slots_.size()) slots_.push_back({});
  slots_[best].bytes = std::max(slots_[best].bytes, bytes);
  slots_[best].busy_until = std::max(memory_end, index);
  buffers_.push_back({&meta, best});
  return buffers_.size() - 1;
}

int64_t MemoryPlan::planned_bytes() const {
  int64_t total = 0;
  for (const auto& slot : slots_) total += slot.bytes;
  return total;
}

int64_t MemoryPlan::unshared_bytes() const {
  int64_t total = 0;
  for (const auto& b : buffers_) {
    int64_t n = 1;
    for (auto d : b.meta->shape) n *= d;
    total += n * element_size(b.meta->dtype);
  }
  return total;
}

}  // namespace dynx::exporter
