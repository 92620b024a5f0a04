package io.dendrite.parquet.schema.internal;

import java.math.BigInteger;

/**
 * Parquet's byte form of a decimal's unscaled value: big-endian two's complement,
 * sign-extended to the column's fixed length (LogicalTypes.md, "DECIMAL").
 */
public final class DecimalBytes {
  private DecimalBytes() {}

  /** The unscaled value in exactly {@code length} bytes; it must fit. */
  public static byte[] toFixed(BigInteger unscaled, int length) {
    byte[] raw = unscaled.toByteArray();
    if (raw.length > length) {
      throw new IllegalArgumentException(
          "unscaled value " + unscaled + " does not fit in " + length + " bytes");
    }
    byte[] out = new byte[length];
    byte fill = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
    int pad = length - raw.length;
    for (int i = 0; i < pad; i++) {
      out[i] = fill;
    }
    System.arraycopy(raw, 0, out, pad, raw.length);
    return out;
  }

  /** The unscaled value in {@code length} (at least 8) bytes, without a BigInteger. */
  public static byte[] toFixed(long unscaled, int length) {
    if (length < 8) {
      throw new IllegalArgumentException("a long needs 8 bytes, not " + length);
    }
    byte[] out = new byte[length];
    byte fill = (byte) (unscaled < 0 ? 0xFF : 0);
    int pad = length - 8;
    for (int i = 0; i < pad; i++) {
      out[i] = fill;
    }
    for (int i = 0; i < 8; i++) {
      out[pad + i] = (byte) (unscaled >>> (56 - 8 * i));
    }
    return out;
  }

  /** The unscaled value of big-endian two's complement bytes. */
  public static BigInteger fromBytes(byte[] bytes, int offset, int length) {
    return new BigInteger(bytes, offset, length);
  }
}
