package io.dendrite.parquet.duckdb;

/**
 * A path into a VARIANT column in Spark's JSONPath form ({@code $.n.d[0]}, {@code $[1].k}, as
 * {@link io.dendrite.parquet.testing.Documents#PATHS} lists them), as our reader selects it
 * ({@code doc.n.d[0]}) and as DuckDB 2.0 SQL, one step from its parent path: the value is
 * {@code variant_extract} of the parent with a field name or a 1-based index ({@code [0]} is
 * {@code variant_extract(x, 1)}); the path exists when its parent does and the parent is an
 * object with that field ({@code variant_exists}) or an array that long
 * ({@code variant_array_length}).
 */
final class DuckDbPath {
  /** The path, {@code $} for the whole value. */
  final String jsonPath;
  /** The path one step shorter; null for {@code $}. */
  final DuckDbPath parent;
  private final String key;
  private final int index;

  private DuckDbPath(String jsonPath, DuckDbPath parent, String key, int index) {
    this.jsonPath = jsonPath;
    this.parent = parent;
    this.key = key;
    this.index = index;
  }

  /** Parses {@code $} followed by {@code .name} and {@code [index]} steps. */
  static DuckDbPath of(String jsonPath) {
    if (!jsonPath.startsWith("$")) {
      throw new IllegalArgumentException("not a JSONPath: " + jsonPath);
    }
    DuckDbPath p = new DuckDbPath("$", null, null, -1);
    int i = 1;
    while (i < jsonPath.length()) {
      char c = jsonPath.charAt(i);
      if (c == '.') {
        int end = i + 1;
        while (end < jsonPath.length() && jsonPath.charAt(end) != '.'
            && jsonPath.charAt(end) != '[') {
          end++;
        }
        p = new DuckDbPath(jsonPath.substring(0, end), p, jsonPath.substring(i + 1, end), -1);
        i = end;
      } else if (c == '[') {
        int end = jsonPath.indexOf(']', i);
        p = new DuckDbPath(jsonPath.substring(0, end + 1), p, null,
            Integer.parseInt(jsonPath.substring(i + 1, end)));
        i = end + 1;
      } else {
        throw new IllegalArgumentException("bad step at " + i + " in " + jsonPath);
      }
    }
    return p;
  }

  /** The path as our reader's {@code select} takes it: {@code $.a[0]} in doc is doc.a[0]. */
  String selection(String column) {
    return column + jsonPath.substring(1);
  }

  /** SQL: the VARIANT at this path from the parent's (SQL NULL when missing or a JSON null). */
  String value(String parentValue) {
    return "variant_extract(" + parentValue + ", "
        + (key != null ? DuckDb.quote(key) : Integer.toString(index + 1)) + ")";
  }

  /** SQL: true when this path exists (its value may be a JSON null), from the parent's. */
  String exists(String parentValue, String parentExists) {
    String step = key != null
        ? "variant_exists(" + parentValue + ", " + DuckDb.quote(key) + ")"
        : "variant_typeof(" + parentValue + ") LIKE 'ARRAY%' AND variant_array_length("
            + parentValue + ") > " + index;
    return parentExists + " AND coalesce(" + step + ", false)";
  }

  @Override
  public String toString() {
    return jsonPath;
  }
}
