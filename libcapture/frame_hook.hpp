// The PEP 523 frame hook: decides, once per code object, whether frames of
// that code are watched, counts watched frames, and treats frames entered
// while a watched frame runs as part of it (inlined). A decision is cached on
// the code object (co_extra), so an unwatched frame costs one lookup and one
// compare. The hook is installed only while a watched frame can be entered.
#pragma once

#include <Python.h>

#include <string>
#include <vector>

#include "dynx/ir/frame_report.hpp"
#include "source_classifier.hpp"
#include "target_spec.hpp"

namespace dynx::capture {

class FrameHook {
 public:
  // The one hook of the process (PEP 523 has one slot per interpreter).
  static FrameHook& instance();

  // Must be called once, with the GIL, after the interpreter started.
  void initialize();
  // In a job forked from dynx-capture --serve: this process is the capture,
  // not a child of one (a forked child otherwise runs unrecorded).
  void adopt_forked_process();

  void set_source_classifier(SourceClassifier classifier);
  // --no-auto: never watch nn.Module.forward automatically.
  void set_auto_policy_allowed(bool allowed);

  // A --target spec. File targets apply at once; module targets when the
  // module is imported (module_imported).
  void add_spec_target(const TargetSpec& spec);
  // Names of modules whose import the bootstrap should report.
  [[nodiscard]] std::vector<std::string> pending_target_modules() const;
  void module_imported(const std::string& name, const std::string& file);

  // A target registered at run time (torch.compile). `function` and `self`
  // narrow it to frames of that function object / with that first argument;
  // either may be null. `gate` (a list, or null): the target matches only
  // while the list is not empty (torch.compile(module): while the
  // OptimizedModule's call runs). Strong references are kept until finalize().
  void add_code_target(PyCodeObject* code, PyObject* function, PyObject* self, const std::string& description,
                       PyObject* gate = nullptr);

  // torch was imported: the automatic policy (outermost nn.Module.forward
  // calls from user code) becomes possible. `module_type` is torch.nn.Module.
  void torch_imported(PyObject* module_type);

  // The recorder: before a watched frame runs (an outermost, fresh call),
  // enter(record_id, code, arguments, globals) returns a token, or None to
  // leave this call unrecorded; after it, exit(token, result, raised) runs.
  // A recorder that raises is reported once and switched off.
  // With a recorder, each recorded call yields a cache entry whose guards
  // are checked on later calls: a hit runs unrecorded, a miss records a new
  // entry with the reasons, up to the cache limit. finish(counters) gets
  // the hits per entry at exit.
  void set_recorder(PyObject* enter, PyObject* exit, PyObject* finish);
  void set_cache_limit(int limit);
  // --verify: guard hits are recorded too, for the recorder to check.
  void set_verify(bool verify);
  // The recorder found, during a watched frame's call, that Dynamo gives up
  // on the whole frame: the rest of the call runs as a skipped frame does
  // (the program's functions it calls from now on are compiled as frames of
  // their own). Undone when that frame returns.
  void adopt_rest_of_call();
  // A code object (torch's optimizer step) compiled as a frame of its own
  // whenever a compiled or skipped frame reaches it (CodeRecord::nested).
  bool compile_nested(PyObject* code);
  // torch._dynamo.reset(): every entry so far is dropped from the cache (the
  // next call of each frame compiles afresh); frames.json keeps them.
  void reset_cache();
  // Hands the counters to the recorder (at exit, before finalize()).
  void finish_recording();

  // Snapshot of the watched code objects and their counters.
  [[nodiscard]] std::vector<ir::WatchedFrame> watched_frames() const;
  [[nodiscard]] bool installed() const;
  // Why the capture directory could not be written (a full disk, a file size
  // limit, ...); empty while it could. Recording stops at the first failure.
  [[nodiscard]] std::string write_error() const;

  // Restores the previous evaluator and drops all Python references.
  void finalize();

 private:
  FrameHook() = default;
};

}  // namespace dynx::capture
