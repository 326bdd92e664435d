#!/usr/bin/env bats
# armylist-select: every predicate, -v, formats, statuses, the spool of
# --enemy-of, bad option values, hostile input and output.

# helpers/common at the top: in setup() bats's debug trap would run on
# every command it runs, many times its cost
load helpers/common

G=armylist-select
E=../samples/english-lists.txt
H1=../samples/armeelisten-1-60.html
P=../samples/armeelisten-61-120.txt

# Every predicate, -v, the formats, nothing matched and the bad option
# values are cases of tests/regress/armylist-select.

@test "the armylist XML every regress case of armylist-select expects validates" {
	regress_valid armylist-select armylist.rng 2
}

@test "--enemy-of reads a pipe and redirected standard input twice" {
	want=$(armylist-select -T tsv --enemy-of=22a $H1 | grep -v '^id')
	run -0 --separate-stderr bash -c 'cat "$1" | armylist-select -T tsv --enemy-of=22a' _ $H1
	assert_equal "$(grep -v '^id' <<<"$output")" "$want"
	run -0 --separate-stderr bash -c 'armylist-select -T tsv --enemy-of=22a - < "$1"' _ $H1
	assert_equal "$(grep -v '^id' <<<"$output")" "$want"
	[ -n "$want" ]
}

@test "--enemy-of: a spool that cannot be made is exit 4, nothing written" {
	[ -z "${BELLIS_VALGRIND:-}" ] || skip "TMPDIR=/nonexistent under valgrind"
	run -4 --separate-stderr bash -c 'cat "$1" | TMPDIR=/nonexistent armylist-select --enemy-of=2a' _ $H1
	assert_equal "$output" ""
	assert_equal "$stderr" "armylist-select: cannot spool '-' for --enemy-of in '/nonexistent': No such file or directory"
}

@test "--name matches characters, not bytes, whatever LC_CTYPE is" {
	local d=$BATS_TEST_TMPDIR loc
	{
		printf '1 Ägypter 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n'
		printf '2 Русь 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n'
		printf '3 Bolesława 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n'
		printf '4 Frühe Sumerer 300-200BC\n1x4Sp (Gen), 8x4Sp.\n'
	} > "$d/n.txt"
	for loc in C POSIX C.UTF-8; do
		run -0 env LC_ALL=$loc armylist-select '--name=^.gypter$|^[р]...$|^bolesł.wa$|^fr.he' -T tsv "$d/n.txt"
		assert_equal "$(printf '%s\n' "$output" | tail -n +2 | cut -f1 | tr '\n' ' ')" "1 2 3 4 "
	done
}

@test "-T jsonl: each line a JSON object with an id" {
	run -0 --separate-stderr armylist-select -T jsonl --book=II $E
	assert_equal "$(wc -l <<<"$output")" 2
	while IFS= read -r l; do jq -e .id <<<"$l" > /dev/null; done <<<"$output"
}

@test "bad input: reported, every army still written, exit 2" {
	printf 'I/1 A 100BC\nI/2 B 200BC\n1x3Bd (Gen), 11x4Bw\n' > "$BATS_TEST_TMPDIR/b.txt"
	run -2 --separate-stderr armylist-select -T tsv "$BATS_TEST_TMPDIR/b.txt"
	assert_equal "$stderr" "armylist-select: $BATS_TEST_TMPDIR/b.txt:1: error: army I/1 has no elements"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1 I/2 "
}

@test "-o: the file written; kept with a 'no' answer" {
	cd "$BATS_TEST_TMPDIR"
	run -0 armylist-select -o o.xml --book=II "$TOP/samples/english-lists.txt"
	assert_equal "$output" ""
	assert_equal "$(grep -c '<army ' o.xml)" 2
	run -1 armylist-select -o n.xml --book=I "$TOP/samples/armeelisten-1-60.html"
	grep -q '<armylists' n.xml
}

@test "hostile: junk, a directory, a missing file, /dev/full, a closed pipe" {
	head -c 4096 /dev/urandom > "$BATS_TEST_TMPDIR/junk"
	run --separate-stderr armylist-select "$BATS_TEST_TMPDIR/junk"
	[ "$status" -le 2 ]
	[[ -z $stderr || $stderr == "armylist-select: "* ]]
	run -4 --separate-stderr armylist-select "$BATS_TEST_TMPDIR"
	assert_equal "$stderr" "armylist-select: cannot read '$BATS_TEST_TMPDIR': Is a directory"
	run -4 --separate-stderr armylist-select --enemy-of=2a $E "$BATS_TEST_TMPDIR/none"
	assert_equal "$stderr" "armylist-select: cannot open '$BATS_TEST_TMPDIR/none': No such file or directory"
	run -4 --separate-stderr bash -c 'armylist-select "$1" > /dev/full' _ $E
	[[ $stderr == "armylist-select: "*"No space left on device" ]]
	run bash -c 'set -o pipefail; for i in $(seq 200); do cat "$1"; done | armylist-select -T text | head -c 10 > /dev/null; echo "${PIPESTATUS[@]}"' _ $E
	[[ $output == *141* || $output == *" 0 "* ]]
}

@test "a big collection streams: the corpus 20 times" {
	c=$CORPUS/dba22-lists.txt
	for i in $(seq 20); do cat "$c"; done > "$BATS_TEST_TMPDIR/big.txt"
	run -0 bash -c 'armylist-select --book=IV -T tsv "$1" 2>/dev/null | wc -l' _ "$BATS_TEST_TMPDIR/big.txt"
	[ "$output" -gt 1000 ]
}

# ---- the manual -----------------------------------------------------------------

@test "every EXAMPLE of armylist-select(1) runs, exit 0 (an army matched), golden" {
	man_examples armylist-select.1 0 0 0 0 0 0 0
	grep -q 'Ägypter' egypt.xml
	output=${EXAMPLES%$'\n'}
	golden "$G/examples.txt"
}

@test "armylist-select --header=FILE: chunks of a sheet select what the whole selects, also with --enemy-of" {
	cd "$BATS_TEST_TMPDIR"
	head -n 5 "$TOP/samples/armeelisten-61-120.txt" > head.txt
	sed -n '6,12p' "$TOP/samples/armeelisten-61-120.txt" > a.txt
	sed -n '13,$p' "$TOP/samples/armeelisten-61-120.txt" > b.txt
	for args in --name=r '--to=100BC' '--enemy-of=61'; do
		run -0 --separate-stderr armylist-select -T tsv "$args" "$TOP/samples/armeelisten-61-120.txt"
		want=$output
		[ "${#lines[@]}" -gt 2 ]
		run -0 --separate-stderr armylist-select --header=head.txt -T tsv "$args" - b.txt < a.txt
		assert_equal "$stderr" ""
		# two operands: the file column; the rest the whole's rows
		assert_equal "$(cut -f 2- <<<"$output")" "$want"
		# each chunk in a run of its own (--enemy-of looks for the
		# army in the run's own input)
		[ "$args" = --enemy-of=61 ] && continue
		run -0 bash -c 'for f in a.txt b.txt; do armylist-select --header=head.txt -T tsv "$0" "$f" || [ $? = 1 ]; done | awk "NR == 1 { h = \$0 } NR == 1 || \$0 != h"' "$args"
		assert_equal "$output" "$want"
	done
	run -4 --separate-stderr armylist-select --header=none.txt a.txt
	assert_equal "$stderr" "armylist-select: cannot open 'none.txt': No such file or directory"
}
