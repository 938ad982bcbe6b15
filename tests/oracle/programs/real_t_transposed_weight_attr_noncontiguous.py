"""real: a tied-projection module keeps a plain tensor attribute self.proj (not a Parameter) that is first set to emb.weight.t() (a non-contiguous transposed view) and later replaced by a contiguous copy with .t().contiguous() (export-time cleanup), each read as x @ self.proj in forward -- weight sharing through views, strides changing between calls."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Head(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.proj = weight.t()

    def forward(self, h):
        return torch.log_softmax(h @ self.proj, dim=-1)


emb = nn.Embedding(7, 4)
with torch.no_grad():
    head = Head(emb.weight.detach())
    chead = torch.compile(head)
    h = torch.randn(2, 4)
    a = chead(h)
    print(head.proj.is_contiguous(), a.argmax(-1).tolist())
    head.proj = emb.weight.detach().t().contiguous()
    b = chead(h)
    print(head.proj.is_contiguous(), torch.allclose(a, b))
    head.proj = (emb.weight.detach() * 2).t()
    c = chead(h)
    print(head.proj.is_contiguous(), round((c - a).abs().sum().item(), 4))
