#include <doctest/doctest.h>

#include <filesystem>

#include "dynx/explain/report.hpp"
#include "dynx/files.hpp"

using namespace dynx;
using namespace dynx::explain;
using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A capture with two entries of one frame (the second a recompile) and two
// breaks at one site of `source`, with the source lines stored as
// dynx-capture stores them; no graphs, so nothing is read from disk.
ir::Capture small_capture(const std::string& source, const std::string& function) {
  ir::Capture capture;
  capture.directory = "cap";
  capture.manifest.status = "complete";
  capture.manifest.python_version = "3.11.9";
  capture.manifest.torch_version = "2.5.1";
  ir::FrameRecord frame;
  frame.function = function;
  frame.file = source;
  frame.line = 1;
  ir::CacheEntryRecord first, second;
  first.id = "0/0";
  first.hits = 3;
  first.guards = {{"TENSOR_MATCH", "L['x']", "L['x']: tensor", json::object()}};
  second.id = "0/1";
  second.recompile_reasons = {"tensor 'x' size mismatch at index 0. expected 8, actual 16"};
  second.dynamic_symbols = {"s0 = L['x'].size()[0]"};
  frame.entries = {first, second};
  capture.frames = {frame};
  ir::BreakRecord b;
  b.entry = "0/0";
  b.category = "side-effect";
  b.type = "Failed to trace builtin";
  b.operation = "print";
  b.stack = {{source, 3, function}};
  b.source = {{1, "def f(x):"}, {2, "    y = x + 1"}, {3, "    print(y)"}, {4, "    return y"}};
  capture.breaks = {b, b};
  capture.breaks[1].entry = "0/1";
  return capture;
}

}  // namespace

TEST_CASE("build_report counts entries, recompiles and break sites") {
  TempDir temp;
  REQUIRE(temp.create(fs::temp_directory_path(), "dynx-report-test-").has_value());
  const fs::path& dir = temp.path();
  std::string source = (dir / "t.py").string();
  // The file says something else now: the report shows what the capture stored.
  REQUIRE(write_file_atomic(source, "SECRET = 1\nSECRET = 2\nSECRET = 3\nSECRET = 4\n").has_value());
  auto report = build_report(small_capture(source, "f"), ReportOptions{10, 1});
  REQUIRE(report.has_value());
  const json& summary = (*report)["summary"];
  CHECK(summary["cache_entries"] == 2);
  CHECK(summary["recompiles"] == 1);
  CHECK(summary["dynamic_entries"] == 1);
  CHECK(summary["graph_breaks"] == 2);
  CHECK(summary["break_sites"] == 1);  // the same category at the same line
  CHECK(summary["calls"] == 5);        // 3 hits + 2 entries
  CHECK(summary["guards"] == 1);
  const json& site = (*report)["break_sites"][0];
  CHECK(site["count"] == 2);
  CHECK(site["entries"] == json::array({"0/0", "0/1"}));
  CHECK(site["source"] == json::parse(R"json([{"line": 2, "text": "    y = x + 1"}, {"line": 3, "text": "    print(y)"},
                                          {"line": 4, "text": "    return y"}])json"));
  CHECK((*report)["recompiles"][0]["reasons"][0] == "tensor 'x' size mismatch at index 0. expected 8, actual 16");
  // What to do about it, by the kind of guard that failed.
  REQUIRE((*report)["recompiles"][0]["hints"].size() == 1);
  CHECK((*report)["recompiles"][0]["hints"][0]["kind"] == "size");
  std::string text = render_text(*report);
  CHECK(text.find("hint: A size changed.") != std::string::npos);
  CHECK((*report)["recompiles"][0]["hints"][0]["hint"].get<std::string>().find("torch._dynamo.mark_dynamic(x, 0)") !=
        std::string::npos);
  CHECK(text.find("print(y)") != std::string::npos);
  CHECK(text.find("SECRET") == std::string::npos);
}

TEST_CASE("a break after which the frame holds no tensor says the rest is not compiled") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  for (auto& b : capture.breaks) b.source.clear();
  auto plain = build_report(capture);
  REQUIRE(plain.has_value());
  CHECK((*plain)["break_sites"][0]["rest_uncompiled"] == false);
  CHECK(render_text(*plain).find("after it:") == std::string::npos);
  capture.breaks[1].rest_uncompiled = true;  // the second entry's break: the site says so
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK((*report)["break_sites"][0]["rest_uncompiled"] == true);
  std::string text = render_text(*report, TextStyle{false, 200});
  CHECK(text.find("after it: no tensor is left in the frame") != std::string::npos);
  CHECK(text.find("does not compile the code after this break") != std::string::npos);
}

TEST_CASE("a break inside a called function says how each caller is split") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  for (auto& b : capture.breaks) {
    b.source.clear();
    b.stack = {{"/nonexistent/t.py", 3, "f"}, {"/nonexistent/t.py", 9, "helper"}};
  }
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  std::string text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find("split: the break is inside a called function: f is split at the call too, and each function "
                  "called is compiled as a frame of its own") != std::string::npos);
  // Inside torch.nn's code (nn.Transformer's mask check): Dynamo inlines it
  // but never compiles it as a frame, so the call runs eagerly.
  for (auto& b : capture.breaks)
    b.stack[1] = {"/venv/lib/python3.11/site-packages/torch/nn/modules/transformer.py", 1245,
                  "_detect_is_causal_mask"};
  report = build_report(capture);
  REQUIRE(report.has_value());
  text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find("f is split at the call too; the call into torch.nn runs eagerly") != std::string::npos);
  CHECK(text.find("compiled as a frame of its own") == std::string::npos);
  // Inside Dynamo's polyfill of sum() (functools.reduce's Python version):
  // the builtin runs eagerly at the break.
  for (auto& b : capture.breaks)
    b.stack[1] = {"/venv/lib/python3.11/site-packages/torch/_dynamo/polyfills/functools.py", 28, "reduce"};
  report = build_report(capture);
  REQUIRE(report.has_value());
  text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find("the break is inside the Python version of the builtin that Dynamo traces (its polyfill, reduce): "
                  "f is split at the call, and the builtin itself runs eagerly") != std::string::npos);
  CHECK(text.find("compiled as a frame of its own") == std::string::npos);
}

TEST_CASE("frames a break inside a called function makes recompile on their own, named as Dynamo names them") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  for (auto& b : capture.breaks) b.source.clear();
  auto& entry = capture.frames[0].entries[1];
  ir::CacheEntryRecord::ResumeRecompile callee, after_call;
  callee.function = "helper";
  callee.after_break = "t.py:10";
  callee.reasons = {"tensor 't' size mismatch at index 0. expected 2, actual 3"};
  callee.piece = "frame";
  callee.code_of = "helper";
  callee.file = "/nonexistent/h.py";
  callee.line = 4;
  after_call.function = "torch_dynamo_resume_in_f_at_10";
  after_call.after_break = "t.py:10";
  after_call.reasons = {"tensor '___stack0' size mismatch at index 0. expected 2, actual 3"};
  after_call.piece = "after_call";
  after_call.line = 10;
  entry.resume_recompiles = {callee, after_call};
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK((*report)["summary"]["recompiles"] == 3);  // the frame's own, and one per frame of Dynamo's
  const json& items = (*report)["recompiles"];
  REQUIRE(items.size() == 3);
  CHECK(items[1]["function"] == "helper");
  CHECK(items[1]["file"] == "/nonexistent/h.py");  // the callee's own file and def line
  CHECK(items[1]["line"] == 4);
  CHECK(items[1]["resume_of"]["piece"] == "frame");
  CHECK(items[2]["file"] == "/nonexistent/t.py");  // the caller's, where no file is given
  CHECK(items[2]["resume_of"]["function"] == "f");
  std::string text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find("helper, called at t.py:10, is a frame Dynamo compiles and caches on its own") !=
        std::string::npos);
  CHECK(text.find("the code of f after its call at t.py:10, which broke the graph") != std::string::npos);
  CHECK(text.find("tensor '___stack0' size mismatch") != std::string::npos);
}

TEST_CASE("names are reported as written, and a missing graph file is an error") {
  std::string hostile = "<script>alert('x')</script> \"quoted\" & more";
  ir::Capture capture = small_capture("/etc/passwd", hostile);
  for (auto& b : capture.breaks) b.source.clear();  // a capture without stored lines
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK((*report)["break_sites"][0]["site"]["function"] == hostile);
  CHECK((*report)["break_sites"][0]["source"] == json::array());  // the named file is never read
  CHECK(render_text(*report).find(hostile) != std::string::npos);
  ir::Capture with_graph = small_capture("/nonexistent/t.py", "f");
  with_graph.directory = "/nonexistent/cap";
  with_graph.frames[0].entries[0].graphs = {"0/0/0"};
  auto failed = build_report(with_graph);
  REQUIRE_FALSE(failed.has_value());
  CHECK(failed.error().message.find("/nonexistent/cap/graphs/0_0_0.json") != std::string::npos);
}

TEST_CASE("the text report is rendered from the JSON report alone") {
  json report = json::parse(R"json({
    "schema": "dynx.explain", "version": 1,
    "capture": {"directory": "cap", "complete": false, "reason": "interrupted", "exit_code": null,
                "command": [], "python_version": "3.11", "torch_version": "2.13", "wall_seconds": 1.5},
    "summary": {"watched_frames": 1, "graphs": 2, "ops": 5, "ops_per_graph": [3, 2], "graph_breaks": 1,
                "break_sites": 1, "recompiles": 0, "cache_entries": 1, "dynamic_entries": 0, "guards": 4,
                "calls": 4, "hits": 3, "hit_rate": 0.75, "unsound": 0},
    "break_sites": [{"category": "side-effect", "id": "gb0059", "type": "Failed to trace builtin", "count": 1,
                     "explanation": "print writes to a stream.", "hint": "Move it out.", "operation": "print",
                     "stack": [{"file": "/p/t.py", "line": 3, "function": "f"}], "entries": ["0/0"],
                     "site": {"file": "/p/t.py", "line": 3, "function": "f"},
                     "source": [{"line": 3, "text": "    print(x)"}]}],
    "recompiles": [], "cache_limits": [], "unsound": [],
    "operators": [{"op": "aten::add.Tensor", "count": 3}]})json");
  std::string text = render_text(report, TextStyle{false, 80});
  CHECK(text.find("(incomplete: interrupted; the report covers what ran)") != std::string::npos);
  CHECK(text.find("4 (3 cache hits, hit rate 75%)") != std::string::npos);
  CHECK(text.find(">    3 |     print(x)") != std::string::npos);
  CHECK(text.find("\033[") == std::string::npos);
  CHECK(render_text(report, TextStyle{true, 80}).find("\033[1m") != std::string::npos);
}

TEST_CASE("a fullgraph=True error is reported, and only when there is one") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  auto plain = build_report(capture);
  REQUIRE(plain.has_value());
  CHECK_FALSE(plain->contains("fullgraph_errors"));  // reports without one keep their shape
  CHECK(render_text(*plain).find("fullgraph") == std::string::npos);
  ir::FullgraphError error;
  error.exception = "torch._dynamo.exc.Unsupported";
  error.id = "gb0170";
  error.type = "Data-dependent branching";
  error.operation = "torch.Tensor.__bool__";
  error.file = "/nonexistent/t.py";
  error.line = 3;
  error.message = "Data-dependent branching\n  Explanation: ...";
  error.calls = 2;
  capture.frames[0].fullgraph_error = error;
  ir::FrameRecord module;  // nn.Module.compile(fullgraph=True) of torch's own modules: no break, no site
  module.function = "Module._call_impl";
  module.file = "/torch/nn/modules/module.py";
  module.fullgraph_error = ir::FullgraphError{"RuntimeError", "", "found no compiled frames", "", "", "msg", 0, 1, ""};
  capture.frames.push_back(module);
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  const json& errors = (*report)["fullgraph_errors"];
  REQUIRE(errors.size() == 2);
  CHECK(errors[0]["exception"] == "torch._dynamo.exc.Unsupported");
  CHECK(errors[0]["id"] == "gb0170");
  CHECK(errors[0]["calls"] == 2);
  CHECK(errors[0]["at"] == json{{"file", "/nonexistent/t.py"}, {"line", 3}});
  CHECK_FALSE(errors[1].contains("at"));
  CHECK_FALSE(errors[1].contains("id"));
  std::string text = render_text(*report, TextStyle{false, 200});
  CHECK(text.find("Raised by fullgraph=True") != std::string::npos);
  CHECK(text.find("f (t.py:1): torch.compile(fullgraph=True) raises torch._dynamo.exc.Unsupported (2 calls): "
                  "Data-dependent branching at t.py:3 [gb0170]") != std::string::npos);
  CHECK(text.find("raises RuntimeError (1 call): found no compiled frames\n") != std::string::npos);
}

TEST_CASE("calls torch.compile raised out of instead of compiling are reported, and only when there is one") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  auto plain = build_report(capture);
  REQUIRE(plain.has_value());
  CHECK_FALSE(plain->contains("recompile_errors"));
  CHECK(render_text(*plain).find("Raised instead of compiling") == std::string::npos);
  capture.frames[0].recompile_errors.push_back(
      ir::RecompileError{"torch._dynamo.config.error_on_recompile", "torch._dynamo.exc.RecompileError",
                         "Recompiling function f in /nonexistent/t.py:1", {"0/0: tensor 'x' dtype mismatch"}, 2});
  capture.frames[0].recompile_errors.push_back(ir::RecompileError{
      "torch.compiler.set_stance(\"fail_on_recompile\")", "RuntimeError", "Detected recompile", {}, 1});
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  const json& errors = (*report)["recompile_errors"];
  REQUIRE(errors.size() == 2);
  CHECK(errors[0]["calls"] == 2);
  CHECK(errors[0]["reasons"] == json::array({"0/0: tensor 'x' dtype mismatch"}));
  CHECK(errors[1]["reasons"].empty());
  CHECK((*report)["summary"]["recompiles"] == (*plain)["summary"]["recompiles"]);  // no entry was made
  std::string text = render_text(*report, TextStyle{false, 200});
  CHECK(text.find("Raised instead of compiling") != std::string::npos);
  CHECK(text.find("f (t.py:1): torch._dynamo.config.error_on_recompile raises torch._dynamo.exc.RecompileError "
                  "(2 calls)\n     0/0: tensor 'x' dtype mismatch\n") != std::string::npos);
  CHECK(text.find("raises RuntimeError (1 call)\n     the call would compile the frame for the first time") !=
        std::string::npos);
}

TEST_CASE("entries made again after torch._dynamo.reset() are counted, and only when there is one") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  auto plain = build_report(capture);
  REQUIRE(plain.has_value());
  CHECK_FALSE((*plain)["summary"].contains("entries_after_reset"));
  REQUIRE(capture.frames[0].entries.size() >= 2);
  capture.frames[0].entries[1].after_reset = true;
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK((*report)["summary"]["entries_after_reset"] == 1);
  CHECK(render_text(*report, TextStyle{false, 200}).find("1 made again after torch._dynamo.reset()") !=
        std::string::npos);
}

TEST_CASE("calls that bypass what torch.compile returned are worded for a module or for a function") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  capture.frames[0].bypassed = 2;
  auto module = build_report(capture);
  REQUIRE(module.has_value());
  std::string text = module->dump();
  CHECK(text.find("around the module torch.compile returned") != std::string::npos);
  capture.frames[0].bypassed_function = true;
  auto function = build_report(capture);
  REQUIRE(function.has_value());
  text = function->dump();
  CHECK(text.find("f ran 2 times as the original function") != std::string::npos);
  CHECK(text.find("call of the original function") != std::string::npos);
  CHECK(text.find("around the module") == std::string::npos);
}

TEST_CASE("a break made an error by error_on_graph_break(True) is reported as such") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  capture.frames[0].fullgraph_error =
      ir::FullgraphError{"torch._dynamo.exc.Unsupported", "gb0059", "Side effect", "print", "/nonexistent/t.py",
                         "msg", 4, 1, "error_on_graph_break"};
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK((*report)["fullgraph_errors"][0]["setting"] == "error_on_graph_break");
  std::string text = render_text(*report, TextStyle{false, 200});
  CHECK(text.find("Raised at graph breaks that are errors") != std::string::npos);
  CHECK(text.find("f (t.py:1): torch._dynamo.error_on_graph_break(True) raises torch._dynamo.exc.Unsupported") !=
        std::string::npos);
  CHECK(text.find("Raised by fullgraph=True") == std::string::npos);
}

TEST_CASE("a recompile's hint: by the kind of guard that failed against the latest entry") {
  TempDir temp;
  REQUIRE(temp.create(fs::temp_directory_path(), "dynx-report-test-").has_value());
  std::string source = (temp.path() / "t.py").string();
  REQUIRE(write_file_atomic(source, "x\n").has_value());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"0/0: G['fc']._parameters['weight'].grad is None", "gradients"},
      {"0/1: tensor 'x' dtype mismatch. expected Float, actual Double", "dtype"},
      {"0/2: scale == 1.0", "number"},
      {"0/2: not ___dict_contains(b'FAST', os.environ)", "environment"},
      {"0/2: G['Cfg'].scale == 2", "global-number"},
      {"0/0: sys.getrecursionlimit() == 1000", "interpreter-state"},
      {"0/1: abc.get_cache_token() == 62", "abc-registry"},
      {"0/3: G['USE_RESIDUAL'] == True", "flag"},
      {"0/4: self._modules['drop'].training == True", "training"},
      {"0/5: GLOBAL_STATE changed: grad_mode", "grad-mode"},
      {"0/6: len(L['xs']) == 2", "length"},
      {"0/7: ___stack0 == 3.5  # the value of torch.Tensor.item at t.py:4 (tensor data converted to python)",
       "item-value"},
      {"0/7: ___stack0 == 0.25  # the value of Random.random at t.py:9 (non-deterministic python source)",
       "call-value"},
      {"l == -1.86  # the local l holds the value torch.Tensor.item gave at t.py:7, which this call's resume "
       "function after t.py:9 takes as an argument; this call's is -3.83",
       "carried-value"},
      {"0/8: 2 <= x.size()[0] <= 3", "size-range"},
      {"0/9: tensor 'x' stride mismatch at index 0. expected 4, actual 1", "stride"},
      {"0/9: type(L['cfg']) is Config", "identity"},
      {"0/9: the call computed something else than entry 0/9", ""}};
  for (const auto& c : cases) {
    const std::string reason = c.first, kind = c.second;
    auto capture = small_capture(source, "f");
    capture.frames[0].entries[1].recompile_reasons = {"0/0: tensor 'x' size mismatch at index 0. expected 8, actual 16",
                                                      reason};
    auto report = build_report(capture, ReportOptions{10, 1});
    REQUIRE(report.has_value());
    const json& hints = (*report)["recompiles"][0]["hints"];
    CHECK_MESSAGE(hints.size() == (kind.empty() ? 0u : 1u), reason);
    if (!kind.empty() && hints.size() == 1) CHECK_MESSAGE(hints[0]["kind"] == kind, reason);
  }
}

TEST_CASE("a recompile is headed by Dynamo's compile id, with dynx's entry beside it where they differ") {
  ir::Capture capture = small_capture("/nonexistent/t.py", "f");
  for (auto& b : capture.breaks) b.source.clear();
  auto& entry = capture.frames[0].entries[1];
  entry.compile_id = "0/1";  // the frame's own recompile: the same id in both
  ir::CacheEntryRecord::ResumeRecompile resume;
  resume.function = "torch_dynamo_resume_in_f_at_8";
  resume.after_break = "t.py:8";
  resume.reasons = {"n == 8"};
  resume.compile_id = "2/1";  // the second resume function's second compile
  entry.resume_recompiles = {resume};
  auto report = build_report(capture);
  REQUIRE(report.has_value());
  const json& items = (*report)["recompiles"];
  REQUIRE(items.size() == 2);
  CHECK(items[0]["compile_id"] == "0/1");
  CHECK(items[1]["compile_id"] == "2/1");
  CHECK(items[1]["entry"] == entry.id);
  std::string text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find("\n0/1 f (t.py:") != std::string::npos);
  CHECK(text.find("0/1 f (t.py:1), dynx entry") == std::string::npos);
  CHECK(text.find("2/1 torch_dynamo_resume_in_f_at_8 (t.py:8), dynx entry " + entry.id) != std::string::npos);
  // An entry written before compile ids existed: dynx's entry id alone.
  entry.compile_id.clear();
  entry.resume_recompiles[0].compile_id.clear();
  report = build_report(capture);
  REQUIRE(report.has_value());
  CHECK(!(*report)["recompiles"][1].contains("compile_id"));
  text = render_text(*report, TextStyle{false, 300});
  CHECK(text.find(entry.id + " torch_dynamo_resume_in_f_at_8 (t.py:8)\n") != std::string::npos);
}
