package io.dendrite.parquet.variant.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian (and, for UUIDs, big-endian) integer access on byte arrays. The spec stores every
 * size, offset and numeric value little-endian, with 1-4 byte unsigned widths for sizes, offsets
 * and field ids (VariantEncoding.md, "Metadata encoding" and "Value encoding"). The VarHandles
 * compile to single unaligned loads/stores on common JVMs.
 */
public final class Bytes {
  static final VarHandle SHORT_LE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Bytes() {}

  /**
   * Reads an unsigned little-endian integer of {@code size} (1-4) bytes. A 4-byte value above
   * {@code Integer.MAX_VALUE} comes back negative; callers that accept 4-byte widths check that.
   */
  public static int readUnsigned(byte[] b, int pos, int size) {
    switch (size) {
      case 1:
        return b[pos] & 0xFF;
      case 2:
        return (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8;
      case 3:
        return (b[pos] & 0xFF) | (b[pos + 1] & 0xFF) << 8 | (b[pos + 2] & 0xFF) << 16;
      default:
        return (int) INT_LE.get(b, pos);
    }
  }

  /** Writes the low {@code size} (1-4) bytes of {@code value} little-endian. */
  static void writeUnsigned(byte[] b, int pos, int value, int size) {
    switch (size) {
      case 1:
        b[pos] = (byte) value;
        break;
      case 2:
        b[pos] = (byte) value;
        b[pos + 1] = (byte) (value >>> 8);
        break;
      case 3:
        b[pos] = (byte) value;
        b[pos + 1] = (byte) (value >>> 8);
        b[pos + 2] = (byte) (value >>> 16);
        break;
      default:
        INT_LE.set(b, pos, value);
    }
  }

  /** Smallest width in bytes (1-4) that holds the non-negative {@code maxValue}. */
  static int widthFor(int maxValue) {
    if (maxValue <= 0xFF) {
      return 1;
    }
    if (maxValue <= 0xFFFF) {
      return 2;
    }
    if (maxValue <= 0xFFFFFF) {
      return 3;
    }
    return 4;
  }

  static int readInt(byte[] b, int pos) {
    return (int) INT_LE.get(b, pos);
  }

  static long readLong(byte[] b, int pos) {
    return (long) LONG_LE.get(b, pos);
  }

  static short readShort(byte[] b, int pos) {
    return (short) SHORT_LE.get(b, pos);
  }

  static long readLongBigEndian(byte[] b, int pos) {
    return (long) LONG_BE.get(b, pos);
  }

  public static String hex(byte[] b, int off, int len, int max) {
    StringBuilder sb = new StringBuilder();
    int n = Math.min(len, max);
    for (int i = 0; i < n; i++) {
      int v = b[off + i] & 0xFF;
      sb.append(Character.forDigit(v >> 4, 16)).append(Character.forDigit(v & 0xF, 16));
    }
    if (len > max) {
      sb.append("...(").append(len).append(" bytes)");
    }
    return sb.toString();
  }
}
