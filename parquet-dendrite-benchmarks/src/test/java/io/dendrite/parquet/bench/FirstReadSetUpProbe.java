package io.dendrite.parquet.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link DatasetFirstReadBenchmarkTest} in a fresh JVM: {@link DatasetFirstReadBenchmark}'s
 * set-up for each {@code DATASET/FORMAT} argument at {@code SCALE}, then {@link SetUpDone} is
 * loaded, so that the JVM's class-load log shows what the set-ups loaded before it, then the
 * tear-downs.
 */
final class FirstReadSetUpProbe {
  /** Loaded only after every set-up: its line in the class-load log ends theirs. */
  static final class SetUpDone {}

  private FirstReadSetUpProbe() {}

  /** {@code SCALE DATASET/FORMAT...} */
  public static void main(String[] args) throws ClassNotFoundException {
    List<DatasetFirstReadBenchmark> benchmarks = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String[] pair = args[i].split("/", 2);
      DatasetFirstReadBenchmark b = new DatasetFirstReadBenchmark();
      b.dataset = pair[0];
      b.format = pair[1];
      b.scale = args[0];
      b.setUp();
      benchmarks.add(b);
    }
    Class.forName(SetUpDone.class.getName());
    for (DatasetFirstReadBenchmark b : benchmarks) {
      b.tearDown();
    }
  }
}
