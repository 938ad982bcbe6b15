"""real: PPO evaluate_actions compiled: Categorical(logits=...) log_prob and entropy of the taken actions; the script first runs with distribution argument validation on (torch's default), then calls torch.distributions.Distribution.set_default_validate_args(False) for speed, as stable-baselines3 does at import, and evaluates again -- SB3 policies.py / CleanRL ppo.py get_action_and_value."""
import torch
import torch.nn as nn
from torch.distributions import Categorical, Distribution
torch.manual_seed(0)


class Agent(nn.Module):
    def __init__(self):
        super().__init__()
        self.actor = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
        self.critic = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))

    def get_action_and_value(self, x, action):
        probs = Categorical(logits=self.actor(x))
        return probs.log_prob(action), probs.entropy(), self.critic(x)


agent = Agent()
evaluate = torch.compile(agent.get_action_and_value)
obs = torch.randn(6, 4)
act = torch.tensor([0, 1, 2, 1, 0, 2])
opt = torch.optim.Adam(agent.parameters(), lr=1e-2)
for step in range(4):
    if step == 2:
        Distribution.set_default_validate_args(False)
    logp, ent, v = evaluate(obs, act)
    loss = -(logp * 0.5).mean() - 0.01 * ent.mean() + v.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(ent.mean().item(), 4))
