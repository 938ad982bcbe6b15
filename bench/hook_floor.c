/* The floor for frame-hook overhead: an embedded CPython, configured like
 * `python ARGS`, whose PEP 523 hook does nothing but call CPython's own
 * evaluator. On 3.11+ any hook disables inlined Python-to-Python calls, so
 * this is the least any frame hook can cost. Used by bench/hook_overhead.py. */
#include <Python.h>

static PyObject* forward_only(PyThreadState* tstate, struct _PyInterpreterFrame* frame, int throwflag) {
  return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}

int main(int argc, char** argv) {
  /* argv[1] is the interpreter whose environment to use; the rest are python's arguments. */
  if (argc < 2) return 2;
  PyConfig config;
  PyConfig_InitPythonConfig(&config);
  config.parse_argv = 1;
  PyStatus status = PyConfig_SetBytesString(&config, &config.program_name, argv[1]);
  if (!PyStatus_Exception(status)) status = PyConfig_SetBytesString(&config, &config.executable, argv[1]);
  if (!PyStatus_Exception(status)) status = PyConfig_SetBytesArgv(&config, argc - 1, argv + 1);
  if (!PyStatus_Exception(status)) status = Py_InitializeFromConfig(&config);
  PyConfig_Clear(&config);
  if (PyStatus_Exception(status)) Py_ExitStatusException(status);
  _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Get(), forward_only);
  return Py_RunMain();
}
