import multiprocessing as mp
import sys
def square(x):
    return x * x
if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    with ctx.Pool(2) as pool:
        print(pool.map(square, range(10)))
    p = ctx.Process(target=print, args=("child says hi",))
    p.start(); p.join()
    print("child exit", p.exitcode, file=sys.stderr)
