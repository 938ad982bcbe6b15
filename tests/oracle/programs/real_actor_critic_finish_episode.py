"""real: actor-critic Policy with action/value heads (compiled), SavedAction namedtuple list, and a compiled finish_episode: discounted returns over a Python reward list, torch.tensor(returns), value.item() in the loss loop -- pytorch/examples reinforcement_learning/actor_critic.py."""
from collections import namedtuple
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical
torch.manual_seed(0)

SavedAction = namedtuple("SavedAction", ["log_prob", "value"])

class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine1 = nn.Linear(4, 16)
        self.action_head, self.value_head = nn.Linear(16, 2), nn.Linear(16, 1)
        self.saved_actions, self.rewards = [], []

    def forward(self, x):
        x = F.relu(self.affine1(x))
        return F.softmax(self.action_head(x), dim=-1), self.value_head(x)

model = Policy()
cmodel = torch.compile(model)
optimizer = torch.optim.Adam(model.parameters(), lr=3e-2)
eps = 1e-6

def select_action(state):
    probs, state_value = cmodel(state)
    m = Categorical(probs)
    action = m.sample()
    model.saved_actions.append(SavedAction(m.log_prob(action), state_value))
    return action.item()

@torch.compile
def finish_episode(gamma=0.99):
    R, returns = 0, []
    for r in model.rewards[::-1]:
        R = r + gamma * R
        returns.insert(0, R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    policy_losses, value_losses = [], []
    for (log_prob, value), R in zip(model.saved_actions, returns):
        advantage = R - value.item()
        policy_losses.append(-log_prob * advantage)
        value_losses.append(F.smooth_l1_loss(value, torch.tensor([R])))
    optimizer.zero_grad()
    loss = torch.stack(policy_losses).sum() + torch.stack(value_losses).sum()
    loss.backward()
    optimizer.step()
    del model.rewards[:]
    del model.saved_actions[:]

for episode in range(2):
    for t in range(3):
        select_action(torch.rand(4))
        model.rewards.append(1.0)
    finish_episode()
