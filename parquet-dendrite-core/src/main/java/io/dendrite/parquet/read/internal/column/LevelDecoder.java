package io.dendrite.parquet.read.internal.column;

/** Decodes a page's repetition or definition levels (or other small ints) in bulk. */
interface LevelDecoder {
  /** Decodes the next {@code n} values into {@code out[off ..]}; fails if the data ends first. */
  void read(int[] out, int off, int n);

  /** Skips the next {@code n} values; fails if the data ends first. */
  void skip(int n);
}
