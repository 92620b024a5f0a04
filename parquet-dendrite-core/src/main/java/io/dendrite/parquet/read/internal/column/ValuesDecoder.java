package io.dendrite.parquet.read.internal.column;

/**
 * Decodes the values section of a data page, one encoding, into a {@link LeafBatch}'s typed
 * array for the column's physical type (see {@link LeafBatch}). Values are appended: value
 * {@code at} is the next one of the batch, and for binaries {@code out.offsets[at]} is where its
 * bytes start. Called once per run of values, never once per value.
 */
public abstract class ValuesDecoder {
  /** Decodes the page's next {@code n} values into {@code out} at value index {@code at}. */
  abstract void read(LeafBatch out, int at, int n);

  /** Skips the page's next {@code n} values. */
  abstract void skip(int n);

  /** Appends {@code len} bytes of {@code src} as value {@code at} of a binary batch. */
  public static void appendBinary(LeafBatch out, int at, byte[] src, int from, int len) {
    int start = out.offsets[at];
    byte[] bytes = BatchArrays.bytes(out.bytes, (long) start + len);
    out.bytes = bytes;
    System.arraycopy(src, from, bytes, start, len);
    out.offsets[at + 1] = start + len;
  }
}
