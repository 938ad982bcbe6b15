"""skip: breaks inside torch.autocast("cpu") and inside a nested autocast(enabled=False), plus a staticmethod helper that breaks, in a module's forward -- test_ctx_manager.py test_autocast_cpu_graph_break_inner_fn."""
import torch
import torch._dynamo

class M(torch.nn.Module):
    @staticmethod
    def mm_breaks(a, b):
        torch._dynamo.graph_break()
        return torch.mm(a, b)

    def forward(self, a, b):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            torch._dynamo.graph_break()
            with torch.autocast(device_type="cpu", dtype=torch.bfloat16, enabled=False):
                torch._dynamo.graph_break()
                g = torch.mm(a, b)
            h = self.mm_breaks(a, b)
        return h.float() + g

torch.manual_seed(0)
m = torch.compile(M())
m(torch.rand(4, 4), torch.rand(4, 4))
m(torch.rand(4, 4), torch.rand(4, 4))
