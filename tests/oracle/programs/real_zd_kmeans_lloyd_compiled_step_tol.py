"""real: k-means clustering in torch (kmeans_pytorch / fast_pytorch_kmeans style) -- initialize centroids by random sampling with np.random.choice, compiled pairwise_distance via (A - B) ** 2 summed, choice_cluster = argmin, per-cluster means with `for index in range(num_clusters): selected = torch.nonzero(choice_cluster == index).squeeze(); selected = torch.index_select(X, 0, selected)`, center_shift computed and `if center_shift ** 2 < tol: break`; run on two datasets of different size."""
import numpy as np
import torch
torch.manual_seed(0)
np.random.seed(0)


def initialize(X, num_clusters):
    num_samples = len(X)
    indices = np.random.choice(num_samples, num_clusters, replace=False)
    return X[indices]


@torch.compile(backend="eager")
def pairwise_distance(data1, data2):
    A = data1.unsqueeze(dim=1)
    B = data2.unsqueeze(dim=0)
    dis = (A - B) ** 2.0
    return dis.sum(dim=-1).squeeze()


@torch.compile(backend="eager")
def kmeans_step(X, initial_state, num_clusters):
    dis = pairwise_distance(X, initial_state)
    choice_cluster = torch.argmin(dis, dim=1)
    initial_state_pre = initial_state.clone()
    for index in range(num_clusters):
        selected = torch.nonzero(choice_cluster == index).squeeze()
        selected = torch.index_select(X, 0, selected)
        initial_state[index] = selected.mean(dim=0)
    center_shift = torch.sum(torch.sqrt(torch.sum((initial_state - initial_state_pre) ** 2, dim=1)))
    return choice_cluster, center_shift


def kmeans(X, num_clusters, tol=1e-4, iter_limit=5):
    initial_state = initialize(X, num_clusters)
    iteration = 0
    while True:
        choice_cluster, center_shift = kmeans_step(X, initial_state, num_clusters)
        iteration = iteration + 1
        if center_shift ** 2 < tol or iteration >= iter_limit:
            break
    return choice_cluster, initial_state, iteration


for n in (24, 30):
    X = torch.cat([torch.randn(n // 2, 2) + 3, torch.randn(n - n // 2, 2) - 3])
    ids, centers, its = kmeans(X, num_clusters=2)
    print(n, its, ids.bincount().tolist())
