/* The one door to CPython's private frame layout. Everything in dynx that
 * needs to look inside a _PyInterpreterFrame calls these functions; the
 * version-specific code lives in frame_compat.c alone. Plain C so it can be
 * compiled with Py_BUILD_CORE, whose internal headers are not C++-clean. */
#ifndef DYNX_FRAME_COMPAT_H
#define DYNX_FRAME_COMPAT_H

#include <Python.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct _PyInterpreterFrame;

/* The PEP 523 evaluator signature, identical on 3.11, 3.12 and 3.13. */
typedef PyObject* (*DynxEvalFrameFn)(PyThreadState*, struct _PyInterpreterFrame*, int);

/* The C++ part of the hook, for frames whose code is not known to be skipped. */
typedef PyObject* (*DynxSlowPathFn)(PyThreadState*, struct _PyInterpreterFrame*, int, PyCodeObject*, void* extra);

/* The frame hook's hot path and the state it reads (set by frame_hook.cpp):
 * co_extra slot, current skip tag, evaluator to call (NULL: CPython's own). */
PyObject* dynx_eval_frame(PyThreadState* tstate, struct _PyInterpreterFrame* frame, int throwflag);
extern Py_ssize_t dynx_extra_index;
extern uintptr_t dynx_skip_tag;
/* Threads now running a frame Dynamo skips (frame_hook.cpp, adoption): while
 * non-zero, unwatched frames take the slow path too. */
extern int dynx_adopting;
extern DynxEvalFrameFn dynx_next_eval;
extern DynxSlowPathFn dynx_slow_path;

/* Code object being run by the frame, or NULL (borrowed). */
PyCodeObject* dynx_frame_code(struct _PyInterpreterFrame* frame);
/* Function object of the frame, or NULL (borrowed). */
PyObject* dynx_frame_function(struct _PyInterpreterFrame* frame);
/* First positional argument (`self` for methods; the first of *args for a
 * decorator's wrapper) before the frame starts
 * running, or NULL (borrowed). Only meaningful for a fresh frame. */
PyObject* dynx_frame_first_argument(struct _PyInterpreterFrame* frame);
/* The frame's arguments by name, before it starts running (new reference). */
PyObject* dynx_frame_arguments(struct _PyInterpreterFrame* frame);
/* Index of a local variable (arguments first) in the frame's locals, or -1. */
int dynx_code_local_index(PyCodeObject* code, const char* name);
/* The locals array of a fresh frame (entries borrowed, may be NULL). */
PyObject** dynx_frame_locals(struct _PyInterpreterFrame* frame);
/* The function object a frame (a PyFrameObject) runs, or NULL (borrowed). */
PyObject* dynx_frame_object_function(PyObject* frame_object);
/* An item of the value stack of a frame (a PyFrameObject) whose trace
 * function is running (depth 0: the top), or NULL where it cannot be read
 * (borrowed). CPython saves the stack pointer around an opcode event. */
PyObject* dynx_traced_stack_item(PyObject* frame_object, int depth);
/* The frame's globals (borrowed). */
PyObject* dynx_frame_globals(struct _PyInterpreterFrame* frame);
/* 1 when the frame belongs to a generator or coroutine that is being resumed
 * (next/send/throw), 0 for a fresh call. */
int dynx_frame_is_resumption(struct _PyInterpreterFrame* frame);

/* co_extra slots (renamed PyUnstable_* in 3.12). */
Py_ssize_t dynx_request_extra_index(freefunc free_function);
int dynx_code_set_extra(PyCodeObject* code, Py_ssize_t index, void* extra);

/* Current evaluator of the main interpreter and a way to set it. */
DynxEvalFrameFn dynx_get_eval_frame(void);
void dynx_set_eval_frame(DynxEvalFrameFn fn);
/* CPython's own evaluator. */
PyObject* dynx_default_eval_frame(PyThreadState* tstate, struct _PyInterpreterFrame* frame, int throwflag);

#ifdef __cplusplus
}
#endif

#endif
