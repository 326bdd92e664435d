#!/usr/bin/env bats
# tests/lint.sh, the source rules of make lint and make check: it passes on
# the tree, and each rule fails on a scratch copy that breaks it, as does
# a copy it cannot read.
load helpers/common

# scratch: a copy of the sources lint.sh reads, in $S.
scratch() {
	S=$BATS_TEST_TMPDIR/tree
	mkdir -p "$S/tests"
	cp -r "$TOP/lib" "$TOP/tools" "$TOP/formats" "$TOP/man" "$TOP/bench" \
	    "$TOP/Makefile" "$S/"
	cp -r "$TOP/tests/unit" "$TOP/tests/fuzz" "$TOP/tests/lint.sh" "$S/tests/"
}

@test "lint: the tree keeps every rule" {
	LINT_BUILD=${BIN%/bin} run -0 sh "$TOP/tests/lint.sh" "$TOP"
	assert_output 'ok lint: no realloc outside core/xalloc.c (use xgrow, xfollow)
ok lint: layers of lib/
ok lint: internal headers (*_int.h) only in their own folder
ok lint: no locale-dependent ctype, case folding or REG_ICASE
ok lint: no function over 100 lines
ok lint: no source file over 1500 lines
ok lint: no extern used only in its own file, no function called nowhere
ok lint: citations name the repository (no seed text, issue, shared/, spec/, facts file)
ok lint: every page of section 1 has STANDARDS and CAVEATS'
}

@test "lint: an include up or sideways the layers fails, with its place" {
	scratch
	sed -i '1i #include "card/card.h"' "$S/lib/core/str.c"
	sed -i '1i #include "army/army.h"' "$S/lib/dba/move.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'lib/core/str.c:1:core includes card (up; core < rules < army, dba, campaign < card, battle)'
	assert_line 'lib/dba/move.c:1:dba includes army (sideways; core < rules < army, dba, campaign < card, battle)'
	assert_line 'not ok lint: layers of lib/'
	assert_line 'ok lint: no locale-dependent ctype, case folding or REG_ICASE'
}

@test "lint: a folder of lib/ without a layer fails" {
	scratch
	mkdir "$S/lib/extra"
	echo '#include "core/str.h"' > "$S/lib/extra/x.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'lib/extra/: a folder with no layer (add it to tests/lint.sh and lib/README)'
	assert_line 'lib/extra/x.c:1:extra includes core (up; core < rules < army, dba, campaign < card, battle)'
}

@test "lint: an internal header outside its folder fails" {
	scratch
	sed -i '1i #include "army/armyin_int.h"' "$S/lib/card/card.c" "$S/tools/armylist-parse.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'lib/card/card.c:1:#include "army/armyin_int.h"'
	assert_line 'tools/armylist-parse.c:1:#include "army/armyin_int.h"'
	assert_line 'not ok lint: internal headers (*_int.h) only in their own folder'
}

@test "lint: a realloc that grows by one fails" {
	scratch
	printf 'void f(int **p, size_t n);\nvoid f(int **p, size_t n) { *p = xreallocarray(*p, n + 1, sizeof **p); }\n' >> "$S/lib/card/card.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line --partial 'lib/card/card.c:'
	assert_line 'not ok lint: no realloc outside core/xalloc.c (use xgrow, xfollow)'
}

@test "lint: locale-dependent case folding fails" {
	scratch
	echo 'int g(int c) { return tolower(c); }' >> "$S/lib/army/date.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'not ok lint: no locale-dependent ctype, case folding or REG_ICASE'
}

@test "lint: a source it cannot read fails every rule that reads it" {
	scratch
	mkdir "$S/tools/unreadable.c"
	run -1 --separate-stderr sh "$TOP/tests/lint.sh" "$S"
	assert_output 'not ok lint: no realloc outside core/xalloc.c (use xgrow, xfollow) (could not be checked, grep status 2)
ok lint: layers of lib/
not ok lint: internal headers (*_int.h) only in their own folder (could not be checked, grep status 2)
not ok lint: no locale-dependent ctype, case folding or REG_ICASE (could not be checked, grep status 2)
not ok lint: no function over 100 lines (could not be checked, grep status 2)
not ok lint: no source file over 1500 lines (could not be checked, grep status 2)
not ok lint: no extern used only in its own file, no function called nowhere (could not be checked: no objects in build; make all first)
ok lint: citations name the repository (no seed text, issue, shared/, spec/, facts file)
ok lint: every page of section 1 has STANDARDS and CAVEATS'
	[[ $stderr == *'tools/unreadable.c: Is a directory'* ]]
}

@test "lint: a function over 100 lines fails, unless excepted" {
	scratch
	{ printf 'int zz_long(void);\nint\nzz_long(void)\n{\n\tint n = 0;\n\n'
	  for i in $(seq 96); do printf '\tn++;\n'; done
	  printf '\treturn n;\n}\n'; } >> "$S/lib/core/str.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line --regexp '^lib/core/str\.c:[0-9]+: zz_long: 101 lines \(at most 100\)$'
	assert_line 'not ok lint: no function over 100 lines'
	sed -i "s|^size_exceptions=''\$|size_exceptions='\\nlib/core/str.c:zz_long  a test\\n'|" "$S/tests/lint.sh"
	run sh "$S/tests/lint.sh" "$S"
	assert_line 'ok lint: no function over 100 lines'
}

@test "lint: a source file over 1500 lines fails" {
	scratch
	seq 1500 | sed 's|.*|/* & */|' >> "$S/lib/dba/move.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line --regexp '^lib/dba/move\.c: [0-9]+ lines \(at most 1500\)$'
	assert_line 'not ok lint: no source file over 1500 lines'
}

@test "lint: an extern used only in its own file, or called nowhere, fails" {
	scratch
	mkdir -p "$S/build/lib/core" "$S/build/tools"
	printf '%s\n' 'int zz_dead(void);' 'int zz_local(void);' 'int zz_used(void);' \
	    'int' 'zz_dead(void)' '{' '	return 1;' '}' \
	    'int' 'zz_local(void)' '{' '	return 2;' '}' \
	    'int' 'zz_used(void)' '{' '	return zz_local();' '}' > "$S/lib/core/zz.c"
	printf '%s\n' 'int zz_used(void);' 'int main(void) { return zz_used(); }' \
	    > "$S/tools/zz.c"
	cc -c -o "$S/build/lib/core/zz.o" "$S/lib/core/zz.c"
	cc -c -o "$S/build/tools/zz.o" "$S/tools/zz.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'lib/core/zz.c: zz_dead: defined but called nowhere (delete it)'
	assert_line 'lib/core/zz.c: zz_local: used only in its own file (make it static)'
	refute_line --partial 'zz_used'
	assert_line 'not ok lint: no extern used only in its own file, no function called nowhere'
}

@test "lint: the externs cannot be checked without objects" {
	scratch
	LINT_BUILD=none run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'not ok lint: no extern used only in its own file, no function called nowhere (could not be checked: no objects in none; make all first)'
}

@test "lint: a citation of a text outside the repository fails, the random seed does not" {
	scratch
	echo '/* seed 001: the road bonus */' >> "$S/lib/card/cardrules.c"
	echo '# ---- how the tools are linked (issue 29 item 4) ----' >> "$S/Makefile"
	echo '@test "28/5: --enemy-of costs linear time" {' >> "$S/tests/unit/x.bats"
	echo '<!-- from ../shared/reference/dba3-facts.md -->' >> "$S/formats/dba3.xml"
	echo '# corpus=${2:-$top/../shared/corpus}' >> "$S/bench/cards.sh"
	echo '.Sh READINGS OF THE SEEDS' >> "$S/man/battle-scan.1"
	echo 'note="Cb played as Bows (facts 7.9)"' >> "$S/formats/dba22.xml"
	printf '%s\n' '# combat-calc --seed 123 and seed: 1347 replay; the seeded dice' \
	    '# tests/fuzz/seeds/ and FUZZ_SEEDS' >> "$S/lib/core/dice.c"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line --regexp '^lib/card/cardrules\.c:[0-9]+:/\* seed 001: the road bonus \*/$'
	assert_line --regexp '^Makefile:[0-9]+:# ---- how the tools are linked \(issue 29 item 4\) ----$'
	assert_line --regexp '^tests/unit/x\.bats:1:@test "28/5: '
	assert_line --regexp '^formats/dba3\.xml:[0-9]+:<!-- from \.\./shared/'
	assert_line --regexp '^bench/cards\.sh:[0-9]+:# corpus='
	assert_line --regexp '^man/battle-scan\.1:[0-9]+:\.Sh READINGS OF THE SEEDS$'
	assert_line --regexp '^formats/dba22\.xml:[0-9]+:note="Cb played as Bows \(facts 7\.9\)"$'
	refute_line --partial 'lib/core/dice.c'
	assert_line 'not ok lint: citations name the repository (no seed text, issue, shared/, spec/, facts file)'
	assert_line 'ok lint: every page of section 1 has STANDARDS and CAVEATS'
}

@test "lint: a page of section 1 without STANDARDS or CAVEATS fails" {
	scratch
	sed -i '/^\.Sh CAVEATS$/d' "$S/man/combat-calc.1"
	sed -i '/^\.Sh STANDARDS$/d' "$S/man/move-check.1"
	sed -i '/^\.Sh STANDARDS$/d' "$S/man/bellis.7"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_line 'man/combat-calc.1: no .Sh CAVEATS'
	assert_line 'man/move-check.1: no .Sh STANDARDS'
	refute_line --partial 'man/bellis.7'
	refute_line --partial 'man/move-check.1: no .Sh CAVEATS'
	assert_line 'not ok lint: every page of section 1 has STANDARDS and CAVEATS'
	assert_line 'ok lint: citations name the repository (no seed text, issue, shared/, spec/, facts file)'
}

@test "lint: a tree it cannot read fails" {
	scratch
	rm -r "$S/lib"
	run -1 sh "$TOP/tests/lint.sh" "$S"
	assert_output "not ok lint: no lib/core in $S"
	chmod 000 "$BATS_TEST_TMPDIR" 2>/dev/null
	run sh "$TOP/tests/lint.sh" "$BATS_TEST_TMPDIR/none"
	chmod 755 "$BATS_TEST_TMPDIR"
	[ "$status" -ne 0 ]
}

@test "diagman.sh: rewriting the pages' lists of codes from the catalogue changes no page, and keeps the paragraphs written by hand after a code" {
	S=$BATS_TEST_TMPDIR/tree
	mkdir -p "$S/tests"
	cp -r "$TOP/man" "$S/"
	cp "$TOP/tests/diagman.sh" "$S/tests/"
	# a code's message made stale: the catalogue's comes back, the
	# paragraph after it stays
	sed -i '/^\.It Sy bad-distance Pq/{n;s/.*/stale/}' "$S/man/move-check.1"
	run -0 sh "$S/tests/diagman.sh" "$(cd "${BIN%/bin}" && pwd)"
	run -0 diff -r "$TOP/man" "$S/man"
	run -0 grep -A3 '^\.It Sy bad-distance Pq' "$S/man/move-check.1"
	assert_line --index 2 '.Pp'
	assert_line --index 3 'The distance without a unit is in paces, under'
}
