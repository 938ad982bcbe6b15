// dynx-aot --dynamic NAME:DIM=MIN..MAX: the range of sizes a model accepts
// along a dynamic dimension, declared by the user at compile time.
//
// A captured dynamic graph holds for sizes of at least 2: torch.compile
// specialises sizes 0 and 1 (a graph traced with a symbol s0 carries the
// guard 2 <= s0, and a call of size 1 recompiles). A range that admits 0 or
// 1 is refused when the graph holds an operator whose result changes at size
// 1 (squeeze), and otherwise accepted with a note saying what dynx cannot
// see (Python code that branches on a size of 1 is not in the graph). The
// upper bound is checked by the model's input checks, with a one-line error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dynx/error.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::exporter {

struct DynamicRange {
  std::string input;  // a model input's name (l_x) or the program's name for it (x)
  int dim = 0;
  int64_t min = 2;
  std::optional<int64_t> max;  // none: unbounded
  std::string text;            // as given, for messages
};

// "x:0=1..64", "x:0=1.." (no upper bound), "l_x:1=2..512".
Expected<DynamicRange> parse_dynamic_range(const std::string& spec);

// Sets the range of the symbol each range names in `graph` (its inputs'
// sym_shape), after checking it: the dimension is dynamic (a symbol of its
// own), the recorded size lies inside, and 0/1 are safe for this graph.
// Returns the notes to print. With `applied` (one entry of a model of
// several), a range whose input or dimension is not dynamic in this graph is
// skipped instead of refused, and applied[i] says whether range i was used.
Expected<std::vector<std::string>> apply_dynamic_ranges(ir::Graph& graph, const std::vector<DynamicRange>& ranges,
                                                        std::vector<bool>* applied = nullptr);

}  // namespace dynx::exporter
