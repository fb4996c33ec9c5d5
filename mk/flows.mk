# User flows that are not tests: waveforms (area and timing: mk/synth.mk).
# make waves: an FST window of a short run of each traced k=16 build, a GTKWave
# save file with the packet path grouped by stage, checked by opening it in
# GTKWave under Xvfb (scripts/waves.sh; tests/waves.list runs the same check).
.PHONY: waves
waves: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(filter %-trace,$(RTR_RTL_BINS)) $(PHITDEC_BINS)
	@scripts/waves.sh
UNIT_TARGETS += waves
# make waves-net [WAVES_NET=R]: the same view of router R (default 20, a
# spine) of a 128-node folded Clos of yarc-k16 routers (net_sim, docs/network.md)
.PHONY: waves-net
waves-net: $(BUILD)/.deps-ok
	@$(MAKE) --no-print-directory $(BUILD)/bin/net_sim-yarc-k16-trace $(PHITDEC_BINS)
	@WAVES_NET=$${WAVES_NET:-20} scripts/waves.sh yarc-k16
UNIT_TARGETS += waves-net
# The GTKWave translate filter process that shows a phit as HEAD/BODY/EOP (core
# side) or IDLE/PAD/MARK/EOP with the C bit (link side): tb/waves/phitdec.c.
# The waves save files attach $(BUILD)/bin/nr_phitdec to the core-phit traces
# and nr_phitdec-link (a symlink: the link mode) to the link traces.
PHITDEC := $(BUILD)/bin/nr_phitdec
PHITDEC_BINS := $(PHITDEC) $(PHITDEC)-link
$(PHITDEC): $(BUILD)/obj/tb/waves/phitdec.o $(NRLIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(NRLIB_LDLIBS)
$(PHITDEC)-link: $(PHITDEC)
	ln -sf nr_phitdec $@
TEST_BINS += $(PHITDEC_BINS)
