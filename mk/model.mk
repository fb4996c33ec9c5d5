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

# $(call model_tests,TARGET,BINS,TESTS,LIST): the model's unit tests
# tests/unit/test_T.c for T in TESTS, each linked with the model and the
# support library, named by the variable BINS; make TARGET runs LIST (part of
# make test). The binaries are prerequisites (not a recursive make), so that
# `make -j2 test-model test-yarc-model ...` builds $(NRMODEL) once. Used here
# and by mk/yarc_model.mk and mk/nwn_model.mk.
define model_tests
$(2) := $$(patsubst %,$$(BUILD)/tests/unit/test_%,$(3))
$$($(2)): $$(BUILD)/tests/unit/%: $$(BUILD)/obj/tests/unit/%.o $$(NRMODEL) $$(NRLIB)
	@mkdir -p $$(@D)
	$$(CC) -o $$@ $$< $$(NRMODEL) $$(NRLIB) $$(NRLIB_LDLIBS)
$$($(2):$$(BUILD)/tests/unit/%=$$(BUILD)/obj/tests/unit/%.o): CFLAGS += -Itests/unit -Itb/common -Icsrc/model
TEST_BINS += $$($(2))
UNIT_TARGETS += $(1)
.PHONY: $(1)
$(1): $$(BUILD)/.deps-ok $$(NRMODEL) $$($(2))
	@scripts/regress.sh -b $$(BUILD) -j $$(JOBS) $(4)
endef

# Unit tests: tests/unit/test_lcb_model*.c, sharing tests/unit/lcb_pair.h,
# test_lcb_rd2.c (the input queue's second read port) and test_inq_vc.c (one
# VC of the input queue, inq_vc.h, against a reference of link-protocol 8.4).
TEST_BINS += $(NRMODEL)
$(eval $(call model_tests,test-model,MODEL_TEST_BINS,lcb_model lcb_model_rand lcb_rd2 inq_vc,tests/model.list))
