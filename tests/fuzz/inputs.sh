#!/bin/sh
# The inputs of a fuzz harness, a file a line: the files its FUZZ_SEEDS
# globs name (from the top of the tree) and tests/fixtures/fuzz/NAME/*
# (inputs that once crashed it).  Read by run.sh (the seed corpus) and
# replay.sh (make check).
#   sh tests/fuzz/inputs.sh NAME
# Exits 1, naming them on standard error, when a glob names no file or
# the harness has no FUZZ_SEEDS.
set -u
name=${1:?usage: inputs.sh NAME}
globs=$(sed -n 's/^#define FUZZ_SEEDS "\(.*\)"$/\1/p' "tests/fuzz/$name.c")
[ -n "$globs" ] || { echo "inputs.sh: $name has no FUZZ_SEEDS" >&2; exit 1; }
bad=
for g in $globs; do
	set -- $g
	[ -f "$1" ] || bad="$bad $g"
	for f in "$@"; do
		[ -f "$f" ] && echo "$f"
	done
done
for f in "tests/fixtures/fuzz/$name"/*; do
	[ -f "$f" ] && echo "$f"
done
[ -z "$bad" ] || { echo "inputs.sh: FUZZ_SEEDS of $name names no file:$bad" >&2; exit 1; }
exit 0
