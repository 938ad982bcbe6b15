// The planning passes every backend shares: which values may share memory
// (views and in-place results of the values they alias), how long each
// value's memory is needed, which values reach the caller, and a memory plan
// that places intermediates of static shape into slots reused by values
// that are never alive together. A backend decides which values it plans
// (the libtorch backend: results of out= kernels) and reads the plan's
// slots and buffers to emit its tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "dynx/export/operator_schema.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

// Whether an operator's result `index` may share memory with its arguments:
// the capture says so for annotated views and in-place results, the schema
// for every annotated return (list returns included: split, unbind, chunk),
// and a few operators return views without any annotation. Unknown
// operators may.
bool may_alias(const ir::Node& node, const ir::NodeOutput& output, size_t index, const TorchInfo& torch);

// Liveness and aliasing of a graph's values, by node index.
struct ValueLiveness {
  std::set<std::string> outputs;                // the graph's outputs
  std::map<std::string, size_t> last_use;       // the last node reading each value
  // For every result, the values whose memory it may share: itself and, for
  // a view or in-place result, the roots of the operator's tensor arguments.
  std::map<std::string, std::set<std::string>> roots;
  std::set<std::string> escaping;               // memory that may reach the caller: outputs and what they view
  // The last node that needs each result's memory: its own last use and the
  // last use of every view or in-place result that shares it.
  std::map<std::string, size_t> memory_end;

  // Whether the value `name`, read by node `index`, is read by no later node.
  bool last_read_at(const std::string& name, size_t index) const;
};
ValueLiveness analyze_liveness(const ir::Graph& graph, const TorchInfo& torch);

// Non-overlapping and dense (some permutation of the dims is row-major),
// starting at offset 0: a layout a planned buffer can hold.
bool dense_strides(const ir::TensorMeta& meta);

// Planned memory: each buffer is a view into a slot; a slot is free again
// only after the last node that needs its memory, so an out= kernel never
// writes over its own input.
class MemoryPlan {
 public:
  struct Slot {
    int64_t bytes = 0;
    size_t busy_until = 0;  // the last node that needs its memory
  };
  struct Buffer {
    const ir::TensorMeta* meta = nullptr;  // shape, strides, dtype (of the graph, which outlives the plan)
    size_t slot = 0;
  };

  // Places the result `meta` of node `index`, needed until node `memory_end`:
  // in the best-fitting free slot, else the largest free one grown, else a
  // new one. Returns the buffer's index.
  size_t place(const ir::TensorMeta& meta, size_t index, size_t memory_end);

  const std::vector<Slot>& slots() const { return slots_; }
  const std::vector<Buffer>& buffers() const { return buffers_; }
  int64_t planned_bytes() const;   // memory of the slots
  int64_t unshared_bytes() const;  // what one buffer per value would take

  // Bytes a buffer of `meta` takes in a slot: its extent, rounded up to 64.
  static int64_t buffer_bytes(const ir::TensorMeta& meta);

 private:
  std::vector<Slot> slots_;
  std::vector<Buffer> buffers_;
};

}  // namespace dynx::exporter
