#!/usr/bin/env bash
# CPU seconds per thread of one `dendrite convert`, for a machine too busy to time the wall:
#
#   thread-cpu.sh REPO_ROOT INPUT.jsonl OUT.parquet THREADS
#
# runs REPO_ROOT/bin/dendrite convert INPUT OUT --variant payload --threads THREADS and prints
# the wall seconds, the process's CPU seconds (user + sys) and each thread's, read from
# /proc/PID/task/*/stat every 50 ms (a thread's last 50 ms may be missed). Threads of one name
# are added up (names are cut to 15 characters: "dendrite-encode" is every encoding thread);
# the writing thread is the busiest thread named "java" (the launcher's main thread).
set -euo pipefail
root=$1 input=$2 out=$3 t=$4
tick=$(getconf CLK_TCK)
start=$(date +%s.%N)
"$root/bin/dendrite" convert "$input" "$out" --variant payload --threads "$t" --overwrite \
  >/dev/null 2>&1 &
launcher=$!
declare -A cpu
javapid=""
while kill -0 $launcher 2>/dev/null; do
  # bin/dendrite execs java, or (first run) starts it as a child.
  [ -z "$javapid" ] && [ "$(cat /proc/$launcher/comm 2>/dev/null)" = java ] && javapid=$launcher
  [ -z "$javapid" ] && javapid=$(pgrep -P $launcher java || true)
  if [ -n "$javapid" ]; then
    for st in /proc/$javapid/task/*/stat; do
      line=$(cat "$st" 2>/dev/null) || continue
      tid=${st#/proc/$javapid/task/}; tid=${tid%/stat}
      comm=${line#*(}; comm=${comm%)*}
      set -- ${line##*) }
      cpu["$comm#$tid"]=$(( ${12} + ${13} ))  # utime + stime, in ticks
    done
  fi
  sleep 0.05
done
wait $launcher
end=$(date +%s.%N)
declare -A byname
for k in "${!cpu[@]}"; do
  n=${k%#*}; [ "$n" = java ] && n="java#${k#*#}"
  byname[$n]=$(( ${byname[$n]:-0} + ${cpu[$k]} ))
done
total=0; for k in "${!byname[@]}"; do total=$((total + byname[$k])); done
printf "wall %.2f total_cpu %.2f" "$(echo "$end - $start" | bc)" "$(echo "$total / $tick" | bc -l)"
for k in "${!byname[@]}"; do
  v=${byname[$k]}; [ "$v" -ge 20 ] && printf " | %s %.2f" "$k" "$(echo "$v / $tick" | bc -l)"
done
echo
