"""real: sampling warpers driven by a mutable GenerationConfig dataclass (temperature, top_k, top_p; top_k=None disables it) read inside a compiled filter function: logits / temperature, top-k threshold, nucleus cumulative-probability mask, softmax; the config is edited between prompts -- HF TopKLogitsWarper/TopPLogitsWarper with generation_config."""
import dataclasses
from typing import Optional
import torch
torch.manual_seed(0)


@dataclasses.dataclass
class GenerationConfig:
    temperature: float = 1.0
    top_k: Optional[int] = 4
    top_p: float = 1.0


gen_cfg = GenerationConfig()


@torch.compile
def filtered_probs(logits):
    logits = logits / gen_cfg.temperature
    if gen_cfg.top_k is not None:
        kth = torch.topk(logits, gen_cfg.top_k).values[..., -1, None]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    if gen_cfg.top_p < 1.0:
        sorted_logits, sorted_idx = torch.sort(logits, descending=True)
        cum = sorted_logits.softmax(-1).cumsum(-1)
        remove = cum - sorted_logits.softmax(-1) > gen_cfg.top_p
        remove = remove.scatter(-1, sorted_idx, remove)
        logits = logits.masked_fill(remove, float("-inf"))
    return logits.softmax(-1)


logits = torch.randn(2, 10)
for k, p, t in ((4, 1.0, 1.0), (2, 1.0, 1.0), (None, 0.8, 1.0), (None, 0.8, 0.7)):
    gen_cfg.top_k, gen_cfg.top_p, gen_cfg.temperature = k, p, t
    probs = filtered_probs(logits)
    print(k, p, t, (probs > 0).sum().item(), round(probs.max().item(), 4))
