package io.dendrite.parquet.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A file's rows as Java values, read by our reader, and two files' rows compared row by row. */
public final class FileRows {
  private FileRows() {}

  /** Every row of {@code file} as {@link DendriteRow#toMap()} gives it. */
  public static List<Map<String, Object>> read(Path file) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        rows.add(row.toMap());
      }
    }
    return rows;
  }

  /** Fails at the first row whose values differ ({@link JavaValues#difference}). */
  public static void assertSame(List<Map<String, Object>> expected,
      List<Map<String, Object>> actual, String context) {
    assertEquals(expected.size(), actual.size(), "rows, " + context);
    for (int i = 0; i < expected.size(); i++) {
      String d = JavaValues.difference(expected.get(i), actual.get(i));
      if (d != null) {
        fail("row " + i + ": " + d + "\n" + context);
      }
    }
  }
}
