"""real: per-request sampling parameters held in a @dataclass(slots=True) (temperature, top_k, repetition_penalty stored in slots, not in __dict__) passed to a compiled logits-processing step; the serving loop reuses the object and edits its fields between requests -- vLLM SamplingParams / lightweight LLM server sampler with a slotted params object."""
import dataclasses
import torch
torch.manual_seed(0)


@dataclasses.dataclass(slots=True)
class SamplingParams:
    temperature: float = 1.0
    top_k: int = 5
    repetition_penalty: float = 1.0


@torch.compile
def process_logits(logits, prev_tokens, params):
    score = logits.gather(1, prev_tokens)
    score = torch.where(score < 0, score * params.repetition_penalty, score / params.repetition_penalty)
    logits = logits.scatter(1, prev_tokens, score)
    logits = logits / params.temperature
    kth = logits.topk(params.top_k).values[:, -1:]
    logits = logits.masked_fill(logits < kth, float("-inf"))
    return logits.softmax(-1)


logits = torch.randn(2, 10)
prev = torch.tensor([[1, 3], [2, 2]])
params = SamplingParams()
for t, k, rp in ((1.0, 5, 1.0), (0.7, 5, 1.0), (0.7, 3, 1.0), (0.7, 3, 1.3)):
    params.temperature, params.top_k, params.repetition_penalty = t, k, rp
    probs = process_logits(logits, prev, params)
    print(t, k, rp, round(probs.max().item(), 4), int((probs > 0).sum()))
