#!/usr/bin/env bats
# tests/check.sh, the driver of the test tiers: it counts cases, and a
# part or a tier that runs none fails.
load helpers/common

@test "tiers: a part that runs no case fails the tier, and says so" {
	cd "$TOP"
	BATS_FILTER='^no test has this name$' CHECK_PARTS='^bats build$' \
	    run -1 sh tests/check.sh test
	assert_line '  bats build (test): 0 passed, 0 failed, 0 skipped'
	assert_line '  bats build (test): no case ran'
	assert_line 'tier test: 0 cases ran: 0 passed, 0 failed, 0 skipped'
	assert_line 'check: 0 passed, 1 failed, 0 skipped'
}

@test "tiers: no job at all fails" {
	cd "$TOP"
	CHECK_PARTS='^nothing$' run -1 sh tests/check.sh test
	assert_line 'no case ran'
	assert_line 'check: 0 passed, 1 failed, 0 skipped'
}

@test "tiers: the cases of a part are counted, its jobs named with their time" {
	cd "$TOP"
	CHECK_PARTS='^lint$' run -0 sh tests/check.sh test
	assert_line --regexp '^# job 1/3 \(test lint, [0-9]+ s, [0-9]+ CPU-s\): sh tests/lint.sh$'
	assert_line 'ok cppcheck: lib tools'
	assert_line '  lint (test): 3 passed, 0 failed, 0 skipped'
	assert_line 'tier test: 3 cases ran: 3 passed, 0 failed, 0 skipped'
	assert_line 'check: 3 passed, 0 failed, 0 skipped'
}

@test "tiers: an unknown tier is a usage error" {
	cd "$TOP"
	run -3 sh tests/check.sh quick
	assert_output 'usage: check.sh test|check|slow'
}

@test "fuzz inputs: a seed glob that names no file fails the harness's replay, and says which" {
	local d=$BATS_TEST_TMPDIR/tree
	mkdir -p "$d/tests/fuzz" "$d/tests/fixtures/fuzz/fuzz_x" "$d/samples"
	echo 'x' > "$d/samples/a.txt"
	echo 'crash' > "$d/tests/fixtures/fuzz/fuzz_x/once"
	echo '#define FUZZ_SEEDS "samples/*.txt"' > "$d/tests/fuzz/fuzz_x.c"
	cd "$d"
	run -0 sh "$TOP/tests/fuzz/inputs.sh" fuzz_x
	assert_output 'samples/a.txt
tests/fixtures/fuzz/fuzz_x/once'
	echo '#define FUZZ_SEEDS "samples/*.txt gone/*.xml"' > tests/fuzz/fuzz_x.c
	run -1 --separate-stderr sh "$TOP/tests/fuzz/inputs.sh" fuzz_x
	assert_equal "$stderr" 'inputs.sh: FUZZ_SEEDS of fuzz_x names no file: gone/*.xml'
	# the replay of make check fails it before it runs anything
	mkdir -p build-san/replay
	printf '#!/bin/sh\nexit 0\n' > build-san/replay/fuzz_x
	chmod +x build-san/replay/fuzz_x
	cp "$TOP/tests/fuzz/inputs.sh" tests/fuzz/
	run -1 sh "$TOP/tests/fuzz/replay.sh" build-san fuzz_x
	assert_line 'not ok 1 replay fuzz_x: inputs.sh: FUZZ_SEEDS of fuzz_x names no file: gone/*.xml'
	assert_line 'replay: 0 passed, 1 failed'
	echo '#define FUZZ_SEEDS "samples/*.txt"' > tests/fuzz/fuzz_x.c
	run -0 sh "$TOP/tests/fuzz/replay.sh" build-san fuzz_x
	assert_line 'ok 1 replay fuzz_x: 2 inputs'
}
