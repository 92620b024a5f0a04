#!/usr/bin/env bash
# VariantWriteBenchmark before the KeyDictionary change (OLD_JAR, core as at d1405f6) against
# this code (the repository's jar), interleaved rounds, so that a host that speeds up or slows
# down between runs moves both sides alike. Each round: one fork of each jar per codec, the floor
# and the three dendrite map writes; 3 warm-up and 5 measured writes.
#   OLD_JAR=/path/to/old/benchmarks.jar docs/benchmarks/results/2026-12-05-write-ab/run.sh
# Run from the repository root with nothing else running; build first: mvn -B -DskipTests package.
set -euo pipefail
OUT=$(dirname "$0")
NEW_JAR=parquet-dendrite-benchmarks/target/benchmarks.jar
: "${OLD_JAR:?set OLD_JAR to the benchmarks.jar of the code compared against}"
HEAP="-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch"  # the suite's own @Fork arguments
for round in 1 2 3; do
  for codec in zstd snappy; do
    for side in old new; do
      jar=$NEW_JAR
      [ "$side" = old ] && jar=$OLD_JAR
      java -jar "$jar" 'VariantWriteBenchmark.(plainColumnsFloor|dendritePlainColumns|dendriteShredded|dendriteUnshredded)$' \
        -p codec=$codec -f 1 -wi 3 -i 5 -jvmArgsAppend "$HEAP" \
        -rf json -rff "$OUT/$side-$codec-$round.json" >/dev/null
    done
  done
done
