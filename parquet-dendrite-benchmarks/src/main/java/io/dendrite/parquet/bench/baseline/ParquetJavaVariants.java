package io.dendrite.parquet.bench.baseline;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantArrayBuilder;
import org.apache.parquet.variant.VariantBuilder;
import org.apache.parquet.variant.VariantObjectBuilder;

/**
 * Java values to parquet-java 1.18.1 {@link Variant}s through its public {@link VariantBuilder}
 * API. parquet-java has no converter from Java objects, so this is the loop every user writes;
 * the dendrite side of the builder suite uses its public converter, {@code
 * EncodedVariant.fromJava}.
 */
public final class ParquetJavaVariants {
  private ParquetJavaVariants() {}

  /** A new variant holding {@code value}. */
  public static Variant build(Object value) {
    VariantBuilder b = new VariantBuilder();
    append(b, value);
    return b.build();
  }

  /** Appends {@code value} (String, Long, Integer, Double, BigDecimal, UUID, Instant, Boolean,
   * Map, List or null) to the builder. */
  public static void append(VariantBuilder b, Object value) {
    if (value instanceof String s) {
      b.appendString(s);
    } else if (value instanceof Long l) {
      b.appendLong(l);
    } else if (value instanceof Double d) {
      b.appendDouble(d);
    } else if (value instanceof BigDecimal d) {
      b.appendDecimal(d);
    } else if (value instanceof UUID u) {
      b.appendUUID(u);
    } else if (value instanceof Instant t) {
      b.appendTimestampTz(micros(t));
    } else if (value instanceof Boolean z) {
      b.appendBoolean(z);
    } else if (value instanceof Integer i) {
      b.appendInt(i);
    } else if (value instanceof Map<?, ?> m) {
      VariantObjectBuilder o = b.startObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        o.appendKey((String) e.getKey());
        append(o, e.getValue());
      }
      b.endObject();
    } else if (value instanceof List<?> l) {
      VariantArrayBuilder a = b.startArray();
      for (Object element : l) {
        append(a, element);
      }
      b.endArray();
    } else if (value == null) {
      b.appendNull();
    } else {
      throw new IllegalArgumentException("unsupported value type " + value.getClass().getName());
    }
  }

  /** Microseconds since the epoch, as both encoders store a UTC timestamp. */
  public static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
  }
}
