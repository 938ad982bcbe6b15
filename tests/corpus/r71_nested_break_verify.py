# Run under --verify (an r program): every hit of the split entry replays its six
# graphs against the eager call, so the cut graphs are proven sound.
# Breaks inside called functions split every calling frame at the call, as
# Dynamo does (test_error_messages.py test_nested_graph_break): f calls helper,
# which prints (a break), and then a module whose forward branches on tensor
# data. Checked with the real Dynamo of torch 2.13 (a counting backend): 6
# graphs -- f before the call, helper before and after its print, the module's
# forward before its branch and after it, f after the module returns.
# expect-graphs: 6
# expect-ops: 1 2 1 5 2 2
# expect-breaks: side-effect@30 data-dependent-branch@23
# expect-entries: 1
import torch


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        h = self.lin(x).relu()
        if h.sum() > 0:
            h = h * 2
        return h + x


def helper(a, w):
    c = a.sin() @ w
    print("helper")
    d = c + a
    return d, c


@torch.compile
def f(x, w, blk):
    a = x * 2
    b, c = helper(a, w)
    e = blk(b)
    return e * a + c


torch.manual_seed(0)
blk = Block()
w = torch.randn(4, 4)
for i in range(3):
    f(torch.randn(3, 4), w, blk)
