# Loaded by every bats file: tools on PATH, fixture and golden paths,
# bats-support and bats-assert, and a golden-file helper.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
PATH="${BELLIS_BIN:-$TOP/build/bin}:$PATH"
FIX="$TOP/tests/fixtures"
GOLD="$TOP/tests/golden"
SAMPLES="$TOP/samples"
SHARED="$TOP/../shared"
export LC_ALL=C.UTF-8
unset BELLIS_SEED LANG LC_MESSAGES

# golden NAME: compare $output with tests/golden/NAME (UPDATE_GOLDEN=1
# rewrites the file instead).
golden() {
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		printf '%s\n' "$output" > "$GOLD/$1"
		return 0
	fi
	diff -u "$GOLD/$1" <(printf '%s\n' "$output")
}

# validate SCHEMA FILE: the file validates against formats/SCHEMA.
validate() {
	xmllint --noout --relaxng "$TOP/formats/$1" "$2"
}

# Run from the test directory so diagnostics carry short file names.
cd "$TOP/tests" || exit 1
