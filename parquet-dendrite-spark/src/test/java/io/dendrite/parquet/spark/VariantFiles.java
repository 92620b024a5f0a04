package io.dendrite.parquet.spark;

import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;

/**
 * Files for the variant skipping tests: {@code id int64, v variant}, written by our writer with
 * a shredding schema in row groups of {@link #GROUP_ROWS} rows. The path {@code $.k} is
 * clustered (it grows with {@code id}); in "dirty" row groups ({@link #dirty}) some of its
 * values are of other types (residual {@code value}: numeric strings, doubles, JSON null) and
 * some variants are not objects at all. Other paths are random with residuals anywhere,
 * missing fields, nested objects and arrays; some variants are SQL NULL. {@code $.b} is true in
 * the first {@link #TRUE_GROUPS} row groups of a file and false after, residual strings only in
 * dirty row groups. Records each clean
 * row group's smallest and largest {@code k}, the tests' oracle for what statistics prove.
 */
final class VariantFiles {
  static final String SCHEMA = "id int64 not null, v variant";
  static final String SHREDDING =
      "v: {k: int64, a: int32, s: string, o: {x: int64}, dec: decimal(9,2), arr: [int64],"
      + " b: boolean}";
  static final int GROUP_ROWS = 100;
  static final int TRUE_GROUPS = 6;
  static final String[] WORDS = {"alpha", "beta", "gamma", "", "Zeta", "ключ", "a'b"};

  /** Per row group of the file: whether it is dirty, and its typed {@code k} range. */
  record Group(long firstId, boolean dirty, long minK, long maxK) {}

  private VariantFiles() {}

  /** Whether row group {@code g} of a file gets residual {@code k} values. */
  static boolean dirty(int g) {
    return g % 4 == 1;
  }

  /** Writes {@code groups * GROUP_ROWS} rows with ids from {@code firstId}; returns the groups. */
  static Group[] write(Path file, long firstId, int groups, long seed) throws IOException {
    Random r = new Random(seed);
    Group[] out = new Group[groups];
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).shredding(SHREDDING)
        .rowGroupRows(GROUP_ROWS).pageRows(GROUP_ROWS / 4).build()) {
      for (int g = 0; g < groups; g++) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < GROUP_ROWS; i++) {
          long id = firstId + (long) g * GROUP_ROWS + i;
          long k = id * 3 + r.nextInt(3);
          String v;
          int shape = r.nextInt(40);
          if (shape == 0) {
            v = "null"; // SQL NULL variant
          } else if (shape == 1 && dirty(g)) {
            v = "\"" + word(r) + "\""; // not an object: its value hides every typed field
          } else {
            StringBuilder sb = new StringBuilder("{");
            int kind = r.nextInt(20);
            if (kind == 0) {
              sb.append("\"a0\": 1"); // k missing
            } else if (dirty(g) && kind <= 3) {
              sb.append("\"k\": ").append(switch (kind) {
                case 1 -> "\"" + k + "\"";
                case 2 -> k + ".5";
                default -> "null";
              });
            } else {
              sb.append("\"k\": ").append(k);
              min = Math.min(min, k);
              max = Math.max(max, k);
            }
            if (r.nextInt(8) > 0) {
              int a = r.nextInt(101) - 50;
              sb.append(", \"a\": ").append(switch (r.nextInt(12)) {
                case 0 -> "\"" + a + "\"";
                case 1 -> a + ".25";
                case 2 -> "null";
                default -> Integer.toString(a);
              });
            }
            if (r.nextInt(6) > 0) {
              sb.append(", \"s\": ").append(r.nextInt(10) == 0 ? "7" : "\"" + word(r) + "\"");
            }
            switch (r.nextInt(6)) {
              case 0 -> { } // o missing
              case 1 -> sb.append(", \"o\": \"flat\"");
              case 2 -> sb.append(", \"o\": {}");
              default -> sb.append(", \"o\": {\"x\": ").append(id / 10).append('}');
            }
            if (r.nextBoolean()) {
              sb.append(", \"dec\": ").append(r.nextInt(10) == 0 ? "\"x\""
                  : String.format("%d.%02d", r.nextInt(20) - 10, r.nextInt(100)));
            }
            if (r.nextInt(3) > 0) {
              // Clustered too: true in the first half of each file's row groups.
              sb.append(", \"b\": ").append(dirty(g) && r.nextInt(15) == 0 ? "\"yes\""
                  : Boolean.toString(g < TRUE_GROUPS));
            }
            if (r.nextInt(3) == 0) {
              sb.append(", \"arr\": [").append(r.nextInt(5)).append(", ").append(r.nextInt(5))
                  .append(']');
            }
            v = sb.append('}').toString();
          }
          w.writeJson("{\"id\": " + id + ", \"v\": " + v + "}");
        }
        out[g] = new Group(firstId + (long) g * GROUP_ROWS, dirty(g), min, max);
      }
    }
    return out;
  }

  static String word(Random r) {
    return WORDS[r.nextInt(WORDS.length)];
  }
}
