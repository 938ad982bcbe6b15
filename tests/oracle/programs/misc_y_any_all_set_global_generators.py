"""misc: any(), all() and set() over generators kept in globals, inside compiled functions: Dynamo runs each builtin through its Python polyfill and breaks inside it where the polyfill iterates the generator (missing tp_iter); the generators' frames, started at the break, are frames it gives up on -- test_builtins / test_generator.py generators made outside the frame."""
import torch


def flags():
    yield False
    yield True


def sizes():
    yield 2
    yield 2
    yield 3


FLAGS = flags()
SIZES = sizes()


@torch.compile(backend="eager")
def any_flag(x):
    return x + 1 if any(FLAGS) else x - 1


@torch.compile(backend="eager")
def all_flags(x):
    return x * 2 if all(flags()) else x / 2


@torch.compile(backend="eager")
def distinct(x):
    s = set(SIZES)
    return x * len(s)


x = torch.ones(2)
print(any_flag(x).tolist())
print(all_flags(x).tolist())
print(distinct(x).tolist())
