package io.dendrite.parquet.bench.data;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * One generated document for the builder suite, as plain Java values: a {@code Map} (insertion
 * order, keys {@code field_0}, {@code field_1}, ... which is not their UTF-8 byte order, so both
 * encoders must sort), {@code List}s, and leaves weighted to strings:
 *
 * <pre>
 *   string   50%  (short up to 10 bytes, medium about 30, long over 63 bytes)
 *   long     12%  (random int64)
 *   double   10%
 *   decimal  10%  (BigDecimal, scale 2, up to 12 digits)
 *   uuid      6%
 *   timestamp 6%  (Instant with microsecond precision)
 *   boolean   6%
 * </pre>
 *
 * {@code fieldCount} is the number of leaves whatever the shape, so sizes compare across
 * {@link Depth}s. Keys repeat across nested objects ({@code field_j} is the j-th member of any
 * object), as in real documents, so the metadata dictionary is shared.
 */
public final class VariantDocuments {
  /** Shape of a document. */
  public enum Depth {
    /** One object, every leaf a top-level field. */
    Flat,
    /** Half the leaves top-level; the rest in sub-objects of up to 8 leaves (every fourth an
     * array of strings instead). Two levels. */
    Nested,
    /** Up to 4 leaves per object, the rest split between two child objects, to depth 12. */
    Deep
  }

  private static final int NESTED_CHUNK = 8;
  private static final int DEEP_LEAVES_PER_OBJECT = 4;
  private static final int DEEP_MAX_LEVEL = 12;

  private final SplittableRandom random;
  private int arraysSoFar;

  private VariantDocuments(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** A document with {@code fieldCount} leaves of the given shape, from a fixed seed. */
  public static Map<String, Object> generate(Depth depth, int fieldCount) {
    if (fieldCount < 1) {
      throw new IllegalArgumentException("fieldCount must be positive, got " + fieldCount);
    }
    VariantDocuments g = new VariantDocuments(0x0B1EC7L + fieldCount * 31L + depth.ordinal());
    switch (depth) {
      case Flat:
        return g.flat(fieldCount);
      case Nested:
        return g.nested(fieldCount);
      default:
        return g.deep(fieldCount, 1);
    }
  }

  /**
   * A deep copy of {@code document} whose keys {@code field_N} become {@code entry_N} (same
   * length, same values): a second key set for benchmarks that must not build the same keys
   * twice in a row.
   */
  public static Map<String, Object> renamedKeys(Map<String, Object> document) {
    return renameMap(document);
  }

  private static Map<String, Object> renameMap(Map<String, Object> in) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : in.entrySet()) {
      out.put(e.getKey().replace("field_", "entry_"), renameValue(e.getValue()));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Object renameValue(Object v) {
    if (v instanceof Map) {
      return renameMap((Map<String, Object>) v);
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object o : (List<Object>) v) {
        out.add(renameValue(o));
      }
      return out;
    }
    return v;
  }

  private Map<String, Object> flat(int leaves) {
    Map<String, Object> o = new LinkedHashMap<>();
    for (int i = 0; i < leaves; i++) {
      o.put(key(i), leaf());
    }
    return o;
  }

  private Map<String, Object> nested(int leaves) {
    Map<String, Object> o = new LinkedHashMap<>();
    int top = Math.max(1, (leaves + 1) / 2);
    int member = 0;
    int remaining = leaves - top;
    int placed = 0;
    // Interleave top-level leaves and containers so containers are not all at the end.
    while (placed < top || remaining > 0) {
      if (placed < top) {
        o.put(key(member++), leaf());
        placed++;
      }
      if (remaining > 0 && (placed % 2 == 0 || placed == top)) {
        int chunk = Math.min(NESTED_CHUNK, remaining);
        remaining -= chunk;
        o.put(key(member++), (arraysSoFar++ % 4 == 3) ? stringArray(chunk) : flat(chunk));
      }
    }
    return o;
  }

  private Map<String, Object> deep(int leaves, int level) {
    if (level >= DEEP_MAX_LEVEL || leaves <= DEEP_LEAVES_PER_OBJECT) {
      return flat(leaves);
    }
    Map<String, Object> o = new LinkedHashMap<>();
    int member = 0;
    for (int i = 0; i < DEEP_LEAVES_PER_OBJECT; i++) {
      o.put(key(member++), leaf());
    }
    int rest = leaves - DEEP_LEAVES_PER_OBJECT;
    int left = (rest + 1) / 2;
    o.put(key(member++), deep(left, level + 1));
    if (rest - left > 0) {
      o.put(key(member), deep(rest - left, level + 1));
    }
    return o;
  }

  private List<Object> stringArray(int n) {
    List<Object> a = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      a.add(string());
    }
    return a;
  }

  private static String key(int i) {
    return "field_" + i;
  }

  private Object leaf() {
    int p = random.nextInt(100);
    if (p < 50) {
      return string();
    } else if (p < 62) {
      return random.nextLong();
    } else if (p < 72) {
      return random.nextDouble() * 1e6;
    } else if (p < 82) {
      return BigDecimal.valueOf(random.nextLong(1_000_000_000_000L), 2);
    } else if (p < 88) {
      return new UUID(random.nextLong(), random.nextLong());
    } else if (p < 94) {
      // 2020-01-01 .. 2030-01-01, microsecond precision.
      long micros = 1_577_836_800_000_000L + random.nextLong(315_532_800_000_000L);
      return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000);
    } else {
      return random.nextBoolean();
    }
  }

  private String string() {
    int kind = random.nextInt(10);
    int length = kind < 5 ? 1 + random.nextInt(10) : kind < 9 ? 25 + random.nextInt(10)
        : 64 + random.nextInt(64);
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int c = random.nextInt(40);
      s.append(c < 26 ? (char) ('a' + c) : c < 36 ? (char) ('0' + c - 26) : ' ');
    }
    return s.toString();
  }

  /** Number of leaves in a document (for checks). */
  public static int leaves(Object node) {
    if (node instanceof Map<?, ?> m) {
      int n = 0;
      for (Object v : m.values()) {
        n += leaves(v);
      }
      return n;
    }
    if (node instanceof List<?> l) {
      int n = 0;
      for (Object v : l) {
        n += leaves(v);
      }
      return n;
    }
    return 1;
  }
}
