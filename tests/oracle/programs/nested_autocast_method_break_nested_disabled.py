"""nested: in a module's forward, a nested autocast(enabled=False) block, then a method that graph-breaks called inside autocast(cpu, bfloat16), then a method that does not -- test_ctx_manager.py test_autocast_graph_break_method."""
import torch

class M(torch.nn.Module):
    def __init__(self, bias):
        super().__init__()
        self.bias = bias

    def mm_plain(self, x, y):
        return torch.mm(x, y) + self.bias

    def mm_breaks(self, x, y):
        torch._dynamo.graph_break()
        return torch.mm(x, y) + self.bias

    def forward(self, a, b):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=False):
                g = torch.mm(a, b)
            h = self.mm_breaks(a, b)
            k = self.mm_plain(a, b)
        return h, k, g

torch.manual_seed(0)
m = torch.compile(M(torch.rand(4, 4, dtype=torch.bfloat16)))
a, b = torch.rand(4, 4), torch.rand(4, 4)
for _ in range(2):
    print([t.dtype for t in m(a, b)])
