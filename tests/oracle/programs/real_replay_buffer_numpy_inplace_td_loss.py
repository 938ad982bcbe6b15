"""real: DQN with a CleanRL/SB3-style ReplayBuffer keeping observations, actions and rewards in preallocated NumPy arrays (self.obs[self.pos] = obs written in place by add()); the compiled td_loss calls rb.sample(idx) which converts the array slices with torch.as_tensor, and the buffer keeps filling between updates -- stable-baselines3 ReplayBuffer / CleanRL dqn.py."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ReplayBuffer:
    def __init__(self, size, obs_dim):
        self.obs = np.zeros((size, obs_dim), dtype=np.float32)
        self.next_obs = np.zeros((size, obs_dim), dtype=np.float32)
        self.actions = np.zeros((size,), dtype=np.int64)
        self.rewards = np.zeros((size,), dtype=np.float32)
        self.pos = 0
        self.size = size

    def add(self, obs, next_obs, action, reward):
        self.obs[self.pos] = obs
        self.next_obs[self.pos] = next_obs
        self.actions[self.pos] = action
        self.rewards[self.pos] = reward
        self.pos = (self.pos + 1) % self.size

    def sample(self, idx):
        return (torch.as_tensor(self.obs[idx]), torch.as_tensor(self.next_obs[idx]),
                torch.as_tensor(self.actions[idx]), torch.as_tensor(self.rewards[idx]))


q_net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
target_net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 2))
target_net.load_state_dict(q_net.state_dict())
rb = ReplayBuffer(6, 3)
opt = torch.optim.Adam(q_net.parameters(), lr=1e-2)
idx = np.arange(4)


@torch.compile
def td_loss(gamma):
    obs, next_obs, actions, rewards = rb.sample(idx)
    with torch.no_grad():
        target = rewards + gamma * target_net(next_obs).max(dim=1).values
    q = q_net(obs).gather(1, actions.unsqueeze(1)).squeeze(1)
    return F.mse_loss(q, target)


obs = np.linspace(-1, 1, 3, dtype=np.float32)
for t in range(12):
    nxt = np.roll(obs, 1) * 0.9 + 0.1 * t
    rb.add(obs, nxt, t % 2, float(t % 3))
    obs = nxt
    if t >= 7 and t % 2 == 1:
        loss = td_loss(0.99)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(t, round(loss.item(), 4))
