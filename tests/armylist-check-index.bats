#!/usr/bin/env bats
# armylist-check over a whole collection and in parts: JSON Lines
# read as XML is, duplicates and references across the
# collection (army/idindex), --write-index and --index, chunks checked
# alone against the index giving the whole run's findings, bad indexes.
load helpers/common

L=fixtures/armylist-check/index-lists.txt
G=armylist-check

setup() {
	D=$BATS_TEST_TMPDIR
	armylist-parse -T jsonl $L > "$D/all.jsonl"
	armylist-parse $L > "$D/all.xml"
}

# chunks: all.jsonl in 3 parts by lines, as split or parallel --pipe cut
chunks() {
	split -n l/3 "$D/all.jsonl" "$D/part."
}

# The findings of the whole collection, exact: the case
# tests/regress/armylist-check/index-whole.

@test "index: JSON Lines and XML of the same lists, the same findings" {
	run -1 --separate-stderr armylist-check $L
	local want=$output
	run -1 --separate-stderr armylist-check "$D/all.jsonl"
	assert_output "$want"
	run -1 --separate-stderr armylist-check "$D/all.xml"
	assert_output "$want"
	# a JSON Lines chunk alone (no first line) is read as it is
	tail -n 4 "$D/all.jsonl" > "$D/tail.jsonl"
	run -0 --separate-stderr armylist-check -T tsv < "$D/tail.jsonl"
	assert_output "file	line	army	severity	code	message	col
$L	29	7	warning	unknown-reference	enemy '1' names no army in the input	
$L	29	7	warning	unknown-reference	enemy '66' names no army in the input	
$L	37	9	warning	unknown-reference	enemy '2' names no army in the input	
$L	41	4a	warning	unknown-reference	enemy '99' names no army in the input	"
}

@test "index: --write-index writes id, file and line of each army read" {
	run -1 --separate-stderr armylist-check --write-index="$D/ids.tsv" -o /dev/null "$D/all.jsonl"
	assert_output ""
	run cat "$D/ids.tsv"
	golden $G/index-ids.tsv
	# an army without an id (?) has no row; the cells are TSV-escaped
	printf '{"id":"?","file":"a\\tb","line":3,"name":{"lang":"en","text":"A"},"enemies":[],"elements":{"items":[{"count":12,"general":true,"troops":[{"code":"Sp"}]}]}}\n{"id":"5","file":"a\\tb","line":4,"name":{"lang":"en","text":"A"},"enemies":[],"elements":{"items":[{"count":12,"general":true,"troops":[{"code":"Sp"}]}]}}\n' |
	    armylist-check --write-index="$D/q.tsv" > /dev/null 2>&1 || true
	assert_equal "$(cat "$D/q.tsv")" "id	file	line
5	a\\tb	4"
}

@test "index: 3 chunks checked with the index, joined, are the whole run with it" {
	local f
	armylist-check --write-index="$D/ids.tsv" -o /dev/null "$D/all.jsonl" || true
	chunks
	for f in text tsv jsonl; do
		armylist-check -T $f --index="$D/ids.tsv" "$D/all.jsonl" > "$D/whole.$f" 2>/dev/null || true
		for p in "$D"/part.a?; do
			# a TSV's header is per run: kept once
			armylist-check -T $f --index="$D/ids.tsv" "$p" 2>/dev/null |
			    { [ $f != tsv ] || [ "$p" = "$D/part.aa" ] && cat || tail -n +2; }
		done > "$D/joined.$f"
		cmp "$D/whole.$f" "$D/joined.$f"
	done
	run cat "$D/whole.text"
	golden $G/index-chunks.txt
	# the whole run without the index: the same rows, the references'
	# after all others
	armylist-check "$D/all.jsonl" > "$D/plain.text" 2>/dev/null || true
	assert_equal "$(sort "$D/plain.text")" "$(sort "$D/whole.text")"
	refute [ "$(cat "$D/plain.text")" = "$(cat "$D/whole.text")" ]
	# the summary line is per run
	run -1 --separate-stderr armylist-check --index="$D/ids.tsv" "$D/part.ab"
	assert_equal "$stderr" "armylist-check: 3 armies: 1 error, 2 warnings"
}

@test "index: armylist-select -T tsv as the index answers references, not duplicates" {
	armylist-select -T tsv "$D/all.jsonl" > "$D/sel.tsv"
	chunks
	for p in "$D"/part.a?; do
		armylist-check --index="$D/sel.tsv" "$p" 2>/dev/null || true
	done > "$D/joined.text"
	run cat "$D/joined.text"
	assert_output --partial "army 2: enemy '77' names no army in the input [unknown-reference]"
	refute_output --partial "duplicate-id"
	refute_output --partial "enemy '1' names"
	refute_output --partial "enemy '4' names"
}

@test "index: an army not in the index is named once on stderr" {
	printf 'id\tfile\tline\n1\t%s\t5\n' $L > "$D/ids.tsv"
	run -1 --separate-stderr armylist-check --index="$D/ids.tsv" $L
	assert_equal "${stderr%%$'\n'*}" "armylist-check: warning: army 2 ($L:9) is not in the index '$D/ids.tsv': the references to it may be reported unknown"
	assert_equal "$(grep -c 'not in the index' <<< "$stderr")" 1
}

@test "index: an index that cannot be read is an error, nothing written" {
	printf 'name\tx\n' > "$D/bad.tsv"
	run -3 --separate-stderr armylist-check --index="$D/bad.tsv" -o "$D/out.txt" $L
	assert_equal "$stderr" "armylist-check: the index '$D/bad.tsv' has no id column (a TSV with a header: armylist-check --write-index, armylist-select -T tsv)
Try 'armylist-check --help' for more information."
	assert_output ""
	[ ! -e "$D/out.txt" ]
	printf 'id\tfile\tline\n1\tf\tx\n' > "$D/bad.tsv"
	run -3 --separate-stderr armylist-check --index="$D/bad.tsv" $L
	assert_equal "${stderr%%$'\n'*}" "armylist-check: the index '$D/bad.tsv', line 2: not a row of id, file and line"
	run -4 --separate-stderr armylist-check --index="$D/none.tsv" $L
	assert_equal "$stderr" "armylist-check: cannot open the index '$D/none.tsv': No such file or directory"
	# --write-index after a usage error: no file
	run -3 --separate-stderr armylist-check --index="$D/bad.tsv" --write-index="$D/w.tsv" $L
	[ ! -e "$D/w.tsv" ]
}

@test "index: after a data error -o and --write-index are not written, and it is said" {
	printf '7 Army 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n8 Bad 300-200BC\n1xZz (Gen)\n' > "$D/bad.txt"
	echo old > "$D/f"
	echo old > "$D/i"
	run -2 --separate-stderr armylist-check -q -o "$D/f" --write-index="$D/i" "$D/bad.txt"
	assert_equal "$stderr" "armylist-check: '$D/f' and the index '$D/i' not written (any old file kept): the input has errors (exit status 2)"
	assert_equal "$(cat "$D/f" "$D/i")" "old"$'\n'"old"
	run -2 --separate-stderr armylist-check -q -o "$D/f" "$D/bad.txt"
	assert_equal "$stderr" "armylist-check: the output '$D/f' not written (any old file kept): the input has errors (exit status 2)"
	run -2 --separate-stderr armylist-check -q --write-index="$D/new" "$D/bad.txt"
	assert_equal "$stderr" "armylist-check: the index '$D/new' not written (any old file kept): the input has errors (exit status 2)"
	[ ! -e "$D/new" ]
	# to the standard output: nothing to say
	run -2 --separate-stderr armylist-check -q "$D/bad.txt"
	assert_equal "$stderr" ""
}

@test "index: --write-index naming -o, --index or an input is a usage error, nothing replaced" {
	printf '7 Army 300-200BC\n1x4Sp (Gen), 8x4Sp.\n' > "$D/a.txt"
	cp "$D/a.txt" "$D/keep"
	echo old > "$D/f"
	run -3 --separate-stderr armylist-check -o "$D/f" --write-index="$D/f" "$D/a.txt"
	assert_equal "$stderr" "armylist-check: --write-index='$D/f' names the file of -o ('$D/f'): it would replace it
Try 'armylist-check --help' for more information."
	assert_equal "$(cat "$D/f")" old
	run -3 --separate-stderr armylist-check --write-index="$D/a.txt" "$D/all.xml" "$D/a.txt"
	assert_equal "${stderr%%$'\n'*}" "armylist-check: --write-index='$D/a.txt' names the file of an input ('$D/a.txt'): it would replace it"
	# another name of the same file: a link, a path with ..
	ln -s a.txt "$D/l"
	run -3 armylist-check --write-index="$D/l" "$D/a.txt"
	run -3 armylist-check --write-index="$D/../${D##*/}/a.txt" "$D/a.txt"
	armylist-check --write-index="$D/w.tsv" "$D/a.txt" > /dev/null || true
	cp "$D/w.tsv" "$D/w.keep"
	run -3 armylist-check --index="$D/w.tsv" --write-index="$D/w.tsv" "$D/a.txt"
	cmp "$D/a.txt" "$D/keep"
	cmp "$D/w.tsv" "$D/w.keep"
}

@test "index: read as every input: CR line ends, a byte order mark, UTF-16" {
	armylist-check --write-index="$D/w.tsv" $L > /dev/null || true
	run -1 armylist-check --index="$D/w.tsv" $L
	want=$output
	tr '\n' '\r' < "$D/w.tsv" > "$D/cr.tsv"
	run -1 armylist-check --index="$D/cr.tsv" $L
	assert_output "$want"
	{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$D/w.tsv"; } > "$D/bom.tsv"
	run -1 armylist-check --index="$D/bom.tsv" $L
	assert_output "$want"
	{ printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$D/w.tsv"; } > "$D/u16.tsv"
	run -1 armylist-check --index="$D/u16.tsv" $L
	assert_output "$want"
}

@test "index: a line is bounded and each id checked" {
	# an id that is none: a usage error naming it
	printf 'id\nI/1a\nno id\n' > "$D/bad.tsv"
	run -3 --separate-stderr armylist-check --index="$D/bad.tsv" $L
	assert_equal "${stderr%%$'\n'*}" "armylist-check: the index '$D/bad.tsv', line 3: 'no id' is no army id"
	# a cell of 2 MB: the line is cut at 1 MiB, an error, not an id
	{ printf 'id\n'; head -c 2000000 /dev/zero | tr '\0' 1; echo; } > "$D/long.tsv"
	run -2 --separate-stderr armylist-check --index="$D/long.tsv" $L
	assert_equal "$stderr" "armylist-check: $D/long.tsv:2: error: line longer than 1048576 bytes, the rest is ignored"
	assert_output ""
}

@test "index: the references of many armies, most never answered, in order" {
	# 20 000 armies naming 5 unknown armies each: 100 000 open references
	# (past the 1 MB idindex keeps in memory), reported in input order
	awk 'BEGIN { for (i = 1; i <= 20000; i++) printf "{\"id\":\"%d\",\"file\":\"g\",\"line\":%d,\"name\":{\"lang\":\"en\",\"text\":\"A\"},\"enemies\":[\"%d\",\"x%d\",\"y%d\",\"z%d\",\"w%d\",\"v%d\"],\"elements\":{\"items\":[{\"count\":1,\"general\":true,\"troops\":[{\"code\":\"Sp\"}]},{\"count\":11,\"troops\":[{\"code\":\"Sp\"}]}]}}\n", i, i, (i % 20000) + 1, i, i, i, i, i }' > "$D/many.jsonl"
	run -0 --separate-stderr armylist-check -T tsv "$D/many.jsonl"
	assert_equal "${#lines[@]}" 100001
	assert_line --index 1 "g	1	1	warning	unknown-reference	enemy 'x1' names no army in the input	"
	assert_line --index 100000 "g	20000	20000	warning	unknown-reference	enemy 'v20000' names no army in the input	"
	assert_equal "$(cut -f 2 <<< "$output" | tail -n +2 | sort -n -c && echo sorted)" sorted
}

# the 2.2 and 3.0 corpus lists, the 2.2 ones twice: 1814 armies, the
# ids of the 3.0 lists and of the second copy all duplicates
corpus() {
	armylist-parse --rules=dba22 corpus/dba22-lists.txt > "$D/a.xml" 2>/dev/null || true
	armylist-parse --rules=dba3 -T jsonl corpus/dba3-lists.txt > "$D/b.jsonl" 2>/dev/null || true
	mkdir "$D/tmp"
}

@test "index: past a tiny memory budget (BELLIS_INDEX_MEMORY) the ids go to TMPDIR, the findings the same" {
	corpus
	run -1 --separate-stderr armylist-check --write-index="$D/w.tsv" "$D/a.xml" "$D/b.jsonl" "$D/a.xml"
	local want=$output wanterr=$stderr
	assert_equal "$wanterr" "armylist-check: 1814 armies: 1220 errors, 1822 warnings"
	# 8 KB: a run of about 300 ids at a time, runs merged
	BELLIS_INDEX_MEMORY=8192 TMPDIR=$D/tmp run -1 --separate-stderr armylist-check --write-index="$D/w2.tsv" "$D/a.xml" "$D/b.jsonl" "$D/a.xml"
	assert_output "$want"
	assert_equal "$stderr" "$wanterr"
	cmp "$D/w.tsv" "$D/w2.tsv"
	# with the index of itself: the ids from the index go to runs too
	run -1 --separate-stderr armylist-check --index="$D/w.tsv" "$D/b.jsonl" "$D/a.xml"
	want=$output
	BELLIS_INDEX_MEMORY=8192 TMPDIR=$D/tmp run -1 --separate-stderr armylist-check --index="$D/w.tsv" "$D/b.jsonl" "$D/a.xml"
	assert_output "$want"
	# nothing left in TMPDIR
	assert_equal "$(ls -A "$D/tmp")" ""
}

@test "index: file names past their share of the budget go to TMPDIR, the findings the same" {
	# an index of 3000 ids, each of a file of its own, and the lists
	# with duplicates of some, one army from a file the index names (in
	# the middle: past the budget its name has two numbers)
	awk -v own="$D/own.txt" 'BEGIN { print "id\tfile\tline"; for (i = 1; i <= 3000; i++) {
		printf "%d\tchunks/part-%06d.jsonl\t%d\n", i, i, i
		if (i == 1500) printf "9999\t%s\t1\n", own } }' > "$D/idx.tsv"
	printf '9999 Own 300-200BC\n1x4Sp (Gen), 8x4Sp.\n' > "$D/own.txt"
	printf '7 Army 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n2999 Other 300-200BC\n1x4Sp (Gen), 8x4Sp.\nEnemies: 7, 5, 12345\n' > "$D/l.txt"
	run -1 --separate-stderr armylist-check --index="$D/idx.tsv" "$D/l.txt" "$D/own.txt"
	want=$output
	assert_line --partial "duplicate id, first at chunks/part-002999.jsonl:2999"
	refute_line --partial "army 9999: duplicate id"
	mkdir "$D/tmp"
	BELLIS_INDEX_MEMORY=8192 TMPDIR=$D/tmp run -1 --separate-stderr armylist-check --index="$D/idx.tsv" "$D/l.txt" "$D/own.txt"
	assert_output "$want"
	assert_equal "$(ls -A "$D/tmp")" ""
	# 300000 names: memory within the budget (8 MB), not growing with them
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	awk 'BEGIN { print "id\tfile\tline"; for (i = 1; i <= 300000; i++) printf "%d\tchunks/a-rather-long-directory-name/part-%08d.jsonl\t%d\n", i, i, i }' > "$D/big.tsv"
	/usr/bin/time -f '%M' -o "$D/peak" armylist-check --index="$D/big.tsv" "$D/l.txt" > /dev/null 2>&1 || true
	[ "$(tail -n 1 "$D/peak")" -lt 20000 ]
}

@test "index: a temporary file that cannot be made or written is exit 4, named with TMPDIR" {
	corpus
	# the default budget holds these ids: TMPDIR is not used
	TMPDIR=$D/none run -1 --separate-stderr armylist-check -q "$D/a.xml"
	BELLIS_INDEX_MEMORY=8192 TMPDIR=$D/none run -4 --separate-stderr armylist-check -q -o "$D/out.txt" "$D/a.xml"
	assert_equal "$stderr" "armylist-check: cannot make a temporary file in '$D/none': No such file or directory"
	[ ! -e "$D/out.txt" ]
	# TMPDIR full: a file size limit of 1 KB (the tool ignores SIGXFSZ)
	run -4 --separate-stderr bash -c 'trap - XFSZ; ulimit -f 1; BELLIS_INDEX_MEMORY=8192 TMPDIR=$1 exec armylist-check -q "$2" > /dev/null' _ "$D/tmp" "$D/a.xml"
	assert_equal "$stderr" "armylist-check: cannot write a temporary file in '$D/tmp': File too large"
	# the same for the rows of --write-index, kept until the end: the
	# index is not written
	run -4 --separate-stderr bash -c 'trap - XFSZ; ulimit -f 1; TMPDIR=$1 exec armylist-check -q --write-index="$1/../w.tsv" "$2" > /dev/null' _ "$D/tmp" "$D/a.xml"
	assert_equal "$stderr" "armylist-check: cannot write a temporary file in '$D/tmp': File too large"
	[ ! -e "$D/w.tsv" ]
	assert_equal "$(ls -A "$D/tmp")" ""
}
