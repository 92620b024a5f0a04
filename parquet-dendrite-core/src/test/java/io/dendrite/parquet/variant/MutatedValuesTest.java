package io.dendrite.parquet.variant;

import static io.dendrite.parquet.variant.TestSupport.unhex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.variant.VariantValue.JsonStyle;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import io.dendrite.parquet.variant.internal.VariantObjects;
import io.dendrite.parquet.variant.internal.VariantValidator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Systematically truncated and byte-flipped variants of valid values (seeded, so a failure
 * reproduces): every public operation either succeeds or throws {@link VariantFormatException}
 * (casts may also answer {@link VariantCastException}), never another exception; and validation
 * passes exactly when the decoders succeed, so no decoder accepts what validation rejects or
 * rejects what it accepts. Not a fuzzer (see the Jazzer targets for that): a fixed sample that
 * runs in every build.
 */
class MutatedValuesTest {
  private static final int MUTANTS = 6000;

  @Test
  void everyOperationSucceedsOrFailsCleanlyAndValidationMatchesTheDecoders() {
    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> { // a hang guard only
      Random random = new Random(20_11);
      List<EncodedVariant> seeds = seeds();
      int checked = 0;
      int valid = 0;
      for (int round = 0; checked < MUTANTS; round++) {
        EncodedVariant seed = seeds.get(round % seeds.size());
        byte[] m = seed.metadata();
        byte[] v = seed.value();
        byte[][] mutant;
        switch (round / seeds.size() % 4) {
          case 0: // the value cut at a random length
            mutant = new byte[][] {m, Arrays.copyOf(v, random.nextInt(v.length))};
            break;
          case 1: // one byte of the value replaced
            mutant = new byte[][] {m, flip(v, random, false)};
            break;
          case 2: // one bit of the value flipped, or a byte of the metadata replaced
            mutant = random.nextBoolean() ? new byte[][] {m, flip(v, random, true)} : new byte[][] {flip(m, random, false), v};
            break;
          default: // several bytes of the value replaced
            byte[] w = v;
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
              w = flip(w, random, random.nextBoolean());
            }
            mutant = new byte[][] {m, w};
        }
        if (check(mutant[0], mutant[1])) {
          valid++;
        }
        checked++;
      }
      // The sample must exercise both outcomes (bit flips in strings and numbers often stay valid).
      assertTrue(valid > MUTANTS / 20 && valid < MUTANTS - MUTANTS / 20, valid + " of " + MUTANTS + " mutants valid");
    });
  }

  /** Checks one mutant; returns whether it is valid. */
  private static boolean check(byte[] metadata, byte[] value) {
    String input = "metadata " + TestSupport.hex(metadata) + ", value " + TestSupport.hex(value);
    boolean parsed = clean(input, () -> VariantMetadata.parse(metadata));
    if (!parsed) {
      return false;
    }
    boolean valid = clean(input, () -> VariantValue.of(metadata, value).validate());
    // Each on a fresh view, so that each validates on its own.
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).toJson()), "toJson: " + input);
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).toJson(JsonStyle.SPARK)), "toJson(SPARK): " + input);
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).toJava()), "toJava: " + input);
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).hashCode()), "hashCode: " + input);
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).toEncoded()), "toEncoded: " + input);
    assertEquals(valid, clean(input, () -> VariantValue.of(metadata, value).equals(VariantValue.of(metadata, value.clone()))),
        "equals: " + input);
    assertEquals(valid, clean(input, () -> new VariantEncoder().writeVariant(EncodedVariant.of(metadata, value))),
        "writeVariant: " + input);
    // The static decoders check a prefix: they agree with the prefix form of validate.
    VariantMetadata m = VariantMetadata.parse(metadata);
    boolean prefixValid = value.length > 0 && clean(input, () -> VariantValidator.validate(m, value, 0));
    assertEquals(prefixValid, value.length > 0 && clean(input, () -> VariantJson.toJson(m, value, 0)), "VariantJson: " + input);
    assertEquals(prefixValid, value.length > 0 && clean(input, () -> VariantJava.toJava(m, value, 0)), "VariantJava: " + input);
    assertEquals(prefixValid, value.length > 0 && clean(input, () -> VariantEquality.hash(m, value, 0)), "hash: " + input);
    if (valid) {
      // A valid value copies to an equal one, which hashes alike.
      VariantEncoder e = new VariantEncoder();
      e.writeVariant(EncodedVariant.of(metadata, value));
      VariantValue copy = VariantValue.of(e.finish()).validate();
      assertEquals(VariantValue.of(metadata, value), copy, input);
      assertEquals(VariantValue.of(metadata, value).hashCode(), copy.hashCode(), input);
    }
    // Accessors and navigation on a view that was never validated, and casts.
    if (value.length > 0) {
      accessors(input, VariantValue.of(m, value, 0), 0);
    }
    return valid;
  }

  /** Every accessor that applies to the value's type; recurses into a few children. */
  private static void accessors(String input, VariantValue v, int depth) {
    for (Executable cast : new Executable[] {
        () -> VariantCasts.toText(v), () -> VariantCasts.toLong(v), () -> VariantCasts.toDouble(v),
        () -> VariantCasts.toDecimal(v), () -> VariantCasts.toBoolean(v), () -> VariantCasts.toInstant(v),
        () -> VariantCasts.toLocalDate(v)}) {
      clean(input, cast);
    }
    VariantType[] type = new VariantType[1];
    if (!clean(input, () -> type[0] = v.type())) {
      return;
    }
    clean(input, v::isNull);
    clean(input, () -> VariantBinary.valueSize(v.valueBytes(), v.pos()));
    switch (type[0]) {
      case OBJECT: {
        int[] n = new int[1];
        if (clean(input, () -> n[0] = v.objectSize()) && depth < 3) {
          clean(input, v::keys);
          for (int i = 0; i < Math.min(n[0], 4); i++) {
            int index = i;
            String[] key = new String[1];
            if (clean(input, () -> key[0] = VariantObjects.fieldKey(v.metadata(), v.valueBytes(), v.pos(), index))) {
              VariantValue[] child = new VariantValue[1];
              if (clean(input, () -> child[0] = v.field(key[0])) && child[0] != null) {
                accessors(input, child[0], depth + 1);
              }
            }
          }
          clean(input, () -> v.field("no such key"));
        }
        return;
      }
      case ARRAY: {
        int[] n = new int[1];
        if (clean(input, () -> n[0] = v.arraySize()) && depth < 3) {
          for (int i = 0; i < Math.min(n[0], 4); i++) {
            int index = i;
            VariantValue[] child = new VariantValue[1];
            if (clean(input, () -> child[0] = v.element(index))) {
              accessors(input, child[0], depth + 1);
            }
          }
        }
        return;
      }
      case STRING:
        clean(input, v::getString);
        return;
      case BINARY:
        clean(input, v::getBinary);
        return;
      case BOOLEAN:
        clean(input, v::getBoolean);
        return;
      case DOUBLE:
        clean(input, v::getDouble);
        return;
      case FLOAT:
        clean(input, v::getFloat);
        return;
      case DATE:
        clean(input, v::getDate);
        return;
      case UUID:
        clean(input, v::getUuid);
        return;
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        clean(input, v::getDecimal);
        return;
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_NTZ:
      case TIMESTAMP_NANOS:
      case TIMESTAMP_NTZ_NANOS:
        clean(input, v::getTimestamp);
        return;
      case NULL:
        return;
      default:
        clean(input, v::getLong);
    }
  }

  /**
   * Runs {@code body}: true if it returned, false if it threw VariantFormatException (or, from a
   * cast, VariantCastException); any other throwable fails the test with the input.
   */
  private static boolean clean(String input, Executable body) {
    try {
      body.execute();
      return true;
    } catch (VariantFormatException | VariantCastException e) {
      return false;
    } catch (Throwable t) {
      throw new AssertionError("unexpected " + t + " for " + input, t);
    }
  }

  private static byte[] flip(byte[] b, Random random, boolean oneBit) {
    if (b.length == 0) {
      return b;
    }
    byte[] c = b.clone();
    int i = random.nextInt(c.length);
    c[i] = (byte) (oneBit ? c[i] ^ (1 << random.nextInt(8)) : random.nextInt(256));
    return c;
  }

  /** Valid values of every type and shape, small enough to mutate quickly. */
  private static List<EncodedVariant> seeds() {
    List<EncodedVariant> seeds = new ArrayList<>();
    RandomDocumentsTest.Generator g = new RandomDocumentsTest.Generator(7, false);
    while (seeds.size() < 40) {
      EncodedVariant v = TestSupport.fromJava(g.document());
      if (v.value().length < 600) {
        seeds.add(v);
      }
    }
    // DuckDB style: fields in insertion order under an unsorted dictionary.
    seeds.add(EncodedVariant.of(unhex("01 03 00 04 07 0b \"name\" \"age\" \"city\""),
        unhex("02 03 00 01 02 00 04 06 0b 0d \"Ada\" 0c 24 11 \"Oslo\"")));
    // Java String order (older writers): {"\uD83D\uDE00": 1, "\uFB00": 2}.
    seeds.add(EncodedVariant.of(unhex("11 03 00 01 05 08 \"a\" f0 9f 98 80 ef ac 80"),
        unhex("02 02 01 02 00 02 04 0c 01 0c 02")));
    // Every primitive, and containers with 2-byte offsets.
    VariantEncoder e = new VariantEncoder();
    e.startArray();
    e.writeTime(43_200_000_000L);
    e.writeDecimal4(-123_456_789, 4);
    e.writeDecimal8(123_456_789_012L, 18);
    e.writeDecimal16(java.math.BigInteger.TEN.pow(30), 38);
    e.writeTimestampNanos(-1);
    e.writeUuid(1, 2);
    e.writeBinary(new byte[300]);
    e.writeString("\u00e9t\u00e9 \uD83D\uDE00");
    e.startObject();
    e.key("k");
    e.writeString("x".repeat(70));
    e.endObject();
    e.endArray();
    seeds.add(e.finish());
    return seeds;
  }
}
