// The `_dynx` builtin module (see dynx_module.hpp). Every function catches
// everything: no C++ exception crosses into the interpreter.
#include "dynx_module.hpp"

#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "dynx/dtypes.hpp"
#include "dynx/ir/capture_layout.hpp"
#include "frame_compat.h"
#include "frame_hook.hpp"
#include "guard_values.hpp"
#include "py_ref.hpp"

namespace dynx::capture {

// embedded_python.cpp, generated from recorder/*.py: path, text, path, text, ..., null.
extern const char* const k_recorder_sources[];

namespace {

std::function<void()> g_at_exit;
std::optional<std::string> g_output_dir;
RecorderOptions g_recorder_options;
std::string g_torch_version;
std::vector<std::string> g_stdlib, g_third_party, g_torch;
PyObject* g_capture_write_error = nullptr;  // _dynx.CaptureWriteError, owned by the module

void apply_prefixes() {
  SourceClassifier classifier;
  classifier.set_prefixes(g_stdlib, g_third_party, g_torch);
  FrameHook::instance().set_source_classifier(std::move(classifier));
}

bool string_list(PyObject* sequence, std::vector<std::string>& out) {
  PyRef fast = PyRef::steal(PySequence_Fast(sequence, "expected a sequence of str"));
  if (!fast) return false;
  out.clear();
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.get());
  for (Py_ssize_t i = 0; i < n; ++i) {
    const char* text = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(fast.get(), i));
    if (text == nullptr) return false;
    out.emplace_back(text);
  }
  return true;
}

template <typename Body>
PyObject* guarded(Body body) {
  try {
    return body();
  } catch (const std::exception& e) {
    PyErr_Format(PyExc_RuntimeError, "dynx internal error: %s", e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "dynx internal error");
  }
  return nullptr;
}

PyObject* add_target(PyObject*, PyObject* args) {
  PyObject *code = nullptr, *function = nullptr, *self = nullptr, *gate = nullptr;
  const char* description = nullptr;
  if (!PyArg_ParseTuple(args, "O!OOs|O!:add_target", &PyCode_Type, &code, &function, &self, &description,
                        &PyList_Type, &gate))
    return nullptr;
  return guarded([&] {
    FrameHook::instance().add_code_target(reinterpret_cast<PyCodeObject*>(code),
                                          function == Py_None ? nullptr : function,
                                          self == Py_None ? nullptr : self, description, gate);
    Py_RETURN_NONE;
  });
}

PyObject* torch_imported(PyObject*, PyObject* args) {
  PyObject* module_type = nullptr;
  const char *torch_dir = nullptr, *version = nullptr;
  if (!PyArg_ParseTuple(args, "O!ss:torch_imported", &PyType_Type, &module_type, &torch_dir, &version))
    return nullptr;
  return guarded([&] {
    g_torch = {torch_dir};
    g_torch_version = version;
    apply_prefixes();
    FrameHook::instance().torch_imported(module_type);
    Py_RETURN_NONE;
  });
}

PyObject* module_imported(PyObject*, PyObject* args) {
  const char *name = nullptr, *file = nullptr;
  if (!PyArg_ParseTuple(args, "ss:module_imported", &name, &file)) return nullptr;
  return guarded([&] {
    FrameHook::instance().module_imported(name, file);
    Py_RETURN_NONE;
  });
}

PyObject* pending_modules(PyObject*, PyObject*) {
  return guarded([&]() -> PyObject* {
    auto names = FrameHook::instance().pending_target_modules();
    PyRef list = PyRef::steal(PyList_New(0));
    if (!list) return nullptr;
    for (const auto& name : names) {
      PyRef item = PyRef::steal(PyUnicode_FromString(name.c_str()));
      if (!item || PyList_Append(list.get(), item.get()) != 0) return nullptr;
    }
    return list.release();
  });
}

PyObject* set_source_prefixes(PyObject*, PyObject* args) {
  PyObject *stdlib = nullptr, *third_party = nullptr;
  if (!PyArg_ParseTuple(args, "OO:set_source_prefixes", &stdlib, &third_party)) return nullptr;
  if (!string_list(stdlib, g_stdlib) || !string_list(third_party, g_third_party)) return nullptr;
  return guarded([&] {
    apply_prefixes();
    Py_RETURN_NONE;
  });
}

PyObject* at_exit(PyObject*, PyObject*) {
  return guarded([&] {
    FrameHook::instance().finish_recording();
    if (g_at_exit) g_at_exit();
    FrameHook::instance().finalize();
    Py_RETURN_NONE;
  });
}

PyObject* set_recorder(PyObject*, PyObject* args) {
  PyObject *enter = nullptr, *exit = nullptr, *finish = nullptr;
  if (!PyArg_ParseTuple(args, "OOO:set_recorder", &enter, &exit, &finish)) return nullptr;
  return guarded([&] {
    FrameHook::instance().set_recorder(enter, exit, finish);
    Py_RETURN_NONE;
  });
}

PyObject* adopt_rest_of_call(PyObject*, PyObject*) {
  return guarded([&] {
    FrameHook::instance().adopt_rest_of_call();
    Py_RETURN_NONE;
  });
}

PyObject* compile_nested(PyObject*, PyObject* code) {
  return guarded([&] {
    if (!FrameHook::instance().compile_nested(code)) {
      PyErr_SetString(PyExc_TypeError, "compile_nested: a code object is needed");
      return static_cast<PyObject*>(nullptr);
    }
    Py_RETURN_NONE;
  });
}

PyObject* reset_cache(PyObject*, PyObject*) {
  return guarded([&] {
    FrameHook::instance().reset_cache();
    Py_RETURN_NONE;
  });
}

PyObject* output_dir(PyObject*, PyObject*) {
  if (!g_output_dir) Py_RETURN_NONE;
  return PyUnicode_DecodeFSDefault(g_output_dir->c_str());
}

PyObject* recorder_options(PyObject*, PyObject*) {
  return guarded([&]() -> PyObject* {
    const RecorderOptions& o = g_recorder_options;
    PyRef marks = PyRef::steal(PyList_New(0));
    for (const auto& mark : o.mark_dynamic) {
      PyRef item = PyRef::steal(PyUnicode_FromString(mark.c_str()));
      if (!item || PyList_Append(marks.get(), item.get()) != 0) return nullptr;
    }
    return Py_BuildValue("{s:s,s:O,s:O}", "dynamic", o.dynamic.c_str(), "mark_dynamic", marks.get(), "verify",
                         o.verify ? Py_True : Py_False);
  });
}

PyObject* embedded_sources(PyObject*, PyObject*) {
  PyRef sources = PyRef::steal(PyDict_New());
  if (!sources) return nullptr;
  // A file comes in consecutive pieces under the same path (the generator
  // splits it, libcapture/CMakeLists.txt): join the bytes, then decode, as a
  // piece may end inside a UTF-8 sequence.
  const char* const* entry = k_recorder_sources;
  while (*entry != nullptr) {
    const char* path = entry[0];
    std::string text;
    for (; *entry != nullptr && std::string_view(entry[0]) == path; entry += 2) text += entry[1];
    PyRef decoded = PyRef::steal(PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size())));
    if (!decoded || PyDict_SetItemString(sources.get(), path, decoded.get()) != 0) return nullptr;
  }
  return sources.release();
}

// The dtype table of dynx/dtypes.hpp, one tuple per dtype: (name, aten,
// short_name, safetensors, numpy, dlpack_code, bits, size).
PyObject* dtypes(PyObject*, PyObject*) {
  PyRef rows = PyRef::steal(PyList_New(0));
  if (!rows) return nullptr;
  auto text = [](std::string_view v) { return PyUnicode_FromStringAndSize(v.data(), static_cast<Py_ssize_t>(v.size())); };
  for (const DtypeInfo& d : kDtypes) {
    PyRef row = PyRef::steal(Py_BuildValue("(NNNNNiii)", text(d.name), text(d.aten), text(d.short_name),
                                           text(d.safetensors), text(d.numpy), d.dlpack_code, d.bits, d.size));
    if (!row || PyList_Append(rows.get(), row.get()) != 0) return nullptr;
  }
  return rows.release();
}

PyObject* hook_installed(PyObject*, PyObject*) { return PyBool_FromLong(FrameHook::instance().installed()); }

// frame_function(frame): the function object a frame runs, or None.
PyObject* frame_function(PyObject*, PyObject* frame) {
  PyObject* fn = dynx_frame_object_function(frame);
  if (fn == nullptr) Py_RETURN_NONE;
  Py_INCREF(fn);
  return fn;
}

// stack_item(frame, depth): (value,) for the item `depth` below the top of
// the value stack of a frame whose opcode event is being traced, else None.
PyObject* stack_item(PyObject*, PyObject* args) {
  PyObject* frame = nullptr;
  int depth = 0;
  if (!PyArg_ParseTuple(args, "O|i", &frame, &depth)) return nullptr;
  PyObject* item = dynx_traced_stack_item(frame, depth);
  if (item == nullptr) Py_RETURN_NONE;
  return PyTuple_Pack(1, item);
}

// The capture directory's file names, from their one owner (ir::CaptureLayout):
// capture_paths(directory, graph_id=None) -> {what: path}.
PyObject* capture_paths(PyObject*, PyObject* args) {
  // The directory as the file system names it (PyUnicode_FSConverter: a
  // directory whose name is not UTF-8, as os.fsdecode gives it, round-trips).
  PyObject* encoded = nullptr;
  const char* graph_id = nullptr;
  if (!PyArg_ParseTuple(args, "O&|z:capture_paths", PyUnicode_FSConverter, &encoded, &graph_id)) return nullptr;
  PyRef directory_bytes = PyRef::steal(encoded);
  const char* directory = PyBytes_AS_STRING(directory_bytes.get());
  return guarded([&]() -> PyObject* {
    const ir::CaptureLayout layout{std::filesystem::path(directory)};
    std::vector<std::pair<const char*, std::filesystem::path>> paths = {
        {"manifest", layout.manifest()},           {"frames", layout.frames()},
        {"breaks", layout.breaks()},               {"graphs", layout.graphs_dir()},
        {"examples_dir", layout.examples_dir()},   {"weights_index", layout.weights_index()},
        {"weights_blob", layout.weights_blob()}};
    if (graph_id != nullptr) {
      paths.emplace_back("graph_json", layout.graph_json(graph_id));
      paths.emplace_back("graph_listing", layout.graph_listing(graph_id));
      paths.emplace_back("examples", layout.examples(graph_id));
    }
    PyRef dict = PyRef::steal(PyDict_New());
    for (const auto& [key, path] : paths) {
      PyRef value = PyRef::steal(PyUnicode_DecodeFSDefault(path.c_str()));
      if (!dict || !value || PyDict_SetItemString(dict.get(), key, value.get()) != 0) return nullptr;
    }
    return dict.release();
  });
}

PyObject* set_own_function_modes(PyObject*, PyObject* arg) {
  long count = PyLong_AsLong(arg);
  if (count == -1 && PyErr_Occurred()) return nullptr;
  guards::set_own_function_modes(static_cast<int>(count));
  Py_RETURN_NONE;
}

PyMethodDef kMethods[] = {
    {"add_target", add_target, METH_VARARGS, "add_target(code, function, self, description[, gate]): watch frames of code (while the list gate is not empty)"},
    {"torch_imported", torch_imported, METH_VARARGS, "torch_imported(nn_module_type, torch_dir)"},
    {"module_imported", module_imported, METH_VARARGS, "module_imported(name, file)"},
    {"pending_modules", pending_modules, METH_NOARGS, "names of --target modules not imported yet"},
    {"set_source_prefixes", set_source_prefixes, METH_VARARGS, "set_source_prefixes(stdlib, third_party)"},
    {"at_exit", at_exit, METH_NOARGS, "dynx's exit handler (reports, then restores the evaluator)"},
    {"set_recorder", set_recorder, METH_VARARGS, "set_recorder(enter, exit, finish): the recorder's callbacks around watched frames"},
    {"adopt_rest_of_call", adopt_rest_of_call, METH_NOARGS,
     "the rest of the watched call runs as a frame Dynamo skips: the program's functions it calls are compiled on their own"},
    {"compile_nested", compile_nested, METH_O,
     "compile_nested(code): a frame of its own whenever a compiled or skipped frame reaches it (an optimizer's step)"},
    {"reset_cache", reset_cache, METH_NOARGS,
     "torch._dynamo.reset(): the entries recorded so far no longer serve calls"},
    {"output_dir", output_dir, METH_NOARGS, "the capture directory, or None"},
    {"recorder_options", recorder_options, METH_NOARGS, "dynx-capture's options for the recorder (a dict)"},
    {"sources", embedded_sources, METH_NOARGS, "the embedded recorder package: {'recorder/NAME.py': text}"},
    {"dtypes", dtypes, METH_NOARGS, "the dtype table: (name, aten, short_name, safetensors, numpy, dlpack_code, bits, size) rows"},
    {"capture_paths", capture_paths, METH_VARARGS, "capture_paths(directory, graph_id=None): the capture directory's file names"},
    {"hook_installed", hook_installed, METH_NOARGS, "whether the frame hook is installed"},
    {"set_own_function_modes", set_own_function_modes, METH_O,
     "set_own_function_modes(n): the torch function modes dynx has pushed on this thread (not the program's)"},
    {"frame_function", frame_function, METH_O, "frame_function(frame): the function object the frame runs, or None"},
    {"stack_item", stack_item, METH_VARARGS,
     "stack_item(frame, depth=0): (value,) from the value stack of a frame in its opcode trace event, else None"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef kModule = {PyModuleDef_HEAD_INIT, "_dynx", "dynx's embedded runtime (internal).", -1, kMethods,
                       nullptr, nullptr, nullptr, nullptr};

PyObject* init_dynx_module() {
  FrameHook::instance().initialize();
  PyRef module = PyRef::steal(PyModule_Create(&kModule));
  if (!module) return nullptr;
  if (g_capture_write_error == nullptr) {
    g_capture_write_error = PyErr_NewExceptionWithDoc(
        "_dynx.CaptureWriteError",
        "A file of the capture directory could not be written (full disk, file size limit, ...): dynx-capture "
        "reports it in one line and stops recording.",
        nullptr, nullptr);
    if (g_capture_write_error == nullptr) return nullptr;
  }
  if (PyModule_AddObjectRef(module.get(), "CaptureWriteError", g_capture_write_error) != 0) return nullptr;
  return module.release();
}

}  // namespace

void register_dynx_module() { PyImport_AppendInittab("_dynx", init_dynx_module); }

void set_output_dir(std::optional<std::string> directory) { g_output_dir = std::move(directory); }

void set_recorder_options(RecorderOptions options) { g_recorder_options = std::move(options); }

std::string imported_torch_version() { return g_torch_version; }

PyObject* capture_write_error_type() { return g_capture_write_error; }

void set_at_exit_handler(std::function<void()> handler) { g_at_exit = std::move(handler); }

}  // namespace dynx::capture
