# nwn_model.mk - unit tests of the network-within-a-network C model
# (csrc/model/nwn*.c; docs/nwn-model.md), and of the flattened-butterfly
# mode of both router models (test_fb_model, docs/fbfly-routing.md). The model's objects go into
# $(NRMODEL) through the csrc/model/*.c wildcard of mk/model.mk.
#
#   make test-nwn-model    the nwn model unit tests (also part of make test)
$(eval $(call model_tests,test-nwn-model,NWN_MODEL_TEST_BINS,nwn_model nwn_model_rand nwn_fbx nwn_hx nwn_vc nwn_ft fb_model iq_ref,tests/nwn_model.list))

