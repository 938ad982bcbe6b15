"""skip: graph breaks inside nested torch.set_grad_enabled(False) / (True) blocks -- test_ctx_manager.py test_nested_grad_mode_graph_break."""
import torch
import torch._dynamo

@torch.compile
def f(x):
    before = torch.is_grad_enabled()
    with torch.set_grad_enabled(False):
        torch._dynamo.graph_break()
        with torch.set_grad_enabled(True):
            x = torch.mul(x, 5)
            torch._dynamo.graph_break()
            x = torch.sqrt(x)
            assert torch.is_grad_enabled()
        assert not torch.is_grad_enabled()
    assert torch.is_grad_enabled() == before
    return x

a = torch.ones(3, 4)
for _ in range(3):
    f(a)
