package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;

/**
 * Builds object values out of the fields of another object, copying field ids and value bytes
 * verbatim so the result still refers to the same metadata dictionary. Used for the residual
 * {@code value} of a partially shredded object (VariantShredding.md, "Objects").
 */
public final class VariantObjects {
  private static final int OBJECT = 2;

  private VariantObjects() {}

  /**
   * A new object value holding fields {@code keep[0..count)} (indexes in field order, ascending)
   * of the object at {@code v[pos]}, in the same order: sorted if the object's fields are,
   * because a subsequence of a sorted list is sorted (VariantEncoding.md, "Value encoding" for
   * objects). An unsorted object (tolerated on read) gives an unsorted subset.
   */
  public static byte[] subset(byte[] v, int pos, int[] keep, int count) {
    int maxId = 0;
    long dataSize = 0;
    for (int k = 0; k < count; k++) {
      int i = keep[k];
      maxId = Math.max(maxId, VariantBinary.objectFieldId(v, pos, i));
      dataSize += VariantBinary.valueSize(v, VariantBinary.objectFieldValuePos(v, pos, i));
    }
    if (dataSize > Integer.MAX_VALUE - 64) {
      throw new VariantFormatException("object of " + dataSize + " bytes is too large");
    }
    int idSize = Bytes.widthFor(maxId);
    int offsetSize = Bytes.widthFor((int) dataSize);
    boolean large = count > 0xFF;
    int headerSize = 1 + (large ? 4 : 1) + count * idSize + (count + 1) * offsetSize;
    byte[] out = new byte[headerSize + (int) dataSize];
    out[0] = (byte) (OBJECT | ((offsetSize - 1) << 2) | ((idSize - 1) << 4) | (large ? 1 << 6 : 0));
    int p = 1;
    p = writeLE(out, p, count, large ? 4 : 1);
    for (int k = 0; k < count; k++) {
      p = writeLE(out, p, VariantBinary.objectFieldId(v, pos, keep[k]), idSize);
    }
    int offsetsStart = p;
    int dataStart = offsetsStart + (count + 1) * offsetSize;
    int cursor = 0;
    for (int k = 0; k < count; k++) {
      writeLE(out, offsetsStart + k * offsetSize, cursor, offsetSize);
      int fieldPos = VariantBinary.objectFieldValuePos(v, pos, keep[k]);
      int size = VariantBinary.valueSize(v, fieldPos);
      System.arraycopy(v, fieldPos, out, dataStart + cursor, size);
      cursor += size;
    }
    writeLE(out, offsetsStart + count * offsetSize, cursor, offsetSize);
    return out;
  }

  private static int writeLE(byte[] out, int p, int value, int width) {
    for (int i = 0; i < width; i++) {
      out[p + i] = (byte) (value >>> (8 * i));
    }
    return p + width;
  }
}
