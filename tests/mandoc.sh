#!/bin/sh
# mandoc -T lint -W warning on every page of man/: one stage of the
# test tiers.  Prints "ok mandoc -T lint: N pages" or the warnings and
# "not ok mandoc -T lint".
set -u
set -- man/*.[157]
[ -e "$1" ] || { echo "not ok mandoc -T lint: no page in man/"; exit 1; }
if out=$(mandoc -T lint -W warning "$@" 2>&1) && [ -z "$out" ]; then
	echo "ok mandoc -T lint: $# pages"
else
	printf '%s\n' "$out"
	echo "not ok mandoc -T lint"
	exit 1
fi
