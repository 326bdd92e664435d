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

@test "move-check: an unknown option suggests the nearest one" {
	run -3 --separate-stderr move-check --pipz=3
	assert_equal "$stderr" "move-check: unknown option '--pipz=3' (did you mean '--pips'?)
Try 'move-check --help' for more information."
	run -3 --separate-stderr move-check --scail=25mm
	assert_equal "${stderr%%$'\n'*}" "move-check: unknown option '--scail=25mm' (did you mean '--scale'?)"
	run -3 --separate-stderr move-check -x
	assert_equal "${stderr%%$'\n'*}" "move-check: unknown option '-x'"
	assert_output ''
}

@test "move-check: bad option values are usage errors" {
	run -3 --separate-stderr move-check -T yaml
	assert_equal "${stderr%%$'\n'*}" "move-check: invalid value 'yaml' for --format (valid: text, xml, tsv, json, jsonl)"
	run -3 --separate-stderr move-check --pips=7
	assert_equal "${stderr%%$'\n'*}" "move-check: invalid value '7' for --pips (1-6)"
	run -3 --separate-stderr move-check --pips=0
	assert_equal "${stderr%%$'\n'*}" "move-check: invalid value '0' for --pips (1-6)"
	run -3 --separate-stderr move-check --scale=28mm
	assert_equal "${stderr%%$'\n'*}" "move-check: invalid value '28mm' for --scale (valid: 15mm, 25mm)"
	run -3 --separate-stderr move-check --lang=fr
	assert_equal "${stderr%%$'\n'*}" "move-check: invalid value 'fr' for --lang (valid: en, de, ru)"
	run -3 --separate-stderr move-check -T
	assert_equal "${stderr%%$'\n'*}" "move-check: option '-T' needs a value"
	run -3 --separate-stderr move-check --rules=dba2 /dev/null
	assert_equal "${stderr%%$'\n'*}" "move-check: unknown rules edition 'dba2' (dba1, dba22, dba3, or a rules XML file)"
	assert_output ''
}

@test "move-check: every EXAMPLE of the man page, with its status" {
	# 1 where a move is illegal (EXIT STATUS)
	man_examples move-check.1 1 0 1 0 1 0 0
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

@test "move-check: every rule code, broken and just inside, text" {
	run -1 --separate-stderr move-check fixtures/move/rules.txt
	golden move/rules.txt
	assert_equal "$stderr" ""
	# each rule code is triggered
	for r in too-far no-pips moved-twice no-contact difficult-going \
	    group-engaged column-required frontage group-turn breakoff \
	    flank-contact zoc; do
		grep -q ": $r: " <<<"$output" || { echo "no $r"; false; }
	done
	# a move at exactly its maximum, a bound that uses its last PIP
	assert_line '5: ok       LH 500/500 p, 1 PIP'
	assert_line '60: ok       Kn 700/700 p, 1 PIP'
	assert_line '51: ok       El 300/300 p, 3 PIP'
	assert_line 'bound 7: 3 PIPs, 3 used, 0 unused'
	assert_line 'bound 20: 1 PIP, 1 used, 0 unused'
}

@test "move-check: --lang=de and ru name the troops by their abbreviations, golden; machine formats keep the codes" {
	for l in de ru; do
		run -1 --separate-stderr move-check --lang=$l fixtures/move/rules.txt
		golden move/rules-$l.txt
		assert_equal "$stderr" ""
	done
	assert_line '37: можно    ЛК,Кн,Ры 300/300 p, 1 PIP'
	run -1 --separate-stderr move-check --lang=de fixtures/move/rules.txt
	assert_line '113: verboten Ri 200/300 p, 1 PIP: breakoff: der Gegner Kl zieht 200 Schritt in schwierigem Gelände, nicht weniger als die 200 des Ziehenden'
	run -1 --separate-stderr move-check --lang=en fixtures/move/rules.txt
	golden move/rules.txt
	for l in de ru; do
		run -1 move-check --lang=$l -T tsv fixtures/move/rules.txt
		golden move/rules.tsv
		run -1 move-check --lang=$l -T jsonl fixtures/move/rules.txt
		golden move/rules.jsonl
		run -1 move-check --lang=$l -T xml fixtures/move/rules.txt
		golden move/rules.xml
	done
}

@test "move-check: every rule code, XML validates" {
	run -1 move-check -T xml fixtures/move/rules.txt
	golden move/rules.xml
	xml_ok
	[ "$(grep -c '<violation' <<<"$output")" -eq 37 ]
}

@test "move-check: every rule code, TSV and JSON" {
	run -1 move-check -T tsv fixtures/move/rules.txt
	golden move/rules.tsv
	assert_line --index 0 "$(printf 'line\tbound\ttroops\tdistance\tmax\tcost\tverdict\trules')"
	assert_line "$(printf '56\t8\tCv\t500\t400\t1\tillegal\ttoo-far,no-pips')"
	run -1 move-check -T jsonl fixtures/move/rules.txt
	golden move/rules.jsonl
	jsonl 87
	want=$output
	run -1 move-check -T json fixtures/move/rules.txt
	assert_equal "${#lines[@]}" 1
	assert_output --partial '{"version":1,"rules":"dba1","moves":[{"file":"fixtures/move/rules.txt",'
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
	# moves before the first bound line are bound 1, the next bound 2
	run -0 bash -c "printf '# c\nmove Sp 200\nbound 3\nmove Sp 100\n' | move-check"
	assert_output '2: ok       Sp 200/200 p, 1 PIP
bound 1: no PIP budget, 1 used
4: ok       Sp 100/200 p, 1 PIP
bound 2: 3 PIPs, 1 used, 2 unused'
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

@test "move-check: a move can break several rules at once" {
	run -1 bash -c "printf 'bound 1\nmove Art,Bd 400 contact difficult engaged turn far\n' | move-check"
	assert_output '2: illegal  Art,Bd 400/200 p, 2 PIP: too-far: 400 paces exceeds the 200 allowed; no-pips: costs 2 PIP, 1 left; no-contact: Art may never move into contact; difficult-going: Art may not enter difficult going off road; group-engaged: a group member is in contact with an enemy; column-required: a group moving through difficult going must be a column one element wide; group-turn: a group may not turn on the spot
bound 1: 1 PIP, 0 used, 1 unused'
}

@test "move-check: the road bonus in two passes, with the refund" {
	run -0 bash -c "printf 'bound 6\nmove Kn 900 road general\n' | move-check"
	assert_output '2: ok       Kn 900/900 p, 1 PIP
bound 1: 6 PIPs, 1 used, 5 unused'
	run -1 bash -c "printf 'bound 6\nmove Kn 901 road general\n' | move-check -T xml"
	assert_line --partial '<bound file="-" line="1" pips="6" used="0" unused="6">'
	assert_line --partial '<move line="2" troops="Kn" distance="901" road="yes" general="yes" max="900" cost="1" verdict="illegal">'
	xml_ok
	# the general's group along a road, and the bonus only on a road
	run -0 bash -c "printf 'bound 3\nmove Bd,Bd 600 road column general\n' | move-check -T tsv"
	assert_line --index 1 "$(printf '2\t1\tBd,Bd\t600\t600\t1\tok\t')"
	run -1 bash -c "printf 'bound 3\nmove Kn 400 general\n' | move-check -T tsv"
	assert_line --index 1 "$(printf '2\t1\tKn\t400\t300\t1\tillegal\ttoo-far')"
	# no bonus without a PIP budget
	run -1 bash -c "echo 'move Kn 500 road general' | move-check -T tsv"
	assert_line --index 1 "$(printf '1\t1\tKn\t500\t400\t1\tillegal\ttoo-far')"
	run -0 bash -c "echo 'move Kn 500 road general' | move-check -T tsv --pips=2"
	assert_line --index 1 "$(printf '1\t1\tKn\t500\t500\t1\tok\t')"
}

@test "move-check: moves before any bound use --pips, else no budget" {
	run -0 bash -c "printf 'move Kn 300\nmove El 300\n' | move-check"
	assert_output '1: ok       Kn 300/300 p, 1 PIP
2: ok       El 300/300 p, 2 PIP
bound 1: no PIP budget, 3 used'
	run -1 bash -c "printf 'move Kn 300\nmove El 300\n' | move-check --pips=2"
	assert_line '2: illegal  El 300/300 p, 2 PIP: no-pips: costs 2 PIP, 1 left'
	assert_line 'bound 1: 2 PIPs, 1 used, 1 unused'
	run -0 bash -c "printf 'move Kn 300\nbound 1\nmove Bd 200\n' | move-check -T xml"
	assert_line --index 2 '  <bound file="-">'
	assert_line --partial '<bound file="-" line="2" pips="1" used="1" unused="0">'
	xml_ok
	run -0 bash -c "echo 'move Kn 300' | move-check -T xml --pips=3"
	assert_line --index 2 '  <bound file="-" pips="3" used="1" unused="2">'
	xml_ok
}

@test "move-check: general-lost adds one PIP, at most one with far and hidden" {
	run -0 bash -c "printf 'bound 6 general-lost\nmove Kn 300\nmove El 300 far hidden\nmove Kn 0 flank-contact face\n' | move-check -T tsv"
	assert_line --index 1 "$(printf '2\t1\tKn\t300\t300\t2\tok\t')"
	assert_line --index 2 "$(printf '3\t1\tEl\t300\t300\t3\tok\t')"
	assert_line --index 3 "$(printf '4\t1\tKn\t0\t300\t0\tok\t')"
	run -0 bash -c "printf 'bound 6 General-Lost\nmove Kn 300\n' | move-check -T xml"
	assert_line --partial 'general-lost="yes" used="2" unused="4"'
	xml_ok
}

@test "move-check: 'general' in a bound with general-lost is a line error" {
	run -2 --separate-stderr bash -c "printf 'bound 6 general-lost\nmove Kn 300 general\nmove Kn 300\n' | move-check -T tsv"
	assert_equal "$stderr" "move-check: -:2:13: error: 'general' in a bound with 'general-lost' (line 1)"
	assert_output "$(printf 'line\tbound\ttroops\tdistance\tmax\tcost\tverdict\trules\n3\t1\tKn\t300\t300\t2\tok\t')"
	# the next bound has its general again
	run -0 --separate-stderr bash -c "printf 'bound 6 general-lost\nbound 6\nmove Kn 300 general\n' | move-check -T tsv"
	assert_equal "$stderr" ""
	run -2 --separate-stderr bash -c "printf '<moves><bound pips=\"6\" general-lost=\"yes\">\n<move troops=\"Kn\" distance=\"300\" general=\"yes\"/></bound></moves>\n' | move-check -T tsv"
	assert_equal "$stderr" "move-check: -:2: error: 'general' in a bound with 'general-lost' (line 1)"
}

@test "move-check: the general's element moves once per bound, with or without ids" {
	run -1 --separate-stderr bash -c "printf 'bound 6\nmove Kn 300 general\nmove Kn,Bd 200 general\nmove Kn 0 general flank-contact face\n' | move-check"
	assert_equal "$stderr" ""
	assert_output "2: ok       Kn 300/300 p, 1 PIP
3: illegal  Kn,Bd 200/200 p, 1 PIP: moved-twice: the general's element already moved at line 2
4: ok       Kn 0/300 p, 0 PIP
bound 1: 6 PIPs, 1 used, 5 unused"
	run -1 bash -c "printf 'bound 6\nmove Kn 300 general id=g\nmove Kn 300 general id=h\n' | move-check -T tsv"
	assert_line --index 2 "$(printf '3\t1\tKn\t300\t300\t1\tillegal\tmoved-twice')"
	run -1 bash -c "printf 'bound 6\nmove Kn 300 general id=g\nmove Kn 300 id=g\n' | move-check"
	assert_line --index 1 "3: illegal  Kn 300/300 p, 1 PIP: moved-twice: 'g' already moved at line 2"
	# each bound anew
	run -0 bash -c "printf 'bound 6\nmove Kn 300 general\nbound 6\nmove Kn 300 general\n' | move-check"
}

@test "move-check: Art and WWg may not enter a zone of control to contact" {
	run -1 --separate-stderr bash -c "printf 'bound 6\nmove Art 200 zoc=contact\nmove WWg 200 zoc=contact screened\nmove Art 200 zoc=face\nmove Bd 200 zoc=contact\n' | move-check"
	assert_equal "$stderr" ""
	assert_output "2: illegal  Art 200/200 p, 1 PIP: no-contact: Art may never move into contact
3: illegal  WWg 200/200 p, 1 PIP: no-contact: WWg may never move into contact
4: ok       Art 200/200 p, 1 PIP
5: ok       Bd 200/200 p, 1 PIP
bound 1: 6 PIPs, 2 used, 4 unused"
	# which troops may not comes from the rules table
	sed 's/<move troop="Art" good="200" difficult="0" road="300" contact="no"\/>/<move troop="Art" good="200" difficult="0" road="300"\/>/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "printf 'move Art 200 zoc=contact\n' | move-check --rules=$BATS_TEST_TMPDIR/r.xml -T tsv"
}

@test "move-check: distances with units at both scales" {
	run -1 move-check fixtures/move/units.txt
	golden move/units-15.txt
	run -1 move-check --scale=25mm fixtures/move/units.txt
	golden move/units-25.txt
	run -1 move-check --scale=15mm fixtures/move/units.txt -T tsv
	[ "${lines[1]}" = "$(printf '3\t1\tKn\t300\t300\t1\tok\t')" ]
}

@test "move-check: names of troops in every form" {
	run -0 bash -c "printf 'move Leichte Reiterei 500\nmove \"Light Horse,3Kn\" 300\nmove ritter,Elefanten 300\nmove Plänkler 300 difficult\n' | move-check -T tsv"
	assert_line --index 1 "$(printf '1\t1\tLH\t500\t500\t1\tok\t')"
	assert_line --index 2 "$(printf '2\t1\tLH,Kn\t300\t300\t1\tok\t')"
	assert_line --index 3 "$(printf '3\t1\tKn,El\t300\t300\t2\tok\t')"
	assert_line --index 4 "$(printf '4\t1\tPs\t300\t300\t1\tok\t')"
}

@test "move-check: errors in lines at line and column; the rest is checked" {
	run -2 --separate-stderr move-check fixtures/move/bad.txt
	golden move/bad.out
	diff -u "$GOLD/move/bad.err" <(printf '%s\n' "$stderr")
}

@test "move-check: move XML input" {
	run -1 --separate-stderr move-check fixtures/move/moves.xml
	golden move/moves.out
	assert_equal "$stderr" ""
	validate move.rng fixtures/move/moves.xml
	run -1 move-check -T xml fixtures/move/moves.xml
	golden move/moves.xml
	xml_ok
}

@test "move-check: move XML errors name the line" {
	run -2 --separate-stderr move-check fixtures/move/bad.xml
	golden move/badxml.out
	diff -u "$GOLD/move/badxml.err" <(printf '%s\n' "$stderr")
}

@test "move-check: a DOCTYPE or entity is rejected" {
	run -2 --separate-stderr move-check fixtures/move/doctype.xml
	assert_output ''
	assert_equal "$stderr" "move-check: fixtures/move/doctype.xml:2: error: DOCTYPE not allowed (no DTDs or entities are read)"
}

@test "move-check: malformed XML and a wrong root are exit 2" {
	run -2 --separate-stderr move-check fixtures/move/broken.xml
	[[ $stderr == "move-check: fixtures/move/broken.xml:4:"* ]]
	run -2 --separate-stderr bash -c "echo '<combats/>' | move-check"
	assert_equal "$stderr" "move-check: -:1: error: unexpected root element 'combats' (expected 'moves')"
}

@test "move-check: binary junk is exit 2" {
	run -2 --separate-stderr move-check fixtures/move/junk.bin
	assert_output ''
	assert_equal "${stderr%%$'\n'*}" "move-check: fixtures/move/junk.bin:1: error: invalid UTF-8 or NUL byte in the line"
}

@test "move-check: empty input" {
	run -0 move-check /dev/null
	assert_output ''
	run -0 bash -c "printf '# nothing\n\n   \n' | move-check -T tsv"
	assert_output "$(printf 'line\tbound\ttroops\tdistance\tmax\tcost\tverdict\trules')"
	run -0 move-check -T xml < /dev/null
	assert_output '<?xml version="1.0" encoding="UTF-8"?>
<moves version="1" rules="dba1"/>'
	xml_ok
	run -0 move-check -T json < /dev/null
	assert_output '{"version":1,"rules":"dba1","moves":[]}'
	run -0 move-check -T jsonl < /dev/null
	assert_output ''
	run -0 bash -c "echo 'bound 3' | move-check"
	assert_output 'bound 1: 3 PIPs, 0 used, 3 unused'
}

@test "move-check: several files are one stream, each starts without a bound" {
	run -1 move-check -T xml fixtures/move/units.txt - < fixtures/move/moves.xml
	assert_line --partial '<bound file="fixtures/move/units.txt" line="2" pips="6" used="5" unused="1">'
	assert_line --partial '<bound file="-">'
	[ "$(grep -c '<moves' <<<"$output")" -eq 1 ]
	xml_ok
	run -1 move-check fixtures/move/units.txt fixtures/move/units.txt
	assert_line --index 0 'fixtures/move/units.txt:3: ok       Kn 300/300 p, 1 PIP'
	assert_line 'fixtures/move/units.txt: bound 1: 6 PIPs, 5 used, 1 unused'
	run -1 move-check --pips=2 fixtures/move/moves.xml - <<<'move Kn 300'
	assert_line 'fixtures/move/moves.xml:4: ok       Kn 300/300 p, 1 PIP'
	assert_line 'fixtures/move/moves.xml: bound 1: 2 PIPs, 1 used, 1 unused'
	assert_line -- '-:1: ok       Kn 300/300 p, 1 PIP'
	assert_line -- '-: bound 1: 2 PIPs, 1 used, 1 unused'
	run -4 --separate-stderr move-check /nonexistent fixtures/move/units.txt
	assert_line --index 0 'fixtures/move/units.txt:3: ok       Kn 300/300 p, 1 PIP'
	[[ $stderr == "move-check: cannot open '/nonexistent'"* ]]
}

@test "move-check: --lang changes the words of the text only" {
	run -1 bash -c "printf 'bound 4\nmove Kn 300\nmove El 350\n' | move-check --lang=de"
	assert_output '2: erlaubt  Ri 300/300 p, 1 PIP
3: verboten El 350/300 p, 2 PIP: too-far: 350 Schritt überschreiten die erlaubten 300
Zug 1: 4 PIPs, 1 verbraucht, 3 übrig'
	run -1 bash -c "printf 'bound 4\nmove El 350\n' | LANG=ru_RU.UTF-8 LC_ALL= move-check"
	assert_line '2: нельзя   Сл 350/300 p, 2 PIP: too-far: 350 шагов больше допустимых 300'
	run -1 bash -c "printf 'bound 4\nmove El 350\n' | move-check --lang=de -T xml"
	assert_line --partial '<violation rule="too-far">350 paces exceeds the 300 allowed</violation>'
	run -1 bash -c "printf 'bound 4\nmove El 350\n' | move-check --lang=ru -T tsv"
	assert_line --index 1 "$(printf '2\t1\tEl\t350\t300\t2\tillegal\ttoo-far')"
}

@test "move-check: --rules=FILE corrects a number; a bad table is refused" {
	sed 's/<move troop="Kn" good="300"/<move troop="Kn" good="350"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "echo 'move Kn 350' | move-check --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_output '1: ok       Kn 350/350 p, 1 PIP
bound 1: no PIP budget, 1 used'
	run -1 bash -c "echo 'move Kn 350' | move-check --rules=dba1"
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr move-check --rules="$BATS_TEST_TMPDIR/bad.xml" /dev/null
	assert_output ''
	[[ $stderr == *"not a valid rules table"* ]]
	run -4 --separate-stderr move-check --rules=/nonexistent/r.xml /dev/null
	[[ $stderr == "move-check: cannot open '/nonexistent/r.xml'"* ]]
}

@test "move-check: the wheel limit, the elephants surcharge and the scales come from the rules table" {
	sed 's/<wheel max="90"/<wheel max="45"/; s/troops="El"/troops="El Kn"/; s/base-width="40"/base-width="50"/' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -1 bash -c "echo 'move Bd,Bd 200 frontage=wheel wheel=60' | move-check --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_line --index 0 '1: illegal  Bd,Bd 200/200 p, 1 PIP: frontage: a wheel of 60 degrees exceeds 45'
	run -0 bash -c "echo 'move Bd,Bd 200 frontage=wheel wheel=60' | move-check"
	run -0 bash -c "echo 'move Kn 1bw' | move-check -T tsv --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_line --index 1 "$(printf '1\t1\tKn\t200\t300\t2\tok\t')"
	run -0 bash -c "echo 'move Kn 1bw' | move-check -T tsv"
	assert_line --index 1 "$(printf '1\t1\tKn\t160\t300\t1\tok\t')"
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

@test "move-check: the demo sample" {
	run -1 --separate-stderr move-check "$SAMPLES/bound.txt"
	assert_equal "$stderr" ""
	assert_line '9: ok       Kn 500/500 p, 1 PIP'
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
