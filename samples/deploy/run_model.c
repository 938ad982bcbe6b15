/* Run a dynx model.so from C: one float32 input of the sizes given on the
 * command line, filled with 0.01 * i; prints each output's shape and sum.
 *
 *   cc -I$PREFIX/include run_model.c -ldl -o run_model
 *   ./run_model ./model.so 2 8 32
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "dynx/model.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s model.so SIZE...\n", argv[0]);
    return 2;
  }
  void* lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "%s\n", dlerror());
    return 2;
  }
  int (*create)(const char*, dynx_model**) = (int (*)(const char*, dynx_model**))dlsym(lib, "dynx_model_create");
  int (*run)(dynx_model*, const DLTensor* const*, size_t, DLManagedTensor**, size_t) =
      (int (*)(dynx_model*, const DLTensor* const*, size_t, DLManagedTensor**, size_t))dlsym(lib, "dynx_model_run");
  void (*destroy)(dynx_model*) = (void (*)(dynx_model*))dlsym(lib, "dynx_model_destroy");
  const char* (*last_error)(void) = (const char* (*)(void))dlsym(lib, "dynx_model_last_error");
  size_t (*num_outputs)(void) = (size_t(*)(void))dlsym(lib, "dynx_model_num_outputs");
  if (!create || !run || !destroy || !last_error || !num_outputs) {
    fprintf(stderr, "%s: not a dynx model\n", argv[1]);
    return 2;
  }

  int ndim = argc - 2;
  int64_t shape[8], count = 1;
  for (int d = 0; d < ndim && d < 8; ++d) count *= shape[d] = atoll(argv[2 + d]);
  float* data = malloc(sizeof(float) * (size_t)count);
  for (int64_t i = 0; i < count; ++i) data[i] = 0.01f * (float)i;
  DLTensor x = {data, {kDLCPU, 0}, ndim, {kDLFloat, 32, 1}, shape, NULL, 0};
  const DLTensor* inputs[] = {&x};

  dynx_model* model = NULL;
  if (create(NULL, &model) != DYNX_OK) {
    fprintf(stderr, "create: %s\n", last_error());
    return 1;
  }
  size_t n = num_outputs();
  DLManagedTensor* outputs[16];
  if (n > 16 || run(model, inputs, 1, outputs, n) != DYNX_OK) {
    fprintf(stderr, "run: %s\n", last_error());
    return 1;
  }
  for (size_t o = 0; o < n; ++o) {
    DLTensor* t = &outputs[o]->dl_tensor;
    int64_t elements = 1;
    printf("output %zu: [", o);
    for (int d = 0; d < t->ndim; ++d) {
      printf(d ? ", %lld" : "%lld", (long long)t->shape[d]);
      elements *= t->shape[d];
    }
    double sum = 0; /* float32 outputs, dense (dynx-aot's outputs are) */
    for (int64_t i = 0; i < elements; ++i) sum += ((const float*)t->data)[i];
    printf("] sum=%.6g\n", sum);
    outputs[o]->deleter(outputs[o]);
  }
  destroy(model);
  free(data);
  return 0;
}
