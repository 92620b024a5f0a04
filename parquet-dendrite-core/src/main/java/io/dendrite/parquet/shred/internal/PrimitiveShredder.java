package io.dendrite.parquet.shred.internal;

import static io.dendrite.parquet.schema.internal.VariantSchemas.TYPED_VALUE;

import com.fasterxml.jackson.core.JsonParser;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.schema.internal.DecimalBytes;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * A path shredded as one primitive type. By default a value goes to {@code typed_value} only
 * if it reads back as the same value with the same JSON text; everything else stays, with its
 * exact original encoding, in the residual {@code value}:
 *
 * <table>
 *   <caption>What each typed_value accepts</caption>
 *   <tr><th>typed_value</th><th>accepts</th><th>goes to value</th></tr>
 *   <tr><td>int8, int16, int32, int64</td><td>any integer (int8..int64) within the range</td>
 *       <td>decimals (even 5 with scale 0), floats, doubles</td></tr>
 *   <tr><td>decimal(p,s)</td><td>a decimal of scale exactly s with at most p digits</td>
 *       <td>integers (5 would read back as 5.00), decimals of another scale (4506.31 in
 *       decimal(18,4) would read back as 4506.3100; 1.50 in decimal(9,1) as 1.5)</td></tr>
 *   <tr><td>float / double</td><td>a float / a double</td><td>the other one, every exact
 *       numeric</td></tr>
 *   <tr><td>boolean, string, binary, uuid, date, time</td><td>the same type</td>
 *       <td>everything else (no parsing of strings)</td></tr>
 *   <tr><td>timestamp, timestamp_ntz, timestamp_nanos, timestamp_ntz_nanos</td>
 *       <td>the same type (same unit and time zone flag)</td><td>every other timestamp</td></tr>
 * </table>
 *
 * <p>With {@code byValue} (Spark-style widening, off by default) a decimal(p,s) typed_value also
 * takes integers and decimals of any scale whose value it holds exactly (5 as 5.00, 1.50 as 1.5):
 * the value is the same in the spec's exact-numeric class, the JSON text is not. Nothing else
 * changes.
 */
public final class PrimitiveShredder extends Shredder {
  /**
   * What {@link #tokenAs} and {@link #valueAs} find a value to be: not typed here, or how its
   * leaf takes it.
   */
  private static final int NOT_TYPED = 0;
  private static final int UTF8 = 1;
  private static final int INT64 = 2;
  private static final int INT32 = 3;
  private static final int TRUE = 4;
  private static final int FALSE = 5;
  /** What {@link #valueAs} says of a path that is no boolean, integer or string. */
  private static final int OTHER_KIND = 6;

  private static final BigInteger[] POW10 = new BigInteger[39];
  private static final long[] POW10_LONG = new long[19];

  static {
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
    for (int i = 0; i < POW10_LONG.length; i++) {
      POW10_LONG[i] = POW10[i].longValueExact();
    }
  }

  private final VariantType kind;
  private final int precision;
  private final int scale;
  private final boolean byValue;
  /** A string token's UTF-8 bytes ({@link #tryTypedToken}). */
  private final TokenUtf8 utf8 = new TokenUtf8();

  PrimitiveShredder(ShreddedPrimitive type, boolean byValue, int valueIndex, int typedIndex,
      PathCounter counter, int depth) {
    super(valueIndex, typedIndex, counter, depth);
    this.kind = type.kind();
    this.precision = type.precision();
    this.scale = type.scale();
    this.byValue = byValue;
  }

  @Override
  void write(RecordConsumer rc, FieldGroups g, VariantMetadata m, byte[] v, int pos) {
    if (!tryTyped(rc, v, pos)) {
      writeResidual(rc, v, pos);
    }
  }

  /**
   * The value is encoded first, as the whole variant's encoding holds it, so that exactly the
   * values {@link #write} types are typed (the acceptance table above, the JSON number mapping).
   */
  @Override
  void writeJson(RecordConsumer rc, JsonParser p, JsonParts parts) throws IOException {
    if (tryTypedToken(rc, p)) {
      return;
    }
    VariantEncoder e = part(parts);
    JsonToVariant.parse(p, e);
    if (!tryTyped(rc, e.buffer(), 0)) {
      writeResidual(rc, e);
    }
  }

  /**
   * A string, an integer or a boolean this path types, to its leaf without encoding it (as
   * {@link #tryTypedToken} takes tokens); any other value encoded first, then typed as
   * {@link #write} types it or kept in the residual.
   */
  @Override
  void writeJava(RecordConsumer rc, Object v, JsonParts parts) {
    int as = javaAs(v);
    if (as == NOT_TYPED) {
      super.writeJava(rc, v, parts);
      return;
    }
    start(rc);
    switch (as) {
      case UTF8:
        rc.addBinary(Binary.fromConstantByteArray(
            ((String) v).getBytes(StandardCharsets.UTF_8)));
        break;
      case INT64:
        rc.addLong(((Number) v).longValue());
        break;
      case INT32:
        rc.addInteger(((Number) v).intValue());
        break;
      default:
        rc.addBoolean(as == TRUE);
        break;
    }
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
  }

  @Override
  boolean writeGroupJava(FieldGroups g, int field, Object v) {
    switch (javaAs(v)) {
      case UTF8: {
        byte[] b = ((String) v).getBytes(StandardCharsets.UTF_8);
        g.groupBytes(field, typedIndex, b, 0, b.length);
        break;
      }
      case INT64:
        g.groupLong(field, typedIndex, ((Number) v).longValue());
        break;
      case INT32:
        g.groupInteger(field, typedIndex, ((Number) v).intValue());
        break;
      case TRUE:
        g.groupBoolean(field, typedIndex, true);
        break;
      case FALSE:
        g.groupBoolean(field, typedIndex, false);
        break;
      default:
        return false;
    }
    counter.typed++;
    return true;
  }

  /**
   * How this path's {@code typed_value} takes a Java value without encoding it, as
   * {@link #valueAs} takes its encoding ({@code VariantJava} encodes a String as a string, an
   * Integer, Long, Short or Byte as an integer, a Boolean as a boolean; a String's UTF-8 is the
   * encoder's); {@link #NOT_TYPED} for anything else, which is then encoded.
   */
  private int javaAs(Object v) {
    if (v instanceof String) {
      return kind == VariantType.STRING ? UTF8 : NOT_TYPED;
    }
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      if (!kind.isInteger() || !fitsInt(((Number) v).longValue())) {
        return NOT_TYPED;
      }
      return kind == VariantType.INT64 ? INT64 : INT32;
    }
    if (v instanceof Boolean b) {
      return kind != VariantType.BOOLEAN ? NOT_TYPED : b ? TRUE : FALSE;
    }
    return NOT_TYPED;
  }

  /**
   * Types the commonest tokens without encoding them, as {@link #tryTyped} takes their
   * encodings: a string in a string column (its UTF-8 bytes, encoded as the encoder encodes
   * them), an int or long number in an integer column it fits, a boolean in a boolean column.
   * False for anything else, with nothing written.
   */
  private boolean tryTypedToken(RecordConsumer rc, JsonParser p) throws IOException {
    int as = tokenAs(p);
    if (as == NOT_TYPED) {
      return false;
    }
    start(rc);
    switch (as) {
      case UTF8:
        rc.addBinary(utf8.of(p));
        break;
      case INT64:
        rc.addLong(p.getLongValue());
        break;
      case INT32:
        rc.addInteger((int) p.getLongValue());
        break;
      default:
        rc.addBoolean(as == TRUE);
        break;
    }
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
    return true;
  }

  /**
   * Writes the group of object field {@code field} (or array element), this path's, in one
   * call when {@link #tryTypedToken} would type the token: the value to {@code typed_value}, a
   * null to {@code value}. False, with nothing written, otherwise.
   */
  @Override
  boolean writeGroupToken(FieldGroups g, int field, JsonParser p) throws IOException {
    switch (tokenAs(p)) {
      case UTF8:
        g.groupBytes(field, typedIndex, utf8.encode(p), 0, utf8.length());
        break;
      case INT64:
        g.groupLong(field, typedIndex, p.getLongValue());
        break;
      case INT32:
        g.groupInteger(field, typedIndex, (int) p.getLongValue());
        break;
      case TRUE:
        g.groupBoolean(field, typedIndex, true);
        break;
      case FALSE:
        g.groupBoolean(field, typedIndex, false);
        break;
      default:
        return false;
    }
    counter.typed++;
    return true;
  }

  /** How this path's {@code typed_value} takes the current token, if it does. */
  private int tokenAs(JsonParser p) throws IOException {
    switch (p.currentToken()) {
      case VALUE_STRING:
        return kind == VariantType.STRING ? UTF8 : NOT_TYPED;
      case VALUE_NUMBER_INT: {
        if (!kind.isInteger()) {
          return NOT_TYPED;
        }
        JsonParser.NumberType nt = p.getNumberType();
        if (nt != JsonParser.NumberType.INT && nt != JsonParser.NumberType.LONG
            || !fitsInt(p.getLongValue())) {
          return NOT_TYPED;
        }
        return kind == VariantType.INT64 ? INT64 : INT32;
      }
      case VALUE_TRUE:
        return kind == VariantType.BOOLEAN ? TRUE : NOT_TYPED;
      case VALUE_FALSE:
        return kind == VariantType.BOOLEAN ? FALSE : NOT_TYPED;
      default:
        return NOT_TYPED;
    }
  }

  /**
   * Writes the group of object field {@code field} (or array element), this path's, in one
   * call when {@link #tryTyped} would type the encoded value and this path is a boolean,
   * integer or string. False, with nothing written, otherwise.
   */
  @Override
  boolean writeGroup(FieldGroups g, int field, byte[] v, int pos) {
    switch (valueAs(v, pos)) {
      case UTF8:
        g.groupBytes(field, typedIndex, v, VariantBinary.stringOffset(v, pos),
            VariantBinary.stringLength(v, pos));
        break;
      case INT64:
        g.groupLong(field, typedIndex, VariantBinary.getLong(v, pos));
        break;
      case INT32:
        g.groupInteger(field, typedIndex, (int) VariantBinary.getLong(v, pos));
        break;
      case TRUE:
        g.groupBoolean(field, typedIndex, true);
        break;
      case FALSE:
        g.groupBoolean(field, typedIndex, false);
        break;
      default:
        return false;
    }
    counter.typed++;
    return true;
  }

  /**
   * How this path's {@code typed_value} takes the encoded value when the path is a boolean,
   * an integer or a string: as {@link #tokenAs} says of tokens; {@link #OTHER_KIND} for a path
   * of another type.
   */
  private int valueAs(byte[] v, int pos) {
    VariantType t = VariantBinary.type(v, pos);
    switch (kind) {
      case BOOLEAN:
        return t != VariantType.BOOLEAN ? NOT_TYPED
            : VariantBinary.getBoolean(v, pos) ? TRUE : FALSE;
      case INT8:
      case INT16:
      case INT32:
      case INT64:
        if (!t.isInteger() || !fitsInt(VariantBinary.getLong(v, pos))) {
          return NOT_TYPED;
        }
        return kind == VariantType.INT64 ? INT64 : INT32;
      case STRING:
        return t == VariantType.STRING ? UTF8 : NOT_TYPED;
      default:
        return OTHER_KIND;
    }
  }

  private boolean tryTyped(RecordConsumer rc, byte[] v, int pos) {
    int as = valueAs(v, pos);
    if (as == NOT_TYPED) {
      return false;
    }
    if (as != OTHER_KIND) {
      start(rc);
      switch (as) {
        case UTF8:
          rc.addBinary(Binary.fromConstantByteArray(
              v, VariantBinary.stringOffset(v, pos), VariantBinary.stringLength(v, pos)));
          break;
        case INT64:
          rc.addLong(VariantBinary.getLong(v, pos));
          break;
        case INT32:
          rc.addInteger((int) VariantBinary.getLong(v, pos));
          break;
        default:
          rc.addBoolean(as == TRUE);
          break;
      }
      rc.endField(TYPED_VALUE, typedIndex);
      counter.typed++;
      return true;
    }
    VariantType t = VariantBinary.type(v, pos);
    switch (kind) {
      case FLOAT:
        if (t != VariantType.FLOAT) {
          return false;
        }
        start(rc);
        rc.addFloat(VariantBinary.getFloat(v, pos));
        break;
      case DOUBLE:
        if (t != VariantType.DOUBLE) {
          return false;
        }
        start(rc);
        rc.addDouble(VariantBinary.getDouble(v, pos));
        break;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        if (!(byValue ? tryDecimalByValue(rc, v, pos, t) : tryDecimal(rc, v, pos, t))) {
          return false;
        }
        break;
      case DATE:
        if (t != VariantType.DATE) {
          return false;
        }
        start(rc);
        rc.addInteger(VariantBinary.getDate(v, pos));
        break;
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        if (t != temporalType()) {
          return false;
        }
        start(rc);
        rc.addLong(VariantBinary.getTimestamp(v, pos));
        break;
      case BINARY:
        if (t != VariantType.BINARY) {
          return false;
        }
        start(rc);
        rc.addBinary(Binary.fromConstantByteArray(
            v, VariantBinary.binaryOffset(v, pos), VariantBinary.binaryLength(v, pos)));
        break;
      case UUID:
        if (t != VariantType.UUID) {
          return false;
        }
        start(rc);
        // Variant and Parquet both store a UUID as its 16 big-endian bytes.
        rc.addBinary(Binary.fromConstantByteArray(v, pos + 1, 16));
        break;
      default:
        throw new IllegalStateException("unhandled shredded type " + kind);
    }
    rc.endField(TYPED_VALUE, typedIndex);
    counter.typed++;
    return true;
  }

  private void start(RecordConsumer rc) {
    rc.startField(TYPED_VALUE, typedIndex);
  }

  private VariantType temporalType() {
    switch (kind) {
      case TIME: return VariantType.TIME;
      case TIMESTAMP: return VariantType.TIMESTAMP;
      case TIMESTAMP_NTZ: return VariantType.TIMESTAMP_NTZ;
      case TIMESTAMP_NANOS: return VariantType.TIMESTAMP_NANOS;
      default: return VariantType.TIMESTAMP_NTZ_NANOS;
    }
  }

  /** Starts typed_value with {@code x} if it fits the column's integer type; false if not. */
  private boolean fitsInt(long x) {
    switch (kind) {
      case INT8: return x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE;
      case INT16: return x >= Short.MIN_VALUE && x <= Short.MAX_VALUE;
      case INT32: return x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE;
      default: return true;
    }
  }

  /** A decimal of the column's scale that fits its precision, written unchanged. */
  private boolean tryDecimal(RecordConsumer rc, byte[] v, int pos, VariantType t) {
    if (!t.isDecimal() || VariantBinary.getDecimalScale(v, pos) != scale) {
      return false;
    }
    if (t == VariantType.DECIMAL16) {
      return writeDecimal(rc, VariantBinary.getDecimalUnscaled(v, pos));
    }
    long unscaled = VariantBinary.getDecimalUnscaledLong(v, pos);
    // Every long has at most 19 digits, so precision 19 and more always fits.
    if (precision < POW10_LONG.length
        && (unscaled >= POW10_LONG[precision] || unscaled <= -POW10_LONG[precision])) {
      return false;
    }
    start(rc);
    switch (kind) {
      case DECIMAL4:
        rc.addInteger((int) unscaled);
        break;
      case DECIMAL8:
        rc.addLong(unscaled);
        break;
      default:
        rc.addBinary(Binary.fromConstantByteArray(DecimalBytes.toFixed(unscaled, 16)));
        break;
    }
    return true;
  }

  /** Spark-style: integers and decimals go in when rescaling to the column's scale is exact. */
  private boolean tryDecimalByValue(RecordConsumer rc, byte[] v, int pos, VariantType t) {
    BigInteger unscaled;
    if (t.isInteger()) {
      unscaled = BigInteger.valueOf(VariantBinary.getLong(v, pos)).multiply(POW10[scale]);
    } else if (t.isDecimal()) {
      try {
        unscaled = VariantBinary.getDecimal(v, pos).setScale(scale).unscaledValue();
      } catch (ArithmeticException inexact) {
        return false;
      }
    } else {
      return false;
    }
    return writeDecimal(rc, unscaled);
  }

  /** Writes {@code unscaled} at the column's scale if it has at most {@code precision} digits. */
  private boolean writeDecimal(RecordConsumer rc, BigInteger unscaled) {
    if (unscaled.abs().compareTo(POW10[precision]) >= 0) {
      return false;
    }
    start(rc);
    switch (kind) {
      case DECIMAL4:
        rc.addInteger(unscaled.intValueExact());
        break;
      case DECIMAL8:
        rc.addLong(unscaled.longValueExact());
        break;
      default:
        rc.addBinary(Binary.fromConstantByteArray(DecimalBytes.toFixed(unscaled, 16)));
        break;
    }
    return true;
  }
}
