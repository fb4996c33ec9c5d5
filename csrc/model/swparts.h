/* swparts.h - every piece of the switch models (private to csrc/model), for
 * the models that compose them (yarc*.c, nwn*.c) and their tests. Each piece
 * has its own header; sw_common.h describes them and their two-step cycle. */
#ifndef NR_SWPARTS_H
#define NR_SWPARTS_H
#include "sw_common.h"
#include "sw_bufs.h"
#include "sw_route.h"
#include "sw_iu.h"
#include "sw_alloc.h"
#include "sw_bport.h"
#include "sw_port_front.h"
#endif
