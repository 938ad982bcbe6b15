#include <doctest/doctest.h>

#include <filesystem>

#include "dynx/explain/html.hpp"
#include "dynx/explain/report.hpp"
#include "dynx/files.hpp"
#include "dynx/subprocess.hpp"

using namespace dynx;
using namespace dynx::explain;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kHostile = "<script>alert('x')</script>\"&";

// One frame whose function, guard and break carry hostile text; the entry
// has `graph` (a graph file under DIR/graphs) when given.
ir::Capture hostile_capture(const std::string& directory, const std::string& graph = "") {
  ir::Capture capture;
  capture.directory = directory;
  capture.manifest.status = "complete";
  capture.manifest.command = {"dynx-capture", "-o", "cap", kHostile + ".py"};
  ir::FrameRecord frame;
  frame.function = kHostile;
  frame.file = "/nonexistent/" + kHostile + ".py";
  ir::CacheEntryRecord entry;
  entry.id = "0/0";
  entry.guards = {{"EQUALS_MATCH", "L['s']", "L['s'] == '" + kHostile + "'", json::object()}};
  if (!graph.empty()) entry.graphs = {graph};
  frame.entries = {entry};
  capture.frames = {frame};
  ir::BreakRecord b;
  b.entry = "0/0";
  b.category = "side-effect";
  b.operation = kHostile;
  b.explanation = kHostile;
  b.stack = {{frame.file, 3, kHostile}};
  capture.breaks = {b};
  return capture;
}

}  // namespace

TEST_CASE("html_escape and dot_escape") {
  CHECK(html_escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  CHECK(html_escape("plain text") == "plain text");
  // Terminal and bidi control characters are shown, never passed to the page; line breaks stay.
  CHECK(html_escape("a\x1b]0;t\x07" "b\nc") == "a\\x1b]0;t\\x07b\nc");
  CHECK(html_escape("x\u202ey") == "x\\u202ey");
  CHECK(dot_escape("say \"hi\"\\n\nnext\r") == "say \\\"hi\\\"\\\\n next ");
}

TEST_CASE("hostile names are escaped everywhere on the page") {
  ir::Capture capture = hostile_capture("cap");
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  auto page = render_html(*report, capture);
  REQUIRE(page.has_value());
  CHECK(page->rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page->find("<script>alert") == std::string::npos);
  CHECK(page->find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;") != std::string::npos);
  CHECK(page->find("</html>") != std::string::npos);
  ir::Capture escapes = hostile_capture("cap");
  escapes.frames[0].function = "f\x1b[31mred";
  escapes.breaks[0].operation = "op\x1b]8;;http://x\x07";
  auto with_escapes = build_report(escapes);
  REQUIRE(with_escapes.has_value());
  auto escaped_page = render_html(*with_escapes, escapes);
  REQUIRE(escaped_page.has_value());
  CHECK(escaped_page->find('\x1b') == std::string::npos);
  CHECK(escaped_page->find("f\\x1b[31mred") != std::string::npos);
}

TEST_CASE("a fullgraph=True error's message is escaped on the page") {
  ir::Capture capture = hostile_capture("cap");
  capture.frames[0].fullgraph_error = ir::FullgraphError{"RuntimeError", "", kHostile, "", "", kHostile, 0, 1, ""};
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  auto page = render_html(*report, capture);
  REQUIRE(page.has_value());
  CHECK(page->find("Raised by fullgraph=True") != std::string::npos);
  CHECK(page->find("<script>alert") == std::string::npos);
}

TEST_CASE("graphs are drawn by dot, and a missing dot is named") {
  if (!run_captured({"dot", "-V"}).has_value()) {
    MESSAGE("Graphviz's dot is not installed: skipped");
    return;
  }
  TempDir temp;
  REQUIRE(temp.create(fs::temp_directory_path(), "dynx-html-test-").has_value());
  const fs::path& dir = temp.path();
  fs::create_directories(dir / "graphs");
  auto graph = read_file(std::string(DYNX_TEST_DATA_DIR) + "/graph_views.json");
  REQUIRE(graph.has_value());
  REQUIRE(write_file_atomic(dir / "graphs" / "0_0_0.json", *graph).has_value());
  ir::Capture capture = hostile_capture(dir.string(), "0/0/0");
  // A graph file of another frame than frames.json says: a mixed directory.
  auto mixed = build_report(capture);
  REQUIRE_FALSE(mixed.has_value());
  CHECK(mixed.error().message.find("mixes captures: graph file 0/0/0 holds graph 0/0/0 of f (line 7)") !=
        std::string::npos);
  capture.frames[0].function = "f";  // the graph's own frame (tests/corpus/c27_views.py:7)
  capture.frames[0].line = 7;
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  auto page = render_html(*report, capture);
  REQUIRE(page.has_value());
  CHECK(page->find("<svg") != std::string::npos);
  HtmlOptions no_dot;
  no_dot.dot = "/nonexistent/dot";
  auto failed = render_html(*report, capture, no_dot);
  REQUIRE_FALSE(failed.has_value());
  CHECK(failed.error().message.rfind("--html draws graphs with Graphviz's dot, which could not be run (", 0) == 0);
}
