package io.dendrite.parquet.variant;

import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.nio.ByteBuffer;
import org.apache.parquet.variant.Variant;

/**
 * Conversions to and from parquet-java's {@code org.apache.parquet.variant.Variant}. The only
 * class of this library that touches parquet-variant, which is an optional dependency: add
 * {@code org.apache.parquet:parquet-variant} to use these; nothing else needs it.
 */
public final class ParquetVariants {
  private ParquetVariants() {}

  /**
   * A parquet-java Variant over a copy of this value's bytes, after {@link VariantValue#validate()}.
   *
   * @throws VariantFormatException if the value is invalid
   */
  public static Variant toParquet(VariantValue value) {
    value.validate();
    EncodedVariant e = value.pos() == 0 && value.valueBytes().length
        == VariantBinary.valueSize(value.valueBytes(), 0)
        ? new EncodedVariant(value.metadata().toByteArray(), value.valueBytes().clone())
        : value.toEncoded();
    return new Variant(e.value(), e.metadata());
  }

  /** A copy of a parquet-java Variant's two byte buffers. */
  public static EncodedVariant fromParquet(Variant variant) {
    return new EncodedVariant(bytes(variant.getMetadataBuffer()), bytes(variant.getValueBuffer()));
  }

  /** Writes a parquet-java Variant (passed as Object so callers need not load the class). */
  static void write(Object variant, VariantEncoder encoder) {
    EncodedVariant e = fromParquet((Variant) variant);
    encoder.writeVariant(e);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    ByteBuffer b = buffer.duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }
}
