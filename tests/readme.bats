#!/usr/bin/env bats
# The README's pipeline: every command of its "A pipeline" block runs as
# written (from a directory holding samples/) and exits 0.
load helpers/common

@test "README: every command of 'A pipeline' runs and exits 0" {
	local n=0 line
	cd "$BATS_TEST_TMPDIR"
	ln -s "$SAMPLES" samples
	while IFS= read -r line; do
		n=$((n + 1))
		run bash -o pipefail -c "$line"
		[ "$status" -eq 0 ] || fail "README line '$line': status $status: $output"
		[ -n "$output" ] || [[ $line == *'> '* ]] ||
		    fail "README line '$line' printed nothing"
	done < <(sed -n '/^## A pipeline/,/^Input that holds/s/^    //p' "$TOP/README.md")
	[ "$n" -ge 8 ] || fail "only $n commands found in the README"
}
