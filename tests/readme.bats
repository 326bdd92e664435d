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

@test "README: the sorted TSV keeps its header first; the table of problems of the club's lists" {
	cd "$BATS_TEST_TMPDIR"
	ln -s "$SAMPLES" samples
	armylist-parse samples/armeelisten-1-60.html samples/english-lists.txt > lists.xml
	line=$(grep -F 'sort -t' "$TOP/README.md" | grep -F 'read -r h' | sed 's/^    //')
	run bash -o pipefail -c "$line"
	assert_line --index 0 "id	name	from	to"
	assert_line --index 1 "1	Frühe Sumerer	-3000	-2800"
	run -2 --separate-stderr armylist-check --rules=dba22 -T tsv samples/club-submissions.txt
	assert_output "file	line	army	severity	code	message	col
samples/club-submissions.txt	11	II/12	error	element-total	elements total 11, expected 12	
samples/club-submissions.txt	11	II/12	error	aggression-range	aggression 9 outside 0-4	
samples/club-submissions.txt	21	II/27a	error	unknown-troop	unknown troop type 'Pz' (did you mean 'Pk'?)	38
samples/club-submissions.txt	17	II/27a	warning	unknown-terrain	terrain 'Hily' names no home topography of dba22 (did you mean 'Hilly'?)	"
}
