"""real: torchtune/torchtitan-style setting torch._dynamo.config.capture_scalar_outputs = True and compiling a train step that logs loss.item(), accuracy (pred == y).float().mean().item() and num_tokens = int(mask.sum().item()) inside; the step divides the summed loss by the python num_tokens and uses `if num_tokens == 0` guard; padded batches with varying mask counts."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)

model = nn.Sequential(nn.Embedding(32, 16), nn.Linear(16, 32))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile(backend="eager")
def train_step(tokens, labels, mask):
    logits = model(tokens)
    loss_sum = (F.cross_entropy(logits.view(-1, 32), labels.view(-1), reduction="none") * mask.view(-1)).sum()
    num_tokens = int(mask.sum().item())
    if num_tokens == 0:
        return {"loss": 0.0, "acc": 0.0, "tokens": 0}
    loss = loss_sum / num_tokens
    loss.backward()
    acc = ((logits.argmax(-1) == labels).float() * mask).sum().item() / num_tokens
    return {"loss": loss.item(), "acc": acc, "tokens": num_tokens}


for lengths in ([6, 4], [5, 5], [3, 6]):
    tokens = torch.randint(0, 32, (2, 6))
    labels = torch.randint(0, 32, (2, 6))
    mask = (torch.arange(6)[None, :] < torch.tensor(lengths)[:, None]).float()
    opt.zero_grad()
    m = train_step(tokens, labels, mask)
    opt.step()
    print(m["tokens"], round(m["loss"], 3), round(m["acc"], 3))
