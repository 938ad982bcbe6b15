"""Per-call cost of a cache hit or miss, for bench/guard_overhead.py.
usage: guard_hits.py N MODE
  MODE: empty | compiled | dynamo        2000 calls after warm-up, all hits
        miss-compiled | miss-dynamo      30 calls, each with a new size of the
                                         first argument (every call misses and
                                         records or recompiles an entry)
Prints microseconds per call."""
import sys
import time

import torch

n, mode = int(sys.argv[1]), sys.argv[2]
args = [torch.ones(2) for _ in range(n)]
names = ", ".join(f"a{i}" for i in range(n))
body = "return a0 * 2" if mode.startswith("miss") else "return None"
namespace = {}
exec(compile(f"def fn({names}):\n    {body}\n", "<bench>", "exec"), namespace)
fn = namespace["fn"]
if mode in ("compiled", "miss-compiled"):
    fn = torch.compile(fn)             # under dynx-capture -o: guards checked on each call
elif mode == "dynamo":
    fn = torch.compile(fn, backend="eager")
elif mode == "miss-dynamo":
    torch._dynamo.config.automatic_dynamic_shapes = False
    torch._dynamo.config.recompile_limit = 1000
    torch._dynamo.config.accumulated_recompile_limit = 100000
    fn = torch.compile(fn, backend="eager", dynamic=False)
if mode.startswith("miss"):
    fn(*args)  # the first entry (and, for Dynamo, its one-time setup)
    sizes = [torch.ones(k) for k in range(3, 33)]
    start = time.perf_counter()
    for first in sizes:
        fn(first, *args[1:])
    print(f"{(time.perf_counter() - start) / len(sizes) * 1e6:.3f}")
    sys.exit(0)
calls = 2000
for _ in range(20):
    fn(*args)
start = time.perf_counter()
for _ in range(calls):
    fn(*args)
print(f"{(time.perf_counter() - start) / calls * 1e6:.3f}")
