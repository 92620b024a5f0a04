package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publishing the finished file: never over a file that appeared meanwhile unless overwriting
 * (then atomically), never two results for one path, and no temporary file left behind, also
 * when the JVM is stopped with SIGTERM.
 */
class PublishTest {
  private static final String SCHEMA = "id int64 not null, payload variant";
  private static final long WAIT_SECONDS = 120;

  @TempDir Path dir;

  private List<String> listDir() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  private static Map<String, Object> row(long id) {
    return Map.of("id", id, "payload", Map.of("n", id));
  }

  private static List<Long> ids(DendriteReader.Builder builder) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (DendriteReader r = builder.select("id").build()) {
      r.forEach(row -> ids.add((Long) row.get("id")));
    }
    return ids;
  }

  // ------------------------------------------------------------------ no clobber

  @Test
  void aFileThatAppearsWhileWritingIsNeverReplaced() throws Exception {
    Path file = dir.resolve("out.parquet");
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded().build();
    w.write(row(1));
    Files.writeString(file, "someone else's file");
    FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class, w::close);
    assertEquals(file.toAbsolutePath().toString(), e.getFile());
    assertTrue(e.getMessage().contains("appeared"), e.getMessage());
    assertEquals("someone else's file", Files.readString(file));
    assertEquals(List.of("out.parquet"), listDir(), "no temporary file left");
  }

  @Test
  void aFileThatAppearsOnAHadoopLocalPathIsNeverReplaced() throws Exception {
    Path file = dir.resolve("out.parquet");
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
    DendriteWriter w = DendriteWriter.builder(path, new Configuration()).schema(SCHEMA)
        .unshredded().build();
    w.write(row(1));
    Files.writeString(file, "someone else's file");
    FileAlreadyExistsException e = assertThrows(FileAlreadyExistsException.class, w::close);
    assertEquals(path.toString(), e.getFile());
    assertEquals("someone else's file", Files.readString(file));
    assertEquals(List.of("out.parquet"), listDir(), "no temporary file left");
  }

  @Test
  void ofTwoWritersToOnePathExactlyOneSucceeds() throws Exception {
    Path file = dir.resolve("out.parquet");
    CyclicBarrier bothWritten = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (long first : new long[] {100, 200}) {
        results.add(pool.submit(() -> {
          DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded().build();
          try {
            w.write(row(first));
            w.write(row(first + 1));
            bothWritten.await(WAIT_SECONDS, TimeUnit.SECONDS); // both are open: both passed the check
            w.close();
            return first;
          } finally {
            w.abort();
          }
        }));
      }
      List<Long> winners = new ArrayList<>();
      int refused = 0;
      for (Future<Long> f : results) {
        try {
          winners.add(f.get(WAIT_SECONDS, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException e) {
          assertInstanceOf(FileAlreadyExistsException.class, e.getCause());
          refused++;
        }
      }
      assertEquals(1, winners.size(), "exactly one writer publishes");
      assertEquals(1, refused);
      long w = winners.get(0);
      assertEquals(List.of(w, w + 1), ids(DendriteReader.builder(file)));
      assertEquals(List.of("out.parquet"), listDir());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void overwritingReplacesAFileThatAppearedMeanwhile() throws Exception {
    Path file = dir.resolve("out.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded()
        .overwrite(true).build()) {
      w.write(row(1));
      Files.writeString(file, "replaced");
    }
    assertEquals(List.of(1L), ids(DendriteReader.builder(file)));
    assertEquals(List.of("out.parquet"), listDir());
  }

  @Test
  void overwritingOnAHadoopLocalPathDropsTheOldChecksum() throws Exception {
    Path file = dir.resolve("out.parquet");
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
    Configuration conf = new Configuration();
    // Hadoop's local file system writes a .out.parquet.crc beside the file and checks reads
    // against it: a checksum of the old content must not survive the replacement.
    FileSystem fs = path.getFileSystem(conf);
    try (FSDataOutputStream out = fs.create(path)) {
      out.write("old content, with a checksum".getBytes(StandardCharsets.UTF_8));
    }
    assertTrue(Files.exists(dir.resolve(".out.parquet.crc")));
    try (DendriteWriter w = DendriteWriter.builder(path, conf).schema(SCHEMA).unshredded()
        .overwrite(true).build()) {
      w.write(row(1));
      w.write(row(2));
    }
    assertEquals(List.of(1L, 2L), ids(DendriteReader.builder(path, conf)));
    assertEquals(List.of("out.parquet"), listDir());
  }

  @Test
  void theHadoopTargetReplacesThroughFileContextWhenOverwriting() throws Exception {
    // The target used for non-local file systems, exercised here on file://.
    Path file = dir.resolve("out.parquet");
    Files.writeString(file, "old");
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
    HadoopOutputTarget target = new HadoopOutputTarget(path, new Configuration());
    try (var out = target.temporaryFile().create(0)) {
      out.write("new".getBytes(StandardCharsets.UTF_8));
    }
    target.commit(true);
    assertEquals("new", Files.readString(file));
    assertEquals(List.of("out.parquet"),
        listDir().stream().filter(n -> !n.endsWith(".crc")).toList());
  }

  // ------------------------------------------------------------------ interruption

  @Test
  void sigtermLeavesNoTemporaryFile() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        InterruptedWriterMain.class.getName(), dir.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BufferedReader out = new BufferedReader(
          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      String first = CompletableFuture.supplyAsync(() -> {
        try {
          return out.readLine();
        } catch (IOException e) {
          return "cannot read: " + e;
        }
      }).get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertEquals("writing", first);
      List<String> during = listDir();
      assertEquals(1, during.size(), during.toString());
      assertTrue(during.get(0).startsWith(".out.parquet.") && during.get(0).endsWith(".inprogress"),
          during.toString());

      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the writer process did not stop");
      assertEquals(143, p.exitValue(), "stopped by SIGTERM (128 + 15)");
      assertEquals(List.of(), listDir(), "the shutdown hook deletes the temporary file");
    } finally {
      p.destroyForcibly();
    }
  }
}
