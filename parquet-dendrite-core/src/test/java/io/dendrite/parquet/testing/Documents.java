package io.dendrite.parquet.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded JSON documents shaped like real semi-structured data, with what makes shredding hard:
 * a field whose type conflicts (mostly integer, sometimes string), arrays, nested objects,
 * decimals, doubles in exponent form, integers beyond int64, optional and rare fields, JSON
 * nulls, empty containers, unicode keys and text, and top-level values that are not objects.
 * A {@code null} entry stands for a SQL NULL row.
 *
 * <p>One generator for every differential test against another engine (Spark in
 * parquet-dendrite-spark-tests, which depends on this module's test jar; DuckDB here), so each
 * engine is checked on the same kinds of values.
 */
public final class Documents {
  /** Paths (Spark's JSONPath form) that hit every kind of place in these documents. */
  public static final List<String> PATHS = List.of("$.a", "$.b", "$.n", "$.n.c", "$.n.d",
      "$.n.d[0]", "$.n.d[2]", "$.n.deep.x", "$.tags[0]", "$.tags[1]", "$.price", "$.ratio", "$.big",
      "$.opt", "$.rare", "$.nul", "$.missing", "$.empty", "$.ключ", "$[0]", "$[1].k");

  /**
   * One path of {@link #PATHS} per kind of place holding a scalar (a field whose type
   * conflicts, strings, a nested number, array elements, a deep boolean, doubles, a field that
   * is an object or a string, a JSON null, elements of top-level arrays), for comparisons that
   * cost one cast per type and value.
   */
  public static final List<String> CAST_PATHS = List.of("$.a", "$.b", "$.n.c", "$.n.d[0]",
      "$.n.deep.x", "$.tags[0]", "$.ratio", "$.opt", "$.nul", "$[0]", "$[1].k");

  private Documents() {}

  /** {@code n} documents (JSON text, or null for a SQL NULL row), the same for the same seed. */
  public static List<String> generate(int n, long seed) {
    Random r = new Random(seed);
    List<String> docs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(100);
      if (kind < 3) {
        docs.add(null);
      } else if (kind < 6) {
        docs.add(quote("plain string " + i));
      } else if (kind < 8) {
        docs.add(Integer.toString(r.nextInt(1000) - 500));
      } else if (kind < 10) {
        docs.add("[" + i + ", {\"k\": \"v" + i + "\"}, [true, null]]");
      } else if (kind < 11) {
        docs.add("null");
      } else {
        docs.add(object(i, r));
      }
    }
    return docs;
  }

  private static String object(int i, Random r) {
    StringBuilder b = new StringBuilder("{");
    // Mostly an integer, one in seven a string: inference keeps the strings in `value`.
    b.append("\"a\": ").append(r.nextInt(7) == 0 ? quote("s" + i) : Integer.toString(i * 7));
    b.append(", \"b\": ").append(quote(r.nextBoolean() ? "x" + (i % 10) : "ünïcødé 中文 😀 " + i));
    b.append(", \"n\": {\"c\": ")
        .append(r.nextInt(5) == 0 ? Integer.toString(i) : (i % 1000) + "." + (10 + r.nextInt(90)));
    b.append(", \"d\": [");
    int len = r.nextInt(4);
    for (int k = 0; k < len; k++) {
      b.append(k == 0 ? "" : ", ").append(r.nextInt(100_000));
    }
    b.append("], \"deep\": {\"x\": ").append(r.nextBoolean()).append("}}");
    b.append(", \"tags\": [");
    int tags = r.nextInt(3);
    for (int k = 0; k < tags; k++) {
      b.append(k == 0 ? "" : ", ").append(quote("t" + r.nextInt(5)));
    }
    b.append("]");
    b.append(", \"price\": ").append(r.nextInt(100_000)).append('.').append(10 + r.nextInt(90));
    b.append(", \"ratio\": ").append(r.nextInt(1000)).append(".5e").append(r.nextInt(40) - 20);
    if (r.nextInt(4) == 0) {
      b.append(", \"big\": 1234567890123456789").append(r.nextInt(10));
    }
    if (r.nextBoolean()) {
      b.append(", \"opt\": ").append(r.nextBoolean() ? "{\"o\": " + i + "}" : quote("o" + i));
    }
    if (r.nextInt(20) == 0) {
      b.append(", \"rare\": ").append(i);
    }
    if (r.nextInt(5) == 0) {
      b.append(", \"nul\": null");
    }
    if (r.nextInt(6) == 0) {
      b.append(", \"empty\": ").append(r.nextBoolean() ? "{}" : "[]");
    }
    b.append(", \"ключ\": ").append(quote("значение " + i));
    return b.append('}').toString();
  }

  private static String quote(String s) {
    return '"' + s + '"';
  }
}
