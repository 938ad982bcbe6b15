import helper_mod
import parity_pkg
print(helper_mod.bump(helper_mod.VALUE), parity_pkg.describe())
