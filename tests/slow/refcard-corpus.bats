#!/usr/bin/env bats
# refcard-render over the whole corpora (make check-slow): every army
# card of 590 DBA 2.2, 634 DBA 3.0 and the 1.x sample lists on one A6
# page, in three languages, alone and on the 2x2 sheet.
load ../helpers/common

need_pdf() {
	command -v pdfinfo >/dev/null || skip "pdfinfo (poppler-utils) is missing"
}

@test "refcard-render: the army cards of the corpora on one A6 page each, in three languages, on the 2x2 sheet too" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	armylist-parse --rules=dba22 "$CORPUS/dba22-lists.txt" > "$BATS_TEST_TMPDIR/22.xml" 2>/dev/null || true
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" > "$BATS_TEST_TMPDIR/3.xml" 2>/dev/null || true
	armylist-parse "$SAMPLES"/armeelisten-* > "$BATS_TEST_TMPDIR/1.xml"
	# spill RULES LANG [OPTION]: the ids of the armies that go on, and
	# the pages of an A6 PDF that are not one per army (a status but 0
	# is printed, so that it fails the comparison)
	spill() {
		local x=$BATS_TEST_TMPDIR/${1#dba}.xml n
		refcard-render -T pdf --rules=$1 --lang=$2 --cards=army ${3:+"$3"} -o "$f" "$x" 2> "$BATS_TEST_TMPDIR/err" ||
		    { echo "status $?"; return; }
		sed -n "s/.*warning: army '\([^ ]*\) .*/\1/p" "$BATS_TEST_TMPDIR/err" | sort -u | tr '\n' ' '
		n=$(grep -c '<army ' "$x")
		[ -n "${3:-}" ] || pdfinfo "$f" | grep -qx "Pages: *$n" || echo "not $n pages"
	}
	# 590, 634 and 33 armies; on the 2x2 sheet in type of 6.5 pt as
	# printed (7 pt before its scale of 93 %)
	for l in en de ru; do
		for r in dba22 dba3 dba1; do
			assert_equal "$(spill $r $l)" ''
			assert_equal "$(spill $r $l --impose=2x2)" ''
		done
	done
}
