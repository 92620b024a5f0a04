package io.dendrite.parquet.testing;

import static io.dendrite.parquet.testing.VariantBytes.int8;
import static io.dendrite.parquet.testing.VariantBytes.metadata;
import static io.dendrite.parquet.testing.VariantBytes.object;
import static io.dendrite.parquet.testing.VariantBytes.shortString;

import io.dendrite.parquet.testing.BadVariants.Sample;
import io.dendrite.parquet.testing.FuzzInputs.FileCells;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Writes the seed inputs of the two fuzz targets ({@code seed-*} files in their Jazzer inputs
 * directories), replacing earlier seeds and keeping crash inputs. Seeds are our own encodings:
 * every primitive type, nested and unicode-keyed documents, the conformance samples re-encoded
 * by our encoder (read at generation time, never copied), and {@link BadVariants}.
 *
 * <p>Run by {@code dev/fuzz seeds}; arguments: the test resources directory and the
 * conformance directory.
 */
public final class FuzzSeeds {
  private static final String DECODER_INPUTS =
      "io/dendrite/parquet/variant/VariantDecoderFuzzTestInputs/decode";
  private static final String FILE_INPUTS =
      "io/dendrite/parquet/read/VariantFileFuzzTestInputs/readMutatedFile";

  private FuzzSeeds() {}

  public static void main(String[] args) throws IOException {
    Path resources = Path.of(args[0]);
    Path conformance = Path.of(args[1]);
    Map<String, EncodedVariant> valid = validValues(conformance);
    Map<String, byte[]> decoder = new LinkedHashMap<>();
    valid.forEach((name, v) -> {
      if (v.metadata().length <= 255) {
        decoder.put(name, FuzzInputs.decoderInput(v.metadata(), v.value()));
      }
    });
    for (Sample s : samples()) {
      decoder.put(s.name(), FuzzInputs.decoderInput(s.metadata(), s.value()));
    }
    replaceSeeds(resources.resolve(DECODER_INPUTS), decoder);
    replaceSeeds(resources.resolve(FILE_INPUTS), fileSeeds(valid));
  }

  /** Valid values: every primitive type, documents, and the conformance samples re-encoded. */
  static Map<String, EncodedVariant> validValues(Path conformance) throws IOException {
    Map<String, EncodedVariant> out = new LinkedHashMap<>();
    out.put("null", encode(VariantEncoder::writeNull));
    out.put("true", encode(e -> e.writeBoolean(true)));
    out.put("int8", encode(e -> e.writeInt8((byte) -7)));
    out.put("int16", encode(e -> e.writeInt16((short) 1234)));
    out.put("int32", encode(e -> e.writeInt32(-123456)));
    out.put("int64", encode(e -> e.writeInt64(Long.MIN_VALUE)));
    out.put("double", encode(e -> e.writeDouble(-1.5e300)));
    out.put("float", encode(e -> e.writeFloat(3.25f)));
    out.put("decimal4", encode(e -> e.writeDecimal4(-999_999_999, 4)));
    out.put("decimal8", encode(e -> e.writeDecimal8(123_456_789_012_345_678L, 18)));
    out.put("decimal16", encode(e -> e.writeDecimal16(
        new BigInteger("-99999999999999999999999999999999999999"), 38)));
    out.put("date", encode(e -> e.writeDate(-719_162)));
    out.put("timestamp", encode(e -> e.writeTimestamp(1_700_000_000_123_456L)));
    out.put("timestamp-ntz", encode(e -> e.writeTimestampNtz(-1L)));
    out.put("timestamp-nanos", encode(e -> e.writeTimestampNanos(Long.MAX_VALUE)));
    out.put("timestamp-ntz-nanos", encode(e -> e.writeTimestampNtzNanos(1L)));
    out.put("time", encode(e -> e.writeTime(86_399_999_999L)));
    out.put("binary", encode(e -> e.writeBinary(new byte[] {0, 1, 2, (byte) 0xff})));
    out.put("long-string", encode(e -> e.writeString("x".repeat(70) + "\u00e9\ud83d\ude00")));
    out.put("uuid", encode(e -> e.writeUuid(UUID.fromString("f24f9b64-81fa-49d1-b74e-8c09a6e31c56"))));
    out.put("numeric-strings", json("[\"12\", \" +3 \", \"1e3\", \"NaN\", \"2024-02-29\","
        + " \"2024-02-29 10:11:12.5+01:00\", \"true\", \"y\"]"));
    out.put("document", json("{\"id\": 1, \"user\": {\"name\": \"ada\", \"tags\": [\"a\", null,"
        + " {\"x\": 2.50}]}, \"\u00e9\": [], \"\ufb00\": {}, \"\ud83d\ude00\": -0.0}"));
    out.put("wide-offsets", json("[\"" + "y".repeat(300) + "\", 1, {\"k\": \"" + "z".repeat(260)
        + "\"}]"));
    out.put("deep", json("[".repeat(40) + "1" + "]".repeat(40)));
    out.put("abc-object", json("{\"a\": {\"x\": 1}, \"b\": \"s\", \"c\": [0, {\"a\": 2}]}"));
    try (Stream<Path> files = Files.list(conformance.resolve("variant"))) {
      for (Path m : files.filter(p -> p.toString().endsWith(".metadata")).sorted().toList()) {
        String name = m.getFileName().toString().replace(".metadata", "");
        byte[] value = Files.readAllBytes(m.resolveSibling(name + ".value"));
        VariantEncoder e = new VariantEncoder();
        e.writeVariant(VariantMetadata.parse(Files.readAllBytes(m)), value, 0);
        out.put("conformance-" + name.replace('_', '-'), e.finish());
      }
    }
    return out;
  }

  /** The hand-made values: the bad ones and the unsorted object. */
  static List<Sample> samples() {
    return Stream.concat(Stream.of(BadVariants.unsortedObject()), BadVariants.invalid().stream())
        .toList();
  }

  /** File inputs: valid and bad values in both layouts and in each shredded cell. */
  static Map<String, byte[]> fileSeeds(Map<String, EncodedVariant> valid) {
    Map<String, byte[]> out = new LinkedHashMap<>();
    byte[] none = new byte[0];
    int value = FuzzInputs.VALUE;
    int typed = FuzzInputs.TYPED_VALUE;
    for (String name : List.of("abc-object", "document", "int64", "long-string", "wide-offsets",
        "conformance-array-nested", "conformance-object-nested")) {
      EncodedVariant v = valid.get(name);
      out.put("unshredded-" + name, input(false, value, v.metadata(), v.value(), none, 0, none,
          none));
    }
    for (Sample s : samples()) {
      out.put("unshredded-" + s.name(), input(false, value, s.metadata(), s.value(), none, 0,
          none, none));
    }
    // Shredded: metadata [a, b, c]; a typed int64, b typed string, residual {"c": ...}.
    byte[] abc = metadata(true, "a", "b", "c");
    byte[] residual = object(new int[] {2}, VariantBytes.array(int8(0),
        object(new int[] {0}, shortString("deep"))));
    int allTyped = value | typed | FuzzInputs.A_TYPED | FuzzInputs.B_TYPED;
    out.put("shredded-typed", input(true, allTyped, abc, residual, none, 42, none,
        VariantBytes.utf8("text")));
    out.put("shredded-value-fields", input(true, value | typed | FuzzInputs.A_VALUE
        | FuzzInputs.B_VALUE, abc, residual, object(new int[] {2}, int8(5)), 0,
        shortString("b-in-value"), none));
    out.put("shredded-missing-fields", input(true, typed, abc, none, none, 0, none, none));
    out.put("shredded-not-object", input(true, value, abc, shortString("just text"), none, 0,
        none, none));
    out.put("shredded-both-set", input(true, allTyped | FuzzInputs.A_VALUE, abc, residual,
        int8(9), 42, none, VariantBytes.utf8("x")));
    out.put("shredded-field-repeated-in-residual", input(true, allTyped, abc,
        object(new int[] {0}, int8(1)), none, 42, none, VariantBytes.utf8("x")));
    out.put("shredded-residual-not-object", input(true, allTyped, abc, int8(3), none, 42, none,
        VariantBytes.utf8("x")));
    // DuckDB-style residual: sorted_strings=0, fields in insertion order (item 1).
    byte[] unsortedMeta = metadata(false, "c", "zeta", "a", "b", "alpha");
    out.put("shredded-unsorted-residual", input(true, allTyped, unsortedMeta,
        object(new int[] {1, 4, 0}, int8(1), shortString("x"), int8(2)), none, 42, none,
        VariantBytes.utf8("x")));
    for (Sample s : samples()) {
      if (s.metadata().length < 3 || s.metadata()[1] == 0) {
        // keyless: the bad value goes into field a's value, with [a, b, c] as metadata
        out.put("shredded-a-" + s.name(), input(true, value | typed | FuzzInputs.A_VALUE
            | FuzzInputs.B_TYPED, abc, residual, s.value(), 0, none, VariantBytes.utf8("x")));
      }
      out.put("shredded-residual-" + s.name(), input(true, value | typed | FuzzInputs.A_TYPED,
          s.metadata(), s.value(), none, 1, none, none));
    }
    return out;
  }

  private static byte[] input(boolean shredded, int present, byte[] metadata, byte[] value,
      byte[] aValue, long aTyped, byte[] bValue, byte[] bTyped) {
    return FuzzInputs.fileInput(new FileCells(shredded, present, metadata, value, aValue, aTyped,
        bValue, bTyped));
  }

  private static EncodedVariant encode(Consumer<VariantEncoder> body) {
    VariantEncoder e = new VariantEncoder();
    body.accept(e);
    return e.finish();
  }

  private static EncodedVariant json(String text) throws IOException {
    return VariantJson.parse(text);
  }

  /** Deletes {@code seed-*} files in {@code dir} and writes the given ones. */
  private static void replaceSeeds(Path dir, Map<String, byte[]> seeds) throws IOException {
    Files.createDirectories(dir);
    try (Stream<Path> old = Files.list(dir)) {
      for (Path p : old.filter(p -> p.getFileName().toString().startsWith("seed-")).toList()) {
        Files.delete(p);
      }
    }
    for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
      Files.write(dir.resolve("seed-" + e.getKey()), e.getValue());
    }
    System.out.println(dir + ": " + seeds.size() + " seeds");
  }
}
