// dynx-explain --html: one self-contained page (no network, no external
// files): summary, break sites with source, recompiles, the guards of every
// entry, and each graph drawn as an SVG diagram laid out by Graphviz's dot
// (nodes show operator and shape; hover or click one for its source line
// and module path).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/ir/capture.hpp"

namespace dynx::explain {

struct HtmlOptions {
  std::string dot = "dot";     // Graphviz's dot, found on PATH
  size_t max_diagram_nodes = 1500;  // larger graphs are listed, not drawn
};

// The page for `report` (build_report of `capture`). Errors: dot missing or failing.
Expected<std::string> render_html(const nlohmann::json& report, const ir::Capture& capture,
                                  const HtmlOptions& options = {});

// Text made safe inside HTML and inside DOT double-quoted strings.
std::string html_escape(const std::string& text);
std::string dot_escape(const std::string& text);

}  // namespace dynx::explain
