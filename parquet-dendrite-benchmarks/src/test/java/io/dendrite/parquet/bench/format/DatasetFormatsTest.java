package io.dendrite.parquet.bench.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.bench.BenchmarkSupport;
import io.dendrite.parquet.bench.dataset.Dataset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every format writes a tiny sample of every dataset and reads back records equal to the
 * generated ones, in order: the correctness check behind the read suite's timings.
 */
class DatasetFormatsTest {
  static final double TINY = 0.001;
  private static final Map<Dataset<?>, List<?>> SAMPLES = new ConcurrentHashMap<>();
  private static Path dir;

  /** The tiny sample of a dataset, generated once for all tests. */
  @SuppressWarnings("unchecked")
  static <R extends Record> List<R> sample(Dataset<R> d) {
    return (List<R>) SAMPLES.computeIfAbsent(d, k -> List.copyOf(k.list(TINY)));
  }

  @BeforeAll
  static void scratch() {
    dir = BenchmarkSupport.scratchDirectory("dataset-formats");
  }

  @AfterAll
  static void cleanUp() {
    BenchmarkSupport.deleteTree(dir);
  }

  @TestFactory
  Stream<DynamicTest> everyFormatReadsBackWhatItWrote() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Dataset<?> d : Dataset.all()) {
      for (String name : DatasetFormats.allNames()) {
        tests.add(DynamicTest.dynamicTest(d + " " + name, () -> roundTrip(d, name)));
      }
    }
    return tests.stream();
  }

  /**
   * The read suite's {@code parquet-avro} reads the typed file parquet-dendrite wrote (its
   * {@code fileFormat()}), not one of its own: standard three-level lists of structs included.
   */
  @TestFactory
  Stream<DynamicTest> parquetAvroReadsTheTypedFile() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Dataset<?> d : Dataset.all()) {
      for (String name : List.of("parquet-avro", "parquet-avro-par")) {
        tests.add(DynamicTest.dynamicTest(d + " " + name, () -> readsTypedFile(d, name)));
      }
    }
    return tests.stream();
  }

  private static <R extends Record> void readsTypedFile(Dataset<R> d, String name)
      throws Exception {
    DatasetFormat format = DatasetFormats.named(name);
    assertEquals("dendrite", format.fileFormat());
    Path file = dir.resolve(d + ".typed-for-" + name);
    DatasetFormats.named("dendrite").write(d, sample(d).iterator(), file);
    List<R> read = new ArrayList<>();
    format.read(d, file, read::add);
    assertEquals(sample(d), read);
  }

  private static <R extends Record> void roundTrip(Dataset<R> d, String name) throws Exception {
    DatasetFormat format = DatasetFormats.named(name);
    assertEquals(name, format.name());
    List<R> written = sample(d);
    assertTrue(written.size() > 1, "tiny sample of " + d + " has " + written.size());
    Path file = dir.resolve(d + "." + name);
    format.write(d, written.iterator(), file);
    List<R> read = new ArrayList<>();
    format.read(d, file, read::add);
    assertEquals(written.size(), read.size(), "record count");
    for (int i = 0; i < written.size(); i++) {
      assertEquals(written.get(i), read.get(i), name + " record " + i);
    }
  }
}
