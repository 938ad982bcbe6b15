// The report dynx-explain prints: built once from a capture directory as a
// JSON document (schema dynx.explain, schemas/explain.schema.json), then
// rendered as text from that same document, so the two never disagree.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/ir/capture.hpp"

namespace dynx::explain {

inline constexpr const char* kReportSchema = "dynx.explain";
inline constexpr int kReportVersion = 1;

struct ReportOptions {
  int top_operators = 10;
  int context_lines = 2;  // source lines shown around each break site
};

// Everything the report says. Graph files that cannot be read make an Error.
Expected<nlohmann::json> build_report(const ir::Capture& capture, const ReportOptions& options = {});

struct TextStyle {
  bool color = false;
  int width = 100;  // lines longer than this are wrapped (source lines are cut)
};

// Capture text (names, paths, source lines, reasons) is printed through
// printable_strings: it cannot drive the terminal.
std::string render_text(const nlohmann::json& report, const TextStyle& style = {});

// `j` with every string, keys included, made printable (dynx::printable):
// what the text renderers of dynx-explain and dynx-guard-diff print from.
nlohmann::json printable_strings(const nlohmann::json& j);

// The sentence that says which frame of Dynamo's a recompile's "resume_of"
// (a report recompile item's) is: the code after a break, a called function
// compiled as a frame of its own, or the caller's code after that call.
std::string resume_sentence(const nlohmann::json& resume_of);

// Who raised a frame's fullgraph_errors item: torch.compile(fullgraph=True),
// torch._dynamo.error_on_graph_break(True), or a torch.cond / while_loop call
// with a break inside its functions (setting "higher_order_op").
std::string raised_by(const nlohmann::json& error);

}  // namespace dynx::explain
