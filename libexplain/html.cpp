// dynx-explain --html (see html.hpp).
#include "dynx/explain/html.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>

#include "dynx/explain/report.hpp"
#include "dynx/files.hpp"
#include "dynx/strings.hpp"
#include "dynx/subprocess.hpp"

namespace dynx::explain {
namespace {

using json = nlohmann::json;

std::string meta_text(const ir::TensorMeta& m) {
  std::string text = m.dtype + "[";
  for (size_t i = 0; i < m.shape.size(); ++i) {
    if (i) text += ", ";
    text += i < m.sym_shape.size() && !m.sym_shape[i].expr.empty() ? m.sym_shape[i].expr : std::to_string(m.shape[i]);
  }
  return text + "]";
}

void collect_refs(const ir::Argument& a, std::vector<std::string>& out) {
  if (a.kind == ir::Argument::Kind::ref) out.push_back(a.text);
  for (const auto& item : a.items) collect_refs(item, out);
}

std::string base_name(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The DOT source of one graph: inputs as ellipses, operators as boxes.
std::string dot_of(const ir::Graph& g) {
  std::ostringstream dot;
  dot << "digraph G {\n  graph [rankdir=TB, fontname=\"Helvetica\", bgcolor=\"transparent\"];\n"
      << "  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n  edge [color=\"#888888\"];\n";
  std::map<std::string, std::string> producer;  // value name -> node id
  int n = 0;
  for (const auto& in : g.inputs) {
    std::string id = "n" + std::to_string(n++);
    producer[in.name] = id;
    std::string tip = in.kind + " " + (in.source.empty() ? in.name : in.source);
    dot << "  " << id << " [shape=ellipse, fillcolor=\"#e8f0fe\", label=\"" << dot_escape(in.name) << "\\n"
        << dot_escape(meta_text(in.meta)) << "\", tooltip=\"" << dot_escape(tip) << "\"];\n";
  }
  for (const auto& node : g.nodes) {
    std::string id = "n" + std::to_string(n++);
    std::string op = node.op;
    if (op.rfind("aten::", 0) == 0) op = op.substr(6);
    std::string shape;
    for (const auto& o : node.outputs)
      if (o.name && o.meta) shape += (shape.empty() ? "" : ", ") + meta_text(*o.meta);
    std::string tip;
    if (!node.stack.empty())
      tip = base_name(node.stack.back().file) + ":" + std::to_string(node.stack.back().line) + " in " +
            node.stack.back().function;
    if (!node.module.empty()) tip += (tip.empty() ? "" : " | ") + node.module + " (" + node.module_type + ")";
    if (!node.torch_function.empty()) tip += (tip.empty() ? "" : " | ") + node.torch_function;
    dot << "  " << id << " [shape=box, fillcolor=\"" << (node.mutates.empty() ? "#fff4d6" : "#fde2e1")
        << "\", label=\"" << dot_escape(op) << (shape.empty() ? "" : "\\n" + dot_escape(shape)) << "\", tooltip=\""
        << dot_escape(tip.empty() ? node.op : tip) << "\", URL=\"#\", target=\"_self\"];\n";
    std::vector<std::string> refs;
    for (const auto& a : node.args) collect_refs(a, refs);
    for (const auto& [key, a] : node.kwargs) collect_refs(a, refs);
    std::sort(refs.begin(), refs.end());
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    for (const auto& r : refs)
      if (auto it = producer.find(r); it != producer.end()) dot << "  " << it->second << " -> " << id << ";\n";
    for (const auto& o : node.outputs)
      if (o.name) producer[*o.name] = id;
  }
  for (const auto& out : g.outputs) {
    std::string id = "n" + std::to_string(n++);
    dot << "  " << id << " [shape=note, fillcolor=\"#e6f4ea\", label=\"" << dot_escape(out.name) << "\", tooltip=\"";
    std::string reasons;
    for (const auto& r : out.reasons) reasons += (reasons.empty() ? "" : ", ") + r;
    dot << dot_escape("output: " + reasons) << "\"];\n";
    if (auto it = producer.find(out.name); it != producer.end()) dot << "  " << it->second << " -> " << id << ";\n";
  }
  dot << "}\n";
  return dot.str();
}

Expected<std::string> svg_of(const std::string& dot_source, const HtmlOptions& options) {
  TempDir temporary;
  if (auto made = temporary.create(std::filesystem::temp_directory_path(), "dynx-dot-"); !made) {
    int error_number = errno;  // TempDir::create leaves mkdtemp's errno
    return Error{"cannot make a temporary file: " + errno_text(error_number)};
  }
  std::string path = (temporary.path() / "graph.dot").string();
  if (auto written = write_file_atomic(path, dot_source); !written) return written.error();
  auto result = run_captured({options.dot, "-Tsvg", path}, "", true);
  if (!result) return Error{"--html draws graphs with Graphviz's dot, which could not be run (" +
                            result.error().message + "; install graphviz)"};
  if (result->exit_code != 0) return Error{"dot failed (status " + std::to_string(result->exit_code) + ")"};
  std::string svg = result->output;
  auto start = svg.find("<svg");
  return start == std::string::npos ? Error{"dot wrote no SVG"} : Expected<std::string>(svg.substr(start));
}

std::string text(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

const char* const kStyle = R"css(
body{font:14px/1.45 -apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:0;color:#1f2328;background:#fff}
header{background:#24292f;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#c9d1d9;font-size:13px;word-break:break-all}
main{padding:8px 24px 40px;max-width:1400px}h2{border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:28px}
table.summary td{padding:2px 16px 2px 0}table.summary td:first-child{color:#57606a}
.warn{color:#9a6700;font-weight:600}.bad{color:#cf222e;font-weight:600}
.site{border:1px solid #d0d7de;border-radius:6px;padding:10px 14px;margin:12px 0}
.site h3{margin:0 0 6px;font-size:15px}pre.src{background:#f6f8fa;padding:6px 10px;overflow-x:auto;margin:6px 0}
pre.src .here{background:#fff8c5;display:block}code,pre{font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
.stack{color:#57606a;font-size:12px}ul.reasons{margin:4px 0}details{margin:8px 0}summary{cursor:pointer}
table.guards{border-collapse:collapse;font-size:12px}table.guards td{border-top:1px solid #eaeef2;padding:2px 8px}
.diagram{overflow:auto;border:1px solid #d0d7de;border-radius:6px;padding:8px;max-height:900px}
#panel{position:fixed;right:16px;bottom:16px;max-width:480px;background:#24292f;color:#fff;padding:10px 14px;
border-radius:6px;font:12px ui-monospace,Menlo,monospace;display:none;white-space:pre-wrap}
)css";

const char* const kScript = R"js(
document.addEventListener('click', function (event) {
  var link = event.target.closest ? event.target.closest('g.node a') : null;
  if (!link) return;
  event.preventDefault();
  var panel = document.getElementById('panel');
  var title = link.getAttribute('xlink:title') || link.getAttribute('title') || '';
  var label = Array.prototype.map.call(link.querySelectorAll('text'), function (t) { return t.textContent; });
  panel.textContent = label.join('  ') + '\n' + title;
  panel.style.display = 'block';
});
)js";

}  // namespace

std::string html_escape(const std::string& raw) {
  // Control characters from a capture (ESC, bidi overrides) are shown as
  // escapes, never passed to the page; line breaks stay.
  std::string text;
  for (size_t start = 0;;) {
    size_t pos = raw.find('\n', start);
    text += printable(std::string_view(raw).substr(start, pos == std::string::npos ? std::string::npos : pos - start));
    if (pos == std::string::npos) break;
    text += '\n';
    start = pos + 1;
  }
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string dot_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

Expected<std::string> render_html(const json& report, const ir::Capture& capture, const HtmlOptions& options) {
  const json& cap = report["capture"];
  const json& sum = report["summary"];
  std::ostringstream h;
  auto e = [](const json& v) { return html_escape(text(v)); };
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>dynx-explain: "
    << e(cap["directory"]) << "</title>\n<style>" << kStyle << "</style></head><body>\n";
  std::string command;
  for (const auto& c : cap["command"]) command += (command.empty() ? "" : " ") + c.get<std::string>();
  h << "<header><h1>dynx-explain</h1><p>" << html_escape(command) << "</p><p>capture " << e(cap["directory"])
    << (cap["complete"].get<bool>() ? "" : " &mdash; <span class=\"bad\">incomplete (" + e(cap["reason"]) +
                                              "): the report covers what ran</span>")
    << "</p></header>\n<main>\n";
  if (report.contains("skipped_frames") && !report["skipped_frames"].empty()) {
    h << "<h2 class=\"bad\">Not compiled</h2>\n<ul>";
    for (const auto& k : report["skipped_frames"])
      h << "<li><b>" << e(k["function"]) << "</b> (" << html_escape(base_name(k["file"].get<std::string>())) << ":"
        << k["line"].dump() << "): " << e(k["what"]) << " (" << e(k["type"]) << " at "
        << html_escape(base_name(k["at"]["file"].get<std::string>())) << ":" << k["at"]["line"].dump() << ") ["
        << e(k["id"]) << "]<div>" << e(k["explanation"]) << "</div><div>hint: " << e(k["hint"]) << "</div></li>";
    h << "</ul>\n";
  }
  if (report.contains("fullgraph_errors")) {
    const auto& errors = report["fullgraph_errors"];
    const bool all_fullgraph =
        std::none_of(errors.begin(), errors.end(), [](const json& k) { return k.contains("setting"); });
    h << "<h2 class=\"bad\">" << (all_fullgraph ? "Raised by fullgraph=True" : "Raised at graph breaks that are errors")
      << "</h2>\n<ul>";
    for (const auto& k : report["fullgraph_errors"]) {
      h << "<li><b>" << e(k["function"]) << "</b> (" << html_escape(base_name(k["file"].get<std::string>())) << ":"
        << k["line"].dump() << "): "
        << raised_by(k) << " raises " << e(k["exception"]) << " ("
        << k["calls"].dump() << (k["calls"].get<int>() == 1 ? " call" : " calls") << "): " << e(k["type"]);
      if (k.contains("at"))
        h << " at " << html_escape(base_name(k["at"]["file"].get<std::string>())) << ":" << k["at"]["line"].dump();
      if (k.contains("id")) h << " [" << e(k["id"]) << "]";
      h << "<pre>" << e(k["message"]) << "</pre></li>";
    }
    h << "</ul>\n";
  }
  if (report.contains("recompile_errors")) {
    h << "<h2 class=\"bad\">Raised instead of compiling</h2>\n<ul>";
    for (const auto& k : report["recompile_errors"]) {
      h << "<li><b>" << e(k["function"]) << "</b> (" << html_escape(base_name(k["file"].get<std::string>())) << ":"
        << k["line"].dump() << "): " << e(k["setting"]) << " raises " << e(k["exception"]) << " ("
        << k["calls"].dump() << (k["calls"].get<int>() == 1 ? " call" : " calls") << ")<pre>" << e(k["message"])
        << "</pre></li>";
    }
    h << "</ul>\n";
  }
  h << "<h2>Summary</h2>\n<table class=\"summary\">\n";
  auto row = [&](const std::string& name, const std::string& value) {
    h << "<tr><td>" << html_escape(name) << "</td><td>" << value << "</td></tr>\n";
  };
  std::string per_graph;
  for (const auto& n : sum["ops_per_graph"]) per_graph += (per_graph.empty() ? "" : " ") + n.dump();
  row("watched frames", sum["watched_frames"].dump());
  int repeated = sum.value("repeated_graphs", 0);
  row("graphs", sum["graphs"].dump() + (per_graph.empty() ? "" : " (ops per graph: " + per_graph + ")") +
                    (repeated == 0 ? "" : ", run " + std::to_string(repeated) + " more time" +
                                              (repeated == 1 ? "" : "s") +
                                              " from Dynamo's cache (a function called again, or code before a "
                                              "break that a recompile left unchanged)"));
  row("graph breaks", sum["graph_breaks"].get<int>() == 0
                          ? "none"
                          : "<span class=\"warn\">" + sum["graph_breaks"].dump() + "</span> at " +
                                sum["break_sites"].dump() + " site(s)");
  row("recompiles", sum["recompiles"].get<int>() == 0 ? "none"
                                                      : "<span class=\"warn\">" + sum["recompiles"].dump() + "</span>");
  row("cache entries", sum["cache_entries"].dump() + " (" + sum["dynamic_entries"].dump() + " dynamic" +
                           (sum.contains("entries_after_reset")
                                ? ", " + sum["entries_after_reset"].dump() + " made again after torch._dynamo.reset()"
                                : "") +
                           ")");
  row("guards", sum["guards"].dump());
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.0f%%", sum["hit_rate"].get<double>() * 100);
  row("calls", sum["calls"].dump() + " (" + sum["hits"].dump() + " cache hits, hit rate " + rate + ")");
  if (sum["unsound"].get<int>() > 0) row("unsound guards", "<span class=\"bad\">" + sum["unsound"].dump() + "</span>");
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", cap["wall_seconds"].get<double>());
  row("capture time", seconds);
  h << "</table>\n";

  if (!report["break_sites"].empty()) {
    h << "<h2>Graph breaks</h2>\n";
    for (const auto& site : report["break_sites"]) {
      h << "<div class=\"site\"><h3>" << e(site["type"]) << " <code>" << e(site["id"]) << "</code> <small>"
        << e(site["category"]) << (site["count"].get<int>() > 1 ? " &times;" + site["count"].dump() : "")
        << "</small></h3>\n<div>operation <code>" << e(site["operation"]) << "</code>";
      if (site["site"].is_object())
        h << " at <code>" << html_escape(base_name(site["site"]["file"].get<std::string>())) << ":"
          << site["site"]["line"].dump() << "</code> in <code>" << e(site["site"]["function"]) << "</code>";
      h << "</div>\n";
      if (!site["source"].empty()) {
        h << "<pre class=\"src\">";
        for (const auto& line : site["source"]) {
          bool here = site["site"].is_object() && line["line"] == site["site"]["line"];
          h << (here ? "<span class=\"here\">" : "") << html_escape(line["line"].dump()) << " | " << e(line["text"])
            << (here ? "</span>" : "\n");
        }
        h << "</pre>\n";
      }
      h << "<p>" << e(site["explanation"]) << "</p><p><b>Hint:</b> " << e(site["hint"]) << "</p>\n";
      if (site.value("rest_uncompiled", false))
        h << "<p><b>After it:</b> no tensor is left in the frame, so torch.compile does not compile the code after "
             "this break: it runs eagerly, and the functions it calls are compiled as frames of their own.</p>\n";
      if (site.value("under_checkpoint", false))
        h << "<p><b>Split:</b> the break is inside a function run by torch.utils.checkpoint, which torch.compile "
             "traces as one higher-order operator and cannot split: the graph breaks at the checkpoint call "
             "instead, and the checkpoint runs eagerly.</p>\n";
      std::string chain;
      for (const auto& f : site["stack"])
        chain += (chain.empty() ? "" : " &rsaquo; ") + html_escape(base_name(f["file"].get<std::string>())) + ":" +
                 f["line"].dump() + " " + e(f["function"]);
      h << "<div class=\"stack\">" << chain << "</div></div>\n";
    }
  }
  if (!report["recompiles"].empty()) {
    h << "<h2>Recompiles</h2>\n";
    for (const auto& r : report["recompiles"]) {
      h << "<div class=\"site\"><h3>" << e(r["entry"]) << " " << e(r["function"]) << " <small>"
        << html_escape(base_name(r["file"].get<std::string>())) << ":" << r["line"].dump()
        << "</small></h3>";
      if (r.contains("resume_of")) h << "<div>" << html_escape(resume_sentence(r["resume_of"])) << "</div>";
      h << "<ul class=\"reasons\">";
      for (const auto& reason : r["reasons"]) h << "<li><code>" << e(reason) << "</code></li>";
      h << "</ul>";
      if (r.contains("dynamic")) {
        for (const auto& d : r["dynamic"]["decisions"]) h << "<div>" << e(d) << "</div>";
        for (const auto& s : r["dynamic"]["symbols"]) h << "<div>dynamic: <code>" << e(s) << "</code></div>";
        if (!r["dynamic"]["refused"].get<std::string>().empty())
          h << "<div>stayed static: " << e(r["dynamic"]["refused"]) << "</div>";
      }
      if (r.contains("hints"))
        for (const auto& hint : r["hints"]) h << "<div class=\"hint\">hint: " << e(hint["hint"]) << "</div>";
      h << "</div>\n";
    }
  }
  if (!report["unsound"].empty()) {
    h << "<h2 class=\"bad\">Unsound guards</h2>\n<ul>";
    for (const auto& u : report["unsound"])
      h << "<li>" << e(u["entry"]) << " " << e(u["function"]) << ": " << e(u["problem"]) << "</li>";
    h << "</ul>\n";
  }
  h << "<h2>Entries, guards and graphs</h2>\n";
  for (const auto& frame : capture.frames) {
    for (const auto& entry : frame.entries) {
      h << "<details" << (capture.frames.size() * frame.entries.size() <= 3 ? " open" : "") << "><summary><b>"
        << html_escape(entry.id) << "</b> " << html_escape(frame.function) << " &mdash; " << entry.graphs.size()
        << " graph(s), " << entry.op_count << " ops, " << entry.guards.size() << " guards, " << entry.hits
        << " hits</summary>\n<details><summary>guards</summary><table class=\"guards\">";
      for (const auto& g : entry.guards)
        h << "<tr><td><code>" << html_escape(g.kind) << "</code></td><td><code>" << html_escape(g.text)
          << "</code></td></tr>";
      h << "</table></details>\n";
      for (const auto& gid : entry.graphs) {
        const std::string stem = ir::graph_file_stem(gid);
        auto graph = ir::read_graph(capture.layout().graph_json(gid).string());
        if (!graph) return graph.error();
        h << "<h3>graph " << html_escape(gid) << " <small>(" << graph->nodes.size() << " ops)</small></h3>\n";
        if (graph->nodes.size() > options.max_diagram_nodes) {
          h << "<p>Too large to draw (" << graph->nodes.size() << " operators); see graphs/" << html_escape(stem)
            << ".txt.</p>\n";
          continue;
        }
        auto svg = svg_of(dot_of(*graph), options);
        if (!svg) return svg.error();
        h << "<div class=\"diagram\">" << *svg << "</div>\n";
      }
      h << "</details>\n";
    }
  }
  h << "</main>\n<div id=\"panel\"></div>\n<script>" << kScript << "</script>\n</body></html>\n";
  return h.str();
}

}  // namespace dynx::explain
