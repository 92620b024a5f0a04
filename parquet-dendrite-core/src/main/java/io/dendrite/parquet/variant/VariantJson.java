package io.dendrite.parquet.variant;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.Base64;

/**
 * Converts between JSON text and Variant values, streaming in both directions (no intermediate
 * tree).
 *
 * <h2>Parsing: JSON to Variant (same mapping as Spark's {@code parse_json})</h2>
 *
 * <ul>
 *   <li>{@code null}, {@code true}, {@code false}, strings, objects and arrays map to the
 *       corresponding Variant types; a repeated key in one object is an error.
 *   <li>Integral numbers (no fraction, no exponent) use the smallest of int8, int16, int32, int64.
 *       Beyond int64 they become a decimal with scale 0 when they have at most 38 digits, else
 *       the nearest double (no Variant type holds them exactly).
 *   <li>Numbers with a fraction and no exponent become the narrowest decimal (decimal4/8/16 by
 *       precision, keeping the written scale, so {@code 1.50} is decimal4 150 scale 2) when
 *       precision and scale are at most 38, else the nearest double.
 *   <li>Numbers with an exponent ({@code 1e3}, {@code 2.5E-7}) become the nearest double.
 *   <li>A number whose nearest double would be infinite or zero although the number is not
 *       ({@code 1e400}, {@code -1e400}, {@code 1e-400}, an integer of 400 digits) is never
 *       stored as that double. No Variant decimal holds it exactly either (those have at most 38
 *       digits and scale 0 to 38), so parsing fails with a {@link VariantFormatException}
 *       naming the number. {@code -0} is the integer 0, {@code -0.0} the decimal 0.0 (decimals have no
 *       negative zero) and {@code -0e0} the double -0.0.
 * </ul>
 *
 * <h2>Rendering: Variant to JSON</h2>
 *
 * <ul>
 *   <li>Objects in stored key order (the spec's sorted order, or the order another writer
 *       chose); arrays in order.
 *   <li>Integers and decimals as exact JSON numbers (decimals via {@code toPlainString}).
 *   <li>Doubles and floats as JSON numbers always written with an exponent ({@code 1.5E3},
 *       {@code 1.0E-3}, {@code 0.0E0}), so that parsing the text again yields a double rather than
 *       a decimal; NaN and infinities as the strings {@code "NaN"}, {@code "Infinity"}, {@code
 *       "-Infinity"}.
 *   <li>Dates {@code "2024-01-02"}; UTC timestamps {@code "2024-01-02T03:04:05.123456Z"} (6
 *       fractional digits for micros, 9 for nanos); timestamps without time zone the same without
 *       {@code Z}; times {@code "03:04:05.123456"}.
 *   <li>Binary as a base64 string; UUID as its canonical lower-case string.
 *   <li>Strings escaped as JSON requires (they are well-formed UTF-8: validation rejects
 *       others, rather than printing replacement characters).
 * </ul>
 * {@link JsonStyle#SPARK} instead prints what Spark's {@code to_json} prints (time zone UTC):
 * decimals without trailing zeros, doubles and floats as Java's {@code toString}, timestamps as
 * {@code 2024-01-02 03:04:05.5+00:00}.
 *
 * <p>Every rendering method validates the value first ({@link VariantBinary#validate(VariantMetadata,
 * byte[], int)}), so invalid bytes (an ill-formed string, a duplicate key, overlapping children)
 * fail with {@link VariantFormatException} rather than print, and the text stays linear in the
 * input's bytes.
 */
public final class VariantJson {
  /** Documents parsed alone may nest as deep as a variant may. */
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxNestingDepth(VariantBinary.MAX_NESTING_DEPTH).build())
      .build();

  private VariantJson() {}

  // ================================================================ parsing

  /**
   * Parses one JSON document into a new variant with sorted metadata.
   *
   * @param json the JSON text, holding exactly one value
   * @return the encoded variant
   * @throws JsonProcessingException if the text is not valid JSON (Jackson's exception, with its
   *     location)
   * @throws VariantFormatException if an object repeats a key
   */
  public static EncodedVariant parse(String json) throws JsonProcessingException {
    VariantEncoder enc = new VariantEncoder();
    parse(json, enc);
    return enc.finish();
  }

  /**
   * Parses one JSON document into {@code enc} (which is not reset or finished).
   *
   * @param json the JSON text, holding exactly one value
   * @param enc the encoder to write to
   * @throws JsonProcessingException if the text is not valid JSON
   */
  public static void parse(String json, VariantEncoder enc) throws JsonProcessingException {
    try (JsonParser p = FACTORY.createParser(json)) {
      parse(p, enc);
      if (p.nextToken() != null) {
        throw new JsonParseException(p, "unexpected content after the JSON value");
      }
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e); // cannot happen when reading from a String
    }
  }

  /**
   * Consumes exactly one JSON value from a streaming parser into the encoder. Like Jackson's
   * {@code ObjectMapper.readValue(JsonParser)}, the value starts at the current token, or at the
   * next token when there is no current token or it is a {@code FIELD_NAME}. Afterwards the parser
   * is positioned on the value's last token ({@code END_OBJECT}, {@code END_ARRAY} or the scalar),
   * so a caller reading a sequence of values calls {@code p.nextToken()} before each further value.
   * On failure the encoder holds a partial value and must be reset.
   *
   * @param p the parser
   * @param enc the encoder to write to
   * @throws IOException Jackson's exception for malformed JSON or I/O failure
   * @throws VariantFormatException if an object repeats a key
   */
  public static void parse(JsonParser p, VariantEncoder enc) throws IOException {
    JsonToken t = p.currentToken();
    if (t == null || t == JsonToken.FIELD_NAME) {
      t = p.nextToken();
    }
    if (t == null) {
      throw new JsonParseException(p, "expected a JSON value but reached the end of the input");
    }
    if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
      throw new JsonParseException(p, "expected a JSON value but found " + t);
    }
    int depth = 0;
    while (true) {
      switch (t) {
        case START_OBJECT:
          enc.startObject();
          depth++;
          break;
        case START_ARRAY:
          enc.startArray();
          depth++;
          break;
        case END_OBJECT:
          enc.endObject();
          depth--;
          break;
        case END_ARRAY:
          enc.endArray();
          depth--;
          break;
        case FIELD_NAME:
          enc.key(p.currentName());
          break;
        case VALUE_STRING:
          enc.writeString(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
          break;
        case VALUE_NUMBER_INT:
          writeIntegral(p, enc);
          break;
        case VALUE_NUMBER_FLOAT:
          writeFractional(p, enc);
          break;
        case VALUE_TRUE:
          enc.writeBoolean(true);
          break;
        case VALUE_FALSE:
          enc.writeBoolean(false);
          break;
        case VALUE_NULL:
          enc.writeNull();
          break;
        case VALUE_EMBEDDED_OBJECT: // binary formats (Smile, CBOR) and token buffers
          VariantJava.write(p.getEmbeddedObject(), enc);
          break;
        default:
          throw new JsonParseException(p, "unexpected token " + t);
      }
      if (depth == 0) {
        return;
      }
      t = p.nextToken();
      if (t == null) {
        throw new JsonParseException(p, "unexpected end of input inside a JSON value");
      }
    }
  }

  private static void writeIntegral(JsonParser p, VariantEncoder enc) throws IOException {
    JsonParser.NumberType nt = p.getNumberType();
    if (nt == JsonParser.NumberType.INT || nt == JsonParser.NumberType.LONG) {
      enc.writeLong(p.getLongValue());
      return;
    }
    writeBigInteger(p.getBigIntegerValue(), enc);
  }

  /** Integers beyond int64: decimal16 with scale 0 up to 38 digits, else the nearest double. */
  static void writeBigInteger(BigInteger b, VariantEncoder enc) {
    if (b.bitLength() <= 63) {
      enc.writeLong(b.longValue());
    } else if (b.bitLength() <= 127 && b.abs().compareTo(MAX_DECIMAL16) <= 0) {
      enc.writeDecimal16(b, 0);
    } else {
      writeNearestDouble(new BigDecimal(b), b.doubleValue(), enc);
    }
  }

  private static final BigInteger MAX_DECIMAL16 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  private static void writeFractional(JsonParser p, VariantEncoder enc) throws IOException {
    if (p.isNaN()) {
      enc.writeDouble(p.getDoubleValue()); // only with Jackson's non-numeric-numbers feature
    } else if (!hasExponent(p)) {
      writeJsonDecimal(p.getDecimalValue(), enc);
    } else {
      double d = p.getDoubleValue();
      if (Double.isFinite(d) && d != 0) {
        enc.writeDouble(d);
      } else {
        writeNearestDouble(p.getDecimalValue(), d, enc);
      }
    }
  }

  /** A fraction without exponent: decimal when it fits 38 digits and scale 38, else double. */
  static void writeJsonDecimal(BigDecimal d, VariantEncoder enc) {
    int scale = d.scale();
    if (scale >= 0 && scale <= 38 && Math.max(d.precision(), scale) <= 38) {
      enc.writeDecimal(d);
    } else {
      writeNearestDouble(d, d.doubleValue(), enc);
    }
  }

  /**
   * Writes {@code nearest}, the double nearest to {@code exact}, unless it lost the number's
   * magnitude (infinite, or zero for a non-zero number). No decimal can hold such a number
   * either (a variant decimal has at most 38 digits and scale 38; beyond the double range a
   * number has over 300 integer digits or a scale over 300), so it is an error rather than a
   * silently different number.
   */
  private static void writeNearestDouble(BigDecimal exact, double nearest, VariantEncoder enc) {
    if (Double.isFinite(nearest) && (nearest != 0 || exact.signum() == 0)) {
      enc.writeDouble(nearest);
      return;
    }
    throw new VariantFormatException("number " + shorten(exact) + " is beyond the range of a "
        + "double (" + (nearest == 0 ? "it would become 0" : "it would become infinite")
        + ") and no decimal holds it (at most 38 digits, scale 0 to 38)");
  }

  /** The number as scientific text, its digits cut to 20 so that a message stays short. */
  private static String shorten(BigDecimal d) {
    String s = d.toString();
    if (d.precision() <= 20) {
      return s;
    }
    BigDecimal cut = d.round(new MathContext(20, RoundingMode.DOWN));
    String t = cut.toString();
    int e = t.indexOf('E');
    return e < 0 ? t + "..." : t.substring(0, e) + "..." + t.substring(e);
  }

  private static boolean hasExponent(JsonParser p) throws IOException {
    char[] c = p.getTextCharacters();
    int off = p.getTextOffset();
    for (int i = off, end = off + p.getTextLength(); i < end; i++) {
      if (c[i] == 'e' || c[i] == 'E') {
        return true;
      }
    }
    return false;
  }

  // ================================================================ rendering

  /**
   * Renders the value at {@code pos} as JSON text (rules in the class description). Like every
   * rendering method it first validates the value ({@link VariantBinary#validate(VariantMetadata,
   * byte[], int)}), so invalid bytes fail with {@link VariantFormatException} instead of printing
   * something a valid variant cannot hold, and the work and text stay linear in the input.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @return the JSON text
   * @throws VariantFormatException if the value or metadata is invalid
   */
  public static String toJson(VariantMetadata m, byte[] v, int pos) {
    return toJson(m, v, pos, JsonStyle.EXACT);
  }

  /**
   * Appends the JSON rendering of the value at {@code pos} to {@code out}.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param out where to append
   */
  public static void toJson(VariantMetadata m, byte[] v, int pos, StringBuilder out) {
    out.append(toJson(m, v, pos, JsonStyle.EXACT));
  }

  /**
   * Renders the value at {@code pos} as JSON text in the given style.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param style {@link JsonStyle#EXACT} (as {@link #toJson(VariantMetadata, byte[], int)}) or
   *     {@link JsonStyle#SPARK}
   * @return the JSON text
   */
  public static String toJson(VariantMetadata m, byte[] v, int pos, JsonStyle style) {
    VariantBinary.validate(m, v, pos);
    return toJsonValidated(m, v, pos, style);
  }

  /** {@link #toJson(VariantMetadata, byte[], int, JsonStyle)} of a value known to be valid. */
  static String toJsonValidated(VariantMetadata m, byte[] v, int pos, JsonStyle style) {
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
    int n = VariantBinary.objectSize(v, pos); // checks the header and the count
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
      out.writeQuotedUtf8(keys, keyStart, m.keyEndUnchecked(id) - keyStart);
      out.writeByte(':');
      render(m, v, VariantBinary.childPos(v, pos, offsets, n, offSize, i), out, depth + 1, spark);
    }
    out.writeByte('}');
  }

  /** As {@link #renderObject}: the header decoded once. */
  private static void renderArray(VariantMetadata m, byte[] v, int pos, JsonTextWriter out,
      int depth, boolean spark) {
    VariantBinary.checkDepth(depth, pos);
    int n = VariantBinary.arraySize(v, pos); // checks the header and the count
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
   * Writes the value at {@code pos} as one JSON value to a Jackson generator (same rules as the
   * text rendering). A value may nest {@link VariantBinary#MAX_NESTING_DEPTH} arrays and objects,
   * so the generator's {@code StreamWriteConstraints} must allow that many levels plus those
   * already open around it (Jackson's default allows 1000 in all).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param gen the generator
   * @throws IOException from the generator
   * @throws VariantFormatException if the value or metadata is invalid (checked before anything
   *     is written)
   */
  public static void toJson(VariantMetadata m, byte[] v, int pos, JsonGenerator gen) throws IOException {
    VariantBinary.validate(m, v, pos);
    generate(m, v, pos, gen, 0);
  }

  private static void generate(VariantMetadata m, byte[] v, int pos, JsonGenerator gen, int depth) throws IOException {
    VariantType t = VariantBinary.type(v, pos);
    switch (t) {
      case OBJECT: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantBinary.objectSize(v, pos);
        gen.writeStartObject();
        for (int i = 0; i < n; i++) {
          gen.writeFieldName(m.key(VariantBinary.objectFieldId(v, pos, i)));
          generate(m, v, VariantBinary.objectFieldValuePos(v, pos, i), gen, depth + 1);
        }
        gen.writeEndObject();
        return;
      }
      case ARRAY: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantBinary.arraySize(v, pos);
        gen.writeStartArray();
        for (int i = 0; i < n; i++) {
          generate(m, v, VariantBinary.arrayElementPos(v, pos, i), gen, depth + 1);
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
  static String sparkScalarText(VariantType t, byte[] v, int pos, boolean zoneSuffix) {
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
  static void appendString(String s, StringBuilder out) {
    JsonTextWriter w = new JsonTextWriter(s.length() + 2);
    w.writeQuotedString(s);
    out.append(w.finish());
  }
}
