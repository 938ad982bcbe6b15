"""real: HF GPT2LMHeadModel (tiny config, random weights) compiled, train steps with labels and AdamW, then eval loss under no_grad -- transformers GPT2 fine-tuning loop."""
import torch
from transformers import GPT2Config, GPT2LMHeadModel
torch.manual_seed(0)

config = GPT2Config(vocab_size=100, n_positions=32, n_embd=32, n_layer=2, n_head=2)
model = GPT2LMHeadModel(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for _ in range(2):
    ids = torch.randint(0, 100, (2, 8))
    loss = cmodel(input_ids=ids, labels=ids).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
model.eval()
with torch.no_grad():
    cmodel(input_ids=torch.randint(0, 100, (2, 8)), labels=torch.randint(0, 100, (2, 8))).loss.item()
