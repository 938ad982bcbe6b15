// dynx-explain's report (see report.hpp).
#include "dynx/explain/report.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

#include "dynx/files.hpp"
#include "dynx/strings.hpp"

namespace dynx::explain {
namespace {

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

using json = nlohmann::json;

// Source lines [line - context, line + context] of a break site, from those
// the capture stored when it was made: a report never reads the files a
// capture names (it is an artifact passed around; its paths may point
// anywhere on the reader's machine).
json source_lines(const std::vector<ir::SourceLine>& stored, int line, int context) {
  json lines = json::array();
  for (const auto& s : stored)
    if (s.line >= line - context && s.line <= line + context) lines.push_back(json{{"line", s.line}, {"text", s.text}});
  return lines;
}

json frame_json(const ir::StackFrame& f) { return json{{"file", f.file}, {"line", f.line}, {"function", f.function}}; }

// What to do about a recompile, by the kind of guard that failed against
// the latest entry before it (the last of its reasons, "F/E: text" in
// Dynamo's wording): what changed since the frame last compiled.
struct RecompileKind {
  const char* kind;
  bool (*matches)(const std::string& text);
  const char* hint;
};

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

bool ends_with_flag(const std::string& text) {
  return has(text, " == ") && (text.size() >= 4 && (text.compare(text.size() - 4, 4, "True") == 0 ||
                                                    (text.size() >= 5 && text.compare(text.size() - 5, 5, "False") == 0)));
}

bool ends_with_number(const std::string& text) {
  size_t eq = text.rfind(" == ");
  if (eq == std::string::npos) return false;
  std::string value = text.substr(eq + 4);
  if (value.empty()) return false;
  size_t i = value[0] == '-' ? 1 : 0;
  bool digit = false;
  for (; i < value.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(value[i]))) digit = true;
    else if (value[i] != '.' && value[i] != 'e' && value[i] != '-' && value[i] != '+') return false;
  }
  return digit;
}

const RecompileKind kRecompileKinds[] = {
    {"environment", [](const std::string& t) { return has(t, "os.environ"); },
     "An environment variable the function reads changed. torch.compile does not guard environment variables: "
     "it keeps running the graph compiled for the old value (a wrong result where dynx recompiles). Read the "
     "variable outside the compiled function and pass the flag in, or call torch._dynamo.reset() after "
     "changing it."},
    {"interpreter-state", [](const std::string& t) { return t.rfind("sys.get", 0) == 0; },
     "The interpreter's state the function asks about changed (sys.setrecursionlimit between calls). "
     "torch.compile does not guard it: it keeps running the graph compiled for the old answer (a wrong result "
     "where dynx recompiles). Ask outside the compiled function and pass the answer in."},
    {"abc-registry", [](const std::string& t) { return t.rfind("abc.get_cache_token()", 0) == 0; },
     "A class was registered with an abstract base class (ABC.register) between calls, which may change what "
     "isinstance() or issubclass() against one of the program's ABCs answers. torch.compile does not guard it: it "
     "keeps running the graph compiled for the old answer (a wrong result where dynx recompiles). Register "
     "classes before the first call."},
    {"module-hooks", [](const std::string& t) { return has(t, "hooks registered on its modules between calls"); },
     "A hook was registered, between calls, on a module this entry was recorded with (register_forward_hook, "
     "register_forward_pre_hook...). torch.compile guards no empty hook dict by default: it keeps running the "
     "graph compiled without the hook (a wrong result where dynx recompiles). Register hooks before the first "
     "call, or call torch._dynamo.reset() after registering one."},
    {"gradients", [](const std::string& t) { return has(t, ".grad is None") || has(t, ".grad'"); },
     "The first call ran before any backward pass (no gradients yet) and later calls find .grad tensors: one "
     "recompile of a compiled training step, once. To avoid it, compile the forward and loss only and call "
     "backward() and the optimizer outside."},
    {"size", [](const std::string& t) { return has(t, "size mismatch at index"); },
     "A size changed. After one change Dynamo makes that dimension dynamic (automatic dynamic), so this costs "
     "one recompile; to compile once, mark it dynamic before the first call (torch._dynamo.mark_dynamic(@, #)) "
     "or use torch.compile(dynamic=True)."},
    {"size-range", [](const std::string& t) { return has(t, ".size()[") && (has(t, " <= ") || has(t, " >= ")); },
     "A dynamic size crossed a comparison the code makes with it (if x.shape[0] > 3): each side of it is an "
     "entry of its own."},
    {"dispatch-keys", [](const std::string& t) { return has(t, "dispatch key set mismatch"); },
     "A tensor came with other dispatch keys than before: one made under torch.inference_mode() (it has no "
     "autograd keys), a conjugate or negative view (x.conj()), or one batched by an eager torch.vmap. Each key "
     "set is an entry of its own: clone inference tensors outside inference_mode, call .resolve_conj() on "
     "conjugate views, compile the vmapped function instead of calling the compiled one under vmap."},
    {"dtype", [](const std::string& t) { return has(t, "dtype mismatch"); },
     "The dtype changed: each dtype is an entry of its own. Cast the inputs to one dtype before the call."},
    {"stride", [](const std::string& t) { return has(t, "stride mismatch"); },
     "The same sizes came with other strides (a transposed or sliced view): pass contiguous tensors "
     "(x.contiguous()) to keep one entry."},
    {"requires-grad", [](const std::string& t) { return has(t, "requires_grad mismatch"); },
     "requires_grad differs from an earlier call: each setting is an entry of its own."},
    {"training", [](const std::string& t) { return has(t, ".training == "); },
     "The module switched between train() and eval(): one entry per mode, each compiled once (expected when a "
     "loop alternates training and evaluation)."},
    {"grad-mode", [](const std::string& t) { return has(t, "GLOBAL_STATE changed"); },
     "Global state changed between calls (grad mode under torch.no_grad(), the default dtype, autocast): one "
     "entry per state."},
    {"carried-value", [](const std::string& t) { return has(t, "# the local ") && has(t, " holds the value "); },
     "A value an earlier break gave (a .item(), a logged loss) is kept in a local that the code after this "
     "later break reads: that resume function is specialised on it too, and a new value compiles it again "
     "(after one change Dynamo makes an int or float there dynamic). Keep the value a tensor until it leaves "
     "the compiled function, or set torch._dynamo.config.capture_scalar_outputs = True."},
    {"call-value", [](const std::string& t) { return has(t, "___stack") && !has(t, "tensor data"); },
     "The code after the graph break was specialised on the value the call that broke returned (read from "
     "Python: the clock, the random module, a generator), and a new value compiles it again; after one change "
     "Dynamo makes an int or float there dynamic. Read the value outside the compiled function and pass it in "
     "(as a 0-dim tensor to compile once)."},
    {"item-value", [](const std::string& t) { return has(t, "___stack"); },
     "The code after a .item() break was specialised on the value it gave, and a new value compiles it again. "
     "Set torch._dynamo.config.capture_scalar_outputs = True to keep the value in the graph, or keep it a "
     "tensor."},
    {"length", [](const std::string& t) { return t.rfind("len(", 0) == 0 || t.rfind("not ", 0) == 0; },
     "A container's length changed (a list passed in, a ModuleList grown, a cache filled): each length is an "
     "entry of its own."},
    {"flag", ends_with_flag,
     "A flag the code branches on changed: each value compiles a graph of its own (expected when it changes "
     "rarely)."},
    {"global-number", [](const std::string& t) { return t.rfind("G[", 0) == 0 && ends_with_number(t); },
     "A global (or data on a class or object the function reaches through a global) changed value: Dynamo "
     "specialises on the value it read and never makes it dynamic, so every new value compiles again. Pass it "
     "to the compiled function as an argument (a number argument becomes dynamic after one change) or as a "
     "0-dim tensor."},
    {"number", ends_with_number,
     "A Python number changed. Dynamo makes an int or float argument dynamic after one change (unless "
     "specialize_int / specialize_float is set); pass it as a 0-dim tensor, or use a constant, to compile "
     "once."},
    {"identity", [](const std::string& t) {
       return has(t, " is ") || t.rfind("type(", 0) == 0 || t.rfind("___check_type_id(", 0) == 0 ||
              t.rfind("___check_obj_id(", 0) == 0;
     },
     "An argument's type or identity changed (None and a tensor, another function or class): each is an entry "
     "of its own."},
};

json recompile_hints(const std::vector<std::string>& reasons) {
  json hints = json::array();
  if (reasons.empty()) return hints;
  // "0/1: text": the earlier entry's id, then the guard's text (a resume
  // function's reasons have no id: "GLOBAL_STATE changed: grad_mode").
  const std::string& reason = reasons.back();
  size_t colon = reason.find(": ");
  bool has_id = colon != std::string::npos && colon > 0 &&
                reason.find_first_not_of("0123456789/") == colon && reason.find('/') < colon;
  std::string text = has_id ? reason.substr(colon + 2) : reason;
  for (const auto& k : kRecompileKinds)
    if (k.matches(text)) {
      std::string hint = k.hint;
      // The size's tensor and dimension, as the guard names them ("tensor 'x' size mismatch at index 0").
      const std::string open = "tensor '", at = "' size mismatch at index ";
      size_t name = text.find(open), index = text.find(at);
      if (size_t mark = hint.find("@, #"); mark != std::string::npos) {
        std::string tensor = "x", dim = "0";
        if (name != std::string::npos && index != std::string::npos && index > name + open.size()) {
          tensor = text.substr(name + open.size(), index - name - open.size());
          size_t end = index + at.size();
          while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
          dim = text.substr(index + at.size(), end - index - at.size());
        }
        hint.replace(mark, 4, tensor + ", " + (dim.empty() ? "0" : dim));
      }
      hints.push_back(json{{"kind", k.kind}, {"hint", hint}});
      break;
    }
  return hints;
}

}  // namespace

Expected<json> build_report(const ir::Capture& capture, const ReportOptions& options) {
  json report;
  report["schema"] = kReportSchema;
  report["version"] = kReportVersion;
  const auto& m = capture.manifest;
  report["capture"] = json{{"directory", capture.directory},
                           {"complete", capture.complete()},
                           {"reason", capture.complete() ? "" : m.reason},
                           {"exit_code", m.exit_code ? json(*m.exit_code) : json(nullptr)},
                           {"command", m.command},
                           {"python_version", m.python_version},
                           {"torch_version", m.torch_version},
                           {"wall_seconds", m.wall_seconds}};
  // Graphs: operators per graph and over all graphs.
  std::map<std::string, int> op_counts;
  json ops_per_graph = json::array();
  int graphs = 0, entries = 0, recompiles = 0, guards = 0, dynamic_entries = 0, repeated = 0, after_reset = 0;
  std::set<std::string> seen_graphs;  // a resume entry lists the graphs it shares with an earlier entry
  uint64_t hits = 0;
  json recompile_list = json::array(), limits = json::array(), unsound = json::array(), skipped = json::array();
  json fullgraph = json::array(), refused = json::array();
  for (const auto& frame : capture.frames) {
    for (const auto& error : frame.recompile_errors)
      refused.push_back(json{{"function", frame.function}, {"file", frame.file}, {"line", frame.line},
                             {"setting", error.setting}, {"exception", error.exception}, {"calls", error.calls},
                             {"reasons", error.reasons}, {"message", error.message}});
    if (const auto& error = frame.fullgraph_error) {
      json item{{"function", frame.function}, {"file", frame.file}, {"line", frame.line},
                {"exception", error->exception}, {"type", error->type}, {"calls", error->calls},
                {"message", error->message}};
      if (!error->id.empty()) item["id"] = error->id;
      if (!error->operation.empty()) item["operation"] = error->operation;
      if (!error->setting.empty()) item["setting"] = error->setting;
      if (!error->file.empty()) item["at"] = json{{"file", error->file}, {"line", error->line}};
      fullgraph.push_back(std::move(item));
    }
    if (frame.skipped)
      skipped.push_back(json{{"function", frame.function}, {"file", frame.file}, {"line", frame.line},
                             {"what", frame.skipped->what}, {"whole_frame", frame.skipped->whole_frame},
                             {"id", frame.skipped->id}, {"type", frame.skipped->type},
                             {"explanation", frame.skipped->explanation}, {"hint", frame.skipped->hint},
                             {"at", json{{"file", frame.skipped->file}, {"line", frame.skipped->line}}}});
    if (frame.bypassed > 0) {
      // Calls of the watched code not made through what torch.compile
      // returned: of a function's original, or around a compiled module.
      const bool function = frame.bypassed_function, never = frame.entries.empty();
      const std::string ran = frame.function + " ran " + plural(frame.bypassed, "time", "times");
      std::string what;
      if (function)
        what = ran + (never ? " as the original function, never through the one torch.compile returned, and is not "
                              "compiled"
                            : " as the original function (not through the one torch.compile returned), and those "
                              "calls are not compiled");
      else
        what = ran + (never ? ", never through the module torch.compile returned, and is not compiled"
                            : " around the module torch.compile returned (not through it), and those calls are not "
                              "compiled");
      skipped.push_back(json{
          {"function", frame.function},
          {"file", frame.file},
          {"line", frame.line},
          {"what", what},
          {"whole_frame", never},
          {"id", "bypassed"},
          {"type", function ? "call of the original function" : "call around the compiled module"},
          {"explanation",
           function ? "torch.compile(fn) returns a new function; only calling it compiles fn. Calling fn itself (or "
                      "compiled.__wrapped__) runs it eagerly."
                    : "torch.compile(model) returns an OptimizedModule; only calling it compiles the model's "
                      "forward. Methods read through it (model.generate() and others) are the original module's and "
                      "call the original module, which runs eagerly."},
          {"hint", function ? "Call the function torch.compile returned (or decorate fn with @torch.compile, so that "
                              "its name is the compiled one)."
                            : "Call the compiled module itself, compile the method that does the work "
                              "(torch.compile(model.generate)), or compile the module in place with model.compile()."},
          {"at", json{{"file", frame.file}, {"line", frame.line}}}});
    }
    if (!frame.cache_limit.empty())
      limits.push_back(json{{"function", frame.function}, {"file", frame.file}, {"line", frame.line},
                            {"message", frame.cache_limit}});
    for (const auto& entry : frame.entries) {
      ++entries;
      hits += entry.hits;
      guards += static_cast<int>(entry.guards.size());
      if (!entry.dynamic_symbols.empty()) ++dynamic_entries;
      if (entry.after_reset) ++after_reset;
      for (const auto& gid : entry.graphs) {
        if (!seen_graphs.insert(gid).second) continue;
        if (entry.repeats.count(gid)) {
          ++repeated;  // the same compiled graph run again: counted once, as Dynamo compiles it once
          continue;
        }
        auto graph = ir::read_graph(capture.layout().graph_json(gid).string());
        if (!graph) return graph.error();
        // A directory two captures wrote into (or assembled by hand) holds
        // graphs of other frames than frames.json says: never report on it.
        if (auto mixed = capture.check_graph(gid, *graph); !mixed) return mixed.error();
        ++graphs;
        ops_per_graph.push_back(graph->nodes.size());
        for (const auto& node : graph->nodes) op_counts[node.op]++;
      }
      bool frame_reused = std::any_of(entry.resume_recompiles.begin(), entry.resume_recompiles.end(),
                                      [](const auto& again) { return again.instead_of_frame; });
      if (!entry.recompile_reasons.empty() && !frame_reused) {
        ++recompiles;
        json item{{"entry", entry.id},          {"function", frame.function}, {"file", frame.file},
                  {"line", frame.line},         {"reasons", entry.recompile_reasons},
                  {"guards", entry.guards.size()}, {"hints", recompile_hints(entry.recompile_reasons)}};
        if (!entry.compile_id.empty()) item["compile_id"] = entry.compile_id;
        if (!entry.dynamic_decisions.empty() || !entry.dynamic_refused.empty())
          item["dynamic"] = json{{"decisions", entry.dynamic_decisions},
                                 {"symbols", entry.dynamic_symbols},
                                 {"refused", entry.dynamic_refused}};
        recompile_list.push_back(std::move(item));
      }
      // The code after a break of the frame, compiled by Dynamo as a resume
      // function of its own, compiled again with this entry: a recompile too.
      for (const auto& again : entry.resume_recompiles) {
        ++recompiles;
        auto colon = again.after_break.rfind(':');
        int line = frame.line;
        if (colon != std::string::npos) line = std::atoi(again.after_break.c_str() + colon + 1);
        if (again.line > 0) line = again.line;
        recompile_list.push_back(json{{"entry", entry.id},
                                      {"function", again.function},
                                      {"file", again.file.empty() ? frame.file : again.file},
                                      {"line", line},
                                      {"reasons", again.reasons},
                                      {"guards", 0},
                                      {"hints", recompile_hints(again.reasons)},
                                      {"resume_of", json{{"function", again.code_of.empty() ? frame.function
                                                                                             : again.code_of},
                                                         {"after_break", again.after_break},
                                                         {"piece", again.piece},
                                                         {"instead_of_frame", again.instead_of_frame}}}});
        if (!again.compile_id.empty()) recompile_list.back()["compile_id"] = again.compile_id;
      }
      for (const auto& problem : entry.unsound)
        unsound.push_back(json{{"entry", entry.id}, {"function", frame.function}, {"problem", problem}});
    }
  }
  // Break sites: one per (category, innermost user frame), in order of first occurrence.
  json sites = json::array();
  std::map<std::string, size_t> site_index;
  for (const auto& b : capture.breaks) {
    std::string where = b.stack.empty() ? "?" : b.stack.back().file + ":" + std::to_string(b.stack.back().line);
    std::string key = b.category + "@" + where;
    auto it = site_index.find(key);
    if (it != site_index.end()) {
      json& site = sites[it->second];
      site["count"] = site["count"].get<int>() + 1;
      if (std::find(site["entries"].begin(), site["entries"].end(), b.entry) == site["entries"].end())
        site["entries"].push_back(b.entry);
      if (b.rest_uncompiled) site["rest_uncompiled"] = true;
      if (b.under_checkpoint) site["under_checkpoint"] = true;
      continue;
    }
    json stack = json::array();
    for (const auto& f : b.stack) stack.push_back(frame_json(f));
    json site{{"category", b.category}, {"id", b.id},     {"type", b.type},   {"count", 1},
              {"explanation", b.explanation}, {"hint", b.hint}, {"operation", b.operation},
              {"stack", stack},        {"entries", json::array({b.entry})}, {"rest_uncompiled", b.rest_uncompiled}};
    if (b.under_checkpoint) site["under_checkpoint"] = true;
    if (!b.stack.empty()) {
      site["site"] = frame_json(b.stack.back());
      site["source"] = source_lines(b.source, b.stack.back().line, options.context_lines);
    } else {
      site["site"] = nullptr;
      site["source"] = json::array();
    }
    site_index[key] = sites.size();
    sites.push_back(std::move(site));
  }
  std::vector<std::pair<std::string, int>> ops(op_counts.begin(), op_counts.end());
  std::stable_sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  json operators = json::array();
  for (size_t i = 0; i < ops.size() && static_cast<int>(i) < options.top_operators; ++i)
    operators.push_back(json{{"op", ops[i].first}, {"count", ops[i].second}});
  uint64_t calls = hits + static_cast<uint64_t>(entries);
  int total_ops = 0;
  for (const auto& [op, count] : op_counts) total_ops += count;
  report["summary"] = json{{"watched_frames", capture.frames.size()},
                           {"graphs", graphs},
                           {"repeated_graphs", repeated},
                           {"ops", total_ops},
                           {"ops_per_graph", ops_per_graph},
                           {"graph_breaks", capture.breaks.size()},
                           {"break_sites", sites.size()},
                           {"recompiles", recompiles},
                           {"cache_entries", entries},
                           {"dynamic_entries", dynamic_entries},
                           {"guards", guards},
                           {"calls", calls},
                           {"hits", hits},
                           {"hit_rate", calls ? static_cast<double>(hits) / static_cast<double>(calls) : 0.0},
                           {"unsound", unsound.size()}};
  // Only when the program reset Dynamo: reports of other captures keep their shape.
  if (after_reset > 0) report["summary"]["entries_after_reset"] = after_reset;
  report["break_sites"] = std::move(sites);
  report["recompiles"] = std::move(recompile_list);
  report["cache_limits"] = std::move(limits);
  report["skipped_frames"] = std::move(skipped);
  // Only when there is one: reports of captures without fullgraph=True errors stay as they were.
  if (!fullgraph.empty()) report["fullgraph_errors"] = std::move(fullgraph);
  if (!refused.empty()) report["recompile_errors"] = std::move(refused);
  report["unsound"] = std::move(unsound);
  report["operators"] = std::move(operators);
  return report;
}

// ----- text ------------------------------------------------------------------------------------

namespace {

struct Painter {
  bool on;
  [[nodiscard]] std::string paint(const std::string& text, const char* code) const {
    return on ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
  }
  [[nodiscard]] std::string bold(const std::string& t) const { return paint(t, "1"); }
  [[nodiscard]] std::string red(const std::string& t) const { return paint(t, "31"); }
  [[nodiscard]] std::string yellow(const std::string& t) const { return paint(t, "33"); }
  [[nodiscard]] std::string cyan(const std::string& t) const { return paint(t, "36"); }
  [[nodiscard]] std::string dim(const std::string& t) const { return paint(t, "2"); }
};

// Words of `text` in lines of at most `width` columns, each prefixed by `indent`.
std::string wrap(const std::string& text, const std::string& indent, int width) {
  std::istringstream words(text);
  std::string word, line, out;
  size_t limit = width > static_cast<int>(indent.size()) + 20 ? static_cast<size_t>(width) - indent.size() : 20;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > limit) {
      out += indent + line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

std::string cut(const std::string& text, int width) {
  if (width <= 4 || static_cast<int>(text.size()) <= width) return text;
  return text.substr(0, static_cast<size_t>(width) - 3) + "...";
}

std::string base_name(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// What a break inside called functions does to the frames that call them
// (Dynamo inlines calls, and a break in one splits each caller at the call).
constexpr const char* kRestUncompiled =
    "no tensor is left in the frame (nor a torch module among the globals its code names), so torch.compile "
    "does not compile the code after this break: it runs eagerly, and the functions it calls are compiled as "
    "frames of their own.";

constexpr const char* kUnderCheckpoint =
    "the break is inside a function run by torch.utils.checkpoint, which torch.compile traces as one "
    "higher-order operator and cannot split: the graph breaks at the checkpoint call instead, and the checkpoint "
    "(with everything it calls) runs eagerly.";

std::string callers_split(const json& stack) {
  std::string names;
  for (size_t i = 0; i + 1 < stack.size(); ++i)
    names += (i == 0 ? "" : i + 2 == stack.size() ? " and " : ", ") + stack[i]["function"].get<std::string>();
  // A break inside torch.nn's own code (which Dynamo inlines, but never
  // compiles as a frame of its own): that function runs eagerly.
  const std::string inner = stack.back().value("file", std::string());
  const bool in_torch_nn = inner.find("/torch/nn/") != std::string::npos;
  // Inside Dynamo's polyfill of a builtin (sum, any, all, set): the Python
  // version of it Dynamo traces met what it cannot iterate.
  if (inner.find("/torch/_dynamo/polyfills/") != std::string::npos)
    return "the break is inside the Python version of the builtin that Dynamo traces (its polyfill, " +
           stack.back().value("function", std::string()) + "): " + names + (stack.size() == 2 ? " is" : " are") +
           " split at the call, and the builtin itself runs eagerly";
  return "the break is inside a called function: " + names + (stack.size() == 2 ? " is" : " are") +
         (in_torch_nn ? " split at the call too; the call into torch.nn runs eagerly (torch.compile never compiles "
                        "torch.nn's code as a frame of its own)"
                      : " split at the call too, and each function called is compiled as a frame of its own");
}


}  // namespace

std::string raised_by(const json& error) {
  const std::string setting = error.value("setting", "");
  if (setting == "higher_order_op") return "a break inside a torch.cond / while_loop function";
  if (setting == "error_on_graph_break") return "torch._dynamo.error_on_graph_break(True)";
  return "torch.compile(fullgraph=True)";
}

std::string resume_sentence(const json& resume_of) {
  const std::string function = resume_of.value("function", std::string("?"));
  const std::string at = resume_of.value("after_break", std::string("?"));
  const std::string piece = resume_of.value("piece", std::string("break"));
  if (piece == "frame")
    return function + ", called at " + at +
           ", is a frame Dynamo compiles and caches on its own (a graph break inside it split its caller at the "
           "call); it is compiled again with this entry:";
  if (piece == "after_call")
    return "the code of " + function + " after its call at " + at +
           ", which broke the graph (Dynamo compiles and caches it on its own), is compiled again with this entry:";
  return "the code of " + function + " after the graph break at " + at +
         " (Dynamo compiles and caches it on its own) is compiled again with this entry" +
         (resume_of.value("instead_of_frame", false)
              ? "; the frame itself is not (what changed is read only after the break):"
              : ":");
}

json printable_strings(const json& j) {
  if (j.is_string()) return printable(j.get_ref<const std::string&>());
  if (j.is_array()) {
    json out = json::array();
    for (const auto& v : j) out.push_back(printable_strings(v));
    return out;
  }
  if (j.is_object()) {
    json out = json::object();
    for (const auto& [k, v] : j.items()) out[printable(k)] = printable_strings(v);
    return out;
  }
  return j;
}

std::string render_text(const json& raw, const TextStyle& style) {
  const json report = printable_strings(raw);
  Painter p{style.color};
  std::ostringstream out;
  const json& cap = report["capture"];
  const json& sum = report["summary"];
  out << p.bold("dynx-explain") << ": capture " << cap["directory"].get<std::string>();
  if (!cap["complete"].get<bool>())
    out << " " << p.red("(incomplete: " + cap["reason"].get<std::string>() + "; the report covers what ran)");
  // Frames Dynamo will not compile come first: nothing else in the report
  // matters for them until the break in the loop is gone.
  const bool skipped = report.contains("skipped_frames") && !report["skipped_frames"].empty();
  if (skipped) {
    out << "\n\n" << p.bold(p.red("Not compiled")) << "\n";
    for (const auto& k : report["skipped_frames"]) {
      std::string head = k["function"].get<std::string>() + " (" + base_name(k["file"].get<std::string>()) + ":" +
                         std::to_string(k["line"].get<int>()) + "): " + k["what"].get<std::string>() + " (" +
                         k["type"].get<std::string>() + " at " + base_name(k["at"]["file"].get<std::string>()) + ":" +
                         std::to_string(k["at"]["line"].get<int>()) + ") [" + k["id"].get<std::string>() + "]";
      out << p.red(wrap(head, "  ", style.width));
      out << wrap(k["explanation"].get<std::string>(), "     ", style.width);
      out << wrap("hint: " + k["hint"].get<std::string>(), "     ", style.width);
    }
  }
  // Then frames torch.compile(fullgraph=True) raised out of: the program gets an exception there.
  const bool failed = report.contains("fullgraph_errors");
  if (failed) {
    const auto& errors = report["fullgraph_errors"];
    const bool all_fullgraph =
        std::none_of(errors.begin(), errors.end(), [](const json& k) { return k.contains("setting"); });
    out << (skipped ? "\n" : "\n\n")
        << p.bold(p.red(all_fullgraph ? "Raised by fullgraph=True" : "Raised at graph breaks that are errors")) << "\n";
    for (const auto& k : errors) {
      const bool fullgraph = !k.contains("setting");
      const bool hop = k.value("setting", "") == "higher_order_op";
      std::string head = k["function"].get<std::string>() + " (" + base_name(k["file"].get<std::string>()) + ":" +
                         std::to_string(k["line"].get<int>()) + "): " + raised_by(k) + " raises " +
                         k["exception"].get<std::string>() + " (" + plural(k["calls"].get<size_t>(), "call", "calls") +
                         "): " + k["type"].get<std::string>();
      if (k.contains("at"))
        head += " at " + base_name(k["at"]["file"].get<std::string>()) + ":" +
                std::to_string(k["at"]["line"].get<int>());
      if (k.contains("id")) head += " [" + k["id"].get<std::string>() + "]";
      out << p.red(wrap(head, "  ", style.width));
      if (k.contains("operation")) out << wrap("operation: " + k["operation"].get<std::string>(), "     ", style.width);
      out << wrap(hop ? "nothing of the frame is compiled: Dynamo traces a torch.cond branch (a while_loop "
                        "function) whole and cannot break inside it; move the break out of the branch, or use a "
                        "Python if"
                  : !fullgraph ? "nothing of the frame is compiled: under error_on_graph_break(True) a graph break "
                               "is an error; remove the break or leave that context"
                  : k.contains("id") ? "nothing of the frame is compiled: under fullgraph=True the first graph break "
                                     "is an error; remove the break or drop fullgraph=True"
                  : k["type"] == "observed-exception"
                      ? "nothing of the frame is compiled for that call: the code raised an exception it does not "
                        "catch, which Dynamo observes while tracing and, under fullgraph=True, turns into an error "
                        "of the compile (no cache entry: a later call is traced again)"
                                   : "nothing is compiled: every frame the call runs is in torch's files, which "
                                     "Dynamo skips; compile the program's own code, or drop fullgraph=True",
                  "     ", style.width);
    }
  }
  // Then calls torch.compile refused to compile (set_stance, error_on_recompile): each raised.
  const bool refused = report.contains("recompile_errors");
  if (refused) {
    out << (skipped || failed ? "\n" : "\n\n") << p.bold(p.red("Raised instead of compiling")) << "\n";
    for (const auto& k : report["recompile_errors"]) {
      std::string head = k["function"].get<std::string>() + " (" + base_name(k["file"].get<std::string>()) + ":" +
                         std::to_string(k["line"].get<int>()) + "): " + k["setting"].get<std::string>() +
                         " raises " + k["exception"].get<std::string>() + " (" +
                         plural(k["calls"].get<size_t>(), "call", "calls") + ")";
      out << p.red(wrap(head, "  ", style.width));
      for (const auto& r : k["reasons"]) out << wrap(r.get<std::string>(), "     ", style.width);
      out << wrap(k["reasons"].empty() ? "the call would compile the frame for the first time; no entry is made"
                                       : "the call would recompile the frame; no entry is made, the next such call "
                                         "raises again",
                  "     ", style.width);
    }
  }
  out << (skipped || failed || refused ? "\n" : "\n\n") << p.bold("Summary") << "\n";
  auto row = [&](const std::string& name, const std::string& value) {
    std::string padded = name;
    padded.resize(18, ' ');
    out << "  " << padded << value << "\n";
  };
  std::string per_graph;
  for (const auto& n : sum["ops_per_graph"]) per_graph += (per_graph.empty() ? "" : " ") + std::to_string(n.get<int>());
  row("watched frames", std::to_string(sum["watched_frames"].get<int>()));
  int repeated = sum.value("repeated_graphs", 0);
  row("graphs", std::to_string(sum["graphs"].get<int>()) +
                    (per_graph.empty() ? "" : " (ops per graph: " + per_graph + ")") +
                    (repeated == 0 ? ""
                                   : ", run " + plural(static_cast<size_t>(repeated), "more time", "more times") +
                                         " from Dynamo's cache (a function called again, or code before a break "
                                         "that a recompile left unchanged)"));
  size_t breaks = sum["graph_breaks"].get<size_t>();
  row("graph breaks", breaks == 0 ? "none"
                                  : (style.color ? p.yellow(std::to_string(breaks)) : std::to_string(breaks)) +
                                        " at " + plural(sum["break_sites"].get<size_t>(), "site", "sites"));
  int recompiles = sum["recompiles"].get<int>();
  row("recompiles", recompiles == 0 ? "none" : (style.color ? p.yellow(std::to_string(recompiles))
                                                             : std::to_string(recompiles)));
  std::string entries = std::to_string(sum["cache_entries"].get<int>());
  if (sum["dynamic_entries"].get<int>() > 0) entries += " (" + std::to_string(sum["dynamic_entries"].get<int>()) +
                                                        " with dynamic shapes)";
  if (int after = sum.value("entries_after_reset", 0); after > 0)
    entries += " (" + std::to_string(after) + " made again after torch._dynamo.reset(): a first compile, no recompile)";
  row("cache entries", entries);
  row("guards", std::to_string(sum["guards"].get<int>()));
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.0f%%", sum["hit_rate"].get<double>() * 100);
  row("calls", std::to_string(sum["calls"].get<uint64_t>()) + " (" + std::to_string(sum["hits"].get<uint64_t>()) +
                   " cache hits, hit rate " + rate + ")");
  if (sum["unsound"].get<size_t>() > 0) row("unsound guards", p.red(std::to_string(sum["unsound"].get<size_t>())));
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s", cap["wall_seconds"].get<double>());
  row("capture time", seconds);

  if (!report["break_sites"].empty()) {
    out << "\n" << p.bold("Graph breaks") << "\n";
    int n = 0;
    for (const auto& site : report["break_sites"]) {
      ++n;
      int count = site["count"].get<int>();
      std::string heading = std::to_string(n) + ". " + site["type"].get<std::string>() + " [" +
                            site["id"].get<std::string>() + ", " + site["category"].get<std::string>() + "]" +
                            (count > 1 ? " x" + std::to_string(count) : "");
      // Continuation lines of the heading line up under its text.
      std::string wrapped = wrap(heading, "   ", style.width).substr(3);
      out << "\n" << p.yellow(wrapped.substr(0, wrapped.size() - 1)) << "\n";
      out << wrap("operation: " + site["operation"].get<std::string>(), "   ", style.width);
      if (site["site"].is_object()) {
        const json& where = site["site"];
        out << wrap("at " + base_name(where["file"].get<std::string>()) + ":" +
                        std::to_string(where["line"].get<int>()) + " in " + where["function"].get<std::string>(),
                    "   ", style.width);
        for (const auto& line : site["source"]) {
          bool here = line["line"] == where["line"];
          std::string number = std::to_string(line["line"].get<int>());
          number.insert(0, number.size() < 5 ? 5 - number.size() : 0, ' ');
          std::string text = cut(line["text"].get<std::string>(), style.width - 12);
          out << "   " << (here ? p.bold(">" + number + " | " + text) : p.dim(" " + number + " | " + text))
              << "\n";
        }
      }
      out << wrap("why: " + site["explanation"].get<std::string>(), "   ", style.width);
      out << wrap("hint: " + site["hint"].get<std::string>(), "   ", style.width);
      if (site["stack"].size() > 1) {
        std::string chain;
        for (const auto& f : site["stack"])
          chain += (chain.empty() ? "" : " > ") + base_name(f["file"].get<std::string>()) + ":" +
                   std::to_string(f["line"].get<int>()) + " " + f["function"].get<std::string>();
        out << wrap("stack: " + chain, "   ", style.width);
        out << wrap("split: " + (site.value("under_checkpoint", false) ? std::string(kUnderCheckpoint)
                                                                      : callers_split(site["stack"])),
                    "   ", style.width);
      }
      if (site.value("rest_uncompiled", false))
        out << wrap("after it: " + std::string(kRestUncompiled), "   ", style.width);
    }
  }

  if (!report["recompiles"].empty()) {
    out << "\n" << p.bold("Recompiles") << "\n";
    std::set<std::string> hinted;
    for (const auto& r : report["recompiles"]) {
      // Dynamo's compile id first (what TORCH_LOGS=recompiles prints), then
      // dynx's entry (what dynx-aot --graph and dynx-guard-diff take) where it differs.
      std::string entry_id = r["entry"].get<std::string>();
      std::string compile_id = r.value("compile_id", entry_id);
      std::string header = compile_id + " " + r["function"].get<std::string>() + " (" +
                           base_name(r["file"].get<std::string>()) + ":" + std::to_string(r["line"].get<int>()) + ")" +
                           (compile_id != entry_id ? ", dynx entry " + entry_id : std::string());
      std::string wrapped = wrap(header, "   ", style.width).substr(3);
      out << "\n" << p.bold(wrapped.substr(0, wrapped.size() - 1)) << "\n";
      if (r.contains("resume_of")) out << wrap(resume_sentence(r["resume_of"]), "   ", style.width);
      for (const auto& reason : r["reasons"]) out << wrap(reason.get<std::string>(), "   ", style.width);
      if (r.contains("dynamic")) {
        for (const auto& d : r["dynamic"]["decisions"]) out << wrap(d.get<std::string>(), "   ", style.width);
        if (!r["dynamic"]["symbols"].empty()) {
          std::string symbols;
          for (const auto& s : r["dynamic"]["symbols"]) symbols += (symbols.empty() ? "" : ", ") + s.get<std::string>();
          out << wrap("dynamic: " + symbols, "   ", style.width);
        }
        if (!r["dynamic"]["refused"].get<std::string>().empty())
          out << wrap("stayed static: " + r["dynamic"]["refused"].get<std::string>(), "   ", style.width);
      }
      // Each kind's hint once per report: later recompiles of that kind say so in a word.
      if (r.contains("hints"))
        for (const auto& h : r["hints"])
          out << wrap(hinted.insert(h["kind"].get<std::string>()).second ? "hint: " + h["hint"].get<std::string>()
                                                                        : "hint: as above (" +
                                                                              h["kind"].get<std::string>() + ")",
                      "   ", style.width);
    }
  }
  for (const auto& l : report["cache_limits"])
    out << "\n" << wrap("cache limit: " + l["function"].get<std::string>() + " (" +
                             base_name(l["file"].get<std::string>()) + ":" + std::to_string(l["line"].get<int>()) +
                             "): " + l["message"].get<std::string>(),
                         "", style.width);
  if (!report["unsound"].empty()) {
    out << "\n" << p.bold(p.red("Unsound guards")) << "\n";
    for (const auto& u : report["unsound"])
      out << wrap(u["entry"].get<std::string>() + " " + u["function"].get<std::string>() + ": " +
                      u["problem"].get<std::string>(),
                  "  ", style.width);
  }
  if (!report["operators"].empty()) {
    out << "\n" << p.bold("Top operators") << "\n";
    for (const auto& op : report["operators"]) {
      std::string count = std::to_string(op["count"].get<int>());
      count.insert(0, count.size() < 6 ? 6 - count.size() : 0, ' ');
      out << count << "  " << op["op"].get<std::string>() << "\n";
    }
  }
  return out.str();
}

}  // namespace dynx::explain
