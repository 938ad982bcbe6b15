// A whole capture directory as the report tools read it: the manifest,
// frames.json (entries, guards, hits, recompile reasons, dynamic-shape
// decisions, --verify results) and breaks.json. Graphs are read on demand
// (graph.hpp). Every way a directory can be wrong is an Error that names
// the file: not a capture, newer format, corrupt or truncated JSON.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynx/error.hpp"
#include "dynx/ir/capture_layout.hpp"
#include "dynx/ir/capture_manifest.hpp"
#include "dynx/ir/graph.hpp"

namespace dynx::ir {

inline constexpr int kFramesVersion = 2;
inline constexpr int kBreaksVersion = 1;

// One guard of an entry: kind, source, readable text, and the facts it
// checks as written (dtype, shape, value, ...), compared by dynx-guard-diff.
struct GuardRecord {
  std::string kind, source, text;
  nlohmann::json facts;  // every field but kind, source and text
};

struct CacheEntryRecord {
  std::string id;  // "0/1"
  std::vector<std::string> graphs;
  int graph_breaks = 0;
  int op_count = 0;
  bool raised = false;
  std::vector<GuardRecord> guards;
  uint64_t hits = 0;
  std::vector<std::string> recompile_reasons;
  // The training flag of the module the frame was called with, when no
  // guard on a `.training` says it (Dynamo guards it only where code reads it).
  std::optional<bool> module_training;
  // Dynamo's compile id for this compile of the frame ("frame id/compile
  // number", as TORCH_LOGS=recompiles prints it); empty when unknown.
  std::string compile_id;
  std::vector<std::string> dynamic_decisions;
  std::vector<std::string> dynamic_symbols;  // "s0 = L['x'].size()[0]"
  std::string dynamic_refused;
  std::optional<int> verify_checked;
  std::vector<std::string> unsound;  // "call 3: problem (inputs)"
  // Graphs that rerun one compiled before ("repeats": a function called
  // again, or the same code after the same break, hits its own cache entry
  // under Dynamo): graph id -> the id of the graph it reruns.
  std::map<std::string, std::string> repeats;
  // The first entry made after torch._dynamo.reset(): a first compile again.
  bool after_reset = false;
  // The resume functions (the code after a break, compiled and cached by
  // Dynamo on its own) this call compiled again ("resume_recompiles").
  struct ResumeRecompile {
    std::string function, after_break;  // torch_dynamo_resume_in_f_at_8, "prog.py:8"
    std::vector<std::string> reasons;
    // What refused the call is read only after the break: the frame itself
    // hits under Dynamo, and this is the entry's only recompile.
    bool instead_of_frame = false;
    // Which frame of Dynamo's it is: "break" (the code after a break, the
    // default), "frame" (a called function a break inside it made a frame
    // of its own; after_break is then where it is called), "after_call"
    // (the caller's code after such a call). code_of/file/line: the
    // function whose code it is, where it starts (empty/0: the watched
    // frame's).
    std::string piece = "break", code_of, file;
    int line = 0;
    std::string compile_id;  // Dynamo's ("2/1"); empty when unknown
  };
  std::vector<ResumeRecompile> resume_recompiles;
};

// A frame (or the rest of it after a break) that Dynamo will not compile:
// a graph break inside a loop (frames.json "skipped").
struct SkippedFrame {
  std::string id, type, what, file, explanation, hint;
  int line = 0;
  bool whole_frame = true;
};

// What torch.compile(fullgraph=True) raised out of calls of a frame
// (frames.json "fullgraph_error"): Dynamo's Unsupported at the first graph
// break (id, type, operation, site), or its RuntimeError when it compiled no
// frame of the call. Such calls make no cache entry.
struct FullgraphError {
  std::string exception, id, type, operation, file, message;
  int line = 0;
  int calls = 0;
  std::string setting;  // "error_on_graph_break" when that made the break an error, "higher_order_op" for one inside
                        // a torch.cond branch / while_loop function; empty: fullgraph=True
};

// A call torch.compile refused to compile and raised out of instead
// (frames.json "recompile_errors"): set_stance("fail_on_recompile") raises
// RuntimeError at any call the cache cannot serve, config.error_on_recompile
// raises RecompileError at a recompile. Such calls make no cache entry.
struct RecompileError {
  std::string setting, exception, message;
  std::vector<std::string> reasons;  // why each entry refused the call, as frame/entry: reason
  int calls = 0;
};

struct FrameRecord {
  int id = 0;
  std::string function, file;
  int line = 0;
  std::vector<CacheEntryRecord> entries;
  std::string cache_limit;
  std::optional<SkippedFrame> skipped;
  std::optional<FullgraphError> fullgraph_error;
  std::vector<RecompileError> recompile_errors;
  // Calls of a torch.compile(module)'s forward not made through the
  // OptimizedModule it returned ("bypassed"): Dynamo compiles none of them.
  uint64_t bypassed = 0;
  // ...or of a function given to torch.compile, called directly or through
  // __wrapped__, not through the function it returned.
  bool bypassed_function = false;
};

struct SourceLine {
  int line = 0;
  std::string text;
};

struct BreakRecord {
  std::string entry, category, id, type, explanation, hint, operation, after_graph;
  std::vector<StackFrame> stack;  // innermost last
  // The lines around the innermost frame, stored at capture time: reports
  // show these and never read the files a capture names.
  std::vector<SourceLine> source;
  // The code after the break is a resume function with no tensor in its
  // frame: torch.compile does not compile it (it runs eagerly).
  bool rest_uncompiled = false;
  bool under_checkpoint = false;  // inside a function run by torch.utils.checkpoint
};

struct Capture {
  std::string directory;
  CaptureManifest manifest;
  std::vector<FrameRecord> frames;
  std::vector<BreakRecord> breaks;
  [[nodiscard]] bool complete() const { return manifest.status == "complete"; }
  // The entry "F/E", or null.
  [[nodiscard]] const CacheEntryRecord* entry(const std::string& id) const;
  [[nodiscard]] const FrameRecord* frame_of(const std::string& entry_id) const;
  // Where its files are.
  [[nodiscard]] CaptureLayout layout() const { return CaptureLayout(directory); }
  // The graph to compile: `requested` if the capture has it; with nothing
  // requested, the only graph, or the single graph of the most-used entry
  // (hits, no tie). Otherwise an Error listing the candidates.
  [[nodiscard]] Expected<std::string> choose_graph(const std::string& requested) const;
  // A directory two captures wrote into (or assembled by hand) holds graph
  // files of other frames than frames.json lists: an Error saying so when
  // `graph` (read from graph file `gid`) is not the graph frames.json lists
  // under that id. Every reader of a capture's graphs checks it.
  [[nodiscard]] Status check_graph(const std::string& gid, const Graph& graph) const;
  // One candidate of choose_graph's list, read from its graph file: operators,
  // input shapes, train/eval, calls, dynamic. Empty when the file is unreadable.
  [[nodiscard]] std::string describe_candidate(const std::string& gid, const CacheEntryRecord& entry) const;
};

// Reads DIR. An incomplete capture (the program was interrupted) reads
// fine: Capture::complete() says so and the files hold what was recorded.
Expected<Capture> read_capture(const std::string& directory);

}  // namespace dynx::ir
