#!/usr/bin/env bats
# The pattern facets of the schemas in formats/, checked in C
# (lib/core/xmliofacet): the readers load each schema with those
# patterns taken out and check the values themselves.  For each pattern,
# values generated from it (every single character, the pairs of the
# characters it names, 60 matches and 10 mutations of each) fill a
# document of its schema, one value a line; xmllint --relaxng with the
# strict schema of formats/ and the readers' validation (the schema
# without the pattern, the C check) must refuse exactly the same lines.
# Then each reader once, end to end: the message and its line.
load helpers/common

FACET=$BIN/../tests/test_xmliofacet

# The patterns and a document of their schema with the line @V@ (in
# tests/fixtures/facets, or made from a data file of formats/ here):
# SCHEMA TEMPLATE PATTERN, PATTERN as the schema writes it.
cases() {
	cat <<'EOF'
armylist army-id ([IVX]+/)?[0-9]+[a-z]?(\.[0-9]+)?|\?
armylist troop-code [A-Za-z]{2,3}|\?
armylist troop-figures [0-9]+(/[0-9]+)*
battlefield point-x -?[0-9]+(\.[0-9]+)?(p|mm|cm|in|bw)?
battlefield element-facing -?[0-9]+(\.[0-9]+)?
battlefield element-id [^\s,]+
catastrophe unit-name [^:,\s]+
survival pc-roll [0-9]{1,2}(/[0-9]{1,2}/[0-9]{1,2})?
glory-table row-result [a-z][a-z0-9\-]*
catastrophe-table row-event [a-z][a-z0-9\-]*
survival-table location-name [a-z][a-z\-]*
findings finding-code [a-z][a-z0-9]*(-[a-z0-9]+)*
move move-distance [0-9]+(\.[0-9]{1,6})?([pP]|[mM][mM]|[cC][mM]|[iI][nN]|[bB][wW])?
rules subtype-spelling (Mtd-)?[0-9/]*[A-Za-z][A-Za-z0-9]*
rules troop-code [A-Za-z][A-Za-z0-9]*
rules side-from [A-Za-z][A-Za-z0-9]*
rules subtype-tags [A-Za-z0-9][A-Za-z0-9-]*
EOF
}

# before FILE MARK LINE: FILE with LINE before its first line matching MARK
before() {
	awk -v m="$2" -v l="$3" '$0 ~ m && !d { print l; d = 1 } { print }' "$1"
}

# template SCHEMA NAME: the template's path (made in the test's directory
# when it comes from formats/)
template() {
	local t=$BATS_TEST_TMPDIR/$1-$2.xml
	case $1-$2 in
	rules-subtype-spelling)
		before "$TOP/formats/dba3.xml" '</subtypes>' \
		    '<subtype spelling="@V@" troop="Kn"/>' > "$t" ;;
	rules-troop-code)
		before "$TOP/formats/dba3.xml" '</factors>' \
		    '<troop code="@V@" vs-foot="1" vs-mounted="1"/>' > "$t" ;;
	rules-side-from)
		before "$TOP/formats/dba3.xml" '<side troop="Sp"' \
		    '<side troop="Bd" value="1" from="@V@"/>' > "$t" ;;
	rules-subtype-tags)
		before "$TOP/formats/dba3.xml" '</subtypes>' \
		    '<subtype spelling="3Kn" troop="Kn" tags="@V@"/>' > "$t" ;;
	survival-table-location-name)
		before "$TOP/formats/survival-table.xml" '</survival-table>' \
		    '<location min="3" max="4" name="@V@"/>' > "$t" ;;
	*) t=$FIX/facets/$2.xml ;;
	esac
	echo "$t"
}

# compare SCHEMA NAME: the lines xmllint refuses with the strict schema
# are the lines the readers' validation refuses; both refuse some and
# take some.  Prints "N values, R refused" on fd 3 with --verbose-run.
compare() {
	local schema=$1 name=$2 pattern t doc want got n r
	pattern=$(cases | awk -v s="$1" -v n="$2" '$1 == s && $2 == n { print $3 }')
	[ -n "$pattern" ]
	t=$(template "$schema" "$name")
	doc=$BATS_TEST_TMPDIR/$schema-$name.doc.xml
	"$FACET" gen "$pattern" "$t" > "$doc"
	# the template alone is valid: every refusal is a value's
	n=$(($(wc -l < "$doc") - $(wc -l < "$t") + 1))
	want=$(xmllint --noout --relaxng "$TOP/formats/$schema.rng" "$doc" 2>&1 |
	    sed -n 's/^[^:]*:\([0-9][0-9]*\): .*/\1/p' | sort -nu)
	got=$("$FACET" check "$TOP/formats/$schema.rng" "$doc" | sort -nu)
	if [ "$want" != "$got" ]; then
		diff <(echo "$want") <(echo "$got") | sed -n 's/^\([<>]\) \(.*\)/\1 \2/p' |
		    while read -r side l; do
			echo "$side xmllint $([ "$side" = '<' ] && echo refuses || echo takes) line $l: $(sed -n "${l}p" "$doc")"
		done
		return 1
	fi
	r=$(echo "$want" | grep -c .)
	echo "# $schema $name: $n values, $r refused" >&3
	[ "$r" -gt 10 ] && [ $((n - r)) -gt 10 ]
}

@test "facets: every pattern of formats/ has its case here" {
	local p missing=
	while IFS= read -r p; do
		cases | awk -v p="$p" '$3 == p { f = 1 } END { exit !f }' ||
		    missing+="$p"$'\n'
	done < <(cat "$TOP"/formats/*.rng |
	    sed -n 's/.*<param name="pattern">\([^<]*\)<\/param>.*/\1/p' | sort -u)
	assert_equal "$missing" ""
}

@test "facets: the patterns taken out of each schema, and the one kept" {
	cd "$TOP"
	run -0 "$FACET" table
	golden facets/table.txt
}

@test "facets: armylist army id as xmllint" { compare armylist army-id; }
@test "facets: armylist troop code as xmllint" { compare armylist troop-code; }
@test "facets: armylist figures as xmllint" { compare armylist troop-figures; }
@test "facets: battlefield length as xmllint" { compare battlefield point-x; }
@test "facets: battlefield angle as xmllint" { compare battlefield element-facing; }
@test "facets: battlefield id as xmllint" { compare battlefield element-id; }
@test "facets: catastrophe unit name as xmllint" { compare catastrophe unit-name; }
@test "facets: survival rolls as xmllint" { compare survival pc-roll; }
@test "facets: glory table result as xmllint" { compare glory-table row-result; }
@test "facets: catastrophe table event as xmllint" { compare catastrophe-table row-event; }
@test "facets: survival table location as xmllint" { compare survival-table location-name; }
@test "facets: findings code (kept in its choice) as xmllint" { compare findings finding-code; }
@test "facets: move distance as xmllint" { compare move move-distance; }
@test "facets: rules spelling as xmllint" { compare rules subtype-spelling; }
@test "facets: rules code as xmllint" { compare rules troop-code; }
@test "facets: rules code list as xmllint" { compare rules side-from; }
@test "facets: rules tag list as xmllint" { compare rules subtype-tags; }

# ---- each reader, end to end --------------------------------------------

@test "facets: armylist XML: each bad value named at its element's line" {
	cat > "$BATS_TEST_TMPDIR/a.xml" <<'EOF'
<armylists version="1">
  <army id="12x.">
    <name lang="en">A</name>
    <enemies/>
    <elements>
      <element count="1" general="yes">
        <troop code="Bdxx" figures="3/"/>
        <troop code=" Bd " figures="3/4" dismount="?" dismount-figures="4&#10;4"/>
      </element>
    </elements>
  </army>
</armylists>
EOF
	# an army whose id is refused is not read, and said
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/a.xml"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/a.xml:2: error: attribute 'id' of <army> is not valid: '12x.' is not an army id (12, 12a, 12.1, II/12b, or ?)
armylist-parse: $BATS_TEST_TMPDIR/a.xml:7: error: attribute 'code' of <troop> is not valid: 'Bdxx' is not a troop code (2 or 3 letters, or ?)
armylist-parse: $BATS_TEST_TMPDIR/a.xml:7: error: attribute 'figures' of <troop> is not valid: '3/' is not a figure count (3, or 3/4)
armylist-parse: $BATS_TEST_TMPDIR/a.xml:8: error: attribute 'dismount-figures' of <troop> is not valid: '4 4' is not a figure count (3, or 3/4)
armylist-parse: $BATS_TEST_TMPDIR/a.xml:2: error: bad army reference '12x.' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
	# what xmllint refuses
	run -3 --separate-stderr xmllint --noout --relaxng "$TOP/formats/armylist.rng" "$BATS_TEST_TMPDIR/a.xml"
	assert_equal "$(sed -n 's/^[^:]*:\([0-9]*\):.*/\1/p' <<< "$stderr" | sort -nu | tr '\n' ' ')" "2 7 8 "
}

@test "facets: armylist-check: a bad value is a row of its army" {
	printf '<armylists version="1"><army id="1"><name lang="en">A</name><enemies/><elements>\n<element count="12" general="yes"><troop code="B-d"/></element></elements></army></armylists>\n' > "$BATS_TEST_TMPDIR/a.xml"
	run -2 --separate-stderr armylist-check -T tsv "$BATS_TEST_TMPDIR/a.xml"
	assert_line --index 1 "$BATS_TEST_TMPDIR/a.xml	2	1	error	xml	attribute 'code' of <troop> is not valid: 'B-d' is not a troop code (2 or 3 letters, or ?)	"
}

# libxml2 keeps an element's line up to 65535; past it, the schema says
# the line where the text after the element starts, and so do we.
@test "facets: a value past line 65535 is named where the schema names it" {
	{
		echo '<armylists version="1">'
		awk 'BEGIN { for (i = 1; i <= 8000; i++) printf "<army id=\"%d\">\n<name lang=\"en\">A</name>\n<enemies/>\n<elements>\n<element count=\"1\">\n<troop code=\"Bd\"/>\n</element>\n</elements>\n</army>\n", i }'
		printf '<army id="8001X">\n<name lang="en">A</name>\n<enemies/>\n<elements>\n<element count="1">\n<troop code="B"/>\n</element>\n</elements>\n</army>\n'
		echo '</armylists>'
	} > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/big.xml"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/big.xml:72003: error: attribute 'id' of <army> is not valid: '8001X' is not an army id (12, 12a, 12.1, II/12b, or ?)
armylist-parse: $BATS_TEST_TMPDIR/big.xml:72008: error: attribute 'code' of <troop> is not valid: 'B' is not a troop code (2 or 3 letters, or ?)
armylist-parse: $BATS_TEST_TMPDIR/big.xml:72003: error: bad army reference '8001X' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
	run -3 --separate-stderr xmllint --stream --noout --relaxng "$TOP/formats/armylist.rng" "$BATS_TEST_TMPDIR/big.xml"
	assert_equal "$(sed -n 's/^[^:]*:\([0-9]*\):.*/\1/p' <<< "$stderr" | sort -nu | tr '\n' ' ')" "72003 72008 "
}

@test "facets: campaign readers, tables and rules name the value" {
	local d=$BATS_TEST_TMPDIR
	printf '<party version="1">\n<pc name="Conan" roll="15/1"/>\n</party>\n' > "$d/p.xml"
	run -2 --separate-stderr campaign-survival "$d/p.xml"
	assert_equal "${stderr%%$'\n'*}" "campaign-survival: $d/p.xml:2: error: attribute 'roll' of <pc> is not valid: '15/1' is not a roll (11, or 3 of them: 11/9/14)"
	printf '<battles version="1">\n<side name="Rome" roll="12">\n<unit name="Legio I" ts="400"/>\n</side>\n</battles>\n' > "$d/b.xml"
	run -2 --separate-stderr campaign-catastrophe "$d/b.xml"
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: $d/b.xml:3: error: attribute 'name' of <unit> is not valid: 'Legio I' is not a name (no blank, comma or colon)"
	sed 's/event="storm"/event="Storm"/' "$FIX/catastrophe/table-mini.xml" > "$d/t.xml"
	run -2 --separate-stderr campaign-catastrophe --table="$d/t.xml" < /dev/null
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: $d/t.xml:3: error: attribute 'event' of <row> is not valid: 'Storm' is not a name (a lower-case letter, then letters, digits or -)"
	sed 's/<troop code="Kn"/<troop code="K n"/' "$TOP/formats/dba3.xml" > "$d/r.xml"
	run -2 --separate-stderr combat-calc --rules="$d/r.xml" < /dev/null
	assert_equal "${stderr%%$'\n'*}" "combat-calc: $d/r.xml:17: error: attribute 'code' of <troop> is not valid: 'K n' is not a code (a letter, then letters or digits)"
}
