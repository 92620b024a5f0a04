package io.dendrite.parquet.variant.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.POJONode;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Converts between Variant values and plain Java objects, following the spec's primitive types
 * table (VariantEncoding.md, "Encoding types").
 *
 * <table>
 *   <caption>Variant type to Java type ({@link #toJava}) and back ({@link #write})</caption>
 *   <tr><th>Variant</th><th>Java</th></tr>
 *   <tr><td>null</td><td>{@code null}</td></tr>
 *   <tr><td>boolean</td><td>Boolean</td></tr>
 *   <tr><td>int8, int16, int32, int64</td><td>Byte, Short, Integer, Long</td></tr>
 *   <tr><td>double, float</td><td>Double, Float</td></tr>
 *   <tr><td>decimal4/8/16</td><td>BigDecimal</td></tr>
 *   <tr><td>date</td><td>LocalDate</td></tr>
 *   <tr><td>timestamp, timestamp_nanos (UTC)</td><td>Instant</td></tr>
 *   <tr><td>timestamp_ntz, timestamp_ntz_nanos</td><td>LocalDateTime</td></tr>
 *   <tr><td>time</td><td>LocalTime</td></tr>
 *   <tr><td>binary</td><td>byte[]</td></tr>
 *   <tr><td>string</td><td>String</td></tr>
 *   <tr><td>uuid</td><td>UUID</td></tr>
 *   <tr><td>object</td><td>LinkedHashMap&lt;String, Object&gt; in stored key order (the spec's
 *       sorted order, or the order another writer chose)</td></tr>
 *   <tr><td>array</td><td>ArrayList&lt;Object&gt;</td></tr>
 * </table>
 */
public final class VariantJava {
  private static final ApiAccess API = ApiAccess.get();

  private VariantJava() {}

  // ================================================================ Variant -> Java

  /**
   * Converts the value at {@code pos} to Java objects (mapping in the class description).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @return the Java value, or null for a Variant null
   * @throws VariantFormatException if the value or metadata is invalid ({@link
   *     VariantValidator#validate(VariantMetadata, byte[], int)} runs first)
   */
  public static Object toJava(VariantMetadata m, byte[] v, int pos) {
    VariantValidator.validate(m, v, pos);
    return toJava(m, v, pos, 0);
  }

  /** {@link #toJava(VariantMetadata, byte[], int)} of a value known to be valid. */
  public static Object toJavaValidated(VariantMetadata m, byte[] v, int pos) {
    return toJava(m, v, pos, 0);
  }

  private static Object toJava(VariantMetadata m, byte[] v, int pos, int depth) {
    VariantType t = VariantBinary.type(v, pos);
    switch (t) {
      case NULL:
        return null;
      case BOOLEAN:
        return VariantBinary.getBoolean(v, pos);
      case INT8:
        return (byte) VariantBinary.getLong(v, pos);
      case INT16:
        return (short) VariantBinary.getLong(v, pos);
      case INT32:
        return (int) VariantBinary.getLong(v, pos);
      case INT64:
        return VariantBinary.getLong(v, pos);
      case DOUBLE:
        return VariantBinary.getDouble(v, pos);
      case FLOAT:
        return VariantBinary.getFloat(v, pos);
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return VariantBinary.getDecimal(v, pos);
      case DATE:
        return LocalDate.ofEpochDay(VariantBinary.getDate(v, pos));
      case TIMESTAMP:
        return Temporal.instant(VariantBinary.getTimestamp(v, pos), Temporal.MICROS_PER_SECOND);
      case TIMESTAMP_NANOS:
        return Temporal.instant(VariantBinary.getTimestamp(v, pos), Temporal.NANOS_PER_SECOND);
      case TIMESTAMP_NTZ:
        return Temporal.localDateTime(VariantBinary.getTimestamp(v, pos), Temporal.MICROS_PER_SECOND);
      case TIMESTAMP_NTZ_NANOS:
        return Temporal.localDateTime(VariantBinary.getTimestamp(v, pos), Temporal.NANOS_PER_SECOND);
      case TIME:
        return Temporal.localTime(VariantBinary.getTimestamp(v, pos));
      case BINARY:
        return VariantBinary.getBinary(v, pos);
      case STRING:
        return VariantBinary.getString(v, pos);
      case UUID:
        return VariantBinary.getUuid(v, pos);
      case OBJECT: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantObjects.size(v, pos);
        Map<String, Object> map = new LinkedHashMap<>(Math.max(4, n * 4 / 3 + 1));
        for (int i = 0; i < n; i++) {
          map.put(m.key(VariantObjects.fieldId(v, pos, i)),
              toJava(m, v, VariantObjects.fieldValuePos(v, pos, i), depth + 1));
        }
        return map;
      }
      default: {
        VariantBinary.checkDepth(depth, pos);
        int n = VariantArrays.size(v, pos);
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          list.add(toJava(m, v, VariantArrays.elementPos(v, pos, i), depth + 1));
        }
        return list;
      }
    }
  }

  // ================================================================ Java -> Variant

  /**
   * Writes a Java value to the encoder. Java boxed integers keep their declared width (Byte is
   * int8, Integer int32, ...); BigInteger uses the smallest integer type, else decimal16; BigDecimal
   * the narrowest decimal; Instant, OffsetDateTime and ZonedDateTime become a UTC timestamp in
   * micros, or in nanos when the nanoseconds are not a multiple of 1000; LocalDateTime likewise
   * without time zone; LocalTime a time in micros (sub-microsecond precision is an error, not
   * truncated); byte[] and ByteBuffer (its remaining bytes) binary; CharSequence and Character
   * string, and an enum its name; Map with String keys an object; a record an object of its
   * non-null components;
   * Iterable, Object[] and primitive arrays other than
   * byte[] an array; Jackson JsonNode by node type (int/long nodes use the smallest integer type
   * as JSON numbers do, BigInteger/BigDecimal nodes follow the rules above, double/float nodes
   * keep their type); EncodedVariant and VariantValue are copied.
   *
   * @param value the value; may be null
   * @param enc the encoder to write to
   * @throws IllegalArgumentException for an unsupported type (naming its class), a non-String map
   *     key, a value out of a Variant type's range, or nesting deeper than {@link
   *     VariantBinary#MAX_NESTING_DEPTH} (which also catches cyclic structures)
   * @throws VariantFormatException for decimals wider than 38 digits
   */
  public static void write(Object value, VariantEncoder enc) {
    write(value, enc, 0);
  }

  // Containers recurse through this small method; scalars go to writeScalar, whose long chain
  // of type checks would otherwise make every nesting level's stack frame large (a value at
  // the nesting limit must fit a default 1 MiB thread stack).
  private static void write(Object value, VariantEncoder enc, int depth) {
    // The common scalars first, by their (final) classes: an interface test (Map, Iterable)
    // that fails scans the value class's interfaces every time, which was a tenth of encoding
    // maps of strings and numbers.
    Class<?> type = value == null ? null : value.getClass();
    if (type == null || type == String.class || type == Long.class || type == Integer.class
        || type == Double.class || type == Boolean.class) {
      writeScalar(value, enc, depth);
    } else if (value instanceof Map) {
      writeMap((Map<?, ?>) value, enc, depth);
    } else if (value instanceof JsonNode) { // before Iterable: JsonNode is Iterable
      writeJsonNode((JsonNode) value, enc, depth);
    } else if (value instanceof Iterable) {
      checkDepth(depth, value);
      enc.startArray();
      for (Object o : (Iterable<?>) value) {
        write(o, enc, depth + 1);
      }
      enc.endArray();
    } else if (value instanceof Object[]) {
      checkDepth(depth, value);
      enc.startArray();
      for (Object o : (Object[]) value) {
        write(o, enc, depth + 1);
      }
      enc.endArray();
    } else {
      writeScalar(value, enc, depth);
    }
  }

  /** Everything but maps, iterables, JSON nodes and object arrays. */
  private static void writeScalar(Object value, VariantEncoder enc, int depth) {
    // Most frequent types first: this is a chain of type checks.
    if (value == null) {
      enc.writeNull();
    } else if (value instanceof String) {
      enc.writeString((String) value);
    } else if (value instanceof Integer) {
      enc.writeInt32((Integer) value);
    } else if (value instanceof Long) {
      enc.writeInt64((Long) value);
    } else if (value instanceof Double) {
      enc.writeDouble((Double) value);
    } else if (value instanceof Boolean) {
      enc.writeBoolean((Boolean) value);
    } else if (value instanceof BigDecimal) {
      enc.writeDecimal((BigDecimal) value);
    } else if (value instanceof Short) {
      enc.writeInt16((Short) value);
    } else if (value instanceof Byte) {
      enc.writeInt8((Byte) value);
    } else if (value instanceof Float) {
      enc.writeFloat((Float) value);
    } else if (value instanceof BigInteger) {
      writeBigInteger((BigInteger) value, enc);
    } else if (value instanceof CharSequence) {
      enc.writeString(value.toString());
    } else if (value instanceof Character) {
      enc.writeString(value.toString());
    } else if (value instanceof byte[]) {
      enc.writeBinary((byte[]) value);
    } else if (value instanceof ByteBuffer) {
      writeByteBuffer((ByteBuffer) value, enc);
    } else if (value instanceof LocalDate) {
      long days = ((LocalDate) value).toEpochDay();
      if (days != (int) days) {
        throw new IllegalArgumentException("date " + value + " is outside the range of a VARIANT date (int32 days)");
      }
      enc.writeDate((int) days);
    } else if (value instanceof Instant) {
      Instant i = (Instant) value;
      writeTimestamp(i.getEpochSecond(), i.getNano(), true, value, enc);
    } else if (value instanceof OffsetDateTime) {
      Instant i = ((OffsetDateTime) value).toInstant();
      writeTimestamp(i.getEpochSecond(), i.getNano(), true, value, enc);
    } else if (value instanceof ZonedDateTime) {
      Instant i = ((ZonedDateTime) value).toInstant();
      writeTimestamp(i.getEpochSecond(), i.getNano(), true, value, enc);
    } else if (value instanceof LocalDateTime) {
      LocalDateTime l = (LocalDateTime) value;
      writeTimestamp(l.toEpochSecond(ZoneOffset.UTC), l.getNano(), false, value, enc);
    } else if (value instanceof LocalTime) {
      long nanos = ((LocalTime) value).toNanoOfDay();
      if (nanos % 1000 != 0) {
        throw new IllegalArgumentException("LocalTime " + value
            + " has sub-microsecond precision; a VARIANT time holds microseconds and the value would be truncated");
      }
      enc.writeTime(nanos / 1000);
    } else if (value instanceof UUID) {
      enc.writeUuid((UUID) value);
    } else if (value instanceof Enum<?> e) {
      enc.writeString(e.name());
    } else if (value instanceof EncodedVariant) {
      enc.writeVariant((EncodedVariant) value);
    } else if (value instanceof VariantValue) {
      enc.writeVariant((VariantValue) value);
    } else if (value.getClass().getName().equals("org.apache.parquet.variant.Variant")) {
      API.writeParquetVariant(value, enc); // by name: parquet-variant is an optional dependency
    } else if (value instanceof Record) { // after EncodedVariant, itself a record
      writeRecord(value, enc, depth);
    } else if (value.getClass().isArray()) { // primitive arrays other than byte[]
      checkDepth(depth, value);
      int n = Array.getLength(value);
      enc.startArray();
      for (int i = 0; i < n; i++) {
        write(Array.get(value, i), enc, depth + 1);
      }
      enc.endArray();
    } else {
      throw new IllegalArgumentException("unsupported Java type for a VARIANT value: " + value.getClass().getName());
    }
  }

  private static void writeMap(Map<?, ?> map, VariantEncoder enc, int depth) {
    checkDepth(depth, map);
    enc.startObject();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Object k = e.getKey();
      if (!(k instanceof String)) {
        throw new IllegalArgumentException("VARIANT object keys must be Strings, found "
            + (k == null ? "a null key" : "a key of type " + k.getClass().getName() + " (" + k + ")"));
      }
      enc.key((String) k);
      write(e.getValue(), enc, depth + 1);
    }
    enc.endObject();
  }

  /** A record as an object of its non-null components, the way a map of them would be. */
  private static void writeRecord(Object record, VariantEncoder enc, int depth) {
    checkDepth(depth, record);
    RecordAccessors components = RecordAccessors.of(record.getClass());
    enc.startObject();
    for (int i = 0; i < components.size(); i++) {
      Object v = components.get(record, i);
      if (v != null) {
        enc.key(components.name(i));
        write(v, enc, depth + 1);
      }
    }
    enc.endObject();
  }

  private static void writeBigInteger(BigInteger b, VariantEncoder enc) {
    if (b.bitLength() <= 63) {
      enc.writeLong(b.longValue());
    } else if (b.abs().compareTo(DECIMAL16_MAX) <= 0) {
      enc.writeDecimal16(b, 0);
    } else {
      throw new IllegalArgumentException("BigInteger " + b + " has more than 38 digits and does not fit any VARIANT integer or decimal");
    }
  }

  private static final BigInteger DECIMAL16_MAX = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

  private static void writeByteBuffer(ByteBuffer b, VariantEncoder enc) {
    if (b.hasArray()) {
      enc.writeBinary(b.array(), b.arrayOffset() + b.position(), b.remaining());
    } else {
      byte[] copy = new byte[b.remaining()];
      b.duplicate().get(copy); // leaves the caller's position untouched
      enc.writeBinary(copy);
    }
  }

  private static void writeTimestamp(long epochSecond, int nano, boolean utc, Object value, VariantEncoder enc) {
    try {
      if (nano % 1000 == 0) {
        long micros = Temporal.toMicros(epochSecond, nano);
        if (utc) {
          enc.writeTimestamp(micros);
        } else {
          enc.writeTimestampNtz(micros);
        }
      } else {
        long nanos = Temporal.toNanos(epochSecond, nano);
        if (utc) {
          enc.writeTimestampNanos(nanos);
        } else {
          enc.writeTimestampNtzNanos(nanos);
        }
      }
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(value.getClass().getSimpleName() + " " + value
          + " is outside the range of a VARIANT timestamp (int64 " + (nano % 1000 == 0 ? "microseconds" : "nanoseconds")
          + " since 1970-01-01)", e);
    }
  }

  private static void writeJsonNode(JsonNode node, VariantEncoder enc, int depth) {
    switch (node.getNodeType()) {
      case OBJECT: {
        checkDepth(depth, node);
        enc.startObject();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
          enc.key(e.getKey());
          writeJsonNode(e.getValue(), enc, depth + 1);
        }
        enc.endObject();
        return;
      }
      case ARRAY:
        checkDepth(depth, node);
        enc.startArray();
        for (JsonNode child : node) {
          writeJsonNode(child, enc, depth + 1);
        }
        enc.endArray();
        return;
      case STRING:
        enc.writeString(node.textValue());
        return;
      case BOOLEAN:
        enc.writeBoolean(node.booleanValue());
        return;
      case NULL:
      case MISSING:
        enc.writeNull();
        return;
      case BINARY:
        enc.writeBinary(binaryValue(node));
        return;
      case POJO:
        write(((POJONode) node).getPojo(), enc, depth + 1);
        return;
      case NUMBER:
        writeJsonNumber(node, enc);
        return;
      default:
        throw new IllegalArgumentException("unsupported JsonNode type for a VARIANT value: " + node.getNodeType());
    }
  }

  /**
   * Integral nodes (int, long) use the smallest integer type as JSON numbers do; BigInteger and
   * BigDecimal nodes follow the BigInteger/BigDecimal rules of {@link #write} (an error beyond 38
   * digits rather than a silent double); double and float nodes keep their type.
   */
  private static void writeJsonNumber(JsonNode node, VariantEncoder enc) {
    switch (node.numberType()) {
      case INT:
      case LONG:
        enc.writeLong(node.longValue());
        return;
      case BIG_INTEGER:
        writeBigInteger(node.bigIntegerValue(), enc);
        return;
      case BIG_DECIMAL:
        enc.writeDecimal(node.decimalValue());
        return;
      case FLOAT:
        enc.writeFloat(node.floatValue());
        return;
      default:
        enc.writeDouble(node.doubleValue());
    }
  }

  private static byte[] binaryValue(JsonNode node) {
    try {
      return node.binaryValue();
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("cannot read binary JsonNode", e);
    }
  }

  private static void checkDepth(int depth, Object value) {
    if (depth >= VariantBinary.MAX_NESTING_DEPTH) {
      throw new IllegalArgumentException("value is nested deeper than " + VariantBinary.MAX_NESTING_DEPTH
          + " levels (does it contain a cycle?); innermost container type: " + value.getClass().getName());
    }
  }
}
