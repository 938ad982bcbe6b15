// The `_dynx` builtin module: how the Python bootstrap talks to the frame
// hook (targets from torch.compile, imports of watched modules, the paths
// that separate user code from libraries, the exit handler).
#pragma once

#include <Python.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dynx::capture {

// Registers `_dynx` as a builtin; call before the interpreter starts.
void register_dynx_module();

// The capture directory the recorder writes to (none: record nothing).
void set_output_dir(std::optional<std::string> directory);
// What the recorder reads through _dynx.recorder_options().
struct RecorderOptions {
  std::string dynamic = "auto";
  std::vector<std::string> mark_dynamic;
  bool verify = false;
};
void set_recorder_options(RecorderOptions options);
// The torch version the program imported, empty if it did not.
std::string imported_torch_version();
// _dynx.CaptureWriteError, which the recorder raises when a file of the
// capture cannot be written (borrowed; null before the module is imported).
PyObject* capture_write_error_type();

// Runs from the interpreter's atexit, after all of the program's own handlers.
void set_at_exit_handler(std::function<void()> handler);

}  // namespace dynx::capture
