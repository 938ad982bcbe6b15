"""real: greedy decoding with a repetition penalty: the compiled logits processor builds torch.tensor(generated) from the Python list of previously generated token ids (growing every step), gathers those logits and divides/multiplies by penalty (a float attribute of the processor) -- HF RepetitionPenaltyLogitsProcessor / CTRL repetition penalty in a hand-written decode loop."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class RepetitionPenalty:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, generated, logits):
        ids = torch.tensor(generated).unsqueeze(0)
        score = torch.gather(logits, 1, ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return logits.scatter(1, ids, score)


vocab = 12
lm = nn.Sequential(nn.Embedding(vocab, 8), nn.Linear(8, vocab)).eval()
proc = RepetitionPenalty(1.5)


@torch.compile
def next_token(last, generated):
    logits = lm(last)[:, -1]
    logits = proc(generated, logits)
    return logits.argmax(-1)


with torch.no_grad():
    for penalty in (1.5, 3.0):
        proc.penalty = penalty
        generated = [1]
        for _ in range(4):
            tok = next_token(torch.tensor([[generated[-1]]]), generated)
            generated.append(int(tok))
        print(penalty, generated)
