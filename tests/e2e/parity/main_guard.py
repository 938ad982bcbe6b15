"""Module docstring."""
import sys
print(__name__, __file__.endswith("main_guard.py"), __spec__, __package__, __doc__)
print(type(__builtins__).__name__, sys.modules["__main__"].__name__)
if __name__ == "__main__":
    print("main guard ran")
