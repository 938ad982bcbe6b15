"""real: DQN: a compiled td_loss reads the global target_net (replaced every 2 updates by copy.deepcopy(policy_net).eval(), as many DQN scripts sync the target) and GAMMA; a compiled epsilon-greedy act() compares pre-drawn uniforms with agent.eps, a Python float decayed per step; the replay buffer is a Python list of transition tensors stacked for each batch -- PyTorch DQN tutorial / CleanRL dqn.py with a deepcopy target sync."""
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

GAMMA = 0.9


class QNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 16)
        self.fc2 = nn.Linear(16, 2)

    def forward(self, s):
        return self.fc2(torch.relu(self.fc1(s)))


class Agent:
    def __init__(self):
        self.eps = 1.0


policy_net = QNet()
target_net = copy.deepcopy(policy_net).eval()
agent = Agent()
opt = torch.optim.Adam(policy_net.parameters(), lr=1e-2)


@torch.compile
def act(state, u, rand_action):
    greedy = policy_net(state).argmax(-1)
    return torch.where(u < agent.eps, rand_action, greedy)


@torch.compile
def td_loss(s, a, r, s2, done):
    q = policy_net(s).gather(1, a.unsqueeze(1)).squeeze(1)
    with torch.no_grad():
        q_next = target_net(s2).max(1).values
    target = r + GAMMA * q_next * (1 - done)
    return F.smooth_l1_loss(q, target)


buffer = []
state = torch.randn(1, 4)
for t in range(6):
    u = torch.rand(1)
    rand_action = torch.randint(0, 2, (1,))
    a = act(state, u, rand_action)
    s2 = torch.randn(1, 4)
    buffer.append((state[0], a[0], torch.tensor(float(t % 2)), s2[0], torch.tensor(0.0)))
    state = s2
    agent.eps = max(0.1, agent.eps * 0.5)
    if len(buffer) >= 3:
        batch = buffer[-3:]
        s, a_b, r, ns, d = (torch.stack(z) for z in zip(*batch))
        loss = td_loss(s, a_b, r, ns, d)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if t % 2 == 0:
            target_net = copy.deepcopy(policy_net).eval()
        print(t, int(a), agent.eps, round(loss.item(), 4))
