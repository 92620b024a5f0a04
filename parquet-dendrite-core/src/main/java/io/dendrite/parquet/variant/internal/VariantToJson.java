package io.dendrite.parquet.variant.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Base64;

/**
 * Variant values to JSON text ({@link JsonTextWriter}) or to a Jackson generator, by the rules
 * that {@link VariantJson} describes, in the exact or Spark style ({@link JsonStyle}). Callers
 * have validated the value; {@link VariantJson} is the public entry point.
 */
public final class VariantToJson {
  private static final ApiAccess API = ApiAccess.get();

  private VariantToJson() {}

  /** {@link VariantJson#toJson(VariantMetadata, byte[], int, JsonStyle)} of a value known to be valid. */
  public static String toJsonValidated(VariantMetadata m, byte[] v, int pos, JsonStyle style) {
    // JSON text is usually a little longer than the binary: start near that to avoid regrowth.
    JsonTextWriter out = new JsonTextWriter(2 * VariantBinary.valueSize(v, pos));
    render(m, v, pos, out, 0, style == JsonStyle.SPARK);
    return out.finish();
  }

  private static void render(VariantMetadata m, byte[] v, int pos, JsonTextWriter out, int depth,
      boolean spark) {
    // Short strings, objects and arrays (most values) straight from the basic type.
    int h = VariantBinary.header(v, pos);
    switch (h & 3) {
      case VariantBinary.BASIC_SHORT_STRING: {
        int n = h >>> 2;
        VariantBinary.need(v, pos, 1L + n);
        out.writeQuotedUtf8(v, pos + 1, n);
        return;
      }
      case VariantBinary.BASIC_OBJECT:
        renderObject(m, v, pos, out, depth, spark);
        return;
      case VariantBinary.BASIC_ARRAY:
        renderArray(m, v, pos, out, depth, spark);
        return;
      default:
        renderPrimitive(v, pos, out, spark);
    }
  }

  private static void renderPrimitive(byte[] v, int pos, JsonTextWriter out, boolean spark) {
    VariantType t = VariantBinary.type(v, pos);
    switch (t) {
      case NULL:
        out.writeAscii("null");
        return;
      case BOOLEAN:
        out.writeBoolean(VariantBinary.getBoolean(v, pos));
        return;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        out.writeLong(VariantBinary.getLong(v, pos));
        return;
      case STRING:
        out.writeQuotedUtf8(v, VariantBinary.stringOffset(v, pos),
            VariantBinary.stringLength(v, pos));
        return;
      case DOUBLE:
        renderFloating(VariantBinary.getDouble(v, pos), false, spark, out);
        return;
      case FLOAT:
        renderFloating(VariantBinary.getFloat(v, pos), true, spark, out);
        return;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        renderDecimal(t, v, pos, spark, out);
        return;
      case DATE:
        out.writeByte('"');
        out.writeDate(VariantBinary.getDate(v, pos));
        out.writeByte('"');
        return;
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        renderTimestamp(t, VariantBinary.getTimestamp(v, pos), spark, out);
        return;
      case UUID: {
        java.util.UUID u = VariantBinary.getUuid(v, pos);
        out.writeByte('"');
        out.writeUuid(u.getMostSignificantBits(), u.getLeastSignificantBits());
        out.writeByte('"');
        return;
      }
      default: // time and binary: rare enough to go through their String text
        out.writeQuotedString(scalarText(t, v, pos));
    }
  }

  /**
   * The object's header is decoded once for all its fields (the public accessors decode it per
   * call), with the same bounds checks: the id and offset tables are checked as a whole, each
   * child position against the end of the value.
   */
  private static void renderObject(VariantMetadata m, byte[] v, int pos, JsonTextWriter out,
      int depth, boolean spark) {
    VariantBinary.checkDepth(depth, pos);
    int n = VariantObjects.size(v, pos); // checks the header and the count
    int h = v[pos] & 0xFF;
    int offSize = ((h >> 2) & 3) + 1;
    int idSize = ((h >> 4) & 3) + 1;
    int ids = pos + 1 + ((h & 0x40) != 0 ? 4 : 1);
    long offsets = ids + (long) n * idSize;
    VariantBinary.need(v, ids, (long) n * (idSize + offSize));
    byte[] keys = m.bytes();
    out.writeByte('{');
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.writeByte(',');
      }
      int id = VariantBinary.fieldId(v, ids + i * idSize, idSize, pos);
      int keyStart = m.keyOffset(id); // checks the id
      out.writeQuotedUtf8(keys, keyStart, API.keyEnd(m, id) - keyStart);
      out.writeByte(':');
      render(m, v, VariantBinary.childPos(v, pos, offsets, n, offSize, i), out, depth + 1, spark);
    }
    out.writeByte('}');
  }

  /** As {@link #renderObject}: the header decoded once. */
  private static void renderArray(VariantMetadata m, byte[] v, int pos, JsonTextWriter out,
      int depth, boolean spark) {
    VariantBinary.checkDepth(depth, pos);
    int n = VariantArrays.size(v, pos); // checks the header and the count
    int h = v[pos] & 0xFF;
    int offSize = ((h >> 2) & 3) + 1;
    long offsets = pos + 1L + ((h & 0x10) != 0 ? 4 : 1);
    out.writeByte('[');
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.writeByte(',');
      }
      render(m, v, VariantBinary.childPos(v, pos, offsets, n, offSize, i), out, depth + 1, spark);
    }
    out.writeByte(']');
  }

  /**
   * Exact style: scientific notation with the digits of Java's toString ({@code 1500.0 ->
   * 1.5E3}), so the text re-parses as a double, not a decimal; Spark style: Java's toString.
   */
  private static void renderFloating(double d, boolean isFloat, boolean spark, JsonTextWriter out) {
    if (!Double.isFinite(d)) {
      out.writeAscii(Double.isNaN(d) ? "\"NaN\"" : d > 0 ? "\"Infinity\"" : "\"-Infinity\"");
      return;
    }
    String javaText = isFloat ? Float.toString((float) d) : Double.toString(d);
    if (spark) {
      out.writeAscii(javaText);
    } else {
      out.writeScientific(javaText);
    }
  }

  /**
   * Decimals whose unscaled value fits a long (all decimal4/8, most decimal16) are printed from
   * the long; the rest through BigDecimal, which prints the same text.
   */
  private static void renderDecimal(VariantType t, byte[] v, int pos, boolean spark,
      JsonTextWriter out) {
    if (t != VariantType.DECIMAL16) {
      long unscaled = VariantBinary.getDecimalUnscaledLong(v, pos);
      if (unscaled != Long.MIN_VALUE) {
        out.writeDecimal(unscaled, VariantBinary.getDecimalScale(v, pos), spark);
        return;
      }
    }
    BigDecimal d = VariantBinary.getDecimal(v, pos);
    out.writeAscii((spark ? d.stripTrailingZeros() : d).toPlainString());
  }

  /** ISO-8601 in the exact style; Spark's {@code yyyy-MM-dd HH:mm:ss[.f][+00:00]} otherwise. */
  private static void renderTimestamp(VariantType t, long value, boolean spark, JsonTextWriter out) {
    boolean nanos = t == VariantType.TIMESTAMP_NANOS || t == VariantType.TIMESTAMP_NTZ_NANOS;
    boolean utc = t == VariantType.TIMESTAMP || t == VariantType.TIMESTAMP_NANOS;
    out.writeByte('"');
    out.writeTimestamp(value, nanos, spark);
    if (utc) {
      out.writeAscii(spark ? "+00:00" : "Z");
    }
    out.writeByte('"');
  }

  /**
   * {@link VariantJson#toJson(VariantMetadata, byte[], int, JsonGenerator)} of a value known to
   * be valid.
   */
  public static void generateValidated(VariantMetadata m, byte[] v, int pos, JsonGenerator gen) throws IOException {
    generate(m, v, pos, gen, 0);
  }

  private static void generate(VariantMetadata m, byte[] v, int pos, JsonGenerator gen, int depth) throws IOException {
    VariantType t = VariantBinary.type(v, pos);
    switch (t) {
      case OBJECT: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantObjects.size(v, pos);
        gen.writeStartObject();
        for (int i = 0; i < n; i++) {
          gen.writeFieldName(m.key(VariantObjects.fieldId(v, pos, i)));
          generate(m, v, VariantObjects.fieldValuePos(v, pos, i), gen, depth + 1);
        }
        gen.writeEndObject();
        return;
      }
      case ARRAY: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantArrays.size(v, pos);
        gen.writeStartArray();
        for (int i = 0; i < n; i++) {
          generate(m, v, VariantArrays.elementPos(v, pos, i), gen, depth + 1);
        }
        gen.writeEndArray();
        return;
      }
      case NULL:
        gen.writeNull();
        return;
      case BOOLEAN:
        gen.writeBoolean(VariantBinary.getBoolean(v, pos));
        return;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        gen.writeNumber(VariantBinary.getLong(v, pos));
        return;
      case STRING:
        gen.writeString(VariantBinary.getString(v, pos));
        return;
      case DOUBLE:
      case FLOAT:
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16: {
        String s = numberText(v, pos);
        if (s.charAt(0) == '"') {
          gen.writeString(s.substring(1, s.length() - 1)); // NaN / Infinity
        } else {
          gen.writeNumber(s);
        }
        return;
      }
      default:
        gen.writeString(scalarText(t, v, pos));
    }
  }

  /**
   * JSON text of a double/float/decimal, as the text rendering writes it: a number literal, or a
   * quoted NaN/Infinity.
   */
  private static String numberText(byte[] v, int pos) {
    JsonTextWriter out = new JsonTextWriter(32);
    renderPrimitive(v, pos, out, false);
    return out.finish();
  }

  /**
   * Spark's text of the scalars it renders as strings: timestamps as {@code yyyy-MM-dd
   * HH:mm:ss[.fraction]} in UTC (with {@code +00:00} when {@code zoneSuffix} and the type has a
   * time zone, as to_json prints them; a cast to string leaves the suffix off); dates, times,
   * binary and UUIDs as in the exact style. Null for the types rendered as JSON literals.
   */
  public static String sparkScalarText(VariantType t, byte[] v, int pos, boolean zoneSuffix) {
    StringBuilder sb = new StringBuilder(32);
    switch (t) {
      case TIMESTAMP:
      case TIMESTAMP_NANOS:
        Temporal.appendSqlTimestamp(VariantBinary.getTimestamp(v, pos),
            t == VariantType.TIMESTAMP_NANOS, sb);
        return zoneSuffix ? sb.append("+00:00").toString() : sb.toString();
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NTZ_NANOS:
        Temporal.appendSqlTimestamp(VariantBinary.getTimestamp(v, pos),
            t == VariantType.TIMESTAMP_NTZ_NANOS, sb);
        return sb.toString();
      case DATE:
      case TIME:
      case BINARY:
      case UUID:
        return scalarText(t, v, pos);
      default:
        return null; // rendered as JSON literals, not strings
    }
  }

  /** Unquoted text of the scalars rendered as JSON strings (dates, times, binary, uuid). */
  private static String scalarText(VariantType t, byte[] v, int pos) {
    StringBuilder sb = new StringBuilder(32);
    switch (t) {
      case DATE:
        return LocalDate.ofEpochDay(VariantBinary.getDate(v, pos)).toString();
      case TIMESTAMP:
        Temporal.appendTimestamp(VariantBinary.getTimestamp(v, pos), false, true, sb);
        return sb.toString();
      case TIMESTAMP_NTZ:
        Temporal.appendTimestamp(VariantBinary.getTimestamp(v, pos), false, false, sb);
        return sb.toString();
      case TIMESTAMP_NANOS:
        Temporal.appendTimestamp(VariantBinary.getTimestamp(v, pos), true, true, sb);
        return sb.toString();
      case TIMESTAMP_NTZ_NANOS:
        Temporal.appendTimestamp(VariantBinary.getTimestamp(v, pos), true, false, sb);
        return sb.toString();
      case TIME:
        Temporal.appendTime(VariantBinary.getTimestamp(v, pos), sb);
        return sb.toString();
      case BINARY: {
        int off = VariantBinary.binaryOffset(v, pos);
        int n = VariantBinary.binaryLength(v, pos);
        byte[] b = n == v.length - off && off == 0 ? v : java.util.Arrays.copyOfRange(v, off, off + n);
        return Base64.getEncoder().encodeToString(b);
      }
      case UUID:
        return VariantBinary.getUuid(v, pos).toString();
      default:
        throw new IllegalStateException("not a string-rendered scalar: " + t);
    }
  }

  /** Appends {@code s} as a quoted JSON string, escaped as {@link JsonTextWriter} escapes it. */
  public static void appendString(String s, StringBuilder out) {
    JsonTextWriter w = new JsonTextWriter(s.length() + 2);
    w.writeQuotedString(s);
    out.append(w.finish());
  }
}
