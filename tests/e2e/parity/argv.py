import sys
print("argv:", sys.argv)
print("orig_argv tail:", sys.orig_argv[1:])
