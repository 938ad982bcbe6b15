"""real: actor-critic Policy (shared affine1, action_head softmax, value_head) compiled; select_action samples a Categorical per environment step and appends SavedAction(log_prob, value) to model.saved_actions; finish_episode builds discounted returns in Python, normalizes with the float32 eps, smooth_l1 value loss, Adam step, then del model.rewards[:] -- pytorch/examples reinforcement_learning/actor_critic.py with a toy environment."""
from collections import namedtuple
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.distributions import Categorical
torch.manual_seed(543)

SavedAction = namedtuple('SavedAction', ['log_prob', 'value'])
gamma = 0.99


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.affine1 = nn.Linear(4, 16)
        self.action_head = nn.Linear(16, 2)
        self.value_head = nn.Linear(16, 1)
        self.saved_actions = []
        self.rewards = []

    def forward(self, x):
        x = F.relu(self.affine1(x))
        action_prob = F.softmax(self.action_head(x), dim=-1)
        state_values = self.value_head(x)
        return action_prob, state_values


model = Policy()
cmodel = torch.compile(model)
optimizer = optim.Adam(model.parameters(), lr=3e-2)
eps = np.finfo(np.float32).eps.item()


def select_action(state):
    state = torch.from_numpy(state).float()
    probs, state_value = cmodel(state)
    m = Categorical(probs)
    action = m.sample()
    model.saved_actions.append(SavedAction(m.log_prob(action), state_value))
    return action.item()


def finish_episode():
    R = 0
    saved_actions = model.saved_actions
    policy_losses, value_losses, returns = [], [], []
    for r in model.rewards[::-1]:
        R = r + gamma * R
        returns.insert(0, R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    for (log_prob, value), R in zip(saved_actions, returns):
        advantage = R - value.item()
        policy_losses.append(-log_prob * advantage)
        value_losses.append(F.smooth_l1_loss(value, torch.tensor([R])))
    optimizer.zero_grad()
    loss = torch.stack(policy_losses).sum() + torch.stack(value_losses).sum()
    loss.backward()
    optimizer.step()
    del model.rewards[:]
    del model.saved_actions[:]
    return loss.item()


rng = np.random.RandomState(0)
running_reward = 10
for i_episode in range(1, 4):
    state = rng.randn(4).astype(np.float64)
    ep_reward = 0
    for t in range(1, 6):
        action = select_action(state)
        state = state + (0.1 if action == 1 else -0.1) + 0.01 * rng.randn(4)
        reward = 1.0 if abs(state[1]) < 0.6 else 0.0
        model.rewards.append(reward)
        ep_reward += reward
    running_reward = 0.05 * ep_reward + (1 - 0.05) * running_reward
    loss = finish_episode()
    print(i_episode, ep_reward, round(running_reward, 4), round(loss, 4))
