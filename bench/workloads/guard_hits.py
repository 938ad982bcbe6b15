"""Per-call cost of a cache hit, for bench/guard_overhead.py.
usage: guard_hits.py N MODE   (MODE: empty | eager | compiled | dynamo)
Times 2000 calls of a function of N tensor arguments (after warm-up) and
prints microseconds per call."""
import sys
import time

import torch

n, mode = int(sys.argv[1]), sys.argv[2]
args = [torch.ones(2) for _ in range(n)]
names = ", ".join(f"a{i}" for i in range(n))
source = f"def fn({names}):\n    return None\n"
namespace = {}
exec(compile(source, "<bench>", "exec"), namespace)
fn = namespace["fn"]
if mode == "compiled":
    fn = torch.compile(fn)             # under dynx-capture -o: guards checked on each call
elif mode == "dynamo":
    fn = torch.compile(fn, backend="eager")
calls = 2000
for _ in range(20):
    fn(*args)
start = time.perf_counter()
for _ in range(calls):
    fn(*args)
print(f"{(time.perf_counter() - start) / calls * 1e6:.3f}")
