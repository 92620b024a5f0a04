package io.dendrite.parquet.variant;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.JsonToVariant;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantToJson;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.io.IOException;

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
 * <p>Every rendering method validates the value first ({@link VariantValidator#validate(VariantMetadata,
 * byte[], int)}), so invalid bytes (an ill-formed string, a duplicate key, overlapping children)
 * fail with {@link VariantFormatException} rather than print, and the text stays linear in the
 * input's bytes.
 */
public final class VariantJson {
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
    JsonToVariant.parse(json, enc);
    return enc.finish();
  }

  /**
   * Parses one JSON value from a streaming parser into a new variant with sorted metadata, for
   * callers that read JSON records and keep some of their values as variants. Like Jackson's
   * {@code ObjectMapper.readValue(JsonParser)}, the value starts at the current token, or at the
   * next token when there is no current token or it is a {@code FIELD_NAME}; afterwards the
   * parser is on the value's last token ({@code END_OBJECT}, {@code END_ARRAY} or the scalar), so
   * a caller reading a sequence of values calls {@code p.nextToken()} before each further value.
   * The parser's own settings apply (for example its nesting limit).
   *
   * <pre>{@code
   * try (JsonParser p = new JsonFactory().createParser("{\"id\": 7, \"payload\": {\"a\": [1]}}")) {
   *   p.nextToken(); // START_OBJECT of the record
   *   p.nextToken(); // FIELD_NAME "id"
   *   p.nextToken(); // 7
   *   p.nextToken(); // FIELD_NAME "payload"
   *   EncodedVariant payload = VariantJson.parse(p); // {"a":[1]}; p is on its END_OBJECT
   * }
   * }</pre>
   *
   * @param p the parser
   * @return the encoded variant
   * @throws IOException Jackson's exception for malformed JSON or I/O failure
   * @throws VariantFormatException if an object repeats a key or a number fits no variant type
   */
  public static EncodedVariant parse(JsonParser p) throws IOException {
    VariantEncoder enc = new VariantEncoder();
    JsonToVariant.parse(p, enc);
    return enc.finish();
  }

  // ================================================================ rendering

  /**
   * Renders the value at {@code pos} as JSON text (rules in the class description). Like every
   * rendering method it first validates the value ({@link VariantValidator#validate(VariantMetadata,
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
    VariantValidator.validate(m, v, pos);
    return VariantToJson.toJsonValidated(m, v, pos, style);
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
    VariantValidator.validate(m, v, pos);
    VariantToJson.generateValidated(m, v, pos, gen);
  }
}
