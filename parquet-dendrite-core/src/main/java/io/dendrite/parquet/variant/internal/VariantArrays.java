package io.dendrite.parquet.variant.internal;

/**
 * Arrays in encoded values (VariantEncoding.md, "Value encoding", basic type 3): their size and
 * the position of each element, with the bounds checks of {@link VariantBinary}'s accessors.
 */
public final class VariantArrays {
  private VariantArrays() {}

  /**
   * Number of elements of an array.
   *
   * @param v value bytes
   * @param pos start of the array
   * @return the number of elements
   */
  public static int size(byte[] v, int pos) {
    int h = header(v, pos);
    return VariantBinary.count(v, pos, (h & 0x10) != 0 ? 4 : 1);
  }

  /**
   * Absolute position of the i-th element.
   *
   * @param v value bytes
   * @param pos start of the array
   * @param i element index, {@code 0 <= i < size}
   * @return start of the element
   */
  public static int elementPos(byte[] v, int pos, int i) {
    int h = header(v, pos);
    int offSize = ((h >> 2) & 3) + 1;
    int countSize = (h & 0x10) != 0 ? 4 : 1;
    int n = VariantBinary.count(v, pos, countSize);
    VariantBinary.checkIndex(i, n, "array element", pos);
    return VariantBinary.childPos(v, pos, pos + 1L + countSize, n, offSize, i);
  }

  /** The header of the array at pos, checked to be an array's. */
  private static int header(byte[] v, int pos) {
    int h = VariantBinary.header(v, pos);
    if ((h & 3) != VariantBinary.BASIC_ARRAY) {
      throw VariantBinary.wrongType("array", v, pos);
    }
    return h;
  }
}
