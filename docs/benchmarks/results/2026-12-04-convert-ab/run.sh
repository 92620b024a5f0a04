#!/usr/bin/env bash
# usage: ab2.sh ROUNDS THREADS launcherA launcherB ...   (IN=input)
rounds=$1; t=$2; shift 2
in=${IN:-/work/main/target/convert-bench/events-1000000.jsonl}
declare -A W C
for r in $(seq 1 $rounds); do
  i=0
  for l in "$@"; do
    rm -f /tmp/ab/o.parquet
    /usr/bin/time -f "%e %U %S" -o /tmp/ab/t.txt $l convert $in /tmp/ab/o.parquet --variant ${VAR:-payload} --threads $t >/dev/null 2>/tmp/ab/err || { cat /tmp/ab/err; exit 1; }
    read e u s < /tmp/ab/t.txt
    W[$i]="${W[$i]} $e"; C[$i]="${C[$i]} $(echo "$u + $s" | bc)"
    i=$((i+1))
  done
done
i=0
med() { echo "$@" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
for l in "$@"; do
  echo "[$l] wall median $(med ${W[$i]}) cpu median $(med ${C[$i]}) :${W[$i]}"
  i=$((i+1))
done
