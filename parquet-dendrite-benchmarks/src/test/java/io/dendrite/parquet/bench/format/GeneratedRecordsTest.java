package io.dendrite.parquet.bench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.bench.BenchmarkSupport;
import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The two ways the reader builds a dataset's records agree on every dataset and layout:
 * {@code select(Class)}, which builds them with generated code where it covers the layout
 * (the typed files), and {@code select(paths)} with {@code row.as(Class)}, which maps rows with
 * the interpreted path; both equal to the records written ({@link DatasetFormatsTest} checks
 * the first alone, at the sample size).
 */
class GeneratedRecordsTest {
  private static Path dir;

  @BeforeAll
  static void scratch() {
    dir = BenchmarkSupport.scratchDirectory("generated-records");
  }

  @AfterAll
  static void cleanUp() {
    BenchmarkSupport.deleteTree(dir);
  }

  @TestFactory
  Stream<DynamicTest> generatedAndInterpretedRecordsAreEqual() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Dataset<?> d : Dataset.all()) {
      for (DendriteFormat.Layout layout : DendriteFormat.Layout.values()) {
        tests.add(DynamicTest.dynamicTest(d + " " + layout.formatName,
            () -> compare(d, layout)));
      }
    }
    return tests.stream();
  }

  private static <R extends Record> void compare(Dataset<R> d, DendriteFormat.Layout layout)
      throws Exception {
    List<R> written = DatasetFormatsTest.sample(d);
    Path file = dir.resolve(d + "." + layout.formatName);
    new DendriteFormat(layout, 1).write(d, written.iterator(), file);
    Class<? extends Record> type = layout.typed() ? d.recordType()
        : DendriteFormat.variantRow(d);
    List<Object> generated = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select(type).build()) {
      for (DendriteRow row : r) {
        generated.add(row.as(type));
      }
    }
    List<Object> interpreted = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select(paths(type, "")).build()) {
      for (DendriteRow row : r) {
        interpreted.add(row.as(type));
      }
    }
    assertEquals(written.size(), generated.size());
    assertEquals(interpreted, generated);
    if (layout.typed()) {
      assertEquals(written, generated);
    }
  }

  /** The paths {@code select(Class)} selects: a component each, nested records flattened. */
  private static List<String> paths(Class<?> type, String prefix) {
    List<String> out = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      if (c.getType().isRecord()) {
        out.addAll(paths(c.getType(), prefix + c.getName() + "."));
      } else {
        out.add(prefix + c.getName());
      }
    }
    return out;
  }
}
