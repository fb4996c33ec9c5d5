# mk/soak.mk - `make soak`: the time-budgeted, rotating-seed link-layer soak
# (scripts/soak.sh, issue 11). Not part of `make test`. It runs what is built:
# LCB model pairs and model-only routers always; the LCB RTL in lockstep and
# routers in lockstep only if their Verilated binaries already exist in
# $(BUILD)/bin (soak never builds RTL). SOAK_MINUTES (default 10) is the
# budget, SOAK_SEED the base seed (default: today's date, so nightly runs
# rotate), SOAK_CRC=32 soaks the 32-bit link check (routers: yarc-k16-crc32),
# SOAK_KINDS="rtr" (or lcb, lcbrtl) limits the kinds. Results:
# $(BUILD)/soak/summary.txt and $(BUILD)/soak/junit.xml.
SOAK_MINUTES ?= 10
SOAK_CRC ?= 16
UNIT_TARGETS += soak
.PHONY: soak
soak: $(BUILD)/.deps-ok $(BUILD)/bin/lcb_sim_model $(BUILD)/bin/rtr_sim
	SOAK_MINUTES=$(SOAK_MINUTES) scripts/soak.sh -b $(BUILD) -c $(SOAK_CRC)
