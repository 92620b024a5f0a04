package io.dendrite.parquet.spark.example;

/**
 * The example's input: one JSON event line per id, a pure function of the id so every task
 * attempt (and a test) produces the same data. For id {@code i}:
 * <pre>
 * {"id": i, "payload": {"user": U, "kind": "k" + i % 5, "score": S, "tags": ["t0", ..]}}
 * </pre>
 * <ul>
 *   <li>{@code user}: {@code {"id": i % 1000, "name": "u" + i % 1000}}, except when
 *       {@code i % 10 == 9}: the string {@code "anonymous"} (a conflicting type: objects
 *       dominate, so the strings stay in the residual {@code value});</li>
 *   <li>{@code score}: {@code i % 100}; written as a JSON string ({@code "37"}) when
 *       {@code i % 13 == 0} (conflicting type); absent when {@code i % 7 == 0} (absence wins);</li>
 *   <li>{@code tags}: the first {@code i % 4} of {@code "t0", "t1", "t2"}.</li>
 * </ul>
 * String scores hold integers so that Spark's {@code variant_get(.., 'bigint')} and our reader's
 * {@code getLong} both cast them to numbers: the cross-check then covers residual values too.
 */
public final class EventGenerator {
  private EventGenerator() {}

  /** The JSON line for one id. */
  public static String line(long i) {
    StringBuilder sb = new StringBuilder(160);
    sb.append("{\"id\": ").append(i).append(", \"payload\": {\"user\": ");
    if (i % 10 == 9) {
      sb.append("\"anonymous\"");
    } else {
      long user = i % 1000;
      sb.append("{\"id\": ").append(user).append(", \"name\": \"u").append(user).append("\"}");
    }
    sb.append(", \"kind\": \"k").append(i % 5).append('"');
    if (i % 7 != 0) {
      long score = i % 100;
      sb.append(", \"score\": ");
      if (i % 13 == 0) {
        sb.append('"').append(score).append('"');
      } else {
        sb.append(score);
      }
    }
    sb.append(", \"tags\": [");
    for (int t = 0; t < i % 4; t++) {
      sb.append(t == 0 ? "" : ", ").append("\"t").append(t).append('"');
    }
    return sb.append("]}}").toString();
  }
}
