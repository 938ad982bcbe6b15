/* Version-specific access to CPython's _PyInterpreterFrame (see frame_compat.h).
 *
 * Layouts, as far as dynx reads them:
 *  3.11  struct _PyInterpreterFrame { PyFunctionObject *f_func; ... PyCodeObject *f_code; ...
 *        char owner; PyObject *localsplus[]; }
 *        A generator's frame lives inside the generator object and has
 *        owner == FRAME_OWNED_BY_GENERATOR while it runs; the first call of a
 *        generator function runs RETURN_GENERATOR in a thread-owned frame.
 *  3.12  f_code moved first; f_func became PyObject *f_funcobj; owner gained
 *        FRAME_OWNED_BY_CSTACK (entry shim frames, never passed to PEP 523).
 *  3.13  f_code became PyObject *f_executable (a code object, or None for
 *        shim frames); prev_instr became instr_ptr (unused here).
 * The PEP 523 API (_PyInterpreterState_{Get,Set}EvalFrameFunc and
 * _PyEval_EvalFrameDefault) has the same signature on all three. */
#define Py_BUILD_CORE 1
#include <Python.h>
#include <internal/pycore_frame.h>

#include "frame_compat.h"

#if PY_VERSION_HEX < 0x030B0000 || PY_VERSION_HEX >= 0x030E0000
#error "dynx's frame hook supports CPython 3.11, 3.12 and 3.13"
#endif

PyCodeObject* dynx_frame_code(struct _PyInterpreterFrame* frame) {
#if PY_VERSION_HEX >= 0x030D0000
  PyObject* executable = frame->f_executable;
  return (executable != NULL && PyCode_Check(executable)) ? (PyCodeObject*)executable : NULL;
#else
  return frame->f_code;
#endif
}

PyObject* dynx_frame_function(struct _PyInterpreterFrame* frame) {
#if PY_VERSION_HEX >= 0x030C0000
  return frame->f_funcobj;
#else
  return (PyObject*)frame->f_func;
#endif
}

PyObject* dynx_frame_first_argument(struct _PyInterpreterFrame* frame) {
  PyCodeObject* code = dynx_frame_code(frame);
  if (code == NULL || code->co_argcount < 1) return NULL;
  return frame->localsplus[0];
}

int dynx_frame_is_resumption(struct _PyInterpreterFrame* frame) {
  return frame->owner == FRAME_OWNED_BY_GENERATOR;
}

DynxEvalFrameFn dynx_get_eval_frame(void) {
  return _PyInterpreterState_GetEvalFrameFunc(PyInterpreterState_Main());
}

void dynx_set_eval_frame(DynxEvalFrameFn fn) {
  /* NULL means "CPython's own evaluator" on every version; 3.11 would keep
   * an explicit _PyEval_EvalFrameDefault as a custom hook and so keep
   * inlined Python-to-Python calls disabled. */
  if (fn == _PyEval_EvalFrameDefault) fn = NULL;
  _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Main(), fn);
}

PyObject* dynx_default_eval_frame(PyThreadState* tstate, struct _PyInterpreterFrame* frame, int throwflag) {
  return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}
