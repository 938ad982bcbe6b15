// dynx-aot: compile one captured graph into a model.so with a C + DLPack
// interface, plus model.json. See dynx-aot(1). This file is the command
// line (options, printing); the pipeline is build_model() (aot.hpp).
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "dynx/export/aot.hpp"
#include "dynx/export/aot_verify.hpp"
#include "dynx/export/aot_weights_blob.hpp"
#include "dynx/export/cli.hpp"
#include "dynx/files.hpp"
#include "dynx/export/model_signature.hpp"
#include "dynx/strings.hpp"
#include "dynx/version.hpp"

namespace dynx::exporter {

namespace {

namespace fs = std::filesystem;

constexpr int kExitOk = 0, kExitVerifyFailed = 1, kExitTrouble = 2;

const char* const kUsage =
    "usage: dynx-aot [OPTIONS] CAPTURE_DIR -o model.so\n"
    "       dynx-aot [OPTIONS] GRAPH.json [--weights-from weights.safetensors] -o model.so\n"
    "\n"
    "Compile one captured graph (or several cache entries) into a shared library with\n"
    "a C + DLPack interface (dynx/model.h) and its weights, and write model.json\n"
    "(signature, versions) beside it. Needs a C++ compiler; the native backend (the\n"
    "default where it covers the graph) needs oneDNN and its model.so needs only oneDNN\n"
    "and the OpenMP runtime; the libtorch backend needs the Python environment's torch\n"
    "(headers and libraries) and its model.so libtorch's shared libraries.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE     The model to write (model.json goes beside it)\n"
    "  --graph ID            Which graph of the capture (F/E/G; default: the only graph, or\n"
    "                        the single graph of the most-used cache entry). Several (repeated,\n"
    "                        or ID,ID): one model whose calls run the first of them whose input\n"
    "                        checks accept the inputs, as a cache picks an entry\n"
    "  --weights MODE        embedded (default): inside the .so; external: FILE.weights.safetensors\n"
    "                        beside it, memory-mapped when the model is created\n"
    "  --weights-from FILE   The weights of a GRAPH.json (default: weights.safetensors of its capture)\n"
    "  --backend NAME        Code generator: auto (default: native when it covers every operator\n"
    "                        of the graph, else libtorch, saying which operators sent it there),\n"
    "                        native (its own fused kernels and oneDNN; no libtorch, no Python;\n"
    "                        a subset of operators; not bitwise), libtorch (any operator,\n"
    "                        through libtorch's kernels; bitwise equal to eager)\n"
    "  --dynamic N:D=LO..HI  The sizes dimension D of input N accepts (a dynamic dimension;\n"
    "                        N as the model names it, l_x, or as the program did, x;\n"
    "                        HI may be empty for no bound; default 2..). Repeatable. Sizes 0, 1\n"
    "                        are refused where the graph would compute differently there\n"
    "  --rpath PATH          Where the model.so finds its libraries (libtorch: default the torch\n"
    "                        build's library directory, absolute); '$ORIGIN/lib' makes it relocatable\n"
    "  --bundle DIR          Write one directory that runs elsewhere with nothing installed: the\n"
    "                        model (-o names it, default model.so), model.json, its weights,\n"
    "                        lib/ with every shared library it needs but the C library, and\n"
    "                        include/dynx/model.h (run path $ORIGIN/lib)\n"
    "  --device cpu          Compile a graph captured on another device (cuda:0) for the CPU;\n"
    "                        without it such a graph is refused (models run on the CPU only)\n"
    "  --verify              Run the new model on the capture's example inputs and compare its\n"
    "                        outputs with the recorded ones (max abs/rel error per output)\n"
    "  --atol X, --rtol X    Tolerances of --verify (default 1e-5 and 1e-4)\n"
    "  --all-outputs         Also return the graph's results that only Python still held\n"
    "                        (\"alive\"), not just what it returned or later code used\n"
    "  --no-plan             Allocate intermediates on every run instead of planning buffers\n"
    "  --python PATH         Python environment whose torch to build against (executable or venv;\n"
    "                        default: $VIRTUAL_ENV, else the one dynx was built with)\n"
    "  --cxx COMPILER        C++ compiler (default: $CXX, else c++)\n"
    "  --cache-dir DIR       Compilation cache (default: $DYNX_CACHE_DIR, else $XDG_CACHE_HOME/dynx,\n"
    "                        else ~/.cache/dynx)\n"
    "  --no-cache            Compile everything afresh and keep nothing\n"
    "  --emit-source FILE    Also write the generated C++ to FILE\n"
    "  --stop-after codegen  Write the generated C++ to the output file and stop (no compiler)\n"
    "  -q, --quiet           Print nothing but errors\n"
    "  -h, --help            Print this help and exit\n"
    "  --version             Print dynx's version and exit\n"
    "\n"
    "Exit status: 0 model written (and verified); 1 --verify found outputs outside the\n"
    "tolerances (the model is written); 2 trouble (bad input, compiler failure, ...).\n"
    "See dynx-aot(1).\n";

int fail(const std::string& message) {
  std::cerr << "dynx-aot: error: " << printable_message(message) << "\n";
  return kExitTrouble;
}

void warn(const std::string& message) { std::cerr << "dynx-aot: warning: " << printable_message(message) << "\n"; }

struct Options {
  AotRequest request;
  bool verify = false, quiet = false, help = false, version = false;
  double atol = 1e-5, rtol = 1e-4;
};

std::optional<double> to_double(const std::string& text) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used == text.size() && v >= 0) return v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// The command line. CLI11 reads it; the checks after it keep dynx-aot's own
// wording ("--atol needs a non-negative number", "unknown option ...").
class CommandLine {
 public:
  explicit CommandLine(std::vector<std::string> args) : args_(std::move(args)) {
    app_.set_help_flag();
    app_.allow_extras();
    app_.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    app_.add_flag("-h,--help", o_.help);
    app_.add_flag("--version", o_.version);
    AotRequest& r = o_.request;
    value("-o,--output", output_);
    value("--weights", weights_);
    value("--weights-from", weights_from_);
    value("--backend", backend_);
    value("--device", device_);
    value("--atol", atol_);
    value("--rtol", rtol_);
    value("--python", python_);
    value("--cxx", cxx_);
    value("--cache-dir", cache_dir_);
    value("--emit-source", emit_source_);
    value("--stop-after", stop_after_);
    value("--rpath", rpath_);
    value("--bundle", bundle_);
    app_.add_option("--dynamic", dynamic_)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app_.add_option("--graph", graphs_)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app_.add_flag("--verify", o_.verify);
    app_.add_flag("--all-outputs", r.all_outputs);
    app_.add_flag("--no-plan", no_plan_);
    app_.add_flag("--no-cache", no_cache_);
    app_.add_flag("-q,--quiet", o_.quiet);
  }

  // The options, or the message of an error line.
  Expected<Options> parse() {
    std::vector<std::string> reversed(args_.rbegin(), args_.rend());
    try {
      app_.parse(reversed);
    } catch (const CLI::ArgumentMismatch& e) {
      // "--atol: 1 required TEXT missing": named as the user wrote it.
      std::string what = e.what();
      return Error{as_typed(what.substr(0, what.find(':'))) + " needs a value (see --help)"};
    } catch (const CLI::ParseError& e) {
      std::string what = e.what();
      return Error{what.empty() ? "invalid command line" : what};
    }
    if (o_.help || o_.version) return o_;
    AotRequest& r = o_.request;
    for (const auto& [option, text] : values_) {
      if (option->count() == 0) continue;
      if (text->empty()) return Error{as_typed(option->get_name()) + " needs a value (see --help)"};
    }
    if (!output_.empty()) r.output = output_;
    // --graph A --graph B or --graph A,B: the entries of one model, in order.
    for (const auto& given : graphs_) {
      if (given.empty()) return Error{"--graph needs a value (see --help)"};
      for (const auto& id : split(given, ',')) {
        if (id.empty()) return Error{"--graph " + printable(given) + ": an empty graph id"};
        r.graphs.push_back(id);
      }
    }
    if (!weights_.empty()) {
      if (weights_ != "embedded" && weights_ != "external") return Error{"--weights takes embedded or external"};
      r.weights_mode = weights_;
    }
    r.weights_from = weights_from_;
    if (!backend_.empty()) r.backend = backend_;
    r.device = device_;
    for (auto [name, text, target] : {std::tuple{"--atol", &atol_, &o_.atol}, std::tuple{"--rtol", &rtol_, &o_.rtol}}) {
      if (text->empty()) continue;
      auto d = to_double(*text);
      if (!d) return Error{std::string(name) + " needs a non-negative number"};
      *target = *d;
    }
    if (!python_.empty()) r.python = python_;
    if (!cxx_.empty()) r.cxx = cxx_;
    if (!cache_dir_.empty()) r.cache_dir = cache_dir_;
    if (!emit_source_.empty()) r.emit_source = emit_source_;
    if (!stop_after_.empty()) {
      if (stop_after_ != "codegen") return Error{"--stop-after takes codegen"};
      r.stop_after = AotRequest::StopAfter::codegen;
    }
    for (const auto& spec : dynamic_) {
      auto range = parse_dynamic_range(spec);
      if (!range) return range.error();
      r.dynamic_ranges.push_back(*range);
    }
    r.rpath = rpath_;
    if (!bundle_.empty()) {
      // The model goes inside the bundle: -o names it (a file name), default model.so.
      if (!r.output.empty() && fs::path(r.output).has_parent_path())
        return Error{"with --bundle, -o names the model inside the bundle: give a file name such as model.so"};
      std::error_code ec;
      if (path_kind(bundle_) == PathKind::directory && !fs::is_empty(bundle_, ec))
        return Error{"--bundle " + bundle_ + " is not empty: give a new directory"};
      if (path_kind(bundle_) != PathKind::directory && path_kind(bundle_) != PathKind::missing)
        return Error{"--bundle " + bundle_ + " is not a directory"};
      r.bundle = bundle_;
      r.output = (fs::path(bundle_) / (r.output.empty() ? "model.so" : r.output)).string();
      if (r.rpath.empty()) r.rpath = "$ORIGIN/lib";
      if (r.stop_after == AotRequest::StopAfter::codegen) return Error{"--bundle needs a compiled model: it cannot be combined with --stop-after"};
    }
    r.plan = !no_plan_;
    r.cache = !no_cache_;
    // What CLI11 does not know: the input and mistakes.
    for (const auto& arg : app_.remaining()) {
      if (arg.size() > 1 && arg[0] == '-') return Error{"unknown option '" + arg + "' (see --help)"};
      if (!r.input.empty()) return Error{"unexpected argument '" + arg + "' (one capture directory or graph file)"};
      r.input = arg;
    }
    return o_;
  }

 private:
  void value(const std::string& names, std::string& target) {
    values_.emplace_back(app_.add_option(names, target), &target);
  }

  // The spelling of option `name` ("--output") that the command line used ("-o").
  std::string as_typed(const std::string& name) const {
    const CLI::Option* option = app_.get_option_no_throw(name);
    if (option == nullptr) return name;
    for (const auto& arg : args_) {
      std::string typed = arg.substr(0, arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos);
      if (option->check_name(typed)) return typed;
    }
    return name;
  }

  std::vector<std::string> args_;
  CLI::App app_{"dynx-aot", "dynx-aot"};
  Options o_;
  std::vector<std::pair<CLI::Option*, std::string*>> values_;
  std::string device_;
  std::vector<std::string> graphs_;
  std::string output_, weights_, weights_from_, backend_, atol_, rtol_, python_, cxx_, cache_dir_,
      emit_source_, stop_after_;
  std::vector<std::string> dynamic_;
  std::string rpath_, bundle_;
  bool no_plan_ = false, no_cache_ = false;
};

// ----- progress --------------------------------------------------------------------------------
// "dynx-aot: compiling model.cpp (77 operators) 3.1 s" on a terminal, when
// a step takes more than half a second.
class Progress : public AotProgress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled && ::isatty(STDERR_FILENO)) {}
  ~Progress() override { stop(); }
  void start(const std::string& label) override {
    stop();
    if (!enabled_) return;
    label_ = label;
    done_ = false;
    thread_ = std::thread([this] {
      auto begin = std::chrono::steady_clock::now();
      std::unique_lock<std::mutex> lock(mutex_);
      bool shown = false;
      while (!cv_.wait_for(lock, std::chrono::milliseconds(shown ? 200 : 500), [this] { return done_; })) {
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f s", s);
        std::cerr << "\r\033[Kdynx-aot: " << label_ << " " << seconds << std::flush;
        shown = true;
      }
      if (shown) std::cerr << "\r\033[K" << std::flush;
    });
  }
  void stop() override {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void note(const std::string& text) override {
    stop();
    std::cerr << "dynx-aot: note: " << printable_message(text) << "\n";
  }

 private:
  bool enabled_;
  std::string label_;
  bool done_ = true;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::thread thread_;
};

// One line per compared output of --verify.
void print_check(const OutputCheck& check, bool several, bool quiet) {
  const auto& c = check.comparison;
  const auto& actual = check.actual;
  const auto& expected = *check.expected;
  const std::string name = cpp_comment(check.name);
  // With several entries, each output is named with its graph.
  const std::string graph = several ? "graph " + cpp_comment(check.graph) + " " : "";
  char line[512];
  if (!c.shape_ok || !c.dtype_ok) {
    std::snprintf(line, sizeof line, "verify: %soutput '%s': MISMATCH: %s, the capture recorded %s\n", graph.c_str(), name.c_str(),
                  (actual.dtype + " " + nlohmann::json(actual.shape).dump()).c_str(),
                  (expected.dtype + " " + nlohmann::json(expected.shape).dump()).c_str());
  } else if (c.differing == 0) {
    std::snprintf(line, sizeof line, "verify: %soutput '%s' %s %s: bitwise equal (%lld elements)\n", graph.c_str(), name.c_str(),
                  actual.dtype.c_str(), nlohmann::json(actual.shape).dump().c_str(),
                  static_cast<long long>(c.count));
  } else {
    std::snprintf(line, sizeof line,
                  "verify: %soutput '%s' %s %s: max abs error %.3g, max rel error %.3g, %lld of %lld elements "
                  "differ%s\n",
                  graph.c_str(), name.c_str(), actual.dtype.c_str(), nlohmann::json(actual.shape).dump().c_str(), c.max_abs,
                  c.max_rel, static_cast<long long>(c.differing), static_cast<long long>(c.count),
                  c.ok() ? " (within tolerance)" : " -- OUTSIDE TOLERANCE");
  }
  if (!quiet || !c.ok()) std::cout << line;
}

}  // namespace

int aot_main(int argc, char** argv) {
  using clock = std::chrono::steady_clock;
  const auto started = clock::now();
  auto parsed = CommandLine(std::vector<std::string>(argv + 1, argv + argc)).parse();
  if (!parsed) return fail(parsed.error().message);
  Options& o = *parsed;
  if (o.help) {
    std::cout << kUsage;
    return kExitOk;
  }
  if (o.version) {
    std::cout << "dynx-aot " << kVersion << "\n";
    return kExitOk;
  }
  AotRequest& r = o.request;
  if (r.input.empty()) return fail("nothing to compile: give a capture directory or a graph file (see --help)");
  if (r.output.empty()) return fail("no output: give -o model.so");
  const bool codegen_only = r.stop_after == AotRequest::StopAfter::codegen;
  if (codegen_only && o.verify) return fail("--verify needs a compiled model: it cannot be combined with --stop-after");

  Progress progress(!o.quiet);
  r.progress = &progress;
  r.warn = warn;
  auto built = build_model(r);
  if (!built) return fail(built.error().message);
  if (!built->backend_note.empty() && !o.quiet) progress.note(built->backend_note);
  // What was compiled: one graph, or the entries of one model.
  size_t operators = 0;
  int typed = 0, boxed = 0, planned = 0, kernels = 0, distinct = 0, library = 0, fused = 0;
  std::string ids;
  for (const auto& e : built->entries) {
    operators += e.graph.nodes.size();
    typed += e.generated.typed_calls;
    boxed += e.generated.boxed_calls;
    planned += e.generated.planned_buffers;
    kernels += e.generated.kernels;
    distinct += e.generated.unique_kernels;
    library += e.generated.library_calls;
    fused += e.generated.fused_operators;
    ids += (ids.empty() ? "" : ", ") + printable(e.graph.id);
  }
  const std::string what = built->entries.size() == 1 ? "graph " + ids
                                                       : std::to_string(built->entries.size()) + " entries, graphs " + ids;
  char counts[512];
  if (built->backend == "native")
    std::snprintf(counts, sizeof counts,
                  "%zu operators, native backend: %d kernels (%d oneDNN primitives, %d distinct loop nests), %d "
                  "operators fused, %d planned buffers",
                  operators, kernels, library, distinct, fused, planned);
  else
    std::snprintf(counts, sizeof counts, "%zu operators, %d typed, %d through the dispatcher, %d planned buffers",
                  operators, typed, boxed, planned);
  const std::string detail = counts;
  if (codegen_only) {
    if (!o.quiet) {
      char line[1024];
      std::snprintf(line, sizeof line, "dynx-aot: wrote %s (C++ of %s for %s: %s)\n", r.output.c_str(), what.c_str(),
                    built->device.c_str(), detail.c_str());
      std::cout << line;
    }
    return kExitOk;
  }
  const double total_seconds = std::chrono::duration<double>(clock::now() - started).count();
  if (!o.quiet) {
    char line[1024];
    std::snprintf(line, sizeof line,
                  "dynx-aot: wrote %s (%s for %s; %s: %s; weights %s %s) in %.1f s%s\n",
                  r.output.c_str(), human_bytes(fs::file_size(built->output)).c_str(), built->device.c_str(),
                  what.c_str(), detail.c_str(),
                  r.weights_mode.c_str(), human_bytes(built->weights_bytes).c_str(), total_seconds,
                  built->model_cached       ? " (compiled code from the cache)"
                  : built->runtime_compiled ? " (including dynx's runtime, compiled once)"
                                            : "");
    std::cout << line;
  }

  if (!o.verify) return kExitOk;
  const bool several = built->entries.size() > 1;
  auto verified = verify_model(*built, o.atol, o.rtol, [&](const OutputCheck& check) { print_check(check, several, o.quiet); });
  if (!verified) return fail(verified.error().message);
  for (size_t i = 0; i < verified->entries.size(); ++i) {
    const auto& e = verified->entries[i];
    // A model of several entries runs the first that accepts the inputs:
    // an earlier entry may serve another's examples (said, and compared).
    if (several && e.ran != static_cast<int>(i) && !o.quiet)
      std::cout << "verify: graph " << printable(e.graph) << "'s examples ran on entry " << e.ran << " (graph "
                << printable(verified->entries[static_cast<size_t>(e.ran)].graph)
                << "), the first whose input checks accept them\n";
    if (e.random_op.empty()) continue;
    std::cout << "verify: the model ran on the example inputs" << (several ? " of graph " + printable(e.graph) : "")
              << "; outputs not compared: graph " << printable(e.graph) << " calls the random operator "
              << printable(e.random_op) << "\n";
    warn("--verify could not compare outputs: graph " + e.graph + " calls the random operator " + e.random_op);
  }
  if (!verified->all_ok) {
    std::cerr << "dynx-aot: error: --verify: outputs differ from the capture beyond --atol " << o.atol
              << " / --rtol " << o.rtol << "\n";
    return kExitVerifyFailed;
  }
  return kExitOk;
}

}  // namespace dynx::exporter
