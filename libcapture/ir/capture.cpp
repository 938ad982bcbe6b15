// Reading a capture directory (see capture.hpp).
#include "dynx/ir/capture.hpp"

#include <algorithm>

#include "dynx/files.hpp"
#include "dynx/json_depth.hpp"
#include "dynx/json_get.hpp"

namespace dynx::ir {
namespace {

using json = nlohmann::json;

Expected<json> read_json(const std::filesystem::path& path) {
  auto text = read_file(path);
  if (!text) return text.error();
  if (!json_depth_within(*text)) return Error{path.filename().string() + ": " + json_too_deep_text()};
  json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{path.filename().string() + ": not valid JSON (truncated or corrupt?)"};
  return j;
}

Status check_format(const json& j, const std::string& name, const char* schema, int version) {
  if (!j.is_object() || !j.contains("schema") || j["schema"] != schema)
    return Error{name + ": not a " + schema + " file"};
  if (!j.contains("version") || !j["version"].is_number_integer())
    return Error{name + ": no format version"};
  // Read as the widest integer: a version past int's range is just newer.
  int64_t v = j["version"].is_number_unsigned() && j["version"].get<uint64_t>() > uint64_t{INT64_MAX}
                  ? INT64_MAX
                  : j["version"].get<int64_t>();
  if (v > version)
    return Error{name + ": format version " + std::to_string(v) + " is newer than this dynx reads (" +
                 std::to_string(version) + ")"};
  return Status::ok();
}

std::string text_or_empty(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

CacheEntryRecord entry_from(const json& e) {
  CacheEntryRecord r;
  r.id = e.at("id").get<std::string>();
  r.graphs = e.at("graphs").get<std::vector<std::string>>();
  r.graph_breaks = json_get<int>(e.at("graph_breaks"));
  r.op_count = json_get<int>(e.at("op_count"));
  r.raised = json_get<bool>(e.at("raised"));
  if (e.contains("after_reset")) r.after_reset = json_get<bool>(e.at("after_reset"));
  for (const auto& g : e.at("guards")) {
    GuardRecord guard;
    if (g.is_string()) {  // format 1: text only
      guard.text = g.get<std::string>();
    } else {
      guard.kind = g.at("kind").get<std::string>();
      guard.source = g.at("source").get<std::string>();
      guard.text = g.at("text").get<std::string>();
      guard.facts = json::object();
      for (const auto& [key, value] : g.items())
        if (key != "kind" && key != "source" && key != "text") guard.facts[key] = value;
    }
    r.guards.push_back(std::move(guard));
  }
  r.hits = json_get<uint64_t>(e.at("hits"));
  r.recompile_reasons = e.at("recompile_reasons").get<std::vector<std::string>>();
  if (auto t = e.find("module_training"); t != e.end() && t->is_boolean()) r.module_training = t->get<bool>();
  r.compile_id = text_or_empty(e, "compile_id");
  if (auto d = e.find("dynamic"); d != e.end()) {
    r.dynamic_decisions = d->value("decisions", std::vector<std::string>{});
    r.dynamic_refused = text_or_empty(*d, "refused");
    for (const auto& s : d->value("symbols", json::array()))
      r.dynamic_symbols.push_back(s.at("name").get<std::string>() + " = " + s.at("source").get<std::string>() +
                                  (s.contains("kind") && s["kind"].is_string() ? " (" + s["kind"].get<std::string>() + ")"
                                                                              : std::string()));
  }
  if (auto again = e.find("resume_recompiles"); again != e.end() && again->is_array())
    for (const auto& item : *again) {
      CacheEntryRecord::ResumeRecompile again_record;
      again_record.function = item.at("function").get<std::string>();
      again_record.after_break = item.at("after_break").get<std::string>();
      again_record.reasons = item.at("reasons").get<std::vector<std::string>>();
      again_record.instead_of_frame = item.value("instead_of_frame", false);
      again_record.piece = text_or_empty(item, "piece");
      if (again_record.piece.empty()) again_record.piece = "break";
      again_record.code_of = text_or_empty(item, "code_of");
      again_record.file = text_or_empty(item, "file");
      if (auto line = item.find("line"); line != item.end() && line->is_number_integer()) again_record.line = *line;
      again_record.compile_id = text_or_empty(item, "compile_id");
      r.resume_recompiles.push_back(std::move(again_record));
    }
  if (auto rep = e.find("repeats"); rep != e.end() && rep->is_object())
    for (const auto& [gid, first] : rep->items())
      if (first.is_string()) r.repeats[gid] = first.get<std::string>();
  if (auto v = e.find("verify"); v != e.end()) {
    r.verify_checked = json_get<int>(v->at("checked"));
    for (const auto& u : v->at("unsound"))
      r.unsound.push_back("call " + std::to_string(json_get<int>(u.at("call"))) + ": " +
                          u.at("problem").get<std::string>());
  }
  return r;
}

}  // namespace

const CacheEntryRecord* Capture::entry(const std::string& id) const {
  for (const auto& f : frames)
    for (const auto& e : f.entries)
      if (e.id == id) return &e;
  return nullptr;
}

const FrameRecord* Capture::frame_of(const std::string& entry_id) const {
  for (const auto& f : frames)
    for (const auto& e : f.entries)
      if (e.id == entry_id) return &f;
  return nullptr;
}

namespace {

// "float32[s0, 16]"
std::string shape_text(const TensorMeta& m) {
  std::string out = m.dtype + "[";
  for (size_t i = 0; i < m.shape.size(); ++i) {
    if (i) out += ", ";
    out += i < m.sym_shape.size() && !m.sym_shape[i].expr.empty() ? m.sym_shape[i].expr : std::to_string(m.shape[i]);
  }
  return out + "]";
}

// train or eval: the training flag of the entry's outermost module (the
// guard on `X.training` with the shortest source, else the flag of the module
// the frame was called with); no_grad when the entry was recorded with grad
// mode off.
std::string mode_of(const CacheEntryRecord& e) {
  const GuardRecord* module = nullptr;
  bool no_grad = false;
  for (const auto& g : e.guards) {
    const std::string suffix = ".training";
    if (g.kind == "EQUALS_MATCH" && g.source.size() > suffix.size() &&
        g.source.compare(g.source.size() - suffix.size(), suffix.size(), suffix) == 0 &&
        g.facts.contains("value") && g.facts["value"].is_boolean() &&
        (module == nullptr || g.source.size() < module->source.size()))
      module = &g;
    if (g.kind == "GLOBAL_STATE" && g.facts.contains("state") && g.facts["state"].is_object()) {
      const auto& state = g.facts["state"];
      no_grad = state.contains("grad_mode") && state["grad_mode"].is_boolean() && !state["grad_mode"].get<bool>();
    }
  }
  std::string mode = module != nullptr   ? (module->facts["value"].get<bool>() ? "train" : "eval")
                     : e.module_training ? (*e.module_training ? "train" : "eval")
                                         : "no module";
  return no_grad ? mode + ", no_grad" : mode;
}

}  // namespace

// What a user needs to pick a graph: its operators, the shapes of the inputs
// the program passes, train or eval, how often the entry ran, and whether
// it is dynamic. Nothing when the graph file cannot be read.
std::string Capture::describe_candidate(const std::string& gid, const CacheEntryRecord& e) const {
  auto graph = read_graph(layout().graph_json(gid).string());
  if (!graph) return "";
  std::string inputs;
  int shown = 0, more = 0;
  bool between = false;
  for (const auto& in : graph->inputs) {
    if (in.kind == "parameter" || in.kind == "buffer" || in.kind == "constant") continue;  // weights
    between = between || in.kind == "intermediate";
    if (shown == 4) {
      ++more;
      continue;
    }
    inputs += (shown++ ? ", " : "") + in.name + " " + shape_text(in.meta);
  }
  if (more) inputs += ", +" + std::to_string(more) + " more";
  if (between) inputs += " (some made by earlier graphs)";
  std::string dynamic;
  for (const auto& s : graph->symbols) dynamic += (dynamic.empty() ? "" : ", ") + s.name + " = " + s.source;
  return "\n        " + std::to_string(graph->nodes.size()) + (graph->nodes.size() == 1 ? " operator" : " operators") +
         "; inputs " +
         (inputs.empty() ? std::string("none") : inputs) + "; " + mode_of(e) + "; " + std::to_string(e.hits + 1) +
         (e.hits + 1 == 1 ? " call" : " calls") + "; " + (dynamic.empty() ? "static" : "dynamic (" + dynamic + ")");
}

Status Capture::check_graph(const std::string& gid, const Graph& graph) const {
  const FrameRecord* frame = nullptr;
  for (const auto& f : frames)
    for (const auto& e : f.entries)
      if (std::find(e.graphs.begin(), e.graphs.end(), gid) != e.graphs.end()) frame = &f;
  if (frame == nullptr) return Error{directory + " mixes captures: frames.json lists no graph " + gid};
  if (graph.id != gid || graph.frame.function != frame->function || graph.frame.line != frame->line)
    return Error{directory + " mixes captures: graph file " + gid + " holds graph " + graph.id + " of " +
                 graph.frame.function + " (line " + std::to_string(graph.frame.line) +
                 "), but frames.json lists it under " + frame->function + " (line " + std::to_string(frame->line) +
                 ")"};
  return {};
}

Expected<std::string> Capture::choose_graph(const std::string& requested) const {
  std::vector<std::string> all;
  const CacheEntryRecord* top = nullptr;
  bool tie = false;
  for (const auto& f : frames)
    for (const auto& e : f.entries) {
      for (const auto& g : e.graphs)  // a resume entry lists graphs it shares with an earlier entry
        if (std::find(all.begin(), all.end(), g) == all.end()) all.push_back(g);
      if (top == nullptr || e.hits > top->hits) {
        top = &e;
        tie = false;
      } else if (e.hits == top->hits) {
        tie = true;
      }
    }
  if (!requested.empty()) {
    if (std::find(all.begin(), all.end(), requested) != all.end()) return requested;
    std::string list;
    for (const auto& g : all) list += (list.empty() ? "" : ", ") + g;
    return Error{"no graph " + requested + " in " + directory + " (it has " +
                 (list.empty() ? std::string("none") : list) + ")"};
  }
  if (all.empty()) return Error{directory + " has no graphs (did the program call a torch.compile'd function?)"};
  if (all.size() == 1) return all[0];
  if (top != nullptr && !tie && top->graphs.size() == 1) return top->graphs[0];
  std::string list;
  std::vector<std::string> listed;
  for (const auto& f : frames)
    for (const auto& e : f.entries)
      for (const auto& g : e.graphs) {
        if (std::find(listed.begin(), listed.end(), g) != listed.end()) continue;
        listed.push_back(g);
        list += "\n  " + g + "  (entry " + e.id + ", " + std::to_string(e.hits) + " hits, " + f.function + ")";
        list += describe_candidate(g, e);
      }
  return Error{directory + " has " + std::to_string(all.size()) +
               " graphs and none is the obvious choice; pick one with --graph:" + list};
}

Expected<Capture> read_capture(const std::string& directory) {
  auto kind = path_kind(directory);
  if (kind == PathKind::missing) return Error{directory + ": no such directory"};
  if (kind != PathKind::directory) return Error{directory + ": not a directory"};
  const CaptureLayout layout(directory);
  if (path_kind(layout.manifest()) == PathKind::missing)
    return Error{directory + ": not a dynx capture directory (no manifest.json)"};
  Capture capture;
  capture.directory = directory;
  auto manifest_json = read_json(layout.manifest());
  if (!manifest_json) return manifest_json.error().with_context(directory);
  auto manifest = manifest_from_json(*manifest_json);
  if (!manifest) return manifest.error().with_context(layout.manifest().string());
  capture.manifest = *manifest;
  // frames.json and breaks.json are written as the program runs: a capture
  // interrupted before its first recording has neither.
  for (const auto& path : {layout.frames(), layout.breaks()}) {
    if (path_kind(path) == PathKind::missing) continue;
    const std::string name = path.filename().string();
    auto j = read_json(path);
    if (!j) return j.error().with_context(directory);
    bool frames = path == layout.frames();
    if (auto ok = check_format(*j, name, frames ? "dynx.frames" : "dynx.breaks",
                               frames ? kFramesVersion : kBreaksVersion);
        !ok)
      return ok.error().with_context(directory);
    try {
      if (frames) {
        for (const auto& f : j->at("frames")) {
          FrameRecord frame;
          frame.id = json_get<int>(f.at("id"));
          frame.function = f.at("function").get<std::string>();
          frame.file = f.at("file").get<std::string>();
          frame.line = json_get<int>(f.at("line"));
          frame.cache_limit = text_or_empty(f, "cache_limit");
          if (f.contains("bypassed")) frame.bypassed = json_get<uint64_t>(f.at("bypassed"));
          if (f.contains("bypassed_function")) frame.bypassed_function = json_get<bool>(f.at("bypassed_function"));
          if (f.contains("skipped")) {
            const json& k = f.at("skipped");
            SkippedFrame skip;
            skip.id = k.at("id").get<std::string>();
            skip.type = k.at("type").get<std::string>();
            skip.what = k.at("what").get<std::string>();
            skip.file = k.at("file").get<std::string>();
            skip.line = json_get<int>(k.at("line"));
            skip.explanation = k.at("explanation").get<std::string>();
            skip.hint = k.at("hint").get<std::string>();
            skip.whole_frame = json_get<bool>(k.at("whole_frame"));
            frame.skipped = std::move(skip);
          }
          if (f.contains("fullgraph_error")) {
            const json& k = f.at("fullgraph_error");
            FullgraphError error;
            error.exception = k.at("exception").get<std::string>();
            error.type = k.at("type").get<std::string>();
            error.message = k.at("message").get<std::string>();
            error.calls = json_get<int>(k.at("calls"));
            error.id = text_or_empty(k, "id");
            error.operation = text_or_empty(k, "operation");
            error.setting = text_or_empty(k, "setting");
            error.file = text_or_empty(k, "file");
            error.line = k.value("line", 0);
            frame.fullgraph_error = std::move(error);
          }
          if (f.contains("recompile_errors")) {
            for (const auto& k : f.at("recompile_errors")) {
              RecompileError error;
              error.setting = k.at("setting").get<std::string>();
              error.exception = k.at("exception").get<std::string>();
              error.message = k.at("message").get<std::string>();
              error.calls = json_get<int>(k.at("calls"));
              for (const auto& r : k.at("reasons")) error.reasons.push_back(r.get<std::string>());
              frame.recompile_errors.push_back(std::move(error));
            }
          }
          for (const auto& e : f.at("entries")) frame.entries.push_back(entry_from(e));
          capture.frames.push_back(std::move(frame));
        }
      } else {
        for (const auto& b : j->at("graph_breaks")) {
          BreakRecord r;
          r.entry = b.at("entry").get<std::string>();
          r.category = b.at("category").get<std::string>();
          r.id = b.at("id").get<std::string>();
          r.type = b.at("type").get<std::string>();
          r.explanation = b.at("explanation").get<std::string>();
          r.hint = b.at("hint").get<std::string>();
          r.operation = b.at("operation").get<std::string>();
          r.after_graph = b.at("after_graph").is_string() ? b.at("after_graph").get<std::string>() : "";
          r.rest_uncompiled = b.value("rest_uncompiled", false);
          r.under_checkpoint = b.value("under_checkpoint", false);
          for (const auto& s : b.at("stack"))
            r.stack.push_back(StackFrame{s.at("file").get<std::string>(), json_get<int>(s.at("line")),
                                         s.at("function").get<std::string>()});
          if (auto source = b.find("source"); source != b.end())
            for (const auto& s : *source)
              r.source.push_back(SourceLine{json_get<int>(s.at("line")), s.at("text").get<std::string>()});
          capture.breaks.push_back(std::move(r));
        }
      }
    } catch (const json::exception&) {
      return Error{directory + ": " + name + ": malformed (a field is missing or has the wrong type)"};
    }
  }
  return capture;
}

}  // namespace dynx::ir
