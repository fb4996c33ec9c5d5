# clib.mk - the C support library (csrc/lib) and its unit tests (tests/unit).
#
# Other areas link the library through NRLIB:
#     prog: prog.o $(NRLIB) ; $(CC) -o $@ $^ $(NRLIB_LDLIBS)
# Every csrc/lib/*.c goes into $(NRLIB) ($(BUILD)/libnr.a, named in the Makefile); the headers are csrc/include.
CLIB_SRCS := $(sort $(wildcard csrc/lib/*.c))
CLIB_OBJS := $(CLIB_SRCS:%.c=$(BUILD)/obj/%.o)

$(NRLIB): $(CLIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# One binary per module test: tests/unit/test_<module>.c.
CLIB_TESTS := crc rng pkt traffic inject sb stats cli out src
CLIB_TEST_BINS := $(CLIB_TESTS:%=$(BUILD)/tests/unit/test_%)
$(CLIB_TEST_BINS): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRLIB) $(NRLIB_LDLIBS)
$(CLIB_TEST_BINS:$(BUILD)/tests/unit/%=$(BUILD)/obj/tests/unit/%.o): CFLAGS += -Itests/unit -Itb/common

TEST_BINS += $(NRLIB) $(CLIB_TEST_BINS)
UNIT_TARGETS += test-clib
.PHONY: test-clib
test-clib: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(NRLIB) $(CLIB_TEST_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/clib.list
