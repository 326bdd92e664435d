#!/usr/bin/env bats
# move-check: every option, flag, rule code and error path.
load helpers/common

# xml_ok: the output validates against formats/move.rng
xml_ok() {
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate move.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "move-check: --help names every flag of the man page" {
	run -0 move-check -h
	assert_line --index 0 --partial 'usage: move-check'
	for f in $(sed -n 's/^\.It Cm \([a-z-]*\).*/\1/p' "$TOP/man/move-check.1" | sort -u); do
		case $f in
		too-far|no-pips|moved-twice|no-contact|difficult-going|group-engaged|column-required|group-turn) continue ;;
		esac
		grep -q -- "$f" <<<"$output" || { echo "help lacks $f"; false; }
	done
}

@test "move-check: every EXAMPLE of the man page, with its status" {
	# 1 where a move is illegal (EXIT STATUS)
	man_examples move-check.1 1 0 1 0 1 0 0 0
}

@test "move-check: the text and XML as first specified (tests/corpus)" {
	printf 'bound 4\nmove Kn 300\nmove El 350\n' > "$BATS_TEST_TMPDIR/b.txt"
	cd "$BATS_TEST_TMPDIR"
	run -1 --separate-stderr move-check b.txt
	assert_output '2: ok       Kn 300/300 p, 1 PIP
3: illegal  El 350/300 p, 2 PIP: too-far: 350 paces exceeds the 300 allowed
bound 1: 4 PIPs, 1 used, 3 unused'
	assert_equal "$stderr" ""
	run -1 move-check -T xml b.txt
	xml_ok
	assert_equal "$output" "$(printf '<?xml version="1.0" encoding="UTF-8"?>\n'; cat "$CORPUS/move-kn-el.xml")"
}

@test "move-check: --lang=en is the default; the machine formats keep the codes whatever --lang" {
	# the texts of de and ru: tests/regress/move-check/rules-de, -ru
	run -1 --separate-stderr move-check --lang=en fixtures/move/rules.txt
	assert_equal "$output" "$(move-check fixtures/move/rules.txt)"
	for t in tsv jsonl xml; do
		run -1 move-check -T $t fixtures/move/rules.txt
		want=$output
		for l in de ru; do
			run -1 move-check --lang=$l -T $t fixtures/move/rules.txt
			assert_equal "$output" "$want"
		done
	done
}

@test "move-check: every rule code, XML validates" {
	run -1 move-check -T xml fixtures/move/rules.txt
	xml_ok
	[ "$(grep -c '<violation' <<<"$output")" -eq 37 ]
}

@test "move-check: every rule code, JSONL is one object a move and JSON holds the same" {
	run -1 move-check -T jsonl fixtures/move/rules.txt
	jsonl 87
	want=$output
	run -1 move-check -T json fixtures/move/rules.txt
	json_doc moves "$want"
}

@test "move-check: bounds are numbered from 1; comments and blank lines before the first start none" {
	local f
	for f in '# tonight\nbound 6\nmove Sp 200\n' 'bound 6\nmove Sp 200\n' '\n\n# a\n# b\nbound 6\nmove Sp 200\n'; do
		run -0 bash -c "printf '$f' | move-check -T tsv"
		assert_equal "$(cut -f 2 <<<"${lines[1]}")" 1
		run -0 bash -c "printf '$f' | move-check"
		assert_line 'bound 1: 6 PIPs, 1 used, 5 unused'
		run -0 bash -c "printf '$f' | move-check -T jsonl"
		assert_output --partial '"bound":1,'
		run -0 bash -c "printf '$f' | move-check -T xml | move-check -T tsv"
		assert_equal "$(cut -f 2 <<<"${lines[1]}")" 1
	done
}

@test "move-check: battle-scan's moves of a sample number their bound 1" {
	local s
	for s in line river hill; do
		run bash -c "battle-scan -T moves --plan=$SAMPLES/battle-$s.plan $SAMPLES/battle-$s.xml | move-check"
		[ "$status" -le 1 ]
		assert_equal "$(grep -c '^bound ' <<<"$output")" 1
		assert_line --regexp '^bound 1: '
		run bash -c "battle-scan -T moves --plan=$SAMPLES/battle-$s.plan $SAMPLES/battle-$s.xml | move-check -T tsv"
		assert_equal "$(cut -f 2 <<<"$output" | sort -u | paste -s -d ' ')" '1 bound'
	done
}

@test "move-check: -T tsv has a file column exactly with several files" {
	printf 'bound 3\nmove Kn 300 general\n' > "$BATS_TEST_TMPDIR/a.txt"
	printf 'move El 350\n' > "$BATS_TEST_TMPDIR/b.txt"
	cd "$BATS_TEST_TMPDIR"
	run -1 move-check -T tsv a.txt b.txt
	assert_output "$(printf '%s\n' 'file	line	bound	troops	distance	max	cost	verdict	rules' \
	    'a.txt	2	1	Kn	300	300	1	ok	' \
	    'b.txt	1	1	El	350	300	2	illegal	too-far')"
	run -0 move-check -T tsv a.txt
	assert_output "$(printf '%s\n' 'line	bound	troops	distance	max	cost	verdict	rules' \
	    '2	1	Kn	300	300	1	ok	')"
	run -1 move-check -T jsonl a.txt b.txt
	jsonl 2
	assert_line --index 0 '{"file":"a.txt","line":2,"bound":1,"troops":"Kn","distance":300,"max":300,"cost":1,"charged":true,"verdict":"ok","violations":[]}'
	want=$output
	run -1 move-check -T json a.txt b.txt
	json_doc moves "$want"
}

@test "move-check: the road bonus past its maximum, the XML validates" {
	run -1 bash -c "printf 'bound 6\nmove Kn 901 road general\n' | move-check -T xml"
	xml_ok
}

@test "move-check: moves before any bound, the XML validates" {
	run -0 bash -c "printf 'move Kn 300\nbound 1\nmove Bd 200\n' | move-check -T xml"
	xml_ok
	run -0 bash -c "echo 'move Kn 300' | move-check -T xml --pips=3"
	xml_ok
}

@test "move-check: general-lost, the XML validates" {
	run -0 bash -c "printf 'bound 6 General-Lost\nmove Kn 300\n' | move-check -T xml"
	xml_ok
}

@test "move-check: which troops may not enter a zone of control to contact comes from the rules table" {
	sed 's/<move troop="Art" good="200" difficult="0" road="300" contact="no"\/>/<move troop="Art" good="200" difficult="0" road="300"\/>/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "printf 'move Art 200 zoc=contact\n' | move-check --rules=$BATS_TEST_TMPDIR/r.xml -T tsv"
}

@test "move-check: move XML, in and out, validates" {
	validate move.rng fixtures/move/moves.xml
	run -1 move-check -T xml fixtures/move/moves.xml
	xml_ok
}

@test "move-check: the XML of empty input validates" {
	run -0 move-check -T xml < /dev/null
	xml_ok
}

@test "move-check: several files are one stream, the XML validates" {
	run -1 move-check -T xml fixtures/move/units.txt - < fixtures/move/moves.xml
	xml_ok
}

@test "move-check: LANG chooses the words when there is no --lang" {
	run -1 bash -c "printf 'bound 4\nmove El 350\n' | LANG=ru_RU.UTF-8 LC_ALL= move-check"
	assert_line '2: нельзя   Сл 350/300 p, 2 PIP: too-far: 350 шагов больше допустимых 300'
}

@test "move-check: --rules=FILE corrects a number; a bad table is refused" {
	sed 's/<move troop="Kn" good="300"/<move troop="Kn" good="350"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "echo 'move Kn 350' | move-check --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_output '1: ok       Kn 350/350 p, 1 PIP
bound 1: no PIP budget, 1 used'
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr move-check --rules="$BATS_TEST_TMPDIR/bad.xml" /dev/null
	assert_output ''
	[[ $stderr == *"not a valid rules table"* ]]
}

@test "move-check: the wheel limit, the elephants surcharge and the scales come from the rules table" {
	sed 's/<wheel max="90"/<wheel max="45"/; s/troops="El"/troops="El Kn"/; s/base-width="40"/base-width="50"/' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -1 bash -c "echo 'move Bd,Bd 200 frontage=wheel wheel=60' | move-check --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_line --index 0 '1: illegal  Bd,Bd 200/200 p, 1 PIP: frontage: a wheel of 60 degrees exceeds 45'
	run -0 bash -c "echo 'move Kn 1bw' | move-check -T tsv --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_line --index 1 "$(printf '1\t1\tKn\t200\t300\t2\tok\t')"
}

@test "move-check: -o writes atomically and keeps the old file on failure" {
	out=$BATS_TEST_TMPDIR/out.txt
	run -1 move-check -o "$out" fixtures/move/units.txt
	assert_output ''
	assert_equal "$(cat "$out")" "$(move-check fixtures/move/units.txt)"
	echo old > "$out"
	run -4 move-check -o "$out" fixtures/move/units.txt /nonexistent
	assert_equal "$(cat "$out")" old
	[ "$(ls "$BATS_TEST_TMPDIR")" = out.txt ]
	run -2 move-check --output="$out" fixtures/move/bad.txt
	assert_equal "$(cat "$out")" old
}

@test "move-check: a full disk is exit 4" {
	[ -c /dev/full ] || skip "no /dev/full"
	run -4 --separate-stderr bash -c "move-check fixtures/move/rules.txt > /dev/full"
	[[ $stderr == *"write error"* ]]
}

@test "move-check: the demo sample's XML validates" {
	run -1 move-check -T xml "$SAMPLES/bound.txt"
	xml_ok
}

@test "move-check: XML line numbers stay right past 65535" {
	# a bound without a PIP budget: its moves are not held (a bound with
	# one holds at most 10000)
	awk 'BEGIN { print "<moves>"; print "<bound>"
		for (i = 3; i <= 70002; i++)
			print "<move troops=\"" (i == 70000 ? "Knx" : "Kn") "\" distance=\"100\"/>"
		print "</bound>"; print "</moves>" }' > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr move-check -T tsv "$BATS_TEST_TMPDIR/big.xml"
	assert_equal "$stderr" "move-check: $BATS_TEST_TMPDIR/big.xml:70000: error: unknown troop type 'Knx' (did you mean 'Kn'?)"
	assert_equal "${lines[${#lines[@]}-1]}" "$(printf '70002\t1\tKn\t100\t300\t1\tok\t')"
	run -2 --separate-stderr move-check -T xml "$BATS_TEST_TMPDIR/big.xml"
	assert_line --index 2 '  <bound file="'"$BATS_TEST_TMPDIR/big.xml"'" line="2">'
}
