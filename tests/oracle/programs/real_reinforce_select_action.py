"""real: REINFORCE select_action: policy softmax, Categorical sample, log_prob saved, action.item() returned -- pytorch/examples reinforcement_learning/reinforce.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical
torch.manual_seed(0)

class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine1, self.affine2 = nn.Linear(4, 16), nn.Linear(16, 2)

    def forward(self, x):
        return F.softmax(self.affine2(F.relu(self.affine1(x))), dim=1)

policy = Policy()
saved_log_probs = []

@torch.compile
def select_action(state):
    probs = policy(state.unsqueeze(0))
    m = Categorical(probs)
    action = m.sample()
    saved_log_probs.append(m.log_prob(action))
    return action.item()

for _ in range(3):
    select_action(torch.rand(4))
assert len(saved_log_probs) == 3
