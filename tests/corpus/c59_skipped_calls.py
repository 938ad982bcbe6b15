# Calls Dynamo's trace rules refuse (torch._dynamo.trace_rules of the
# environment): a C function it has no rule for (zlib.crc32), CPython's
# warnings.warn (the C _warnings.warn) each break the graph (gb0007,
# "Attempted to call function marked as skipped"); math.sqrt is traced, and so
# is re.match on constants although its file is one Dynamo skips. Checked with
# the real Dynamo of torch 2.13: 3 graphs, 2 breaks.
# expect-graphs: 3
# expect-breaks: skipped-function@20 skipped-function@22
# expect-entries: 1
import math
import re
import warnings
import zlib
import torch


@torch.compile
def f(x):
    y = x + 1
    c = zlib.crc32(b"abc")
    y = y * (c % 7)
    warnings.warn("careful")
    y = y + math.sqrt(4.0)
    m = re.match(r"a+", "aaa")
    return y * (m is not None)


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    f(torch.ones(3))
