#!/bin/bash
# energy.sh - seed 001 Fig 12 in the kit (make energy): achieved throughput,
# energy per delivered bit, EDP and EDAP of hc, fc, fc6, fc6-isu2 and bb at
# k = 64 on the nine patterns of Fig 12, normalised to hc
# (docs/results.md section 4.3).
#
# 1. Runs the C models standalone (rtr_sim --impl model), bare seed
#    configurations of configs/configs.txt, 4-phit packets, every packet
#    adaptive (fc picks its top pseudo-randomly, the seed's rule), at offered
#    loads ENERGY_LOADS, one job at a time. 100RP is the kit's randperm
#    pattern (a random derangement per seed) over ENERGY_RP_SEEDS seeds.
# 2. Asks sw_counts --energy for each configuration's energy model on each
#    pattern: the mean dynamic energy per bit over the pattern's (source,
#    destination) pairs, the static power per cycle and the area for EDAP.
# 3. Joins the two by CSV header names and writes, per organization and
#    pattern, at the operating point: accepted load, mean latency,
#    energy per delivered bit = dynamic + static / delivered bits,
#    EDP = energy x latency, EDAP = EDP x area, all relative to hc (the
#    operating point: the highest offered load up to which every load of
#    the grid is sustained: accepted >= 0.95 x the deliverable offered load,
#    and mean latency <= 3 x the latency at the lowest load); and the
#    same at the fixed offered load ENERGY_FIXED. A claims table sets the
#    seed's numbers (abstract, §5.3, conclusion) beside the kit's.
#
# Environment: BUILD [build], ENERGY_LOADS [0.1 .. 1.0], ENERGY_WARMUP [2000],
# ENERGY_MEASURE [6000], ENERGY_RP_SEEDS [1 2 3 4 5], ENERGY_SEED [1],
# ENERGY_FIXED [0.3], ENERGY_REPORT_ONLY=1 (tables and plot from the last runs).
# Outputs in $BUILD/results/energy: runs/ (one CSV per run), energy_runs.csv,
# energy_model.csv, energy_points.csv, energy.md, energy_claims.md,
# energy_model.md, energy_fig12.dat, energy_fig12.png; the tables go between
# the energy-* markers of docs/results.md and the PNG to docs/img/.
set -eu
B=${BUILD:-build}
SIM=$B/bin/rtr_sim
SWC=$B/bin/sw_counts
OUT=$B/results/energy
LOADS=${ENERGY_LOADS:-0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0}
WARMUP=${ENERGY_WARMUP:-2000}
MEASURE=${ENERGY_MEASURE:-6000}
RP_SEEDS=${ENERGY_RP_SEEDS:-1 2 3 4 5}
SEED=${ENERGY_SEED:-1}
FIXED=${ENERGY_FIXED:-0.3}
CF=configs/configs.txt
for x in "$SIM" "$SWC"; do [ -x "$x" ] || { echo "energy: $x not built" >&2; exit 2; }; done
. scripts/sweep_lib.sh
mkdir -p "$OUT/runs" docs/img

# organization:configuration, in the order of the tables
ORGS="hc:hc-k64-4vc fc:fc-k64-4vc fc6:fc6-k64-4vc fc6-isu2:fc6-isu2-k64-4vc bb:bb-k64-4vc"
CFGS=""
for oc in $ORGS; do CFGS="$CFGS ${oc#*:}"; done
# Fig 12's patterns: seed name:rtr_sim pattern. The seed's BR is bit rotation
# (its §5.4 footnote, line 234, says "bit-rotation (BR)", and Fig 12 lists
# bit-reverse separately), so BR runs `bitrot` here, not the kit's `br` alias
# (which is bitrev).
PATS="UR:uniform BC:bitcomp BR:bitrot TR:tr bit-reverse:bitrev tornado:tornado shuffle:shuffle transpose:transpose 100RP:randperm"
seeds_of() { [ "$1" = randperm ] && echo "$RP_SEEDS" || echo "$SEED"; }

if [ -z "${ENERGY_REPORT_ONLY:-}" ]; then
    rm -f "$OUT"/runs/*.csv "$OUT"/runs/*.log
    n=0 t0=$(date +%s)
    for pp in $PATS; do
        p=${pp#*:}
        for s in $(seeds_of "$p"); do
            for oc in $ORGS; do
                o=${oc%%:*} c=${oc#*:}
                for l in $LOADS; do
                    f="$OUT/runs/${o}__${p}__${s}_$l.csv"
                    "$SIM" --cfg-file "$CF" --cfg "$c" --impl model --pattern "$p" --load "$l" \
                        --len fixed:4 --warmup "$WARMUP" --measure "$MEASURE" --drain-max 20000 \
                        --seed "$s" --adaptive 1 --label "${o}__${p}__$s" --csv "$f" \
                        > "${f%.csv}.log" 2>&1 || echo "energy: FAILED $o $p seed $s load $l (${f%.csv}.log)" >&2
                    n=$((n + 1))
                done
            done
            echo "energy: $p seed $s done ($n runs, $(( $(date +%s) - t0 )) s)"
        done
    done
fi

# every run's row in one CSV, header once
RUNS=$OUT/energy_runs.csv
first=$(ls "$OUT"/runs/*.csv | head -1)
head -1 "$first" > "$RUNS"
for f in "$OUT"/runs/*.csv; do tail -n +2 "$f"; done >> "$RUNS"

# the energy model of each configuration on each pattern, three readings
MODEL=$OUT/energy_model.csv
: > "$MODEL"
for pp in $PATS; do
    p=${pp#*:}
    for s in $(seeds_of "$p"); do
        for alt in none rw xbit; do
            "$SWC" --cfg-file "$CF" --energy --pattern "$p" --seed "$s" --alt "$alt" $CFGS |
                if [ -s "$MODEL" ]; then tail -n +2; else cat; fi >> "$MODEL"
        done
    done
done
"$SWC" --cfg-file "$CF" --energy $CFGS > "$OUT/energy_model.md"

# ---- join, operating points, normalisation (columns by header name) ----
POINTS=$OUT/energy_points.csv
awk -F, -v orgs="$ORGS" -v pats="$PATS" -v fixed="$FIXED" -v points="$POINTS" \
    -v md="$OUT/energy.md" -v claims="$OUT/energy_claims.md" -v dat="$OUT/energy_fig12.dat" '
function col(name, f) { if (!((f, name) in H)) { print "energy: no column " name > "/dev/stderr"; exit 2 } return H[f, name] }
FNR == 1 { fi++; for (i = 1; i <= NF; i++) H[fi, $i] = i; next }
fi == 1 {   # energy_model.csv
    k = $col("cfg", 1) SUBSEP $col("pattern", 1) SUBSEP $col("seed", 1) SUBSEP $col("alt", 1)
    dyn[k] = $col("dyn_fj_bit", 1); stat[k] = $col("static_fj_cycle", 1)
    area[k] = $col("area", 1); nopath[k] = $col("nopath_frac", 1)
    ports[k] = $col("ports", 1); width[k] = $col("width_bits", 1); offc[k] = $col("offchip_fj_bit", 1)
    next
}
{           # energy_runs.csv
    c = $col("cfg", 2); p = $col("pattern", 2); s = $col("seed", 2); l = $col("load", 2) + 0
    r = c SUBSEP p SUBSEP s
    runs[r] = 1
    nl[r]++; L[r, nl[r]] = l; OFF[r, nl[r]] = $col("offered", 2); ACC[r, nl[r]] = $col("accepted", 2)
    LAT[r, nl[r]] = $col("lat_mean", 2)
}
function e_bit(k, acc, oc) { return dyn[k] + oc * offc[k] + stat[k] / (acc * ports[k] * width[k]) }
END {
    no = split(orgs, OC, " "); np = split(pats, PC, " ")
    for (i = 1; i <= no; i++) { split(OC[i], t, ":"); ON[i] = t[1]; CN[i] = t[2] }
    for (j = 1; j <= np; j++) { split(PC[j], t, ":"); SN[j] = t[1]; PN[j] = t[2] }
    # canonical pattern names as rtr_sim prints them
    canon["uniform"] = "uniform"; canon["tr"] = "transpose-random"
    nalt = split("none rw xbit", ALT, " ")
    print "org,cfg,pattern,seed,alt,offchip,op_load,op_accepted,op_lat,op_e_fj,op_edp,op_edap,sat_accepted,fx_accepted,fx_lat,fx_e_fj,fx_edp,fx_edap" > points
    for (i = 1; i <= no; i++) for (j = 1; j <= np; j++) {
        pname = (PN[j] in canon) ? canon[PN[j]] : PN[j]
        ns = 0
        for (r in runs) { split(r, rr, SUBSEP); if (rr[1] == CN[i] && rr[2] == pname) seedlist[++ns] = rr[3] }
        for (q = 1; q <= ns; q++) {
            r = CN[i] SUBSEP pname SUBSEP seedlist[q]
            k0 = r SUBSEP "none"
            if (!(k0 in dyn)) { print "energy: no model for " CN[i] " " pname " " seedlist[q] > "/dev/stderr"; exit 2 }
            # loads in increasing order; T0 = mean latency at the lowest
            lo = 0; top = 0; fx = 0
            for (m = 1; m <= nl[r]; m++) {
                if (!lo || L[r, m] < L[r, lo]) lo = m
                if (L[r, m] >= top) { top = L[r, m]; sat = ACC[r, m] }
                if (L[r, m] == fixed + 0) fx = m
            }
            # operating point: the highest load below which every load is
            # sustained (deliverable traffic accepted to 95 %, mean latency
            # within 3 T0); the lowest load if none is
            best = lo; cur = lo
            while (1) {
                nx = 0
                for (m = 1; m <= nl[r]; m++) if (L[r, m] > L[r, cur] && (!nx || L[r, m] < L[r, nx])) nx = m
                if (!nx || ACC[r, nx] < 0.95 * OFF[r, nx] * (1 - nopath[k0]) || LAT[r, nx] > 3 * LAT[r, lo]) break
                best = nx; cur = nx
            }
            for (a = 1; a <= nalt; a++) for (oc = 0; oc <= 1; oc++) {
                k = r SUBSEP ALT[a]
                e = e_bit(k, ACC[r, best], oc); edp = e * LAT[r, best]; edap = edp * area[k]
                fe = fx ? e_bit(k, ACC[r, fx], oc) : 0; fl = fx ? LAT[r, fx] : 0
                printf "%s,%s,%s,%s,%s,%d,%s,%s,%s,%.2f,%.1f,%.4g,%s,%s,%s,%.2f,%.1f,%.4g\n", ON[i], CN[i], SN[j], seedlist[q], ALT[a], oc, L[r, best], ACC[r, best], LAT[r, best], e, edp, edap, sat, fx ? ACC[r, fx] : "", fl, fe, fe * fl, fe * fl * area[k] > points
                g = i SUBSEP j SUBSEP ALT[a] SUBSEP oc
                cnt[g]++; A_load[g] += L[r, best]; A_acc[g] += ACC[r, best]; A_lat[g] += LAT[r, best]
                A_e[g] += e; A_edp[g] += edp; A_edap[g] += edap; A_sat[g] += sat
                A_fe[g] += fe; A_fedp[g] += fe * fl; A_fedap[g] += fe * fl * area[k]; A_fl[g] += fl
            }
        }
        delete seedlist
    }
    for (g in cnt) { n = cnt[g]; A_load[g] /= n; A_acc[g] /= n; A_lat[g] /= n; A_e[g] /= n; A_edp[g] /= n
                     A_edap[g] /= n; A_sat[g] /= n; A_fe[g] /= n; A_fedp[g] /= n; A_fedap[g] /= n; A_fl[g] /= n }

    # ---- the main table ----
    printf "| pattern | org | saturation throughput | operating load | accepted there | mean latency (cycles) | energy (fJ/bit) | energy / hc | EDP / hc | EDAP / hc | at %s: energy / hc | EDP / hc | EDAP / hc |\n", fixed > md
    print "|---|---|---|---|---|---|---|---|---|---|---|---|---|" > md
    for (j = 1; j <= np; j++) for (i = 1; i <= no; i++) {
        g = i SUBSEP j SUBSEP "none" SUBSEP 0; h = 1 SUBSEP j SUBSEP "none" SUBSEP 0
        if (!(g in cnt)) continue
        fxs = A_fe[g] > 0 && A_fe[h] > 0 ? sprintf("%.2f | %.2f | %.2f", A_fe[g] / A_fe[h], A_fedp[g] / A_fedp[h], A_fedap[g] / A_fedap[h]) : "- | - | -"
        printf "| %s | %s | %.3f | %.2f | %.3f | %.1f | %.0f | %.2f | %.2f | %.3f | %s |\n", (i == 1 ? SN[j] : ""), ON[i], A_sat[g], A_load[g], A_acc[g], A_lat[g], A_e[g], A_e[g] / A_e[h], A_edp[g] / A_edp[h], A_edap[g] / A_edap[h], fxs > md
    }
    # ---- Fig 12 data: pattern, then per org: throughput, energy, EDP, EDAP relative ----
    printf "pattern" > dat
    for (i = 1; i <= no; i++) printf " thr_%s", ON[i] > dat
    for (i = 1; i <= no; i++) printf " e_%s", ON[i] > dat
    for (i = 1; i <= no; i++) printf " edp_%s", ON[i] > dat
    for (i = 1; i <= no; i++) printf " edap_%s", ON[i] > dat
    printf "\n" > dat
    for (j = 1; j <= np; j++) {
        printf "%s", SN[j] > dat
        h = 1 SUBSEP j SUBSEP "none" SUBSEP 0
        for (i = 1; i <= no; i++) printf " %.4f", A_sat[i SUBSEP j SUBSEP "none" SUBSEP 0] > dat
        for (i = 1; i <= no; i++) printf " %.4f", A_e[i SUBSEP j SUBSEP "none" SUBSEP 0] / A_e[h] > dat
        for (i = 1; i <= no; i++) printf " %.4f", A_edp[i SUBSEP j SUBSEP "none" SUBSEP 0] / A_edp[h] > dat
        for (i = 1; i <= no; i++) printf " %.4f", A_edap[i SUBSEP j SUBSEP "none" SUBSEP 0] / A_edap[h] > dat
        printf "\n" > dat
    }

    # ---- claims ----
    for (i = 1; i <= no; i++) IX[ON[i]] = i
    for (j = 1; j <= np; j++) JX[SN[j]] = j
    print "| claim (seed 001) | seed | kit | kit, off-chip 1 pJ/bit included | kit, reading rw | kit, reading xbit | verdict |" > claims
    print "|---|---|---|---|---|---|---|" > claims
    # area: Table 1 at k = 64 (the same for every pattern)
    g = IX["fc"] SUBSEP 1 SUBSEP "none" SUBSEP 0
    ka = area[CN[IX["fc"]] SUBSEP "uniform" SUBSEP 1 SUBSEP "none"]; ha = area[CN[1] SUBSEP "uniform" SUBSEP 1 SUBSEP "none"]
    av = 100 * (1 - ka / ha)
    printf "| fc: up to 73 %% less area than hc (abstract, line 27) | 73 %% | %.1f %% | = | = | = | %s |\n", av, (av >= 68 && av <= 78) ? "agree (Table 1 formula, no simulation)" : "**disagree**" > claims
    claim_max("EDP", "fc: up to 58 % less EDP than hc (line 27)", 58)
    claim_max("EDAP", "fc: up to 87 % less EDAP than hc (line 27)", 87)
    claim_at("E", "UR", "fc", "fc: 35 % less energy than hc on UR (line 251)", 35)
    claim_at("E", "TR", "fc", "fc: 53 % less energy than hc on TR (line 251)", 53)
    claim_x("E", "TR", "fc", "fc: 2.1x lower energy than hc on TR (line 216)", 2.1)
    claim_x("EDAP", "TR", "fc", "fc: 7.8x better EDAP than hc on TR (line 216)", 7.8)
    claim_x("EDP", "UR", "fc6", "fc6: 1.2x better EDP than hc on UR (line 251)", 1.2)
    claim_x("EDP", "TR", "fc6", "fc6: 2.4x better EDP than hc on TR (lines 216, 251)", 2.4)
    claim_fc("EDP", "BR", "fc6: 1.2x lower EDP than fc on BR (line 216)", 1.2)
    claim_best("E", "fc consumes the lowest energy (line 216)", "fc")
    claim_best("EDAP", "fc has the best EDAP (line 216)", "fc")
    claim_best("EDP", "fc6 has the best EDP (line 216)", "fc6")
}
function metric(w, g) { return w == "E" ? A_e[g] : w == "EDP" ? A_edp[g] : A_edap[g] }
function rel(w, o, j, alt, oc) { return metric(w, IX[o] SUBSEP j SUBSEP alt SUBSEP oc) / metric(w, 1 SUBSEP j SUBSEP alt SUBSEP oc) }
function verdict_pct(v, s) { return (v >= s - 10 && v <= s + 10) ? "agree (within 10 points)" : "**disagree**" }
function verdict_x(v, s) { return (v >= s / 1.25 && v <= s * 1.25) ? "agree (within 25 %)" : "**disagree**" }
function claim_max(w, text, s,   best, bj, j, v, vals, a, oc, alts) {
    split("none:0 none:1 rw:0 xbit:0", alts, " ")
    for (a = 1; a <= 4; a++) {
        split(alts[a], t, ":"); best = -1e9
        for (j = 1; j <= np; j++) { v = 100 * (1 - rel(w, "fc", j, t[1], t[2])); if (v > best) { best = v; bj = SN[j] } }
        vals[a] = sprintf("%.0f %% (%s)", best, bj); if (a == 1) b1 = best
    }
    printf "| %s | %d %% | %s | %s | %s | %s | %s |\n", text, s, vals[1], vals[2], vals[3], vals[4], verdict_pct(b1, s) > claims
}
function claim_at(w, pat, o, text, s,   a, t, vals, alts, v1) {
    split("none:0 none:1 rw:0 xbit:0", alts, " ")
    for (a = 1; a <= 4; a++) { split(alts[a], t, ":"); v = 100 * (1 - rel(w, o, JX[pat], t[1], t[2])); vals[a] = sprintf("%.0f %%", v); if (a == 1) v1 = v }
    printf "| %s | %d %% | %s | %s | %s | %s | %s |\n", text, s, vals[1], vals[2], vals[3], vals[4], verdict_pct(v1, s) > claims
}
function claim_x(w, pat, o, text, s,   a, t, vals, alts, v1) {
    split("none:0 none:1 rw:0 xbit:0", alts, " ")
    for (a = 1; a <= 4; a++) { split(alts[a], t, ":"); v = 1 / rel(w, o, JX[pat], t[1], t[2]); vals[a] = sprintf("%.2fx", v); if (a == 1) v1 = v }
    printf "| %s | %.1fx | %s | %s | %s | %s | %s |\n", text, s, vals[1], vals[2], vals[3], vals[4], verdict_x(v1, s) > claims
}
function claim_fc(w, pat, text, s,   a, t, vals, alts, v1) {
    split("none:0 none:1 rw:0 xbit:0", alts, " ")
    for (a = 1; a <= 4; a++) { split(alts[a], t, ":"); v = rel(w, "fc", JX[pat], t[1], t[2]) / rel(w, "fc6", JX[pat], t[1], t[2]); vals[a] = sprintf("%.2fx", v); if (a == 1) v1 = v }
    printf "| %s | %.1fx | %s | %s | %s | %s | %s |\n", text, s, vals[1], vals[2], vals[3], vals[4], verdict_x(v1, s) > claims
}
# which of hc, fc, fc6, fc6-isu2 (Fig 12 without hvx; bb is not in Fig 12) is lowest, on how many patterns
function claim_best(w, text, o,   a, t, vals, alts, j, i, bi, bv, v, n1, nwin) {
    split("none:0 none:1 rw:0 xbit:0", alts, " ")
    for (a = 1; a <= 4; a++) {
        split(alts[a], t, ":"); nwin = 0
        for (j = 1; j <= np; j++) {
            bi = 0; bv = 1e300
            for (i = 1; i <= no; i++) { if (ON[i] == "bb") continue; v = metric(w, i SUBSEP j SUBSEP t[1] SUBSEP t[2]); if (v < bv) { bv = v; bi = i } }
            if (ON[bi] == o) nwin++
        }
        vals[a] = sprintf("%s lowest on %d of %d patterns", o, nwin, np); if (a == 1) n1 = nwin
    }
    printf "| %s | all | %s | %s | %s | %s | %s |\n", text, vals[1], vals[2], vals[3], vals[4], (n1 >= np - 1 ? "agree" : (n1 > 0 ? "**partly**" : "**disagree**")) > claims
}
' "$MODEL" "$RUNS"

echo "energy: operating point = highest load up to which accepted >= 0.95 deliverable and latency <= 3 T0; fixed load $FIXED"
cat "$OUT/energy_model.md" "$OUT/energy.md" "$OUT/energy_claims.md"

if command -v gnuplot > /dev/null; then
    no=$(echo $ORGS | wc -w)
    panel() { # TITLE FIRSTCOL YLABEL [log]
        local plot="" i
        for i in $(seq 0 $((no - 1))); do
            plot="$plot${plot:+, }'$OUT/energy_fig12.dat' using $(($2 + i)):xtic(1) title columnhead"
        done
        printf "set title '%s'\nset ylabel '%s'\n%s\nplot %s\n" "$1" "$3" \
            "$([ "${4:-}" = log ] && echo 'set logscale y; set yrange [*:*]' || echo 'unset logscale y; set yrange [0:1.25]')" "$plot"
    }
    gnuplot <<GP
set terminal pngcairo size 1300,900 noenhanced
set output '$OUT/energy_fig12.png'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set key top left horizontal font ',9'
set xtics rotate by -30 font ',9'
set multiplot layout 2,2 title 'seed 001 Fig 12 in the kit: k = 64, C models, 4-phit packets; (b)-(d) at the operating point of each organization, relative to hc'
$(panel '(a) achieved throughput (accepted at offered 1.0)' 2 'phits/cycle/port')
$(panel '(b) energy per delivered bit / hc' $((2 + no)) 'relative' log)
$(panel '(c) EDP / hc' $((2 + 2 * no)) 'relative' log)
$(panel '(d) EDAP / hc' $((2 + 3 * no)) 'relative' log)
unset multiplot
GP
    cp "$OUT/energy_fig12.png" docs/img/energy_fig12.png
    echo "energy: $OUT/energy_fig12.png"
else
    echo "energy: gnuplot not found; no plot" >&2
fi
sweep_md_between docs/results.md energy-model "$OUT/energy_model.md"
sweep_md_between docs/results.md energy-fig12 "$OUT/energy.md"
sweep_md_between docs/results.md energy-claims "$OUT/energy_claims.md"
exit 0
