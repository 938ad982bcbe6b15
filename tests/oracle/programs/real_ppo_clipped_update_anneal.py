"""real: PPO update epochs: compiled loss with clipped ratio (clip_eps a Python float annealed each epoch), advantage normalisation, value loss and entropy bonus coefficient read from a global config dict -- CleanRL ppo.py / SB3 PPO.train shape."""
import torch
import torch.nn as nn
from torch.distributions import Categorical
torch.manual_seed(0)

CFG = {"vf_coef": 0.5, "ent_coef": 0.01, "norm_adv": True}

class ActorCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, 16), nn.Tanh())
        self.pi = nn.Linear(16, 2)
        self.v = nn.Linear(16, 1)

    def forward(self, obs):
        h = self.body(obs)
        return self.pi(h), self.v(h).squeeze(-1)

net = ActorCritic()
opt = torch.optim.Adam(net.parameters(), lr=1e-2)

@torch.compile
def ppo_loss(obs, actions, old_logp, adv, returns, clip_eps):
    logits, value = net(obs)
    logp = torch.log_softmax(logits, -1).gather(1, actions[:, None]).squeeze(1)
    ent = -(torch.softmax(logits, -1) * torch.log_softmax(logits, -1)).sum(-1).mean()
    if CFG["norm_adv"]:
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    ratio = (logp - old_logp).exp()
    pg = torch.max(-adv * ratio, -adv * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)).mean()
    vloss = 0.5 * (value - returns).pow(2).mean()
    return pg + CFG["vf_coef"] * vloss - CFG["ent_coef"] * ent

obs = torch.randn(8, 4)
with torch.no_grad():
    logits, _ = net(obs)
    dist = Categorical(logits=logits)
    actions = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1])
    old_logp = dist.log_prob(actions)
adv = torch.randn(8)
returns = torch.randn(8)
for epoch in range(3):
    clip_eps = 0.2 * (1 - epoch / 3)
    loss = ppo_loss(obs, actions, old_logp, adv, returns, clip_eps)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 4))
CFG["ent_coef"] = 0.0
print("no-ent", round(ppo_loss(obs, actions, old_logp, adv, returns, 0.1).item(), 4))
