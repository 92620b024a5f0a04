package io.dendrite.parquet.shred;

/**
 * Knobs of shredding-schema inference. Defaults:
 * <ul>
 *   <li>{@code sampleRows} 4096 and {@code sampleBytes} 64 MiB: the writer buffers rows until
 *       either is reached, infers from them, then streams the rest;</li>
 *   <li>{@code minFieldFrequency} 0.10: an object field is shredded when present in at least 10%
 *       of the objects seen at its path (for top-level fields: of the rows that are objects);</li>
 *   <li>{@code maxLeaves} 300: at most this many shredded leaf columns per VARIANT column, the
 *       most frequent kept;</li>
 *   <li>{@code maxDepth} 50: object/array nesting below this depth stays in {@code value};</li>
 *   <li>{@code shredArrays} true: arrays whose elements share a type family are shredded
 *       element-wise;</li>
 *   <li>{@code widenExactNumerics} false: each path gets a typed_value that its values read
 *       back from with the same JSON text (integers an integer type, decimals one decimal of
 *       their most frequent scale). True is Spark's rule: integers and decimals of every scale
 *       share one decimal of the largest scale, compared by value, so {@code 5} reads back as
 *       {@code 5.00}. A writer that infers with this option also puts values into
 *       {@code typed_value} by value (see {@code DendriteWriter.Builder#widenExactNumerics}).</li>
 * </ul>
 */
public record InferenceOptions(int sampleRows, long sampleBytes, double minFieldFrequency,
    int maxLeaves, int maxDepth, boolean shredArrays, boolean widenExactNumerics) {

  public static final InferenceOptions DEFAULTS =
      new InferenceOptions(4096, 64L << 20, 0.10, 300, 50, true, false);

  public InferenceOptions {
    if (sampleRows < 1) {
      throw new IllegalArgumentException("sampleRows must be at least 1, got " + sampleRows);
    }
    if (sampleBytes < 1) {
      throw new IllegalArgumentException("sampleBytes must be at least 1, got " + sampleBytes);
    }
    if (!(minFieldFrequency >= 0 && minFieldFrequency <= 1)) {
      throw new IllegalArgumentException(
          "minFieldFrequency must be within [0, 1], got " + minFieldFrequency);
    }
    if (maxLeaves < 1) {
      throw new IllegalArgumentException("maxLeaves must be at least 1, got " + maxLeaves);
    }
    if (maxDepth < 1) {
      throw new IllegalArgumentException("maxDepth must be at least 1, got " + maxDepth);
    }
  }

  public InferenceOptions withSampleRows(int rows) {
    return new InferenceOptions(rows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
        shredArrays, widenExactNumerics);
  }

  public InferenceOptions withSampleBytes(long bytes) {
    return new InferenceOptions(sampleRows, bytes, minFieldFrequency, maxLeaves, maxDepth,
        shredArrays, widenExactNumerics);
  }

  public InferenceOptions withMinFieldFrequency(double frequency) {
    return new InferenceOptions(sampleRows, sampleBytes, frequency, maxLeaves, maxDepth,
        shredArrays, widenExactNumerics);
  }

  public InferenceOptions withMaxLeaves(int leaves) {
    return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, leaves, maxDepth,
        shredArrays, widenExactNumerics);
  }

  public InferenceOptions withMaxDepth(int depth) {
    return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, depth,
        shredArrays, widenExactNumerics);
  }

  public InferenceOptions withShredArrays(boolean shred) {
    return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
        shred, widenExactNumerics);
  }

  /** Spark-style numerics (see the class description); off by default. */
  public InferenceOptions withWidenExactNumerics(boolean widen) {
    return new InferenceOptions(sampleRows, sampleBytes, minFieldFrequency, maxLeaves, maxDepth,
        shredArrays, widen);
  }
}
