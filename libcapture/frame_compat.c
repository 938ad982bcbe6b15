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
 * _PyEval_EvalFrameDefault) has the same signature on all three.
 * co_extra points to a private struct of Objects/codeobject.c,
 * { Py_ssize_t ce_size; void *ce_extras[]; }, unchanged from 3.6 to 3.13;
 * the hot path reads it directly (TorchDynamo does the same). */
#define Py_BUILD_CORE 1
#include <Python.h>
#include <internal/pycore_frame.h>

#include "frame_compat.h"

#include <string.h>

#if PY_VERSION_HEX < 0x030B0000 || PY_VERSION_HEX >= 0x030E0000
#error "dynx's frame hook supports CPython 3.11, 3.12 and 3.13"
#endif

typedef struct {
  Py_ssize_t ce_size;
  void* ce_extras[1];
} DynxCodeExtra;

Py_ssize_t dynx_extra_index = -1;
uintptr_t dynx_skip_tag = 1;
int dynx_adopting = 0;
DynxEvalFrameFn dynx_next_eval = NULL;
DynxSlowPathFn dynx_slow_path = NULL;

/* The hot path: one load of co_extra and one compare for a frame whose code
 * is not watched (and one of dynx_adopting); everything else goes to the C++
 * slow path. */
PyObject* dynx_eval_frame(PyThreadState* tstate, struct _PyInterpreterFrame* frame, int throwflag) {
  PyCodeObject* code = dynx_frame_code(frame);
  if (code != NULL) {
    DynxCodeExtra* extra = (DynxCodeExtra*)code->co_extra;
    void* value = (extra != NULL && dynx_extra_index < extra->ce_size) ? extra->ce_extras[dynx_extra_index] : NULL;
    if ((uintptr_t)value != dynx_skip_tag || dynx_adopting) return dynx_slow_path(tstate, frame, throwflag, code, value);
  }
  if (dynx_next_eval == NULL) return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
  return dynx_next_eval(tstate, frame, throwflag);
}

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
  if (code == NULL) return NULL;
  if (code->co_argcount >= 1) return frame->localsplus[0];
  if (code->co_flags & CO_VARARGS) {
    /* A wrapper's (*args, **kwargs), a decorated forward: the first
       positional argument is the first item of the args tuple. */
    PyObject* rest = frame->localsplus[code->co_kwonlyargcount];
    if (rest != NULL && PyTuple_Check(rest) && PyTuple_GET_SIZE(rest) > 0) return PyTuple_GET_ITEM(rest, 0);
  }
  return NULL;
}

PyObject* dynx_frame_arguments(struct _PyInterpreterFrame* frame) {
  PyCodeObject* code = dynx_frame_code(frame);
  if (code == NULL) return PyDict_New();
  int count = code->co_argcount + code->co_kwonlyargcount + ((code->co_flags & CO_VARARGS) ? 1 : 0) +
              ((code->co_flags & CO_VARKEYWORDS) ? 1 : 0);
  PyObject* names = code->co_localsplusnames; /* borrowed */
  PyObject* arguments = PyDict_New();
  if (arguments == NULL) return NULL;
  for (int i = 0; i < count && i < PyTuple_GET_SIZE(names); ++i) {
    PyObject* value = frame->localsplus[i];
    if (value == NULL) continue;
    if (PyDict_SetItem(arguments, PyTuple_GET_ITEM(names, i), value) != 0) {
      Py_DECREF(arguments);
      return NULL;
    }
  }
  return arguments;
}

int dynx_code_local_index(PyCodeObject* code, const char* name) {
  PyObject* names = code->co_localsplusnames; /* borrowed */
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); ++i) {
    const char* text = PyUnicode_AsUTF8(PyTuple_GET_ITEM(names, i));
    if (text == NULL) {
      PyErr_Clear();
      continue;
    }
    if (strcmp(text, name) == 0) return (int)i;
  }
  return -1;
}

PyObject** dynx_frame_locals(struct _PyInterpreterFrame* frame) { return frame->localsplus; }

PyObject* dynx_frame_object_function(PyObject* frame_object) {
  if (frame_object == NULL || !PyFrame_Check(frame_object)) return NULL;
  struct _PyInterpreterFrame* frame = ((PyFrameObject*)frame_object)->f_frame;
  return frame != NULL ? dynx_frame_function(frame) : NULL;
}

PyObject* dynx_traced_stack_item(PyObject* frame_object, int depth) {
  if (frame_object == NULL || !PyFrame_Check(frame_object) || depth < 0) return NULL;
  struct _PyInterpreterFrame* frame = ((PyFrameObject*)frame_object)->f_frame;
  PyCodeObject* code = frame != NULL ? dynx_frame_code(frame) : NULL;
  if (code == NULL) return NULL;
  /* stacktop is saved while a trace function runs for the frame, and -1
     (or stale) otherwise: anything outside the frame's stack area is refused. */
  int base = code->co_nlocalsplus;
  int top = frame->stacktop;
  if (top <= base || top > base + code->co_stacksize || top - 1 - depth < base) return NULL;
  return frame->localsplus[top - 1 - depth];
}

PyObject* dynx_frame_globals(struct _PyInterpreterFrame* frame) { return frame->f_globals; }

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

Py_ssize_t dynx_request_extra_index(freefunc free_function) {
#if PY_VERSION_HEX >= 0x030C0000
  return PyUnstable_Eval_RequestCodeExtraIndex(free_function);
#else
  return _PyEval_RequestCodeExtraIndex(free_function);
#endif
}

int dynx_code_set_extra(PyCodeObject* code, Py_ssize_t index, void* extra) {
#if PY_VERSION_HEX >= 0x030C0000
  return PyUnstable_Code_SetExtra((PyObject*)code, index, extra);
#else
  return _PyCode_SetExtra((PyObject*)code, index, extra);
#endif
}
