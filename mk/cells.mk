# cells.mk - the common RTL cells (rtl/common; docs/cells.md): one Verilated
# build per (cell, parameter set), each linked with its C test into
# $(BUILD)/cells/<name>; the regression is tests/cells.list and the proofs
# tests/formal.list (scripts/formal.sh).
#
#   make test-cells     build the cell tests, run tests/cells.list and
#                       tests/formal.list (about 3 minutes on 2 cores)
#   make formal-cells   tests/formal.list only
CELLS_BIN := $(BUILD)/cells
CELLS_O := $(BUILD)/obj/tb/cells
CELLS_COMMON := $(CELLS_O)/cells_util.o $(CELLS_O)/cells_model.o $(BUILD)/obj/csrc/lib/crc.o \
                $(BUILD)/obj/csrc/lib/rng.o
CELLS_BINS :=

# $(call cell,NAME,TOP,TEST,PARAMS): Verilate TOP with PARAMS (-GName=Value
# ...) as build NAME and link it with tb/cells/TEST.c into $(BUILD)/cells/NAME.
# The test learns the parameters from params.o: tb/cells/cells_params.c
# compiled with -DNR_P_Name=Value for each -GName=Value.
define cell_link
$(BUILD)/v/$(1)/shim.o: tb/cells/cells_shim.h tb/cells/shim_common.hpp
$(BUILD)/v/$(1)/params.o: tb/cells/cells_params.c tb/cells/cells_shim.h mk/cells.mk | $(BUILD)/.deps-ok
	@mkdir -p $$(@D)
	$(CC) $(CFLAGS) $(patsubst -G%,-DNR_P_%,$(4)) -c $$< -o $$@
$(CELLS_BIN)/$(1): $(CELLS_O)/$(3).o $(CELLS_COMMON) $(BUILD)/v/$(1)/params.o $(BUILD)/v/$(1)/shim.o $(BUILD)/v/$(1)/libV$(2).a
	@mkdir -p $$(@D)
	$(CXX) $(NO_LTO) -o $$@ $$^ $(VLIBS)
CELLS_BINS += $(CELLS_BIN)/$(1)
endef
cell = $(eval $(call vtop,$(1),$(2),$(4)))$(eval $(call cell_link,$(1),$(2),$(3),$(4)))

# ---- builds: NAME, TOP, TEST, PARAMS (tests/cells.list runs each) ----
$(call cell,ram_d1,nr_ram_1r1w,test_ram,-GWidth=8 -GDepth=1)
$(call cell,ram_d13,nr_ram_1r1w,test_ram,-GWidth=24 -GDepth=13)
$(call cell,fifo_d1,nr_fifo,test_stream,-GWidth=24 -GDepth=1)
$(call cell,fifo_d2,nr_fifo,test_stream,-GWidth=24 -GDepth=2)
$(call cell,fifo_d3,nr_fifo,test_stream,-GWidth=7 -GDepth=3)
$(call cell,fifo_d16,nr_fifo,test_stream,-GWidth=64 -GDepth=16)
$(call cell,delay_l0,nr_delay,test_delay,-GWidth=24 -GLatency=0)
$(call cell,delay_l1,nr_delay,test_delay,-GWidth=24 -GLatency=1)
$(call cell,delay_l3,nr_delay,test_delay,-GWidth=1 -GLatency=3)
$(call cell,delay_l128,nr_delay,test_delay,-GWidth=24 -GLatency=128)
$(foreach n,1 2 3 4 7,$(call cell,arb_rr_n$(n),nr_arb_rr,test_arb,-GN=$(n)))
$(foreach n,2 3 5 8,$(call cell,arb_matrix_n$(n),nr_arb_matrix,test_arb,-GN=$(n)))
$(call cell,arb_multi_n1_s2,nr_arb_rr_multi,test_arb_multi,-GN=1 -GS=2 -GPastLast=1)
$(call cell,arb_multi_n2_s2,nr_arb_rr_multi,test_arb_multi,-GN=2 -GS=2 -GPastLast=1)
$(call cell,arb_multi_n3_s1,nr_arb_rr_multi,test_arb_multi,-GN=3 -GS=1 -GPastLast=0)
$(call cell,arb_multi_n4_s2f,nr_arb_rr_multi,test_arb_multi,-GN=4 -GS=2 -GPastLast=0)
$(call cell,arb_multi_n5_s2l,nr_arb_rr_multi,test_arb_multi,-GN=5 -GS=2 -GPastLast=1)
$(call cell,arb_multi_n7_s3f,nr_arb_rr_multi,test_arb_multi,-GN=7 -GS=3 -GPastLast=0)
$(call cell,credit_v1_m1_i1,nr_credit_cnt,test_credit,-GNumVcs=1 -GMaxCredits=1 -GIncW=1)
$(call cell,credit_v4_m5_i2,nr_credit_cnt,test_credit,-GNumVcs=4 -GMaxCredits=5 -GIncW=2)
$(call cell,credit_v2_m16_i3,nr_credit_cnt,test_credit,-GNumVcs=2 -GMaxCredits=16 -GIncW=3)
$(call cell,crc16_d6,nr_crc16_upd,test_crc,-GDataW=6)
$(call cell,crc16_d8,nr_crc16_upd,test_crc,-GDataW=8)
$(call cell,crc16_d22,nr_crc16_upd,test_crc,-GDataW=22)
$(call cell,crc8_d8,nr_crc8_upd,test_crc,-GDataW=8)
$(call cell,crc8_d14,nr_crc8_upd,test_crc,-GDataW=14)
$(call cell,crc16b_d8,nr_crc_upd,test_crc,-GWidth=16 -GPoly=35767 -GDataW=8)
$(call cell,crc16b_d22,nr_crc_upd,test_crc,-GWidth=16 -GPoly=35767 -GDataW=22)
$(call cell,crc32c_d8,nr_crc_upd,test_crc,-GWidth=32 -GPoly=517762881 -GDataW=8)
$(call cell,crc32c_d22,nr_crc_upd,test_crc,-GWidth=32 -GPoly=517762881 -GDataW=22)
# nr_max_pick against the model's sw_max_pick (linked from libnrmodel.a):
# builds maxpick_nN_sS for each N:S (-GN=N -GScW=S)
MAXPICK_NS := 1:1 4:2 5:2 6:3 16:4 64:1
mp_n = $(word 1,$(subst :, ,$(1)))
mp_s = $(word 2,$(subst :, ,$(1)))
MAXPICK_CELLS := $(foreach p,$(MAXPICK_NS),maxpick_n$(call mp_n,$(p))_s$(call mp_s,$(p)))
$(foreach p,$(MAXPICK_NS),$(call cell,maxpick_n$(call mp_n,$(p))_s$(call mp_s,$(p)),nr_max_pick,test_max_pick,-GN=$(call mp_n,$(p)) -GScW=$(call mp_s,$(p))))
$(CELLS_O)/test_max_pick.o: CFLAGS += -Icsrc/model
$(addprefix $(CELLS_BIN)/,$(MAXPICK_CELLS)): $(BUILD)/libnrmodel.a $(BUILD)/libnr.a

# nr_nwn_fhop's fc top choice (TopChoice=1, the LFSR) against sequence
# vectors from docs/nwn-arch.md §4.3 and the model's functions (libnrmodel.a)
$(call cell,fhop_fc_k16_rand,nr_nwn_fhop,test_fhop_lfsr,-GNumPorts=16 -GR=4 -GM=4 -GTopChoice=1 -GNumVcs=2 -GCrW=5 -GTgtW=3)
$(CELLS_O)/test_fhop_lfsr.o: CFLAGS += -Icsrc/model
$(CELLS_BIN)/fhop_fc_k16_rand: $(BUILD)/libnrmodel.a $(BUILD)/libnr.a

# nr_swalloc_accept with one accept per cycle (SubSpeedup = 1) and two (the
# tops' input speedup, TopSpeedup = 2): its shares (and with one, bounded
# waiting) from docs/nwn-arch.md 6.3, its rule against sw_accept
$(call cell,accept_v4_s1,nr_swalloc_accept,test_accept_share,-GNumVcs=4 -GNO=8 -GSpeedup=1 -GPayW=24 -GTgtW=3)
$(call cell,accept_v4_s2,nr_swalloc_accept,test_accept_share,-GNumVcs=4 -GNO=8 -GSpeedup=2 -GPayW=24 -GTgtW=3)
$(CELLS_O)/test_accept_share.o: CFLAGS += -Icsrc/model
$(CELLS_BIN)/accept_v4_s1 $(CELLS_BIN)/accept_v4_s2: $(BUILD)/libnrmodel.a $(BUILD)/libnr.a

# nr_route_fb (the routers' flattened-butterfly RC: MIN, VAL, UGAL, MIN AD)
# against docs/fbfly-routing.md 2-6.3 written in the test and the model's RC
# function (libnrmodel.a): 2 VCs on 16 ports, 4 VCs (MIN AD with D = 3, 4)
# on 32 ports, and the hc-k64 size
RFB_CELLS := route_fb_p16_v2 route_fb_p32_v4 route_fb_p64_v4
$(call cell,route_fb_p16_v2,nr_route_fb,test_route_fb,-GNumPorts=16 -GNumVcs=2 -GInBufPerVc=8)
$(call cell,route_fb_p32_v4,nr_route_fb,test_route_fb,-GNumPorts=32 -GNumVcs=4 -GInBufPerVc=16)
$(call cell,route_fb_p64_v4,nr_route_fb,test_route_fb,-GNumPorts=64 -GNumVcs=4 -GInBufPerVc=128)
$(CELLS_O)/test_route_fb.o: CFLAGS += -Icsrc/model
$(addprefix $(CELLS_BIN)/,$(RFB_CELLS)): $(BUILD)/libnrmodel.a $(BUILD)/libnr.a

TEST_BINS += $(CELLS_BINS)
UNIT_TARGETS += test-cells formal-cells
.PHONY: test-cells formal-cells cells-bins
cells-bins: $(CELLS_BINS)
test-cells: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory cells-bins
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/cells.list tests/formal.list
formal-cells: $(BUILD)/.deps-ok
	@scripts/regress.sh -b $(BUILD) -j $(JOBS) tests/formal.list
