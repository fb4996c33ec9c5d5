# model.mk - the C reference model (csrc/model) and its unit tests.
#
# Every csrc/model/*.c goes into $(BUILD)/libnrmodel.a (NRMODEL). The model
# uses the support library (CRCs), so link both, model first:
#     prog: prog.o $(NRMODEL) $(NRLIB) ; $(CC) -o $@ $^ $(NRLIB_LDLIBS)
# Public headers are csrc/include (nr_lcb.h); csrc/model/*.h are private.
MODEL_SRCS := $(sort $(wildcard csrc/model/*.c))
MODEL_OBJS := $(MODEL_SRCS:%.c=$(BUILD)/obj/%.o)

$(NRMODEL): $(MODEL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# Unit tests: tests/unit/test_lcb_model*.c, sharing tests/unit/lcb_pair.h,
# test_lcb_rd2.c (the input queue's second read port) and test_inq_vc.c (one
# VC of the input queue, inq_vc.h, against a reference of link-protocol 8.4).
MODEL_TESTS := lcb_model lcb_model_rand lcb_rd2 inq_vc
MODEL_TEST_BINS := $(MODEL_TESTS:%=$(BUILD)/tests/unit/test_%)
$(MODEL_TEST_BINS): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(NRMODEL) $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(NRMODEL) $(NRLIB) $(NRLIB_LDLIBS)
$(MODEL_TEST_BINS:$(BUILD)/tests/unit/%=$(BUILD)/obj/tests/unit/%.o): CFLAGS += -Itests/unit -Itb/common -Icsrc/model

TEST_BINS += $(NRMODEL) $(MODEL_TEST_BINS)
UNIT_TARGETS += test-model
.PHONY: test-model
# The binaries are prerequisites (not a recursive make), so that
# `make -j2 test-model test-yarc-model ...` builds $(NRMODEL) once.
test-model: $(BUILD)/.deps-ok $(NRMODEL) $(MODEL_TEST_BINS)
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/model.list
