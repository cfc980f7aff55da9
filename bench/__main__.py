"""``python -m bench [name ...]``: run the benchmarks (all, or the named ones) and report them."""

import sys

from bench.framework import main

sys.exit(main(sys.argv[1:]))
