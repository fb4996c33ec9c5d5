// Ordered RTL file list read by Verilator, Icarus and Yosys. Package first.
rtl/nr_pkg.sv
// common cells (leaves first)
rtl/common/nr_ram_1r1w.sv
rtl/common/nr_fifo.sv
rtl/common/nr_delay.sv
rtl/common/nr_arb_rr.sv
rtl/common/nr_arb_rr_multi.sv
rtl/common/nr_arb_matrix.sv
rtl/common/nr_max_pick.sv
rtl/common/nr_credit_cnt.sv
rtl/common/nr_crc_upd.sv
rtl/common/nr_crc16_upd.sv
rtl/common/nr_crc8_upd.sv
// port link layer: LCB + input queue (rtl/lcb, docs/lcb-rtl.md; leaves first)
rtl/lcb/nr_lcb_ctl_ser.sv
rtl/lcb/nr_lcb_ctl_defr.sv
rtl/lcb/nr_lcb_rx_frame.sv
rtl/lcb/nr_lcb_rx_seq.sv
rtl/lcb/nr_lcb_rx.sv
rtl/lcb/nr_lcb_tx_ctl.sv
rtl/lcb/nr_lcb_tx_take.sv
rtl/lcb/nr_lcb_tx_seq.sv
rtl/lcb/nr_lcb_tx_replay.sv
rtl/lcb/nr_lcb_tx_link.sv
rtl/lcb/nr_lcb_tx.sv
rtl/lcb/nr_lcb.sv
rtl/lcb/nr_inq_vc.sv
rtl/lcb/nr_inq.sv
rtl/lcb/nr_lcb_port.sv
// switch blocks shared by YARC and the network switches (rtl/sw; leaves first)
rtl/sw/nr_vcbank.sv
rtl/sw/nr_chpipe.sv
rtl/sw/nr_route_cfg.sv
rtl/sw/nr_route_lookup.sv
rtl/sw/nr_route_fbq.sv
rtl/sw/nr_route_fb.sv
rtl/sw/nr_route_tables.sv
rtl/sw/nr_iu_stage.sv
rtl/sw/nr_iu_rc.sv
rtl/sw/nr_iu_front.sv
rtl/sw/nr_iu.sv
rtl/sw/nr_swalloc_ch.sv
rtl/sw/nr_swalloc_pt.sv
rtl/sw/nr_swalloc_accept.sv
rtl/sw/nr_swalloc_out.sv
rtl/sw/nr_swalloc_vao.sv
rtl/sw/nr_swalloc_vai.sv
rtl/sw/nr_swalloc_va.sv
rtl/sw/nr_swalloc_islip.sv
rtl/sw/nr_swalloc.sv
rtl/sw/nr_port_bare.sv
rtl/sw/nr_port_front.sv
// YARC tiled router (rtl/yarc, docs/yarc-rtl.md; leaves first)
rtl/yarc/nr_rbd.sv
rtl/yarc/nr_subswitch.sv
rtl/yarc/nr_outport.sv
rtl/yarc/nr_yarc_tile.sv
rtl/yarc/nr_yarc.sv
// network-within-a-network switches (rtl/nwn, docs/nwn-rtl.md; leaves first)
rtl/nwn/nr_nwn_fhop.sv
rtl/nwn/nr_nwn_port.sv
rtl/nwn/nr_nwn_sub.sv
rtl/nwn/nr_nwn_fbrow.sv
rtl/nwn/nr_nwn_fbx.sv
rtl/nwn/nr_nwn_hx.sv
rtl/nwn/nr_nwn.sv
// the SeaStar router (rtl/seastar, docs/seastar-arch.md; leaves first)
rtl/seastar/nr_ss_ages.sv
rtl/seastar/nr_ss_in.sv
rtl/seastar/nr_ss_out.sv
rtl/seastar/nr_seastar.sv
