package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantEquality;
import io.dendrite.parquet.variant.internal.VariantJava;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Property-style tests on random nested documents (seeded, so failures reproduce): objects,
 * arrays, every primitive type, unicode keys and strings, nulls, empty containers, depth up to 20
 * and widths up to a few hundred.
 */
class RandomDocumentsTest {
  private static final int DOCUMENTS = 300;
  private static final int MAX_DEPTH = 20;

  /** Generates one document per call, within a node budget so sizes stay reasonable. */
  static final class Generator {
    private final Random random;
    private final boolean jsonOnly;
    private int budget;

    Generator(long seed, boolean jsonOnly) {
      this.random = new Random(seed);
      this.jsonOnly = jsonOnly;
    }

    Object document() {
      budget = 50 + random.nextInt(random.nextInt(10) == 0 ? 3000 : 400);
      return value(0);
    }

    private Object value(int depth) {
      budget--;
      int r = random.nextInt(100);
      if (depth < MAX_DEPTH && budget > 0 && r < (depth == 0 ? 90 : 30)) {
        return random.nextBoolean() ? object(depth) : array(depth);
      }
      return primitive();
    }

    private int width() {
      int r = random.nextInt(100);
      if (r < 10) {
        return 0;
      }
      if (r < 96) {
        return 1 + random.nextInt(8);
      }
      return 200 + random.nextInt(200); // occasionally wide: exercises is_large and 2-byte widths
    }

    private Map<String, Object> object(int depth) {
      Map<String, Object> m = new LinkedHashMap<>();
      int n = Math.min(width(), Math.max(0, budget));
      for (int i = 0; i < n; i++) {
        m.put(key(), value(depth + 1));
      }
      return m;
    }

    private List<Object> array(int depth) {
      int n = Math.min(width(), Math.max(0, budget));
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(value(depth + 1));
      }
      return list;
    }

    private String key() {
      // A small shared vocabulary makes keys repeat across objects, as in real data.
      return random.nextInt(3) == 0 ? "k" + random.nextInt(40) : text(1 + random.nextInt(12));
    }

    private String text(int codePoints) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < codePoints; i++) {
        int r = random.nextInt(10);
        int cp;
        if (r < 5) {
          cp = 0x20 + random.nextInt(0x5F);
        } else if (r == 5) {
          cp = random.nextInt(0x20); // control characters
        } else if (r == 6) {
          cp = 0x80 + random.nextInt(0x780); // 2-byte UTF-8
        } else if (r == 7) {
          do {
            cp = 0x800 + random.nextInt(0x10000 - 0x800); // 3-byte UTF-8, no surrogates
          } while (cp >= 0xD800 && cp <= 0xDFFF);
        } else if (r == 8) {
          cp = 0x10000 + random.nextInt(0x100000); // 4-byte UTF-8 (surrogate pairs in Java)
        } else {
          cp = "\"\\/\u2028\uFB00".charAt(random.nextInt(5));
        }
        sb.appendCodePoint(cp);
      }
      return sb.toString();
    }

    private Object primitive() {
      int kinds = jsonOnly ? 8 : 20;
      switch (random.nextInt(kinds)) {
        case 0:
          return null;
        case 1:
          return random.nextBoolean();
        case 2:
          return jsonOnly ? (Object) (long) random.nextInt() : (Object) random.nextInt();
        case 3:
          return random.nextLong() >> random.nextInt(64);
        case 4:
          return text(random.nextInt(random.nextInt(5) == 0 ? 120 : 20));
        case 5:
          return decimal();
        case 6:
          double d = random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
          return random.nextBoolean() ? -d : d;
        case 7:
          // Beyond 127 bits a JSON integer has more than 38 digits and becomes a double.
          return jsonOnly ? new BigInteger(64 + random.nextInt(100), random) : (Object) (byte) random.nextInt();
        case 8:
          return (short) random.nextInt();
        case 9:
          return random.nextInt(20) == 0 ? Float.NaN : random.nextFloat() * 1000;
        case 10:
          return LocalDate.ofEpochDay(random.nextInt(6_000_000) - 3_000_000);
        case 11:
          return Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000) * 1000); // micros
        case 12:
          return Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000)); // nanos
        case 13:
          return LocalDateTime.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000) * 1000, ZoneOffset.UTC);
        case 14:
          return LocalDateTime.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000_000), ZoneOffset.UTC);
        case 15:
          return LocalTime.ofNanoOfDay((long) (random.nextDouble() * 86_400_000_000L) * 1000);
        case 16: {
          byte[] b = new byte[random.nextInt(random.nextInt(5) == 0 ? 300 : 10)];
          random.nextBytes(b);
          return b;
        }
        case 17:
          return new UUID(random.nextLong(), random.nextLong());
        case 18:
          return random.nextDouble();
        default:
          return text(64 + random.nextInt(100)); // long strings
      }
    }

    private BigDecimal decimal() {
      int precision = 1 + random.nextInt(38);
      int scale = random.nextInt(precision + 1);
      BigInteger unscaled = new BigInteger(precision * 4, random).mod(BigInteger.TEN.pow(precision));
      return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
    }
  }

  @Test
  void javaDocumentsRoundTripThroughTheEncoder() {
    Generator g = new Generator(20240601L, false);
    VariantEncoder reused = new VariantEncoder();
    for (int i = 0; i < DOCUMENTS; i++) {
      Object doc = g.document();
      reused.reset();
      VariantJava.write(doc, reused);
      EncodedVariant v = reused.finish();
      String where = "document " + i;
      try {
        v.validate();
        VariantMetadata m = v.parsedMetadata();
        assertTrue(m.isSorted() || m.size() == 0, where);
        Object back = VariantJava.toJava(v.parsedMetadata(), v.value(), 0);
        assertDeepEquals(doc, back, where);

        // Copying through writeVariant into an unsorted-dictionary encoder is logically equal.
        VariantEncoder copier = new VariantEncoder(false);
        copier.writeVariant(v);
        EncodedVariant copy = copier.finish().validate();
        assertNull(VariantEquality.describeDifference(v, copy), where);
        assertEquals(VariantValue.of(v).hashCode(), VariantValue.of(copy).hashCode(), where);
        // A fresh encoder produces exactly the same bytes as the reused one.
        assertEquals(TestSupport.fromJava(doc), v, where);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(where + ": " + e.getMessage() + "\n" + v.toJson(), e);
      }
    }
  }

  @Test
  void jsonTextRoundTripsToLogicallyEqualVariants() throws IOException {
    Generator g = new Generator(77L, true);
    ObjectMapper mapper = new ObjectMapper();
    for (int i = 0; i < DOCUMENTS; i++) {
      String json = mapper.writeValueAsString(g.document());
      EncodedVariant first = VariantJson.parse(json).validate();
      String rendered = first.toJson();
      EncodedVariant second = VariantJson.parse(rendered).validate();
      String where = "document " + i + ": " + abbreviate(json);
      assertNull(VariantEquality.describeDifference(first, second), where);
      assertEquals(rendered, second.toJson(), where);
      assertEquals(rendered, viaGenerator(first), where);
      assertTrue(VariantJsonTest.jsonEquals(mapper.readTree(json), mapper.readTree(rendered)), where);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 300 ? s.substring(0, 300) + "..." : s;
  }

  private static String viaGenerator(EncodedVariant v) throws IOException {
    StringWriter w = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(w)) {
      VariantJson.toJson(v.parsedMetadata(), v.value(), 0, gen);
    }
    return w.toString();
  }

  /** Structural equality where byte[] compares by content and maps ignore order. */
  private static void assertDeepEquals(Object expected, Object actual, String path) {
    if (expected instanceof Map) {
      assertTrue(actual instanceof Map, path + ": expected a map, found " + actual);
      Map<?, ?> e = (Map<?, ?>) expected;
      Map<?, ?> a = (Map<?, ?>) actual;
      assertEquals(e.keySet(), a.keySet(), path);
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        assertDeepEquals(entry.getValue(), a.get(entry.getKey()), path + "." + entry.getKey());
      }
    } else if (expected instanceof List) {
      assertTrue(actual instanceof List, path + ": expected a list, found " + actual);
      List<?> e = (List<?>) expected;
      List<?> a = (List<?>) actual;
      assertEquals(e.size(), a.size(), path);
      for (int i = 0; i < e.size(); i++) {
        assertDeepEquals(e.get(i), a.get(i), path + "[" + i + "]");
      }
    } else if (expected instanceof byte[]) {
      assertTrue(actual instanceof byte[], path);
      assertArrayEquals((byte[]) expected, (byte[]) actual, path);
    } else if (expected == null) {
      assertNull(actual, path);
    } else {
      if (!expected.equals(actual)) {
        fail(path + ": expected " + expected.getClass().getSimpleName() + " " + expected + ", found "
            + (actual == null ? "null" : actual.getClass().getSimpleName() + " " + actual));
      }
    }
  }

  @Test
  void generatorCoversTheInterestingShapes() {
    // Guards against a generator change silently dropping coverage.
    Generator g = new Generator(20240601L, false);
    boolean[] seen = new boolean[4]; // wide object, deep nesting, empty container, long string
    for (int i = 0; i < DOCUMENTS; i++) {
      scan(g.document(), 0, seen);
    }
    assertTrue(seen[0] && seen[1] && seen[2] && seen[3], Arrays.toString(seen));
  }

  private static void scan(Object o, int depth, boolean[] seen) {
    if (depth >= 10) {
      seen[1] = true;
    }
    if (o instanceof Map) {
      Map<?, ?> m = (Map<?, ?>) o;
      seen[0] |= m.size() > 255;
      seen[2] |= m.isEmpty();
      m.values().forEach(v -> scan(v, depth + 1, seen));
    } else if (o instanceof List) {
      List<?> l = (List<?>) o;
      seen[2] |= l.isEmpty();
      l.forEach(v -> scan(v, depth + 1, seen));
    } else if (o instanceof String) {
      seen[3] |= ((String) o).length() > 63;
    }
  }
}
