#!/usr/bin/env bash
# The generated record writer against the interpreted path (records normalized into rows, then
# the field writers: -Ddendrite.records.interpret=true), same jar, interleaved rounds.
#   cold: the first write of the dataset in a fresh JVM (-wi 0 -i 1, 2 forks a round, 3 rounds)
#   warm: 2 warm-up and 3 measured writes in one fork a round, 2 rounds
# Run from the repository root with nothing else running; build first: mvn -B -DskipTests package.
set -euo pipefail
OUT=$(dirname "$0")
JAR=parquet-dendrite-benchmarks/target/benchmarks.jar
HEAP="-Xms4g -Xmx4g -XX:+UseG1GC -XX:+AlwaysPreTouch"
run() { # kind rounds jmh-args...
  local kind=$1 rounds=$2; shift 2
  for round in $(seq "$rounds"); do
    for mode in generated interpreted; do
      extra=""
      [ "$mode" = interpreted ] && extra="-Ddendrite.records.interpret=true"
      java -jar $JAR 'DatasetWriteBenchmark' -p dataset=media,tpch -p format=dendrite "$@" \
        -jvmArgsAppend "$HEAP $extra" -rf json -rff "$OUT/$kind-$mode-$round.json" >/dev/null
    done
  done
}
run cold 3 -wi 0 -i 1 -f 2
run warm 2 -wi 2 -i 3 -f 1
