// dynx-aot --dynamic (see aot_dynamic_ranges.hpp).
#include "dynx/export/aot_dynamic_ranges.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include "dynx/strings.hpp"

namespace dynx::exporter {
namespace {

bool parse_int(std::string_view text, int64_t* out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

std::string range_text(int64_t min, const std::optional<int64_t>& max) {
  return std::to_string(min) + ".." + (max ? std::to_string(*max) : std::string("inf"));
}

// How the program names an input: "L['x']" -> "x", and a keyword argument
// of forward(**kwargs) (a transformers model) "L['kwargs']['input_ids']" ->
// "input_ids"; "" for other sources.
std::string program_name(const std::string& source) {
  for (const std::string head : {"L['kwargs']['", "L['"}) {
    const std::string tail = "']";
    if (source.size() <= head.size() + tail.size() || source.compare(0, head.size(), head) != 0 ||
        source.compare(source.size() - tail.size(), tail.size(), tail) != 0)
      continue;
    std::string name = source.substr(head.size(), source.size() - head.size() - tail.size());
    if (name.find_first_of("'[]().") == std::string::npos) return name;
  }
  return "";
}

// Operators whose result changes when a size is 1 rather than at least 2.
bool size_one_sensitive(const std::string& op) { return op.rfind("aten::squeeze", 0) == 0; }

}  // namespace

Expected<DynamicRange> parse_dynamic_range(const std::string& spec) {
  const std::string usage = "--dynamic " + printable(spec) + ": expected NAME:DIM=MIN..MAX (as x:0=1..64; MAX may be empty)";
  DynamicRange r;
  r.text = spec;
  size_t colon = spec.rfind(':'), equals = spec.find('=', colon == std::string::npos ? 0 : colon);
  size_t dots = spec.find("..", equals == std::string::npos ? 0 : equals);
  if (colon == std::string::npos || colon == 0 || equals == std::string::npos || dots == std::string::npos)
    return Error{usage};
  r.input = spec.substr(0, colon);
  int64_t dim = 0, min = 0, max = 0;
  if (!parse_int(std::string_view(spec).substr(colon + 1, equals - colon - 1), &dim) || dim < 0 || dim > 64)
    return Error{usage};
  r.dim = static_cast<int>(dim);
  if (!parse_int(std::string_view(spec).substr(equals + 1, dots - equals - 1), &min) || min < 0) return Error{usage};
  r.min = min;
  std::string_view upper = std::string_view(spec).substr(dots + 2);
  if (!upper.empty()) {
    if (!parse_int(upper, &max)) return Error{usage};
    if (max < min) return Error{"--dynamic " + printable(spec) + ": the maximum is below the minimum"};
    r.max = max;
  }
  return r;
}

Expected<std::vector<std::string>> apply_dynamic_ranges(ir::Graph& graph, const std::vector<DynamicRange>& ranges,
                                                        std::vector<bool>* applied) {
  std::vector<std::string> notes;
  std::map<std::string, std::string> set_by;  // symbol -> the range that set it
  if (applied != nullptr) applied->assign(ranges.size(), false);
  for (size_t i = 0; i < ranges.size(); ++i) {
    const DynamicRange& r = ranges[i];
    const std::string what = "--dynamic " + printable(r.text) + ": ";
    auto input = std::find_if(graph.inputs.begin(), graph.inputs.end(), [&](const ir::GraphInput& in) {
      return in.name == r.input || (!in.source.empty() && program_name(in.source) == r.input);
    });
    if (applied != nullptr) {  // an entry where the dimension is not dynamic keeps its sizes
      if (input == graph.inputs.end() || static_cast<size_t>(r.dim) >= input->meta.sym_shape.size() ||
          input->meta.sym_shape[r.dim].expr.empty())
        continue;
      (*applied)[i] = true;
    }
    if (input == graph.inputs.end()) {
      std::string names;
      for (const auto& in : graph.inputs)
        if (in.kind == "user_input" || in.kind == "global")
          names += (names.empty() ? "" : ", ") + in.name +
                   (program_name(in.source).empty() ? "" : " (" + program_name(in.source) + ")");
      return Error{what + "graph " + graph.id + " has no input '" + printable(r.input) + "' (it takes: " +
                   (names.empty() ? std::string("none") : names) + ")"};
    }
    const ir::TensorMeta& meta = input->meta;
    if (static_cast<size_t>(r.dim) >= meta.shape.size())
      return Error{what + "input '" + input->name + "' has " + std::to_string(meta.shape.size()) + " dimensions"};
    const std::string expr = static_cast<size_t>(r.dim) < meta.sym_shape.size() ? meta.sym_shape[r.dim].expr : "";
    if (expr.empty())
      return Error{what + "dimension " + std::to_string(r.dim) + " of '" + input->name + "' is fixed at " +
                   std::to_string(meta.shape[r.dim]) + " in graph " + graph.id +
                   " (the capture saw one size: call the function with two sizes, or mark it dynamic with "
                   "torch._dynamo.mark_dynamic, and capture again)"};
    auto symbol = std::find_if(graph.symbols.begin(), graph.symbols.end(),
                               [&](const ir::GraphSymbol& s) { return s.name == expr && s.kind == "size"; });
    if (symbol == graph.symbols.end())
      return Error{what + "dimension " + std::to_string(r.dim) + " of '" + input->name + "' is " + expr +
                   ", not a size of its own: give the range of the input dimension that defines it"};
    if (auto seen = set_by.find(symbol->name); seen != set_by.end())
      return Error{what + symbol->name + " already has a range from --dynamic " + printable(seen->second)};
    set_by[symbol->name] = r.text;
    if (symbol->example < r.min || (r.max && symbol->example > *r.max))
      return Error{what + "the captured size " + std::to_string(symbol->example) + " of " + symbol->name +
                   " is outside " + range_text(r.min, r.max)};
    if (r.min < 2) {
      for (const auto& node : graph.nodes)
        if (size_one_sensitive(node.op))
          return Error{what + "graph " + graph.id + " calls " + node.op + " (node " + node.name +
                       "), whose result changes at size 1: sizes 0 and 1 stay specialised, as under "
                       "torch.compile (give a minimum of 2, and capture a call of size 1 for its own graph)"};
      notes.push_back(symbol->name + " (" + symbol->source + ") may be " +
                      (r.min == 0 ? std::string("0 or 1") : std::string("1")) + ": graph " + graph.id +
                      " was recorded for sizes of at least 2, as torch.compile specialises 0 and 1; Python code "
                      "that branches on such a size is not in the graph, so check the model there (dynx-run)");
    }
    symbol->min = r.min;
    symbol->max = r.max;
    notes.push_back(symbol->name + " (" + symbol->source + ") takes sizes " + range_text(r.min, r.max));
  }
  return notes;
}

}  // namespace dynx::exporter
