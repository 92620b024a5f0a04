package io.dendrite.parquet.variant.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * JSON text to a {@link VariantEncoder}, streaming (no intermediate tree), with the number
 * mapping that {@link VariantJson} describes (Spark's {@code parse_json}). {@link
 * VariantJson#parse(String)} and {@link VariantJson#parse(JsonParser)} are the public entry
 * points; the writer parses records into its own reused encoder here.
 */
public final class JsonToVariant {
  /** Documents parsed alone may nest as deep as a variant may. */
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxNestingDepth(VariantBinary.MAX_NESTING_DEPTH).build())
      .build();

  private JsonToVariant() {}

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
  private static void writeBigInteger(BigInteger b, VariantEncoder enc) {
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
  private static void writeJsonDecimal(BigDecimal d, VariantEncoder enc) {
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
}
