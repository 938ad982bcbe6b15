"""real: PPO update -- rollout of an ActorCritic (Categorical policy head, value head) compiled with torch.compile, GAE advantages computed backwards in a Python loop with lastgaelam, update_epochs over shuffled minibatch indices (np.random.permutation), ratio = (newlogprob - logprob).exp(), clipped surrogate, clipped value loss, entropy bonus, clip_grad_norm_, approx_kl read with .item() -- CleanRL ppo.py."""
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.distributions.categorical import Categorical
torch.manual_seed(1)
np.random.seed(1)


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


class Agent(nn.Module):
    def __init__(self, obs_dim, n_act):
        super().__init__()
        self.critic = nn.Sequential(layer_init(nn.Linear(obs_dim, 16)), nn.Tanh(), layer_init(nn.Linear(16, 1), std=1.0))
        self.actor = nn.Sequential(layer_init(nn.Linear(obs_dim, 16)), nn.Tanh(), layer_init(nn.Linear(16, n_act), std=0.01))

    def get_value(self, x):
        return self.critic(x)

    def forward(self, x, action=None):
        logits = self.actor(x)
        probs = Categorical(logits=logits)
        if action is None:
            action = probs.sample()
        return action, probs.log_prob(action), probs.entropy(), self.critic(x)


num_steps, num_envs, obs_dim, n_act = 6, 2, 4, 3
gamma, gae_lambda, clip_coef, ent_coef, vf_coef, max_grad_norm = 0.99, 0.95, 0.2, 0.01, 0.5, 0.5
batch_size = num_steps * num_envs
minibatch_size = 4
agent = Agent(obs_dim, n_act)
cagent = torch.compile(agent)
optimizer = optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)

for iteration in range(2):
    obs = torch.zeros((num_steps, num_envs, obs_dim))
    actions = torch.zeros((num_steps, num_envs))
    logprobs = torch.zeros((num_steps, num_envs))
    rewards = torch.zeros((num_steps, num_envs))
    dones = torch.zeros((num_steps, num_envs))
    values = torch.zeros((num_steps, num_envs))
    next_obs = torch.randn(num_envs, obs_dim)
    next_done = torch.zeros(num_envs)
    for step in range(num_steps):
        obs[step] = next_obs
        dones[step] = next_done
        with torch.no_grad():
            action, logprob, _, value = cagent(next_obs)
            values[step] = value.flatten()
        actions[step] = action
        logprobs[step] = logprob
        rewards[step] = (action == 1).float()
        next_obs = next_obs + 0.1 * torch.randn(num_envs, obs_dim)
        next_done = torch.tensor([float(step == 3), 0.0])
    with torch.no_grad():
        next_value = agent.get_value(next_obs).reshape(1, -1)
        advantages = torch.zeros_like(rewards)
        lastgaelam = 0
        for t in reversed(range(num_steps)):
            if t == num_steps - 1:
                nextnonterminal = 1.0 - next_done
                nextvalues = next_value
            else:
                nextnonterminal = 1.0 - dones[t + 1]
                nextvalues = values[t + 1]
            delta = rewards[t] + gamma * nextvalues * nextnonterminal - values[t]
            advantages[t] = lastgaelam = delta + gamma * gae_lambda * nextnonterminal * lastgaelam
        returns = advantages + values
    b_obs = obs.reshape((-1, obs_dim))
    b_logprobs = logprobs.reshape(-1)
    b_actions = actions.reshape(-1)
    b_advantages = advantages.reshape(-1)
    b_returns = returns.reshape(-1)
    b_values = values.reshape(-1)
    b_inds = np.arange(batch_size)
    for epoch in range(2):
        np.random.shuffle(b_inds)
        for start in range(0, batch_size, minibatch_size):
            mb_inds = b_inds[start:start + minibatch_size]
            _, newlogprob, entropy, newvalue = cagent(b_obs[mb_inds], b_actions.long()[mb_inds])
            logratio = newlogprob - b_logprobs[mb_inds]
            ratio = logratio.exp()
            with torch.no_grad():
                approx_kl = ((ratio - 1) - logratio).mean()
            mb_advantages = b_advantages[mb_inds]
            mb_advantages = (mb_advantages - mb_advantages.mean()) / (mb_advantages.std() + 1e-8)
            pg_loss1 = -mb_advantages * ratio
            pg_loss2 = -mb_advantages * torch.clamp(ratio, 1 - clip_coef, 1 + clip_coef)
            pg_loss = torch.max(pg_loss1, pg_loss2).mean()
            newvalue = newvalue.view(-1)
            v_loss_unclipped = (newvalue - b_returns[mb_inds]) ** 2
            v_clipped = b_values[mb_inds] + torch.clamp(newvalue - b_values[mb_inds], -clip_coef, clip_coef)
            v_loss_clipped = (v_clipped - b_returns[mb_inds]) ** 2
            v_loss = 0.5 * torch.max(v_loss_unclipped, v_loss_clipped).mean()
            loss = pg_loss - ent_coef * entropy.mean() + v_loss * vf_coef
            optimizer.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), max_grad_norm)
            optimizer.step()
    print(iteration, round(loss.item(), 5), round(approx_kl.item(), 6), round(rewards.sum().item(), 1))
