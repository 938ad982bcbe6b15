"""recomp: a transformers ModelOutput passed in with an optional field None, then set, then a field added after construction -- test_model_output.py test_mo_getattr / test_mo_getitem."""
import torch
from transformers.modeling_outputs import BaseModelOutput

torch.manual_seed(0)


@torch.compile
def pool(out):
    h = out.last_hidden_state
    if out.hidden_states is not None:
        h = h + sum(out.hidden_states)
    return h.mean(dim=1), len(out.to_tuple())


h = torch.randn(2, 3, 4)
r, n = pool(BaseModelOutput(last_hidden_state=h))
print(round(r.sum().item(), 4), n)
r, n = pool(BaseModelOutput(last_hidden_state=h, hidden_states=(h, h * 2)))
print(round(r.sum().item(), 4), n)
o = BaseModelOutput(last_hidden_state=h)
o["attentions"] = (h,)
r, n = pool(o)
print(round(r.sum().item(), 4), n)
