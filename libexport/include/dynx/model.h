/* dynx/model.h: the C interface of a model.so built by dynx-aot.
 *
 * A model.so holds one captured graph, compiled, with its weights (embedded,
 * or in a .safetensors file beside it), or several graphs of one capture as
 * the entries of a cache that picks one per call by its input checks.
 * Tensors cross this interface as DLPack DLTensors; nothing of C++, libtorch
 * or Python does, and no exception escapes. Load it with dlopen()
 * (RTLD_LOCAL) and look the functions up with dlsym(), or link it directly
 * when a program uses one model. See dynx-aot(1).
 *
 * Threads: instances are independent; concurrent runs on separate instances
 * are safe. One instance runs one call at a time (a second concurrent call on
 * the same instance fails with DYNX_ERROR_BUSY instead of corrupting it).
 */
#ifndef DYNX_MODEL_H
#define DYNX_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when a function below changes meaning; new functions keep it. */
#define DYNX_MODEL_ABI_VERSION 1

#if defined(__GNUC__)
#define DYNX_MODEL_API __attribute__((visibility("default")))
#else
#define DYNX_MODEL_API
#endif

/* Status of every call that can fail; dynx_model_last_error() says why. */
enum dynx_status {
  DYNX_OK = 0,
  DYNX_ERROR_ARGUMENT = 1, /* a null pointer, wrong number of inputs or outputs */
  DYNX_ERROR_INPUT = 2,    /* an input does not match the signature (dtype, rank, size, device, layout) */
  DYNX_ERROR_RUNTIME = 3,  /* an operator failed while running */
  DYNX_ERROR_BUSY = 4,     /* the instance is running a call on another thread */
  DYNX_ERROR_LOAD = 5      /* weights missing, unreadable or not the model's */
};

typedef struct dynx_model dynx_model;

/* DYNX_MODEL_ABI_VERSION of the model.so. */
DYNX_MODEL_API uint32_t dynx_model_abi_version(void);

/* The call signature as JSON (inputs, outputs, symbols: model.json's
 * "signature"). Static storage; never NULL. */
DYNX_MODEL_API const char* dynx_model_signature(void);
DYNX_MODEL_API size_t dynx_model_num_inputs(void);
DYNX_MODEL_API size_t dynx_model_num_outputs(void);

/* The cache entries the model holds (1 unless dynx-aot was given several
 * graphs): a call runs the first entry whose input checks accept its inputs,
 * in the order of model.json's "entries". */
DYNX_MODEL_API size_t dynx_model_num_entries(void);

/* The entry the instance's last successful run used (0-based), -1 before
 * one. */
DYNX_MODEL_API int dynx_model_last_entry(const dynx_model* model);

/* Creates an instance in *model. weights_path: NULL for the weights embedded
 * in the .so (or, for a model built with external weights, the file named
 * in model.json beside the .so); otherwise that safetensors file. */
DYNX_MODEL_API int dynx_model_create(const char* weights_path, dynx_model** model);
DYNX_MODEL_API void dynx_model_destroy(dynx_model* model);

/* Runs the model. inputs: num_inputs DLTensors in signature order (CPU,
 * dense row-major). On success outputs[i] receives a DLManagedTensor that the
 * caller owns and releases with outputs[i]->deleter(outputs[i]). */
DYNX_MODEL_API int dynx_model_run(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs,
                                  DLManagedTensor** outputs, size_t num_outputs);

/* Runs the model and writes each output into the caller's tensor, which must
 * have the output's dtype and shape (checked). */
DYNX_MODEL_API int dynx_model_run_into(dynx_model* model, const DLTensor* const* inputs, size_t num_inputs,
                                       const DLTensor* const* outputs, size_t num_outputs);

/* The message of the last failed call on this thread ("" if none). Valid
 * until the next call on this thread. */
DYNX_MODEL_API const char* dynx_model_last_error(void);

/* Threads of the operators' intra-op pool (process-wide, like
 * torch.set_num_threads): 1 to DYNX_MODEL_MAX_THREADS, else
 * DYNX_ERROR_ARGUMENT. */
#define DYNX_MODEL_MAX_THREADS 1024
DYNX_MODEL_API int dynx_model_set_num_threads(int num_threads);

#ifdef __cplusplus
}
#endif

#endif /* DYNX_MODEL_H */
