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

# sel GOLDEN ARGS...: exit 0, no stderr, stdout as the golden file
sel() {
	local g=$1
	shift
	run -0 --separate-stderr armylist-select "$@"
	assert_equal "$stderr" ""
	golden "$G/$g"
}

@test "no predicate: every army, armylist XML valid against the schema" {
	sel all.xml $E
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate armylist.rng "$BATS_TEST_TMPDIR/o.xml"
	assert_equal "$(grep -c '<army ' <<<"$output")" 6
}

@test "--id: a shell pattern, '*' across '/'" {
	sel id.tsv -T tsv --id='II/*' $E
	run -0 armylist-select -T tsv --id='*7' $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id II/37 III/17 "
}

@test "--book: any case; numbered sheets have no book" {
	sel book.tsv -T tsv --book=iii $E $P
}

@test "--year: negative is BC, bounds included" {
	sel year.tsv -T tsv --year=-275 $P $E
	run -0 armylist-select -T tsv --year=-280 $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id II/27b "
}

@test "--from and --to: the period overlaps; either alone" {
	sel from-to.tsv -T tsv --from=500 --to=1400 $E
	run -0 armylist-select -T tsv --from=1400 $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id IV/62 "
	run -0 armylist-select -T tsv --to=-1300 $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1a I/24a "
}

@test "--troop: a code or a name, in any alternative of a choice" {
	sel troop.tsv -T tsv --troop=Ritter $E $P
	run -0 armylist-select -T tsv --troop=3Bd $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1a III/17 IV/62 "
}

@test "--name: extended regex, any case, UTF-8" {
	sel name.tsv -T tsv --name='ägypt|^HITT' $H1 $E
}

@test "--enemy-of: who lists ID and whom ID lists, variants included" {
	sel enemy.tsv -T tsv --enemy-of=2a $H1
	run -0 armylist-select -T tsv --enemy-of=2 $H1
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id 2a 7 "
}

@test "--enemy-of follows the resolved references: a bare 32b after II/32a is II/32b" {
	# list text: the reader resolves them
	run -0 --separate-stderr armylist-select -T tsv --enemy-of=II/33 fixtures/armylist-parse/refs.txt
	assert_output "$(printf 'id\tname\tfrom\tto\tterrain\taggression\tenemies\telements\tlang\tdates\tsources\tdbm\tallies\ttext\tincomplete\tnotes\nII/32a\tStop For A Comma\t-300\t-300\t\t\tII/30a, II/30b, II/33\t1x3Cv (Gen), 8x4Bw, 3x2Ps\ten\t300BC\t\t\tI/1a, I/1b or I/1c\t1x3Cv (Gen), 8x4Bw, 3x2Ps\t\t\nII/32b\tFragments\t-300\t-300\t\t\tII/31\t1x3Cv (Gen), 8x4Bw, 3x2Ps\ten\t300BC\t\t\tII/5, II/6\t1x3Cv (Gen), 8x4Bw, 3x2Ps\t\t')"
	# XML written before: armylist-select resolves them itself; "33"
	# after "I/1a" is I/33, not II/33
	run -0 --separate-stderr armylist-select -T tsv --enemy-of=II/33 fixtures/armylist-select/bare-refs.xml
	assert_equal "$stderr" ""
	assert_equal "$(cut -f 1,7 <<<"$output")" "$(printf 'id\tenemies\nII/32a\t\nII/32b\t\nII/31\tII/30, 33')"
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

@test "predicates combine; -v inverts the whole" {
	sel combined.tsv -T tsv --book=II --troop=Kn $E
	sel invert.tsv -T tsv -v --book=II --troop=Kn $E
	run -1 armylist-select -T tsv --invert-match --id='I*' $E
	assert_equal "$output" "id	name	from	to	terrain	aggression	enemies	elements	lang	dates	sources	dbm	allies	text	incomplete	notes"
	run -0 armylist-select -T tsv --invert-match --id='I/*' $E
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id II/27b II/37 III/17 IV/62 "
}

@test "nothing matched: exit 1, an empty document, no message" {
	run -1 --separate-stderr armylist-select --name=zzz $E
	assert_equal "$stderr" ""
	golden "$G/none.xml"
	run -1 --separate-stderr armylist-select -T jsonl --name=zzz $E
	assert_equal "$output" ""
}

@test "-T json, jsonl, text: the writers of armylist-parse" {
	sel book2.json -T json --book=II $E
	sel book2.jsonl -T jsonl --book=II $E
	assert_equal "$(wc -l <<<"$output")" 2
	while IFS= read -r l; do jq -e .id <<<"$l" > /dev/null; done <<<"$output"
	sel book2-de.txt -T text --lang=de --book=II $E
}

@test "bad input: reported, every army still written, exit 2" {
	printf 'I/1 A 100BC\nI/2 B 200BC\n1x3Bd (Gen), 11x4Bw\n' > "$BATS_TEST_TMPDIR/b.txt"
	run -2 --separate-stderr armylist-select -T tsv "$BATS_TEST_TMPDIR/b.txt"
	assert_equal "$stderr" "armylist-select: $BATS_TEST_TMPDIR/b.txt:1: error: army I/1 has no elements"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1 I/2 "
}

@test "bad option values are usage errors naming the value" {
	t() {
		run -3 --separate-stderr armylist-select "$1" $E
		assert_equal "$output" ""
		assert_equal "$stderr" "armylist-select: $2
Try 'armylist-select --help' for more information."
	}
	t --name='(' "invalid regular expression '(' for --name (Unmatched ( or \\()"
	t --year=1x "invalid value '1x' for --year (a year: 216BC, 1066AD, or negative for BC, -100000 to 100000)"
	t --from=-200000 "invalid value '-200000' for --from (a year: 216BC, 1066AD, or negative for BC, -100000 to 100000)"
	t --book=V "invalid value 'V' for --book (valid: I, II, III, IV)"
	t --troop=Rittr "unknown troop type 'Rittr' for --troop (did you mean 'Ritter'?)"
	t --enemy-of=x/y "invalid value 'x/y' for --enemy-of (an army id: 7, 12a, I/1a, IV/83b)"
	run -3 --separate-stderr armylist-select --from=10 --to=5 $E
	assert_equal "$stderr" "armylist-select: --from 10 is after --to 5
Try 'armylist-select --help' for more information."
}

@test "-o: the file written; kept with a 'no' answer" {
	cd "$BATS_TEST_TMPDIR"
	run -0 armylist-select -o o.xml --book=II "$TOP/samples/english-lists.txt"
	assert_equal "$output" ""
	assert_equal "$(grep -c '<army ' o.xml)" 2
	run -1 armylist-select -o n.xml --book=I "$TOP/samples/armeelisten-1-60.html"
	grep -q '<armylists' n.xml
}

@test "hostile: junk, empty, a directory, /dev/full, a closed pipe" {
	head -c 4096 /dev/urandom > "$BATS_TEST_TMPDIR/junk"
	run --separate-stderr armylist-select "$BATS_TEST_TMPDIR/junk"
	[ "$status" -le 2 ]
	[[ -z $stderr || $stderr == "armylist-select: "* ]]
	run -1 --separate-stderr armylist-select /dev/null
	assert_equal "$stderr" ""
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
