#!/bin/bash
# interleaved A/B of the write engine property, same jar
J=/tmp/abjars/engine.jar
OUT=/tmp/engine-ab; mkdir -p $OUT; uptime > $OUT/load-before.txt
for r in 1 2; do for eng in parquet-java dendrite; do
  java -Ddendrite.bench.cache=/tmp/wcache -jar $J 'VariantWriteBenchmark\.(dendriteShredded|dendriteUnshredded|plainColumnsFloor|parquetJavaShredded)$' \
    -p codec=zstd -wi 2 -i 4 -f 1 -jvmArgsAppend -Ddendrite.write.engine=$eng -rf json -rff $OUT/write-$eng-$r.json > $OUT/write-$eng-$r.log 2>&1
  java -Ddendrite.bench.cache=/tmp/wcache -jar $J 'JsonIngestBenchmark\.(dendriteJson|dendriteJsonLines2Threads)$' \
    -wi 2 -i 4 -f 1 -jvmArgsAppend -Ddendrite.write.engine=$eng -rf json -rff $OUT/json-$eng-$r.json > $OUT/json-$eng-$r.log 2>&1
done; done
uptime > $OUT/load-after.txt; echo done > $OUT/done
