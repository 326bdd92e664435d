#!/bin/sh
# Rewrite the list of message codes in the DIAGNOSTICS section of every
# tool's manual from the catalogue (lib/core/diagcat.h), between the
# comment lines '.\" codes: begin' and '.\" codes: end' (added before the
# section's end when missing).  Lines written by hand after a code's
# message (a paragraph that explains it) stay after that code's.  The unit test test_diagcat checks that
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
	# the hand-written lines after the message of a code of the old list
	function keep(line) {
		if (line ~ /^\.It Sy /) {
			code = line; sub(/^\.It Sy /, "", code); sub(/ .*/, "", code)
			after = 1
		} else if (line ~ /^\.El/)
			code = ""
		else if (code != "" && after)
			after = 0       # the message: the catalogue writes it
		else if (code != "")
			extra[code] = extra[code] line "\n"
	}
	function block(   n, i, l, c) {
		print ".\\\" codes: begin (tests/diagman.sh writes this list)"
		if (list != "") {
			print ".Pp"
			print "The messages about the input, by code and level:"
			print ".Bl -tag -width Ds"
			n = split(list, l, "\n")
			for (i = 1; i <= n; i++) {
				print l[i]
				if (l[i] ~ /^\.It Sy /) {
					c = l[i]; sub(/^\.It Sy /, "", c); sub(/ .*/, "", c)
				} else if (c in extra) {
					printf "%s", extra[c]
					delete extra[c]
				}
			}
			print ".El"
		}
		print ".\\\" codes: end"
	}
	/^\.\\" codes: begin/ { skip = 1; next }
	/^\.\\" codes: end/ { skip = 0; block(); done = 1; next }
	skip { keep($0); next }
	/^\.Sh / && insec && !done { block(); done = 1 }
	/^\.Sh / { insec = ($0 == ".Sh DIAGNOSTICS") }
	{ print }
	END { if (insec && !done) block() }
	' "$page" > "$tmp"
	mv "$tmp" "$page"
done
