#!/usr/bin/env bats
# tests/regress/run.sh, the driver of the regress cases: a case passes
# only on the very bytes and status it expects, and a run of no case
# fails.
load helpers/common

# scratch: a copy of the case combat-calc/kn-sp in $S
scratch() {
	S=$BATS_TEST_TMPDIR/cases
	mkdir -p "$S/combat-calc"
	cp "$TOP"/tests/regress/combat-calc/kn-sp.* "$S/combat-calc/"
}

@test "regress driver: a case passes as it is" {
	scratch
	run -0 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	assert_output 'ok 1 combat-calc/kn-sp
regress: 1 passed, 0 failed'
}

@test "regress driver: one byte changed in the expected output fails, with a diff" {
	scratch
	sed -i '1s/Kn 3 = 3/Kn 3 = 4/' "$S/combat-calc/kn-sp.out"
	run -1 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	assert_line -- '--- combat-calc/kn-sp.out'
	assert_line -- '+++ combat-calc/kn-sp: standard output'
	assert_line -- '-1: Kn 3 = 4  vs  Sp 4 = 4'
	assert_line -- '+1: Kn 3 = 3  vs  Sp 4 = 4'
	assert_line 'not ok 1 combat-calc/kn-sp'
	assert_line 'regress: 0 passed, 1 failed'
}

@test "regress driver: a byte more on standard error or another status fails" {
	scratch
	printf 'x' > "$S/combat-calc/kn-sp.err"
	echo 1 > "$S/combat-calc/kn-sp.rc"
	run -1 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	assert_line -- '-x'
	assert_line 'combat-calc/kn-sp.rc: exit status 0, expected 1'
	assert_line 'not ok 1 combat-calc/kn-sp'
}

@test "regress driver: UPDATE_GOLDEN=1 writes what the tool did, then the case passes" {
	scratch
	sed -i '1s/Kn 3 = 3/Kn 3 = 4/' "$S/combat-calc/kn-sp.out"
	echo 5 > "$S/combat-calc/kn-sp.rc"
	UPDATE_GOLDEN=1 run -0 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	assert_line 'rm combat-calc/kn-sp.rc'
	assert_line 'ok 1 combat-calc/kn-sp # updated'
	cmp "$S/combat-calc/kn-sp.out" "$TOP/tests/regress/combat-calc/kn-sp.out"
	run -0 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
}

@test "regress driver: no case, or a case not there, fails" {
	mkdir "$BATS_TEST_TMPDIR/none"
	run -1 sh "$TOP/tests/regress/run.sh" -d "$BATS_TEST_TMPDIR/none" "$BIN"
	assert_output 'regress: 0 passed, 0 failed'
	scratch
	run -1 --separate-stderr sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN" combat-calc/nothing
	assert_equal "$stderr" "run.sh: no case combat-calc/nothing in $S"
}

@test "regress driver: BELLIS_WRAP runs before the tool" {
	scratch
	BELLIS_WRAP=env run -0 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	printf '#!/bin/sh\nexit 7\n' > "$BATS_TEST_TMPDIR/wrap"
	chmod +x "$BATS_TEST_TMPDIR/wrap"
	BELLIS_WRAP=$BATS_TEST_TMPDIR/wrap run -1 sh "$TOP/tests/regress/run.sh" -d "$S" "$BIN"
	assert_line 'combat-calc/kn-sp.rc: exit status 7, expected 0'
}
