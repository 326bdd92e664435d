#!/bin/sh
# make bench: run every bench/*.sh (but this one) with the bin directory.
set -eu
bin=$(cd "$1" && pwd)
for b in bench/*.sh; do
	[ "$b" = bench/run.sh ] && continue
	echo "== $b"
	sh "$b" "$bin"
	echo
done
