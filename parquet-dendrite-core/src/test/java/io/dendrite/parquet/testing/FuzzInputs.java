package io.dendrite.parquet.testing;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The byte formats of the two fuzz targets' inputs, read by the targets and written by
 * {@link FuzzSeeds}. Any bytes are a valid input: short inputs give empty parts.
 */
public final class FuzzInputs {
  private FuzzInputs() {}

  // ---------------------------------------------------------------- decoder target

  /** A decoder input: one byte with the metadata's length, the metadata, then the value. */
  public static byte[] decoderInput(byte[] metadata, byte[] value) {
    if (metadata.length > 255) {
      throw new IllegalArgumentException("metadata longer than 255 bytes: " + metadata.length);
    }
    return VariantBytes.concat(new byte[] {(byte) metadata.length}, metadata, value);
  }

  /** The metadata part of a decoder input. */
  public static byte[] decoderMetadata(byte[] input) {
    return input.length == 0 ? input : Arrays.copyOfRange(input, 1, 1 + metadataLength(input));
  }

  /** The value part of a decoder input. */
  public static byte[] decoderValue(byte[] input) {
    return input.length == 0 ? input
        : Arrays.copyOfRange(input, 1 + metadataLength(input), input.length);
  }

  private static int metadataLength(byte[] input) {
    return Math.min(input[0] & 0xFF, input.length - 1);
  }

  // ---------------------------------------------------------------- file target

  /** Cells of the VARIANT group a file input sets: which are present is a bit each. */
  public static final int VALUE = 1;
  /** The shredded layout's {@code typed_value} group (fields a and b). */
  public static final int TYPED_VALUE = 2;
  public static final int A_VALUE = 4;
  public static final int A_TYPED = 8;
  public static final int B_VALUE = 16;
  public static final int B_TYPED = 32;

  /**
   * The cells of one fuzzed row. In the unshredded layout only {@code metadata} and
   * {@code value} are used; in the shredded one the group is {@code metadata}, {@code value}
   * (the residual) and {@code typed_value} with fields {@code a} (int64) and {@code b} (string),
   * each a {@code value}/{@code typed_value} pair. A cell is written only when its bit is set in
   * {@code present}.
   *
   * @param shredded which layout
   * @param present the cells written ({@link #VALUE}, {@link #TYPED_VALUE}, ...)
   * @param metadata the metadata cell (required)
   * @param value the value cell (top-level value, or the residual when shredded)
   * @param aValue field a's value cell
   * @param aTyped field a's int64 typed_value
   * @param bValue field b's value cell
   * @param bTyped field b's string typed_value, as UTF-8 bytes (possibly invalid)
   */
  public record FileCells(boolean shredded, int present, byte[] metadata, byte[] value,
      byte[] aValue, long aTyped, byte[] bValue, byte[] bTyped) {
    /** Whether the cell (a bit of {@link FuzzInputs}) is present. */
    public boolean has(int cell) {
      return (present & cell) != 0;
    }

    @Override
    public String toString() {
      return (shredded ? "shredded" : "unshredded") + " present=" + Integer.toBinaryString(present)
          + " metadata=" + hex(metadata) + " value=" + hex(value) + " a.value=" + hex(aValue)
          + " a.typed=" + aTyped + " b.value=" + hex(bValue) + " b.typed=" + hex(bTyped);
    }
  }

  /**
   * A file input: a layout byte (bit 0: shredded), a byte of present-cell bits, then the byte
   * cells each as a 2-byte little-endian length and the bytes (metadata, value, a.value,
   * b.value, b.typed), then 8 bytes of a.typed.
   */
  public static byte[] fileInput(FileCells c) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(c.shredded() ? 1 : 0);
    out.write(c.present());
    for (byte[] cell : List.of(c.metadata(), c.value(), c.aValue(), c.bValue(), c.bTyped())) {
      out.writeBytes(VariantBytes.le(cell.length, 2));
      out.writeBytes(cell);
    }
    out.writeBytes(VariantBytes.le(c.aTyped(), 8));
    return out.toByteArray();
  }

  /** Reads a file input; missing bytes give empty cells and zeros. */
  public static FileCells fileCells(byte[] input) {
    Reader r = new Reader(input);
    boolean shredded = (r.u8() & 1) != 0;
    int present = r.u8();
    List<byte[]> cells = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      cells.add(r.bytes(r.u8() | r.u8() << 8));
    }
    long aTyped = 0;
    for (int i = 0; i < 8; i++) {
      aTyped |= (long) r.u8() << (8 * i);
    }
    return new FileCells(shredded, present, cells.get(0), cells.get(1), cells.get(2), aTyped,
        cells.get(3), cells.get(4));
  }

  /** Hex of at most 64 bytes, for messages. */
  public static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < Math.min(b.length, 64); i++) {
      s.append(String.format("%02x", b[i] & 0xFF));
    }
    return b.length > 64 ? s + "...(" + b.length + " bytes)" : s.toString();
  }

  /** Sequential reads that give zeros and empty arrays past the end. */
  private static final class Reader {
    private final byte[] b;
    private int pos;

    Reader(byte[] b) {
      this.b = b;
    }

    int u8() {
      return pos < b.length ? b[pos++] & 0xFF : 0;
    }

    byte[] bytes(int n) {
      int end = Math.min(b.length, pos + n);
      byte[] out = Arrays.copyOfRange(b, Math.min(pos, end), end);
      pos = end;
      return out;
    }
  }
}
