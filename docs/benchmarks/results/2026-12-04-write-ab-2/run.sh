#!/usr/bin/env bash
# VariantWriteBenchmark at the session's start (OLD_JAR, built from 6aa41f8) against this code
# (the repository's jar), interleaved rounds, so that a host that speeds up or slows down between
# runs moves both sides alike. Each round: one fork of each jar, zstd, the floor and the three
# dendrite methods; 3 warm-up and 5 measured writes.
#   OLD_JAR=/path/to/old/benchmarks.jar docs/benchmarks/results/2026-12-04-write-ab-2/run.sh
# Run from the repository root with nothing else running; build first: mvn -B -DskipTests package.
set -euo pipefail
OUT=$(dirname "$0")
NEW_JAR=parquet-dendrite-benchmarks/target/benchmarks.jar
: "${OLD_JAR:?set OLD_JAR to the benchmarks.jar of the code compared against}"
HEAP="-Xms2g -Xmx2g -XX:+UseG1GC -XX:+AlwaysPreTouch"  # the suite's own @Fork arguments
for round in 1 2 3; do
  for side in old new; do
    jar=$NEW_JAR
    [ "$side" = old ] && jar=$OLD_JAR
    java -jar "$jar" 'VariantWriteBenchmark.(plainColumnsFloor|dendritePlainColumns|dendriteShredded|dendriteUnshredded)$' \
      -p codec=zstd -f 1 -wi 3 -i 5 -jvmArgsAppend "$HEAP" \
      -rf json -rff "$OUT/$side-$round.json" >/dev/null
  done
done
