// The PEP 523 frame hook (see frame_hook.hpp).
//
// Hot path: an unwatched frame reads co_extra and compares it with the
// current "skip" tag: an odd value that encodes the registry generation, so
// adding a target invalidates every cached decision at once without touching
// the code objects. Code objects that are, or were, watched hold a pointer to
// their CodeRecord instead (even, never a tag), which also keeps counters.
#include "frame_hook.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <pthread.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <unordered_map>

#include "dynx/files.hpp"
#include "dynx/strings.hpp"
#include "dynx_module.hpp"
#include "frame_compat.h"
#include "guard_eval.hpp"
#include "py_ref.hpp"

// GCC 13's -Wdangling-reference flags `const T& v = f(..., temporary)` when f
// returns a reference into one of its other arguments (a JSON object, the
// file table), never into the temporary: a false positive here.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 13
#pragma GCC diagnostic ignored "-Wdangling-reference"
#endif

namespace dynx::capture {
namespace {

enum class Decision : uint8_t { skip, watch, automatic };

struct Target {
  std::string description;
};

// A torch.compile registration narrowing a code object to one function
// object and/or one first argument (an nn.Module instance, a bound self).
struct Registration {
  PyRef function;
  PyRef self;
  int target = -1;
  // torch.compile(module): a list the OptimizedModule dynx returns holds an
  // item in while its call runs. Dynamo compiles the module's forward only
  // when called through that wrapper (generate() and other methods call the
  // original module): with the list empty, the registration does not match.
  PyRef gate;
};

struct CacheEntry {
  GuardSet guards;
  uint64_t hits = 0;
  // The entry's call broke on tensor data (a branch, .item(), a found
  // shape): what follows the break is not decided by these guards, so a call
  // they accept is recorded again and settled by the recorder (a hit of the
  // entry it computes like, or a new entry). Dynamo compiles the rest of such
  // a frame as a resume function with its own cache entries.
  bool settle = false;
};

struct CodeRecord {
  uint64_t generation = 0;
  Decision decision = Decision::skip;
  PyCodeObject* code = nullptr;  // identity only; null once the code object is freed
  int target = -1;               // for file and automatic targets
  std::string function;
  std::string file;
  int line = 0;
  uint64_t calls = 0, resumes = 0, inlined = 0;
  uint64_t bypassed = 0;  // calls of a torch.compile(module)'s forward not made through its OptimizedModule
  int id = -1;  // index in State::records, stable for the run
  std::vector<CacheEntry> entries;    // with a recorder: one per recorded call
  size_t live_from = 0;               // entries before this were dropped by torch._dynamo.reset()
  std::string cache_limit_message;    // set once the cache limit was hit
  std::vector<std::string> cache_limit_reasons;  // why each entry refused the call that hit it
  const std::vector<Registration>* registrations = nullptr;  // torch.compile registrations of this code
  // A thread is recording a call of this code right now. Written under the
  // GIL; read without it by a thread waiting for the recording to end.
  std::atomic<bool> recording{false};
  bool wait_warned = false;           // a wait for another thread's recording timed out once
  bool skipped = false;               // a break in a loop: Dynamo runs this frame uncompiled from now on
  int own_limit = 0;                  // torch.compile(..., recompile_limit=N) of this frame; 0: none
  bool raise_at_limit = false;        // fullgraph=True: the limit hit raises FailOnRecompileLimitHit
  // The program's code called while a skipped frame runs: Dynamo, which
  // keeps its callback installed around a frame it gave up on, compiles such
  // a callee as a frame of its own. Watched only inside a skipped frame.
  bool adopted = false;
  // torch's optimizer step (Optimizer.step's function under its _use_grad
  // wrapper): Dynamo breaks in the wrapper and compiles the step as a frame
  // of its own, whenever a compiled frame (or one it skipped) reaches it.
  // Plain calls from uncompiled code run unwatched.
  bool nested = false;
  PyTypeObject* last_type = nullptr;  // automatic policy: last `self` type seen...
  bool last_type_is_module = false;   // ...and whether it is an nn.Module
};

struct FileInfo {
  std::string real_path;
  SourceCategory category = SourceCategory::user;
};

struct FileTarget {
  std::string real_path;
  std::string qualname;
  int target = -1;
};

struct PendingModuleTarget {
  std::string module;
  std::string qualname;
  int target = -1;
};

struct State {
  uint64_t generation = 1;
  DynxEvalFrameFn saved = nullptr;  // the evaluator before ours, restored by finalize()
  bool initialized = false;
  bool installed = false;
  bool auto_allowed = true;
  bool torch_seen = false;
  bool explicit_targets = false;
  int auto_target = -1;
  PyRef module_type;  // torch.nn.Module
  PyRef recorder_enter, recorder_exit, recorder_finish;
  int cache_limit = 0;         // --cache-limit; 0: the program's torch._dynamo.config.recompile_limit
  int program_cache_limit = 8;  // that config value, as the recorder last read it
  bool verify = false;
  SourceClassifier classifier;
  std::vector<Target> targets;
  std::vector<FileTarget> file_targets;
  std::vector<PendingModuleTarget> pending_modules;
  std::unordered_map<PyCodeObject*, std::vector<Registration>> registrations;
  std::unordered_map<PyCodeObject*, CodeRecord*> live_records;
  std::vector<std::unique_ptr<CodeRecord>> records;  // freed code objects' records stay for the report
  std::unordered_map<std::string, FileInfo> files;
};

// Never destroyed: code objects (and so free_code_extra) may be released at
// any point of interpreter finalization, after static destructors would run.
State* g_state = nullptr;
// A forked child keeps running the program, watched frames included, but
// records nothing: the capture directory belongs to the original process
// (a child's new entries would leave graphs its parent's index never names).
bool g_forked_child = false;

// The hot path (dynx_eval_frame in frame_compat.c) reads dynx_extra_index,
// dynx_skip_tag and dynx_next_eval; these aliases keep this file readable.
Py_ssize_t& g_extra_index = dynx_extra_index;
uintptr_t& g_skip_tag = dynx_skip_tag;
DynxEvalFrameFn g_next = nullptr;  // evaluator that runs frames (the saved one, or CPython's)

// Depth of watched frames on this thread: > 0 means "inside a watched frame".
thread_local int t_watch_depth __attribute__((tls_model("initial-exec"))) = 0;
// Depth of skipped frames running on this thread (their callees are adopted).
thread_local int t_adopt_depth __attribute__((tls_model("initial-exec"))) = 0;
int& g_adopting = dynx_adopting;

uintptr_t skip_tag_for(uint64_t generation) { return (generation << 1) | 1U; }

void bump_generation() {
  g_state->generation++;
  g_skip_tag = skip_tag_for(g_state->generation);
}

void free_code_extra(void* extra) {
  auto bits = reinterpret_cast<uintptr_t>(extra);
  if (extra == nullptr || (bits & 1U) != 0 || g_state == nullptr) return;
  auto* record = static_cast<CodeRecord*>(extra);
  g_state->live_records.erase(record->code);
  record->code = nullptr;
}

std::string utf8(PyObject* text) {
  if (text == nullptr || !PyUnicode_Check(text)) return {};
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) {
    PyErr_Clear();
    return {};
  }
  return {data, static_cast<size_t>(size)};
}

const FileInfo& file_info(const std::string& filename) {
  auto it = g_state->files.find(filename);
  if (it != g_state->files.end()) return it->second;
  FileInfo info;
  bool synthetic = filename.empty() || filename.front() == '<';
  info.real_path = synthetic ? filename : real_path(filename);
  info.category = g_state->classifier.classify(info.real_path);
  return g_state->files.emplace(filename, std::move(info)).first->second;
}

// Saves and restores a pending exception (a throw into a generator arrives
// with one set) around work that may call the C API.
class PendingExceptionGuard {
 public:
  PendingExceptionGuard() {
#if PY_VERSION_HEX >= 0x030C0000
    exception_ = PyErr_GetRaisedException();
#else
    PyErr_Fetch(&type_, &value_, &traceback_);
#endif
  }
  ~PendingExceptionGuard() {
#if PY_VERSION_HEX >= 0x030C0000
    if (exception_ != nullptr) PyErr_SetRaisedException(exception_);
#else
    if (type_ != nullptr) PyErr_Restore(type_, value_, traceback_);
#endif
  }
  PendingExceptionGuard(const PendingExceptionGuard&) = delete;
  PendingExceptionGuard& operator=(const PendingExceptionGuard&) = delete;

 private:
#if PY_VERSION_HEX >= 0x030C0000
  PyObject* exception_ = nullptr;
#else
  PyObject *type_ = nullptr, *value_ = nullptr, *traceback_ = nullptr;
#endif
};

// Computes the decision for a code object under the current generation.
// Returns the record for watched (or once-watched) code, null for skip; in
// both cases co_extra is updated so the next frame of this code is fast.
CodeRecord* decide(PyCodeObject* code, CodeRecord* record) {
  State& s = *g_state;
  if (record == nullptr) {
    auto it = s.live_records.find(code);
    if (it != s.live_records.end()) record = it->second;
  }
  Decision decision = Decision::skip;
  int target = -1;
  std::string qualname = utf8(code->co_qualname);
  if (auto reg = s.registrations.find(code); reg != s.registrations.end()) {
    decision = Decision::watch;
    target = reg->second.front().target;
  } else {
    const FileInfo& info = file_info(utf8(code->co_filename));
    for (const auto& ft : s.file_targets) {
      if (ft.qualname == qualname && ft.real_path == info.real_path) {
        decision = Decision::watch;
        target = ft.target;
        break;
      }
    }
    if (decision == Decision::skip && s.auto_target >= 0 && !s.explicit_targets && s.auto_allowed &&
        info.category == SourceCategory::user && code->co_argcount >= 1 && utf8(code->co_name) == "forward") {
      decision = Decision::automatic;
      target = s.auto_target;
    }
  }
  if (decision == Decision::skip && record != nullptr && (record->adopted || record->nested)) decision = Decision::watch;
  if (decision == Decision::skip && record == nullptr) {
    // co_extra holds a tag (or nothing): replacing it frees nothing.
    dynx_code_set_extra(code, g_extra_index, reinterpret_cast<void*>(g_skip_tag));
    return nullptr;
  }
  if (record == nullptr) {
    s.records.push_back(std::make_unique<CodeRecord>());
    record = s.records.back().get();
    record->id = static_cast<int>(s.records.size()) - 1;
    record->code = code;
    record->function = qualname;
    record->file = file_info(utf8(code->co_filename)).real_path;
    record->line = code->co_firstlineno;
    s.live_records[code] = record;
    dynx_code_set_extra(code, g_extra_index, record);
  }
  // Once a code object has a record, co_extra keeps pointing at it: on 3.12+
  // replacing a value calls the free function on the old one.
  record->generation = s.generation;
  record->decision = decision;
  // The map's values stay put when it grows: decide() runs again whenever it changes.
  auto registered = s.registrations.find(code);
  record->registrations = registered != s.registrations.end() ? &registered->second : nullptr;
  if (target >= 0) record->target = target;  // keep the last reason for the report
  return decision == Decision::skip ? nullptr : record;
}

// The record of `code`, made if it has none, watched from now on (an
// adopted callee of a skipped frame, or a nested one).
CodeRecord* watched_record(PyCodeObject* code) {
  State& s = *g_state;
  CodeRecord* record = nullptr;
  if (auto it = s.live_records.find(code); it != s.live_records.end()) {
    record = it->second;
  } else {
    s.records.push_back(std::make_unique<CodeRecord>());
    record = s.records.back().get();
    record->id = static_cast<int>(s.records.size()) - 1;
    record->code = code;
    record->function = utf8(code->co_qualname);
    record->file = file_info(utf8(code->co_filename)).real_path;
    record->line = code->co_firstlineno;
    s.live_records[code] = record;
    dynx_code_set_extra(code, g_extra_index, record);
  }
  record->generation = s.generation;
  record->decision = Decision::watch;
  return record;
}

// The record of a frame of the program's own code or of a third-party
// package that a skipped frame calls (see CodeRecord::adopted), or null:
// torch's, the standard library's, dynx's own, module bodies and generators
// (Dynamo does not compile a generator's frame) are not adopted. (Of the
// third-party packages, those Dynamo's rules skip -- numpy, tqdm... -- are
// dropped by the recorder at the call; so are torch.nn's forwards but those
// of modules with hooks.)
CodeRecord* adopt(PyCodeObject* code) {
  if ((code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE)) != 0) return nullptr;
  std::string filename = utf8(code->co_filename);
  if (filename.empty() || filename.front() == '<' || utf8(code->co_name) == "<module>") return nullptr;
  const SourceCategory category = file_info(filename).category;
  // (torch's own: a forward of torch.nn's modules, which Dynamo compiles
  // when the module has hooks; the recorder tells at the call.)
  if (category != SourceCategory::user && category != SourceCategory::third_party &&
      !(category == SourceCategory::torch && utf8(code->co_name) == "forward"))
    return nullptr;
  CodeRecord* record = watched_record(code);
  record->adopted = true;
  return record;
}

// Runs a frame Dynamo gave up on: uncompiled, with the program's functions it
// calls compiled as frames of their own (adopted).
PyObject* run_skipped(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag) {
  ++t_adopt_depth;
  ++g_adopting;
  PyObject* result = g_next(tstate, frame, throwflag);
  --g_adopting;
  --t_adopt_depth;
  return result;
}

// Whether this fresh frame of a watched code object is itself watched.
bool frame_matches(CodeRecord* record, _PyInterpreterFrame* frame) {
  State& s = *g_state;
  if (record->decision == Decision::automatic) {
    PyObject* self = dynx_frame_first_argument(frame);
    if (self == nullptr || !s.module_type) return false;
    PyTypeObject* type = Py_TYPE(self);
    if (type != record->last_type) {
      record->last_type = type;
      record->last_type_is_module =
          PyType_IsSubtype(type, reinterpret_cast<PyTypeObject*>(s.module_type.get())) != 0;
    }
    return record->last_type_is_module;
  }
  if (record->registrations == nullptr) return true;  // a file/module --target: every frame
  PyObject* function = dynx_frame_function(frame);
  PyObject* self = dynx_frame_first_argument(frame);
  bool bypassed = false;
  for (const auto& reg : *record->registrations) {
    if (reg.function && reg.function.get() != function) continue;
    if (reg.self && reg.self.get() != self) continue;
    if (reg.gate && PyList_Check(reg.gate.get()) && PyList_GET_SIZE(reg.gate.get()) == 0) {
      bypassed = true;
      continue;
    }
    return true;
  }
  if (bypassed) record->bypassed++;
  return false;
}

std::string g_write_error;  // set once: the capture directory could not be written

// Entries a watched frame may have: --cache-limit, else the program's own
// torch._dynamo.config.recompile_limit (Dynamo's default, 8, until read).
int cache_limit() { return g_state->cache_limit > 0 ? g_state->cache_limit : g_state->program_cache_limit; }
// ...or the frame's own recompile_limit= of torch.compile, when it gave one.
int cache_limit(const CodeRecord& record) {
  return g_state->cache_limit > 0 ? g_state->cache_limit : record.own_limit > 0 ? record.own_limit : cache_limit();
}

// The recorder raised CaptureWriteError (a file of the capture could not be
// written): one line, not a traceback; true if that was it.
bool report_write_error() {
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* write_error = capture_write_error_type();
  bool is_write_error = type != nullptr && write_error != nullptr && PyErr_GivenExceptionMatches(type, write_error);
  if (!is_write_error) {
    PyErr_Restore(type, value, traceback);
    return false;
  }
  PyRef text = PyRef::steal(value ? PyObject_Str(value) : nullptr);
  const char* message = text && PyUnicode_Check(text.get()) ? PyUnicode_AsUTF8(text.get()) : nullptr;
  if (g_write_error.empty()) {
    g_write_error = message ? message : "unknown error";
    std::fprintf(stderr, "dynx-capture: error: cannot write the capture: %s; recording is off, the capture is incomplete\n",
                 printable(g_write_error).c_str());
  }
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  PyErr_Clear();
  return true;
}

void recorder_failed(const char* when) {
  State& s = *g_state;
  // Off first: formatting the error runs Python code (an exception's
  // __str__, finalizers), which must not be recorded.
  PyRef enter = std::move(s.recorder_enter), exit = std::move(s.recorder_exit);
  s.recorder_enter = PyRef();
  s.recorder_exit = PyRef();
  if (!report_write_error()) {
    // One line (dynx's own failure, not the program's: no traceback unless
    // DYNX_DEBUG asks for it); the program goes on running, unrecorded.
    PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    std::string what = type ? reinterpret_cast<PyTypeObject*>(type)->tp_name : "unknown error";
    PyRef text = PyRef::steal(value ? PyObject_Str(value) : nullptr);
    if (!text) PyErr_Clear();
    const char* message = text && PyUnicode_Check(text.get()) ? PyUnicode_AsUTF8(text.get()) : nullptr;
    if (!message) PyErr_Clear();  // (a message that is not UTF-8: left out)
    if (message && *message) what += std::string(": ") + message;
    if (what.size() > 300) what = what.substr(0, 300) + "...";
    const char* debug_env = std::getenv("DYNX_DEBUG");
    const bool debug = debug_env && *debug_env && std::strcmp(debug_env, "0") != 0;
    std::fprintf(stderr,
                 "dynx-capture: warning: the recorder failed %s (%s); recording is off from here on and the "
                 "capture is incomplete; this is a dynx bug%s\n",
                 when, printable(what).c_str(), debug ? "" : " (DYNX_DEBUG=1 shows its traceback)");
    if (debug) {
      PyErr_Restore(type, value, traceback);
      PyErr_Print();
    } else {
      Py_XDECREF(type);
      Py_XDECREF(value);
      Py_XDECREF(traceback);
    }
    PyErr_Clear();
  }
}

// Watched calls on this thread whose rest runs as a skipped frame
// (FrameHook::adopt_rest_of_call).
thread_local int t_switched __attribute__((tls_model("initial-exec"))) = 0;

PyObject* run_watched(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag) {
  const int depth = t_watch_depth++;
  const int switched = t_switched;
  PyObject* result = g_next(tstate, frame, throwflag);
  t_watch_depth = depth;
  for (; t_switched > switched; --t_switched) {  // the call's rest ran as a skipped frame
    --t_adopt_depth;
    --g_adopting;
  }
  return result;
}

// What guards read from a fresh frame.
Scope scope_of(_PyInterpreterFrame* frame, PyCodeObject* code) {
  Scope scope;
  scope.locals = dynx_frame_locals(frame);
  scope.local_count = static_cast<size_t>(code->co_nlocalsplus);
  scope.globals = dynx_frame_globals(frame);
  PyObject* function = dynx_frame_function(frame);  // borrowed
  scope.closure = function != nullptr && PyFunction_Check(function) ? PyFunction_GetClosure(function) : nullptr;
  return scope;
}

PyObject* record_call(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag, CodeRecord* record,
                      PyRef reasons, int verify_entry, PyRef candidates = PyRef());

// Waits, without the GIL, until no thread records `record`. A recording
// that outlasts the limit (the recording thread may itself wait for this
// one) is given up on with a warning, and the call runs unrecorded.
bool wait_for_recording(CodeRecord* record) {
  constexpr auto kLimit = std::chrono::seconds(30);
  bool ended = false;
  Py_BEGIN_ALLOW_THREADS
  auto deadline = std::chrono::steady_clock::now() + kLimit;
  while (!(ended = !record->recording.load()) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  Py_END_ALLOW_THREADS
  if (!ended && !record->wait_warned) {
    record->wait_warned = true;
    std::fprintf(stderr,
                 "dynx-capture: warning: a call of %s (%s:%d) waited %lld s for another thread's recording of it; "
                 "it runs unrecorded\n",
                 printable(record->function).c_str(), printable(record->file).c_str(), record->line,
                 static_cast<long long>(kLimit.count()));
  }
  return ended;
}

// A fresh, outermost call of a watched frame while a recorder is set: the
// cache lookup, and on a miss a new recorded entry.
PyObject* eval_recorded(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag, CodeRecord* record) {
  State& s = *g_state;
  // The recorder and the guards may run the program's code (a property, an
  // __eq__): never a frame to adopt. The frame itself runs watched (its
  // callees inlined) or, skipped, adopts afresh.
  struct NoAdoption {
    int saved = t_adopt_depth;
    NoAdoption() { t_adopt_depth = 0; }
    ~NoAdoption() { t_adopt_depth = saved; }
    NoAdoption(const NoAdoption&) = delete;
    NoAdoption& operator=(const NoAdoption&) = delete;
  } no_adoption;
  // A frame Dynamo skips (a break in a loop) runs uncompiled: no lookups;
  // the program's functions it calls are compiled on their own.
  if (g_forked_child) return run_watched(tstate, frame, throwflag);
  if (record->skipped) return run_skipped(tstate, frame, throwflag);
  const Scope scope = scope_of(frame, record->code);
  for (size_t i = record->live_from; i < record->entries.size(); ++i) {
    CacheEntry& entry = record->entries[i];
    if (entry.guards.check(scope)) {
      if (entry.settle) {
        // At the cache limit the frame runs unrecorded, as on a miss.
        if (static_cast<int>(record->entries.size() - record->live_from) >= cache_limit(*record))
          return run_watched(tstate, frame, throwflag);
        if (record->recording) {
          if (wait_for_recording(record)) return eval_recorded(tstate, frame, throwflag, record);
          return run_watched(tstate, frame, throwflag);
        }
        // Every entry these guards accept is a candidate, in cache order.
        PyRef candidates = PyRef::steal(PyList_New(0));
        for (size_t j = i; j < record->entries.size() && candidates; ++j) {
          if (j != i && !record->entries[j].guards.check(scope)) continue;
          PyRef index = PyRef::steal(PyLong_FromSize_t(j));
          if (!index || PyList_Append(candidates.get(), index.get()) != 0) candidates = PyRef();
        }
        if (!candidates) {
          PyErr_Clear();
          return run_watched(tstate, frame, throwflag);
        }
        return record_call(tstate, frame, throwflag, record, PyRef::steal(PyList_New(0)), -1, std::move(candidates));
      }
      entry.hits++;
      // --verify: record the hit too; the recorder replays the entry's graphs on it.
      if (s.verify && !record->recording)
        return record_call(tstate, frame, throwflag, record, PyRef::steal(PyList_New(0)), static_cast<int>(i));
      return run_watched(tstate, frame, throwflag);
    }
  }
  if (!record->cache_limit_message.empty()) return run_watched(tstate, frame, throwflag);
  // Another thread is recording this code (the GIL is released while its
  // frame runs). Dynamo compiles under one lock and looks the cache up again
  // afterwards; likewise this call waits for that recording to end and then
  // is a hit of the new entry or a miss of its own, so that every call is
  // accounted for.
  if (record->recording) {
    if (wait_for_recording(record)) return eval_recorded(tstate, frame, throwflag, record);
    return run_watched(tstate, frame, throwflag);
  }
  // A miss: the verbose path words why each entry refused this call.
  PyRef reasons = PyRef::steal(PyList_New(0));
  std::string last_reason;
  std::vector<std::string> reason_texts;
  for (size_t i = record->live_from; i < record->entries.size() && reasons; ++i) {
    last_reason = record->entries[i].guards.first_failure(scope);
    reason_texts.push_back(std::to_string(i) + ": " + last_reason);  // the recorder adds the frame's number
    PyRef item = PyRef::steal(Py_BuildValue("(ns)", static_cast<Py_ssize_t>(i), last_reason.c_str()));
    if (item) PyList_Append(reasons.get(), item.get());
  }
  if (int limit = cache_limit(*record); static_cast<int>(record->entries.size() - record->live_from) >= limit &&
                                        !(record->raise_at_limit && s.cache_limit == 0)) {
    // Dynamo's "hit config.recompile_limit": the frame runs uncompiled from here on.
    // (With fullgraph=True Dynamo raises instead: the recorder does, Recorder._recompile_error.)
    record->cache_limit_message = "cache limit (" + std::to_string(limit) + ") reached; last reason: " + last_reason;
    record->cache_limit_reasons = std::move(reason_texts);
    std::fprintf(stderr,
                 "dynx-capture: warning: %s (%s:%d) hit the cache limit of %d entries; last reason: %s. "
                 "It runs unrecorded from here on (%s).\n",
                 printable(record->function).c_str(), printable(record->file).c_str(), record->line, limit,
                 printable(last_reason).c_str(),
                 s.cache_limit > 0 ? "see --cache-limit" : "torch._dynamo.config.recompile_limit");
    return run_watched(tstate, frame, throwflag);
  }
  return record_call(tstate, frame, throwflag, record, std::move(reasons), -1);
}

// Runs a watched frame under the recorder. A miss (verify_entry < 0) adds
// the entry the recorder returns guards for; a verified hit adds nothing.
PyObject* record_call(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag, CodeRecord* record,
                      PyRef reasons, int verify_entry, PyRef candidates) {
  State& s = *g_state;
  record->recording = true;
  PyRef token;
  {
    PyRef arguments = PyRef::steal(dynx_frame_arguments(frame));
    PyObject* globals = dynx_frame_globals(frame);  // borrowed
    PyRef recorder = s.recorder_enter;              // may be reset by a failure
    if (arguments && reasons) {
      PyObject* function = dynx_frame_function(frame);  // borrowed
      token = PyRef::steal(PyObject_CallFunction(recorder.get(), "iOOOOOiOO", record->id, record->code, arguments.get(),
                                                 globals ? globals : Py_None, reasons.get(),
                                                 function ? function : Py_None, verify_entry,
                                                 candidates ? candidates.get() : Py_None,
                                                 record->adopted ? Py_True : Py_False));
    }
    if (!token) {
      recorder_failed("when a watched frame started");
      token = PyRef::borrow(Py_None);
    }
  }
  if (PyExceptionInstance_Check(token.get())) {
    // torch.compile raises instead of compiling this call (set_stance
    // "fail_on_recompile", config.error_on_recompile: the recorder's
    // _recompile_error). The frame starts with it raised, before its first
    // instruction, as generator.throw() starts a generator: the interpreter
    // unwinds and frees the frame itself, and the program gets the exception
    // at the call.
    record->recording = false;
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(token.get())), token.get());
    return run_watched(tstate, frame, 1);
  }
  PyObject* result = run_watched(tstate, frame, throwflag);
  if (token.get() != Py_None && s.recorder_exit) {
    PendingExceptionGuard guard;  // the frame's own exception, if it raised, survives
    PyRef recorder = s.recorder_exit;
    PyRef guards = PyRef::steal(PyObject_CallFunction(recorder.get(), "OOO", token.get(), result ? result : Py_None,
                                                      result ? Py_False : Py_True));
    if (!guards) {
      recorder_failed("when a watched frame returned");
    } else if (PyLong_Check(guards.get())) {
      // A settled call: a hit of that entry.
      Py_ssize_t index = PyLong_AsSsize_t(guards.get());
      if (index >= 0 && static_cast<size_t>(index) < record->entries.size())
        record->entries[static_cast<size_t>(index)].hits++;
      PyErr_Clear();
    } else if (PyTuple_Check(guards.get()) && PyTuple_GET_SIZE(guards.get()) >= 4 && verify_entry < 0) {
      // (guards, settle, skip, limit): a new entry; skip: a break in a loop
      // made the whole frame one Dynamo does not compile, so later calls run
      // unrecorded; limit: the program's recompile_limit now.
      PyObject* limit = PyTuple_GET_ITEM(guards.get(), 3);
      if (PyLong_Check(limit)) {
        long value = PyLong_AsLong(limit);
        if (value >= 1 && value <= 1000000) s.program_cache_limit = static_cast<int>(value);
        PyErr_Clear();
      }
      if (PyTuple_GET_SIZE(guards.get()) >= 6) {
        // (..., the frame's own recompile_limit or 0, whether hitting it raises)
        long own = PyLong_AsLong(PyTuple_GET_ITEM(guards.get(), 4));
        if (own >= 1 && own <= 1000000) record->own_limit = static_cast<int>(own);
        record->raise_at_limit = PyObject_IsTrue(PyTuple_GET_ITEM(guards.get(), 5)) == 1;
        PyErr_Clear();
      }
      auto set = GuardSet::from_python(PyTuple_GET_ITEM(guards.get(), 0), record->code);
      if (PyObject_IsTrue(PyTuple_GET_ITEM(guards.get(), 2)) == 1) record->skipped = true;
      if (set) {
        CacheEntry entry{std::move(*set), 0};
        entry.settle = PyObject_IsTrue(PyTuple_GET_ITEM(guards.get(), 1)) == 1;
        record->entries.push_back(std::move(entry));
      } else {
        std::fprintf(stderr, "dynx-capture: warning: guards of %s are unusable (%s); its calls run unrecorded\n",
                     printable(record->function).c_str(), printable(set.error().message).c_str());
        record->cache_limit_message = set.error().message;
      }
    }
  }
  record->recording = false;
  return result;
}

PyObject* eval_frame_slow(PyThreadState* tstate, _PyInterpreterFrame* frame, int throwflag, PyCodeObject* code,
                          void* extra) {
  auto bits = reinterpret_cast<uintptr_t>(extra);
  CodeRecord* record = (extra != nullptr && (bits & 1U) == 0) ? static_cast<CodeRecord*>(extra) : nullptr;
  bool adopting = t_adopt_depth > 0 && t_watch_depth == 0 && g_state->recorder_enter;
  if (record == nullptr && bits == g_skip_tag) {
    // Here only because a skipped frame runs (dynx_adopting).
    if (!adopting) return g_next(tstate, frame, throwflag);
    PendingExceptionGuard guard;
    record = adopt(code);
  } else if (record == nullptr || record->generation != g_state->generation) {
    PendingExceptionGuard guard;
    record = decide(code, record);
    if (record == nullptr && adopting) record = adopt(code);
  }
  if (record == nullptr || record->decision == Decision::skip) return g_next(tstate, frame, throwflag);
  if (record->nested) {
    // Reached from a compiled frame (inlined position) or a skipped one: a
    // frame of its own, looked up in its own cache; elsewhere a plain call.
    if ((t_watch_depth == 0 && t_adopt_depth == 0) || !g_state->recorder_enter || dynx_frame_is_resumption(frame))
      return g_next(tstate, frame, throwflag);
    record->calls++;
    const int depth = t_watch_depth;
    t_watch_depth = 0;
    PyObject* result = eval_recorded(tstate, frame, throwflag, record);
    t_watch_depth = depth;
    return result;
  }
  if (record->adopted && t_adopt_depth == 0 && (record->registrations == nullptr || record->registrations->empty()))
    return g_next(tstate, frame, throwflag);  // outside a skipped frame nothing compiles it
  if (t_watch_depth > 0) {
    record->inlined++;
    return g_next(tstate, frame, throwflag);
  }
  if (dynx_frame_is_resumption(frame)) {
    record->resumes++;
  } else {
    if (!frame_matches(record, frame)) return g_next(tstate, frame, throwflag);
    record->calls++;
    if (g_state->recorder_enter) return eval_recorded(tstate, frame, throwflag, record);
  }
  ++t_watch_depth;
  PyObject* result = g_next(tstate, frame, throwflag);
  --t_watch_depth;
  return result;
}


bool hook_wanted() {
  const State& s = *g_state;
  return !s.file_targets.empty() || !s.pending_modules.empty() || !s.registrations.empty() ||
         (s.auto_target >= 0 && s.auto_allowed && !s.explicit_targets);
}

void update_installation() {
  State& s = *g_state;
  if (s.installed || !hook_wanted()) return;
  s.saved = dynx_get_eval_frame();
  g_next = s.saved != nullptr ? s.saved : dynx_default_eval_frame;
  // NULL makes the hot path call CPython's evaluator directly, not through a pointer.
  dynx_next_eval = s.saved == &_PyEval_EvalFrameDefault ? nullptr : s.saved;
  dynx_slow_path = eval_frame_slow;
  dynx_set_eval_frame(dynx_eval_frame);
  s.installed = true;
}

int add_target(std::string description) {
  g_state->targets.push_back(Target{std::move(description)});
  return static_cast<int>(g_state->targets.size()) - 1;
}

}  // namespace

FrameHook& FrameHook::instance() {
  static FrameHook hook;
  return hook;
}

void FrameHook::initialize() {
  if (g_state != nullptr && g_state->initialized) return;
  if (g_state == nullptr) g_state = new State();
  ::pthread_atfork(nullptr, nullptr, [] { g_forked_child = true; });
  g_extra_index = dynx_request_extra_index(free_code_extra);
  g_skip_tag = skip_tag_for(g_state->generation);
  g_state->initialized = true;
}

void FrameHook::adopt_forked_process() { g_forked_child = false; }

void FrameHook::set_source_classifier(SourceClassifier classifier) {
  g_state->classifier = std::move(classifier);
  g_state->files.clear();
  bump_generation();
}

void FrameHook::set_auto_policy_allowed(bool allowed) {
  g_state->auto_allowed = allowed;
  bump_generation();
}

void FrameHook::add_spec_target(const TargetSpec& spec) {
  State& s = *g_state;
  int target = add_target("--target " + spec.text);
  if (spec.kind == TargetSpec::Kind::file)
    s.file_targets.push_back({spec.location, spec.qualname, target});
  else
    s.pending_modules.push_back({spec.location, spec.qualname, target});
  s.explicit_targets = true;
  bump_generation();
  update_installation();
}

std::vector<std::string> FrameHook::pending_target_modules() const {
  std::vector<std::string> names;
  for (const auto& p : g_state->pending_modules) names.push_back(p.module);
  return names;
}

void FrameHook::module_imported(const std::string& name, const std::string& file) {
  State& s = *g_state;
  bool changed = false;
  for (auto it = s.pending_modules.begin(); it != s.pending_modules.end();) {
    if (it->module == name) {
      s.file_targets.push_back({real_path(file), it->qualname, it->target});
      it = s.pending_modules.erase(it);
      changed = true;
    } else {
      ++it;
    }
  }
  if (changed) bump_generation();
}

void FrameHook::add_code_target(PyCodeObject* code, PyObject* function, PyObject* self,
                                const std::string& description, PyObject* gate) {
  State& s = *g_state;
  // The map key is only an identity; the function (or, lacking one, an extra
  // reference to the code) keeps the code object alive while registered.
  if (s.registrations.count(code) == 0) Py_INCREF(code);
  s.registrations[code].push_back(
      Registration{PyRef::borrow(function), PyRef::borrow(self), add_target(description), PyRef::borrow(gate)});
  s.explicit_targets = true;
  bump_generation();
  update_installation();
}

void FrameHook::torch_imported(PyObject* module_type) {
  State& s = *g_state;
  s.module_type = PyRef::borrow(module_type);
  s.torch_seen = true;
  if (s.auto_target < 0) s.auto_target = add_target("auto: outermost nn.Module.forward");
  bump_generation();
  update_installation();
}

std::vector<ir::WatchedFrame> FrameHook::watched_frames() const {
  std::vector<ir::WatchedFrame> frames;
  if (g_state == nullptr) return frames;
  const State& s = *g_state;
  for (const auto& record : s.records) {
    ir::WatchedFrame frame;
    frame.function = record->function;
    frame.file = record->file;
    frame.line = record->line;
    frame.calls = record->calls;
    frame.resumes = record->resumes;
    frame.inlined = record->inlined;
    int target = record->target;
    frame.reason = target >= 0      ? s.targets[static_cast<size_t>(target)].description
                   : record->adopted ? "called from a frame torch.compile runs uncompiled"
                                     : "";
    if (frame.calls + frame.resumes + frame.inlined == 0 && record->decision == Decision::skip) continue;
    frames.push_back(std::move(frame));
  }
  ir::sort_frames(frames);
  return frames;
}

void FrameHook::set_recorder(PyObject* enter, PyObject* exit, PyObject* finish) {
  g_state->recorder_enter = PyRef::borrow(enter);
  g_state->recorder_exit = PyRef::borrow(exit);
  g_state->recorder_finish = PyRef::borrow(finish);
}

void FrameHook::set_cache_limit(int limit) { g_state->cache_limit = limit; }

void FrameHook::set_verify(bool verify) { g_state->verify = verify; }

void FrameHook::reset_cache() {
  for (auto& record : g_state->records) record->live_from = record->entries.size();
}

bool FrameHook::compile_nested(PyObject* code_object) {
  if (!PyCode_Check(code_object)) return false;
  watched_record(reinterpret_cast<PyCodeObject*>(code_object))->nested = true;
  return true;
}

void FrameHook::adopt_rest_of_call() {
  if (t_watch_depth != 1) return;  // only the outermost watched frame's own call
  t_watch_depth = 0;
  ++t_adopt_depth;
  ++g_adopting;
  ++t_switched;
}

void FrameHook::finish_recording() {
  State& s = *g_state;
  if (!s.recorder_finish || g_forked_child) return;
  PyRef counters = PyRef::steal(PyDict_New());
  for (const auto& record : s.records) {
    if (record->entries.empty() && record->cache_limit_message.empty() && record->bypassed == 0) continue;
    PyRef hits = PyRef::steal(PyList_New(0));
    for (const auto& entry : record->entries) {
      PyRef count = PyRef::steal(PyLong_FromUnsignedLongLong(entry.hits));
      PyList_Append(hits.get(), count.get());
    }
    PyRef limit = record->cache_limit_message.empty()
                      ? PyRef::borrow(Py_None)
                      : PyRef::steal(PyUnicode_FromString(record->cache_limit_message.c_str()));
    PyRef limit_reasons = PyRef::steal(PyList_New(0));
    for (const auto& text : record->cache_limit_reasons) {
      PyRef item = PyRef::steal(PyUnicode_FromString(text.c_str()));
      if (item) PyList_Append(limit_reasons.get(), item.get());
    }
    PyErr_Clear();
    PyRef key = PyRef::steal(PyLong_FromLong(record->id));
    PyRef bypassed = PyRef::steal(PyLong_FromUnsignedLongLong(record->bypassed));
    PyRef where = PyRef::steal(Py_BuildValue("(ssi)", record->function.c_str(), record->file.c_str(), record->line));
    if (!where) PyErr_Clear();
    PyRef value = PyRef::steal(PyTuple_Pack(5, hits.get(), limit.get(), limit_reasons.get(), bypassed.get(),
                                            where ? where.get() : Py_None));
    PyDict_SetItem(counters.get(), key.get(), value.get());
  }
  PyRef finish = s.recorder_finish;
  PyRef done = PyRef::steal(PyObject_CallOneArg(finish.get(), counters.get()));
  if (!done && !report_write_error()) {
    std::fprintf(stderr, "dynx-capture: warning: the capture's counters could not be written:\n");
    PyErr_Print();
  }
}

bool FrameHook::installed() const { return g_state != nullptr && g_state->installed; }

std::string FrameHook::write_error() const { return g_write_error; }

void FrameHook::finalize() {
  if (g_state == nullptr) return;
  State& s = *g_state;
  if (s.installed) {
    dynx_set_eval_frame(s.saved);
    s.installed = false;
  }
  for (auto& [code, regs] : s.registrations) {
    regs.clear();
    Py_DECREF(code);
  }
  s.registrations.clear();
  s.module_type = PyRef();
  s.recorder_enter = PyRef();
  s.recorder_exit = PyRef();
  s.recorder_finish = PyRef();
  for (auto& record : s.records) record->entries.clear();  // guards hold Python references
  s.auto_target = -1;
  bump_generation();
}

}  // namespace dynx::capture
