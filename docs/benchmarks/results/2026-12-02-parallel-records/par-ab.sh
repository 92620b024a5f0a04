#!/bin/bash
OUT=/tmp/par-ab; mkdir -p $OUT; uptime > $OUT/load-before.txt
for r in 1 2; do for side in base new; do
  if [ $side = base ]; then J=/tmp/abjars/final.jar; else J=/tmp/abjars/parread.jar; fi
  java -Ddendrite.bench.cache=/tmp/par-cache -jar $J DatasetReadBenchmark \
    -p dataset=tpch,media,events -p format=dendrite,dendrite-par,dendrite-variant,dendrite-variant-par \
    -p scale=1 -wi 3 -i 3 -f 1 -rf json -rff $OUT/par-$side-$r.json > $OUT/par-$side-$r.log 2>&1
done; done
uptime > $OUT/load-after.txt; echo done > $OUT/done
