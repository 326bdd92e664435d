#!/bin/sh
# Rewrite the list of message codes in the DIAGNOSTICS section of every
# tool's manual from the catalogue (lib/core/diagcat.h), between the
# comment lines '.\" codes: begin' and '.\" codes: end' (added before the
# section's end when missing).  The unit test test_diagcat checks that
# pages and catalogue agree; run this after changing the catalogue.  The
# findings of armylist-check (the second catalogue) are listed with their
# explanations in its Checks list, by hand: "test_diagcat -f
# armylist-check" prints the lines that list must hold.
#   usage: tests/diagman.sh [BUILD_DIR]      (default build)
set -eu
cd "$(dirname "$0")/.."
b=${1:-build}
for page in man/*.1; do
	tool=$(basename "$page" .1)
	list=$("$b/tests/test_diagcat" "$tool") || exit 1
	tmp=$page.tmp
	awk -v list="$list" '
	function block() {
		print ".\\\" codes: begin (tests/diagman.sh writes this list)"
		if (list != "") {
			print ".Pp"
			print "The messages about the input, by code and level:"
			print ".Bl -tag -width Ds"
			print list
			print ".El"
		}
		print ".\\\" codes: end"
	}
	/^\.\\" codes: begin/ { skip = 1; block(); done = 1; next }
	/^\.\\" codes: end/ { skip = 0; next }
	skip { next }
	/^\.Sh / && insec && !done { block(); done = 1 }
	/^\.Sh / { insec = ($0 == ".Sh DIAGNOSTICS") }
	{ print }
	END { if (insec && !done) block() }
	' "$page" > "$tmp"
	mv "$tmp" "$page"
done
