# bellis: C toolchain of small Unix filters for DBA and GURPS mass combat.
# GNU make.  make [all] | test | check | demo | bench | lint | install | clean
# Flavours: SAN=1 (ASan+UBSan, own build directory), WERROR=1 (CI),
# FUZZ=1 (libFuzzer harnesses, build-fuzz), COV=1 (gcov, build-cov).
# make fuzz [FUZZ_SECONDS=60] | check-valgrind | coverage

.SECONDEXPANSION:

VERSION    = 0.1.0
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man
PKG_CONFIG ?= pkg-config

CSTD  = -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
WARN  = -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 -Wconversion \
        -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wwrite-strings \
        -Wno-sign-conversion
CFLAGS ?= -O2 -g
HARDEN = -fstack-protector-strong -D_FORTIFY_SOURCE=2

ifeq ($(SAN),1)
  CC       = clang
  B        = build-san
  CFLAGS   = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=address,undefined
  HARDEN   =
else ifeq ($(FUZZ),1)
  CC       = clang
  B        = build-fuzz
  CFLAGS   = -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
             -fno-omit-frame-pointer -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=address,undefined
  HARDEN   =
else ifeq ($(COV),1)
  B        = build-cov
  CFLAGS   = -O0 -g --coverage
  LDFLAGS += --coverage
  HARDEN   =
else
  B        = build
endif
FUZZ_SECONDS ?= 60
FUZZ_SMOKE   ?= 10
ifeq ($(WERROR),1)
  WARN += -Werror
endif

# '=' (not ':='): pkg-config is asked when a recipe runs, so that a fresh
# machine can install it in the deps step of the same make run.
XML_CFLAGS = $(shell $(PKG_CONFIG) --cflags libxml-2.0 2>/dev/null)
XML_LIBS   = $(shell $(PKG_CONFIG) --libs libxml-2.0 2>/dev/null)
ALL_CFLAGS = $(CSTD) $(WARN) -Ilib -I$(B) -Itests/unit $(XML_CFLAGS) \
             -DBELLIS_VERSION='"$(VERSION)"' $(HARDEN) $(CPPFLAGS) \
             $(CFLAGS) -MMD -MP

# refcard-render draws its PDF with cairo and pango (lib/card/cardpdf.c): only
# that object and that tool see their flags; other tools never reference
# cardpdf.o, so the linker leaves it out of them.
PANGO_CFLAGS = $(shell $(PKG_CONFIG) --cflags pangocairo 2>/dev/null)
PANGO_LIBS   = $(shell $(PKG_CONFIG) --libs pangocairo 2>/dev/null)

TOOLS     := $(basename $(notdir $(wildcard tools/*.c)))
LIB_SRCS  := $(wildcard lib/*/*.c)
LIB_OBJS  := $(LIB_SRCS:%.c=$(B)/%.o)
GEN_HDRS  := $(patsubst formats/%,$(B)/gen/%.h,$(subst .,_,$(wildcard formats/*.xml formats/*.rng)))
# the rules editions: every formats/NAME.xml whose root is <rules, by NAME
# (dba1 first: the default)
EDITIONS  := $(basename $(notdir $(shell grep -l '^<rules ' formats/*.xml)))
# what the generator links: the loaders (core and rules) without the
# tables it writes
BOOT_OBJS := $(filter $(B)/lib/core/% $(B)/lib/rules/%,$(LIB_OBJS))
BINS      := $(TOOLS:%=$(B)/bin/%)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNITS     := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
MANS      := $(wildcard man/*.[157])
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZERS   := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)

all: $(BINS)

units: $(UNITS)

$(B)/libbellis.a: $(LIB_OBJS) $(B)/gen/tables.o
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(B)/bin/%: $(B)/tools/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

$(B)/tests/%: $(B)/tests/unit/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

$(B)/lib/card/cardpdf.o $(B)/lib/core/pdffont.o: ALL_CFLAGS += $(PANGO_CFLAGS)
# the HTML cards are measured as the PDF sets them (cardpdf.c)
$(B)/bin/refcard-render $(B)/tests/test_card: LDLIBS += $(PANGO_LIBS)
# battle-scan: the geometry needs libm, its PDF writer cairo and pango.
BATTLE_LINKED = $(B)/bin/battle-scan $(B)/tests/test_geom \
    $(B)/tests/test_battle $(B)/fuzz/fuzz_battlefield $(B)/fuzz/fuzz_plan
$(B)/lib/battle/bfpdf.o: ALL_CFLAGS += $(PANGO_CFLAGS)
$(BATTLE_LINKED): LDLIBS += $(PANGO_LIBS) -lm

# a libFuzzer harness (FUZZ=1 only: clang's fuzzer runtime has the main)
fuzzers: $(FUZZERS)

$(B)/fuzz/%: $(B)/tests/fuzz/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libbellis.a \
	    $(XML_LIBS) $(LDLIBS)

$(B)/%.o: %.c | $(GEN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# formats/NAME.EXT is embedded as the array NAME_EXT in gen/NAME_EXT.h
$(B)/gen/%.h: $$(subst _xml,.xml,$$(subst _rng,.rng,formats/%))
	@mkdir -p $(@D)
	cd formats && xxd -i $(notdir $<) > ../$@.tmp
	mv $@.tmp $@

# The troop table and the rules editions compiled to C (rules/tables.h):
# formats/ is read at build time by the loaders themselves, linked into
# tools/gen/gen-tables without the tables they write.
$(B)/gen/libboot.a: $(BOOT_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(B)/gen/gen-tables: $(B)/tools/gen/gen-tables.o $(B)/gen/libboot.a
	$(CC) $(LDFLAGS) -o $@ $^ $(XML_LIBS)

$(B)/gen/tables.c: $(B)/gen/gen-tables formats/troops.xml \
    $(EDITIONS:%=formats/%.xml)
	$(B)/gen/gen-tables formats/troops.xml $(EDITIONS:%=formats/%.xml) \
	    > $@.tmp
	mv $@.tmp $@

$(B)/gen/tables.o: $(B)/gen/tables.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# ---- dependencies (Debian packages), then build and test -------------
deps:
	@sh .ci/deps

# the bats suites make check also runs with the tools under valgrind: the
# hostile inputs (make check-valgrind runs every suite; empty: none)
VALGRIND_CHECK ?= tests/hostile.bats tests/hostile-data.bats \
                  tests/hostile-io.bats tests/nonarmy.bats tests/fuzz-regress.bats
VALGRIND_JOBS  ?= 2

check: deps
	$(MAKE) -j2 all units
	$(MAKE) -j2 SAN=1 all units
	$(MAKE) -j2 FUZZ=1 fuzzers
	@FUZZ_DIR=build-fuzz FUZZ_SMOKE=$(FUZZ_SMOKE) \
	    VALGRIND_DIR=$(if $(strip $(VALGRIND_CHECK)),build) \
	    VALGRIND_BATS="$(VALGRIND_CHECK)" sh tests/check.sh build build-san

# the edit-compile-test loop: the plain build, the unit tests, the bats
# suites, tests/lint.sh and mandoc (no sanitizers, valgrind or fuzzers)
test: deps
	$(MAKE) -j2 all units
	@sh tests/check.sh build

# every harness for FUZZ_SECONDS, the corpus kept in build-fuzz/fuzz/corpus
fuzz: deps
	$(MAKE) FUZZ=1 fuzzers
	sh tests/fuzz/run.sh -k build-fuzz $(FUZZ_SECONDS)

# the bats suites with every tool under valgrind memcheck
check-valgrind: deps
	$(MAKE) -j2 all
	VALGRIND_JOBS=$(VALGRIND_JOBS) sh tests/valgrind.sh build

# line and branch coverage of lib/ and tools/ by the unit and bats tests
coverage: deps
	rm -rf build-cov
	$(MAKE) COV=1 all units
	sh tests/coverage.sh build-cov

demo: deps
	$(MAKE) all
	@sh samples/demo.sh build/bin

bench: deps
	$(MAKE) all
	@sh bench/run.sh build/bin

lint: deps
	sh tests/lint.sh
	mandoc -T lint -W warning $(MANS)
	cppcheck --quiet --error-exitcode=1 --std=c11 -Ilib lib tools 2>&1

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(BINS) $(DESTDIR)$(BINDIR)/
	for m in $(MANS); do \
	    s=$${m##*.}; install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/; done

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for m in $(MANS); do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m#man/}; done

clean:
	rm -rf build build-san build-fuzz build-cov demo

.PHONY: all units fuzzers deps test check fuzz check-valgrind coverage demo \
    bench lint install uninstall clean
.DELETE_ON_ERROR:
.SECONDARY:

-include $(shell find $(B) -name '*.d' 2>/dev/null)
