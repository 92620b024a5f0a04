package io.dendrite.parquet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.bench.dataset.Dataset;
import io.dendrite.parquet.bench.format.DatasetFormats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Param;

/**
 * The first-read suite measures a cold read: its set-up must not load the code the read runs.
 * Checked from a fresh JVM's class-load log ({@link FirstReadSetUpProbe}).
 */
class DatasetFirstReadBenchmarkTest {
  private static final String SCALE = "0.001";
  /**
   * Code a read runs: core, parquet-java, the formats' libraries, the generators and their
   * vocabularies, SLF4J (parquet-java starts it), and this module's Avro shapes and protobuf
   * messages.
   */
  private static final List<String> READ_CODE = List.of("org.apache.parquet.", "shaded.parquet.",
      "org.apache.hadoop.", "com.fasterxml.jackson.", "org.apache.avro.", "org.apache.fory.",
      "com.google.protobuf.", "net.jpountz.", "com.github.luben.", "org.xerial.snappy.",
      "net.datafaker.", "io.trino.tpch.", "org.slf4j.", "io.dendrite.parquet.bench.proto.",
      "io.dendrite.parquet.bench.format.AvroShapes", "$Pools");

  @Test
  void paramsAreTheReadSuites() throws NoSuchFieldException {
    for (String field : List.of("dataset", "format", "scale")) {
      assertArrayEquals(values(DatasetReadBenchmark.class, field),
          values(DatasetFirstReadBenchmark.class, field), field);
    }
    assertEquals(DatasetFormats.allNames(),
        List.of(values(DatasetFirstReadBenchmark.class, "format")));
    assertEquals(Dataset.all().stream().map(Dataset::name).toList(),
        List.of(values(DatasetFirstReadBenchmark.class, "dataset")));
  }

  private static String[] values(Class<?> suite, String field) throws NoSuchFieldException {
    return suite.getField(field).getAnnotation(Param.class).value();
  }

  /**
   * Every dataset and format's set-up in one fresh JVM. One file is missing from the cache, so
   * a child JVM writes it; the others are empty stand-ins (the set-up takes a cached file as
   * it finds it, and nothing here reads). The bytecode verifier is off in that JVM: it loads,
   * without initializing, classes named in the formats' code (the benchmark's javadoc says
   * which), and this test is about the code the set-up runs.
   */
  @Test
  void setUpLoadsNoReadCode(@TempDir Path dir) throws Exception {
    Path cache = Files.createDirectories(dir.resolve("cache"));
    Path scratch = Files.createDirectories(dir.resolve("scratch"));
    Path log = dir.resolve("class-load.log");
    // The written pair goes first, so that the formats sharing its file find it cached.
    String written = "media/dendrite";
    Path writtenFile = DatasetFiles.location(Dataset.MEDIA, SCALE,
        DatasetFormats.named("dendrite"), cache);
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote",
        "-Xlog:class+load=info:file=" + log,
        "-D" + DatasetFiles.CACHE_PROPERTY + "=" + cache,
        "-D" + BenchmarkSupport.TMP_PROPERTY + "=" + scratch,
        "-cp", System.getProperty("java.class.path"), FirstReadSetUpProbe.class.getName(),
        SCALE, written));
    for (Dataset<?> d : Dataset.all()) {
      for (String format : DatasetFormats.allNames()) {
        Path file = DatasetFiles.location(d, SCALE, DatasetFormats.named(format), cache);
        if (!file.equals(writtenFile) && !Files.exists(file)) {
          Files.createFile(file);
        }
        String pair = d.name() + "/" + format;
        if (!pair.equals(written)) {
          command.add(pair);
        }
      }
    }
    Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, probe.waitFor(), output);

    assertTrue(Files.size(writtenFile) > 0, "the child JVM wrote no " + writtenFile);
    List<String> loaded = loadedBefore(log, FirstReadSetUpProbe.SetUpDone.class.getName());
    List<String> readCode = loaded.stream().filter(DatasetFirstReadBenchmarkTest::isReadCode)
        .toList();
    assertEquals(List.of(), readCode, "classes the set-up loaded");
    try (var files = Files.list(scratch)) {
      assertEquals(List.of(), files.toList(), "scratch directories left behind");
    }
  }

  private static boolean isReadCode(String className) {
    boolean core = className.startsWith("io.dendrite.parquet.")
        && !className.startsWith("io.dendrite.parquet.bench.");
    return core || READ_CODE.stream().anyMatch(className::contains);
  }

  /** The classes a {@code -Xlog:class+load} log shows loaded before {@code marker}. */
  private static List<String> loadedBefore(Path log, String marker) throws IOException {
    List<String> classes = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      // [0.123s][info][class,load] java.lang.Object source: shared objects file
      int start = line.indexOf("] ", line.indexOf("class,load")) + 2;
      String name = line.substring(start, line.indexOf(' ', start));
      if (name.equals(marker)) {
        return classes;
      }
      classes.add(name);
    }
    throw new AssertionError("the probe never loaded " + marker + ": its set-ups failed?");
  }
}
