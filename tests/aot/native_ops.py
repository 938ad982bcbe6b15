# Operators of the native backend at their edges, checked by dynx-aot --verify
# against eager (tests/e2e/run_aot.py, step native): NaN and infinities through
# max/min/clamp/maximum/softmax, negative and clamped slices, empty cat parts,
# rsub with alpha, float and integer remainder, int64 extremes, index.Tensor
# with negative indices, gather, cumsum, where with numbers, pooling with
# padding and ceil_mode, a computed (non-weight) matmul operand, broadcast bmm,
# a square weight both transposed and not, in-place operators on the graph's own
# tensors (a chain returned under each name, disjoint parts of an unsafe_chunk).
import torch


class Edges(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.table = torch.nn.Parameter(torch.randn(10, 4))
        self.square = torch.nn.Parameter(torch.randn(4, 4))

    def forward(self, x, y, ids, img):
        a = torch.maximum(x, y) + torch.minimum(x, y)            # NaN from either side
        b = x.clamp(-1.0, 1.0) + torch.clamp_min(y, 0.5)
        c = torch.softmax(x, -1) + torch.log_softmax(y, -1)
        d = torch.rsub(x, y, alpha=2.0) + torch.remainder(x, -1.5)
        e = x[:, -3:] * 2 + x[:, 1:-1:2].sum(-1, keepdim=True)
        f = torch.cat([x[:, :0], y, x], 1)                       # an empty part
        g = self.table[ids] + self.table[-1]                       # index.Tensor, negative index
        h = torch.gather(x, 1, ids[:, :2].clamp(0, 5)).cumsum(1)
        i = torch.where(x > 0, x, 0.25).amax(1) + x.amin(1)
        j = torch.nn.functional.max_pool2d(img, 3, 2, padding=1, ceil_mode=True).mean((2, 3))
        k = torch.nn.functional.avg_pool2d(img, 2).flatten(1)
        m = x @ y.t()                                              # product of two computed operands
        n = torch.bmm(x.unsqueeze(0).expand(3, -1, -1), y.t().unsqueeze(0).expand(3, -1, -1))  # broadcast batches
        big = ids.masked_fill(ids > 3, torch.iinfo(torch.long).min).clamp_max(torch.iinfo(torch.long).max - 1)
        q = ids.float()                                            # one square weight read transposed and not:
        t = torch.nn.functional.linear(q, self.square) + q @ self.square  # two packed copies, not one
        u = x.clone()                                              # in place on the graph's own tensors:
        u2 = u.add_(1.0)                                           # out of place, and u, u2, u3 all read
        u3 = u2.mul_(2.0)                                          # the final value
        gates = (x * y).unsafe_chunk(2, 1)
        s0, s1 = gates[0].sigmoid_(), gates[1].tanh_()             # disjoint parts of one tensor (LSTMCell)
        return a, b, c, d, e, f, g, h, i, j, k, m, n, big, ids.remainder(3), t, u, u2, u3 * u, s0 + s1


torch.manual_seed(0)
x = torch.randn(4, 6)
y = torch.randn(4, 6)
x[0, 1] = float("nan")
y[1, 2] = float("nan")
x[2, 3] = float("inf")
y[3, 0] = float("-inf")
ids = torch.tensor([[0, 3, -1, 9], [5, -10, 2, 1], [7, 7, 0, -2], [1, 2, 3, 4]])
img = torch.randn(2, 3, 7, 7)
with torch.no_grad():
    out = torch.compile(Edges().eval())(x, y, ids, img)
print([tuple(o.shape) for o in out])
