"""real: HF MixtralForCausalLM (tiny config, 4 local experts, top-2 routing) compiled, trained one step with labels and output_router_logits=True (aux load-balancing loss), then scored in eval without router logits on two sequence lengths -- transformers Mixtral sparse-MoE fine-tune / inference."""
import torch
from transformers import MixtralConfig, MixtralForCausalLM
torch.manual_seed(0)

config = MixtralConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                       num_attention_heads=2, num_key_value_heads=1, num_local_experts=4,
                       num_experts_per_tok=2, max_position_embeddings=64, router_aux_loss_coef=0.02)
model = MixtralForCausalLM(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
ids = torch.randint(0, 100, (2, 6))
model.train()
out = cmodel(input_ids=ids, labels=ids, output_router_logits=True)
out.loss.backward()
opt.step()
opt.zero_grad()
print("train", round(out.loss.item(), 3), round(out.aux_loss.item(), 3))
model.eval()
with torch.no_grad():
    for n in (6, 9):
        ids = torch.randint(0, 100, (2, n))
        print("eval", n, round(cmodel(input_ids=ids).logits[:, -1].sum().item(), 3))
