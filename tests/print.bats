#!/usr/bin/env bats
# print: the cards and battle pictures as they print, measured:
# the smallest type from pdftotext -bbox (a word's height is DejaVu's
# ascent and descent, 1.163 of its size), the sizes on one sheet, the
# page size of battle-scan --paper.
load helpers/common

setup() {
	command -v pdftotext >/dev/null ||
	    skip "pdftotext (poppler-utils) is missing: make deps"
}

# sizes PDF REGEX: the type size of each word of PDF matching REGEX (an
# awk regular expression on the word), one a line, smallest first.
sizes() {
	pdftotext -bbox "$1" - | awk -F'"' -v re="$2" '/<word / {
		w = $9; sub(/^>/, "", w); sub(/<\/word>.*/, "", w)
		if (w ~ re) printf "%.2f\n", ($8 - $4) / 1.163 }' | sort -n
}

@test "print: signs (†, ‡, *, ?) are at least 6.5 pt on every rules card, alone and imposed" {
	local t=$BATS_TEST_TMPDIR r im n
	for r in dba1 dba22 dba3; do
		for im in "" "--impose=2x2 --paper=a4" "--impose=1x2 --paper=letter"; do
			refcard-render -T pdf --cards=rules --rules=$r --lang=en \
			    $im -o "$t/r.pdf" </dev/null
			# a sign in its own size pdftotext gives as a word of its own
			n=$(sizes "$t/r.pdf" '^[†‡*?]+$' | head -1)
			[ -n "$n" ]
			awk -v n="$n" -v c="$r $im" 'BEGIN { if (n < 6.45) {
			    print c ": a sign at " n " pt"; exit 1 } }'
		done
	done
	# the HTML cards: a sign never under 6.5 pt
	run -0 refcard-render --cards=rules --rules=dba22 --lang=en
	assert_output --partial 'sup.conf { font-size: max(0.75em, 6.5pt);'
}
