from .inner import describe
