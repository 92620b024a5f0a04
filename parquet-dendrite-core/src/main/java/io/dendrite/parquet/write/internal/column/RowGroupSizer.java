package io.dendrite.parquet.write.internal.column;

import java.util.Arrays;

/**
 * Decides when a row group is full, as parquet-java's writer does, by an estimate of its
 * encoded size: per leaf, its entries' size encoded without a dictionary (levels at their bit
 * width, values PLAIN) scaled by what its last chunk actually took per such byte (dictionary
 * and compression included; 1 before the first chunk). Since our buffers hold levels as ints
 * and values unencoded, a row group also ends when they hold {@link #HEAP_FACTOR} times the
 * row group size, which bounds the heap where the data encodes to a small part of that.
 * Checked at rows spaced by half the rows estimated to still fit, so the estimate is
 * overshot by about one row's size.
 *
 * <p>What row group k's chunks took applies from row group k + 2 on (the first two use 1):
 * with encoding threads, row group k is written only when row group k + 1 ends, and a
 * sizing that waited for it would make row group boundaries, and so the file, depend on the
 * threads' timing. With this lag they are the same for every parallelism.
 */
final class RowGroupSizer {
  /** The most buffered bytes per byte of {@code rowGroupSize}. */
  static final int HEAP_FACTOR = 2;
  /** The longest gap between checks, parquet-java's default too. */
  private static final int MAX_ROWS_BETWEEN_CHECKS = 10_000;

  private final LeafBuffer[] leaves;
  private final long rowGroupSize;
  private final long heapLimit;
  /** Per leaf: encoded bytes of its last chunk per byte of {@link #unscaled}. */
  private final double[] ratio;
  /**
   * Per row group parity: the ratios its last row group's chunks showed (NaN for an empty
   * chunk), waiting to apply two row groups later.
   */
  private final double[][] learned;
  private int nextCheck = 1;

  RowGroupSizer(LeafBuffer[] leaves, long rowGroupSize) {
    this.leaves = leaves;
    this.rowGroupSize = rowGroupSize;
    this.heapLimit = rowGroupSize > Long.MAX_VALUE / HEAP_FACTOR ? Long.MAX_VALUE
        : rowGroupSize * HEAP_FACTOR;
    this.ratio = new double[leaves.length];
    Arrays.fill(ratio, 1.0);
    this.learned = new double[2][leaves.length];
    Arrays.fill(learned[0], Double.NaN);
    Arrays.fill(learned[1], Double.NaN);
  }

  /** Whether the row group of {@code rows} rows buffered is full. */
  boolean full(int rows) {
    if (rows < nextCheck) {
      return false;
    }
    double encoded = 0;
    long buffered = 0;
    for (int i = 0; i < leaves.length; i++) {
      encoded += unscaled(leaves[i]) * ratio[i];
      buffered += leaves[i].bufferedBytes();
    }
    // The fraction of either limit reached; rows still fitting, by the bytes per row so far.
    double used = Math.max(encoded / rowGroupSize, (double) buffered / heapLimit);
    if (used >= 1) {
      return true;
    }
    double rowsLeft = rows * (1 - used) / Math.max(used, 1e-9);
    nextCheck = rows + (int) Math.max(1, Math.min(MAX_ROWS_BETWEEN_CHECKS, rowsLeft / 2));
    return false;
  }

  /**
   * How many rows can be added to a row group of {@code rows} rows before {@link #full} next
   * looks at the buffers (at least 1): before that row it says false without looking, so rows
   * up to it can be added in one run.
   */
  int rowsToNextCheck(int rows) {
    return Math.max(1, nextCheck - rows);
  }

  /**
   * Learns from the chunk of leaf {@code i} of row group {@code rowGroup} just written:
   * {@code encodedBytes} in the file (page headers and dictionary included) for a buffer of
   * {@code unscaled} bytes ({@link #unscaled} before it was encoded).
   */
  void written(int rowGroup, int i, long unscaled, long encodedBytes) {
    learned[rowGroup & 1][i] = unscaled > 0 ? (double) encodedBytes / unscaled : Double.NaN;
  }

  /** Starts row group {@code rowGroup} (0 first), with what row group rowGroup - 2 showed. */
  void start(int rowGroup) {
    double[] older = learned[rowGroup & 1];
    for (int i = 0; i < ratio.length; i++) {
      if (!Double.isNaN(older[i])) {
        ratio[i] = older[i];
      }
    }
    Arrays.fill(older, Double.NaN);
    nextCheck = 1;
  }

  /** The leaf's entries encoded without a dictionary or compression. */
  static long unscaled(LeafBuffer leaf) {
    int levelBits =
        RleHybridEncoder.bitWidth(leaf.maxRep) + RleHybridEncoder.bitWidth(leaf.maxDef);
    return ((long) leaf.entries * levelBits + 7) / 8 + leaf.plainBytes();
  }
}
