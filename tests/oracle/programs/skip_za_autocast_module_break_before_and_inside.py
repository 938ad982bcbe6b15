"""skip: a module's forward graph-breaks once before and once inside a CPU bfloat16 autocast block that multiplies matrices; the output dtype comes out bfloat16 -- test_ctx_manager.py test_autocast_cpu_graph_break."""
import torch


class MyModule(torch.nn.Module):
    def forward(self, x):
        a = torch.full((4, 4), 0.5) * x
        b = torch.eye(4)
        torch._dynamo.graph_break()
        d = torch.full((4, 4), 0.25)
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            e = torch.mm(a, b)
            torch._dynamo.graph_break()
            f = torch.mm(d, e)
        return f


mod = torch.compile(MyModule(), backend="eager")
for v in (0.5, 1.0):
    out = mod(torch.tensor([v]))
    print(out.dtype, out.float().sum().item())
