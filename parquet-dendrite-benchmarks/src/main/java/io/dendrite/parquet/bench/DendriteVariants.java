package io.dendrite.parquet.bench;

import io.dendrite.parquet.bench.baseline.ParquetJavaVariants;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Java values to a {@link VariantEncoder}: the same loop, in the same type order, as
 * {@link ParquetJavaVariants#append}, so the builder suite compares encoders and nothing else.
 * (parquet-dendrite's own converter, {@code VariantJava.write}, is measured separately.)
 */
public final class DendriteVariants {
  private DendriteVariants() {}

  public static void append(VariantEncoder enc, Object value) {
    if (value instanceof String s) {
      enc.writeString(s);
    } else if (value instanceof Long l) {
      enc.writeInt64(l);
    } else if (value instanceof Double d) {
      enc.writeDouble(d);
    } else if (value instanceof BigDecimal d) {
      enc.writeDecimal(d);
    } else if (value instanceof UUID u) {
      enc.writeUuid(u);
    } else if (value instanceof Instant t) {
      enc.writeTimestamp(ParquetJavaVariants.micros(t));
    } else if (value instanceof Boolean z) {
      enc.writeBoolean(z);
    } else if (value instanceof Integer i) {
      enc.writeInt32(i);
    } else if (value instanceof Map<?, ?> m) {
      enc.startObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        enc.key((String) e.getKey());
        append(enc, e.getValue());
      }
      enc.endObject();
    } else if (value instanceof List<?> l) {
      enc.startArray();
      for (Object element : l) {
        append(enc, element);
      }
      enc.endArray();
    } else if (value == null) {
      enc.writeNull();
    } else {
      throw new IllegalArgumentException("unsupported value type " + value.getClass().getName());
    }
  }
}
