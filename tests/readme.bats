#!/usr/bin/env bats
# The README's examples: every command of its "A pipeline" block runs as
# written (from a directory holding samples/) and exits 0; the command
# of "Bad input" prints the table it promises; those of "Checking
# players' entries" run with their status.
load helpers/common

# readme_block HEADING: the indented lines of README.md's section HEADING.
readme_block() {
	sed -n "/^## $1\$/,/^## /s/^    //p" "$TOP/README.md"
}

@test "README: every command of 'A pipeline' runs and exits 0" {
	local n=0 line out re='(-o|>) ([^ ]+)'
	cd "$BATS_TEST_TMPDIR"
	ln -s "$SAMPLES" samples
	while IFS= read -r line; do
		n=$((n + 1))
		run bash -o pipefail -c "$line"
		[ "$status" -eq 0 ] || fail "README line '$line': status $status: $output"
		# a line that writes a file may print nothing, but the file has
		# something in it
		out=
		[[ $line =~ $re ]] && out=${BASH_REMATCH[2]}
		[ -n "$output" ] || [ -n "$out" ] ||
		    fail "README line '$line' printed nothing"
		[ -z "$out" ] || [ -s "$out" ] ||
		    fail "README line '$line' wrote nothing to $out"
	done < <(readme_block 'A pipeline')
	[ "$n" -ge 8 ] || fail "only $n commands found in the README"
}

@test "README: the pipeline goes from German sheets to cards, with DBA 3.0" {
	local block
	block=$(readme_block 'A pipeline')
	for want in 'armylist-parse samples/armeelisten' 'armylist-check' \
	    'combat-calc' 'refcard-render' '--rules=dba3' \
	    'campaign-catastrophe'; do
		[[ $block == *"$want"* ]] || fail "'A pipeline' has no '$want'"
	done
}

@test "README: the table of problems of the club's lists" {
	local line
	cd "$BATS_TEST_TMPDIR"
	ln -s "$SAMPLES" samples
	line=$(readme_block 'Bad input')
	[ "$line" = 'armylist-check --rules=dba22 -T tsv samples/club-submissions.txt' ] ||
	    fail "'Bad input' shows '$line'"
	run -2 --separate-stderr bash -c "$line"
	assert_output "file	line	army	severity	code	message	col
samples/club-submissions.txt	11	II/12	error	element-total	elements total 11, expected 12	
samples/club-submissions.txt	11	II/12	error	aggression-range	aggression 9 outside 0-4	
samples/club-submissions.txt	21	II/27a	error	unknown-troop	unknown troop type 'Pz' (did you mean 'Pk'?)	38
samples/club-submissions.txt	17	II/27a	warning	unknown-terrain	terrain 'Hily' names no home topography of dba22 (did you mean 'Hilly'?)	"
}

@test "README: the commands of 'Checking players' entries' run, with their status" {
	local cmds
	cd "$BATS_TEST_TMPDIR"
	ln -s "$SAMPLES" samples
	mapfile -t cmds < <(readme_block "Checking players' entries")
	[ "${#cmds[@]}" -eq 4 ] || fail "${#cmds[@]} commands, not 4"
	# the entries hold illegal ones: armylist-check says so (1)
	run -1 --separate-stderr bash -c "${cmds[0]}"
	run -1 --separate-stderr bash -c "${cmds[1]}"
	# the club page's lists: four armies, each one line of the table
	run -0 --separate-stderr bash -o pipefail -c "${cmds[2]}"
	assert_equal "$stderr" ""
	assert_output "id	name	elements
III/29b	Welsh	1x3Cv (Gen), 3x3Wb, 2x3Ax, 4x3Bw, 2xPs
III/40b	Norse Irish	1x3Bd (Gen), 2x4Bd, 6x3Wb, 2x2Ps, 1x3Bw
III/36	Nan-chao	1xCv (Gen), 2xCv, 2x4Bw or Ps, 2x4Pk, 4x3Pk or 3Ax, 1x4Cb
III/10	Tibetan	1xCv (Gen), 3xCv, 3xLH, 2x4Bw, 2x3Ax, 1xPs"
	# the club's web page: three armies from its headings and lists,
	# one warning for its footer
	run -0 --separate-stderr bash -o pipefail -c "${cmds[3]}"
	assert_equal "$stderr" "armylist-parse: samples/club-page.html: warning: 2 lines of the page's text in no army record, passed over (lines 49, 54)"
	assert_output "id	name	elements
III/29b	Welsh	1x3Cv (Gen), 3x3Wb, 2x3Ax, 4x3Bw, 2xPs
III/40b	Norse Irish	1x3Bd (Gen), 2x4Bd, 6x3Wb, 2x2Ps, 1x3Bw
III/10	Tibetan	1xCv (Gen), 3xCv, 3xLH, 2x4Bw, 2x3Ax, 1xPs"
}
