package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteRow;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert} and {@code infer} on bad bytes and bad numbers: invalid UTF-8 and numbers
 * beyond the double range fail naming the input and the line, or are skipped with
 * {@code --skip-invalid}; a leading byte-order mark is accepted. Each both where the column
 * types are sniffed (the whole file is scanned) and where the writer meets the line (after a
 * short sample of compressed input).
 */
class ConvertInputTest {
  @TempDir
  Path dir;

  /** Line 3 of 5 holds the byte 0xFF inside a string (at byte 17 of the line). */
  private byte[] textWithBadLine3() throws IOException {
    return bytes("{\"id\": 1, \"s\": \"a\"}\n", "{\"id\": 2, \"s\": \"b\"}\n",
        "{\"id\": 3, \"s\": \"", new byte[] {(byte) 0xFF}, "\"}\n", "{\"id\": 4, \"s\": \"d\"}\n",
        "{\"id\": 5, \"s\": \"e\"}\n");
  }

  @Test
  void invalidUtf8WhileSniffingColumnTypesNamesTheLine() throws Exception {
    Path in = Files.write(dir.resolve("bad.jsonl"), textWithBadLine3());
    Path out = dir.resolve("bad.parquet");
    String error = Cli.run("convert", in.toString(), out.toString()).failed(1);
    assertEquals("dendrite: " + in + ": line 3: not valid UTF-8: byte 0xFF at byte 17 of the line",
        error);
    assertFalse(Files.exists(out));

    String printed = Cli.run("convert", in.toString(), out.toString(), "--skip-invalid").ok();
    assertTrue(printed.contains("skipped 1 invalid lines"), printed);
    assertTrue(printed.contains("line 3: not valid UTF-8: byte 0xFF"), printed);
    assertEquals(List.of(1L, 2L, 4L, 5L), ids(out));
  }

  @Test
  void invalidUtf8AfterTheSampleNamesTheLine() throws Exception {
    Path gz = gzip(dir.resolve("bad.jsonl.gz"), textWithBadLine3());
    Path out = dir.resolve("bad.parquet");
    String error = Cli.run("convert", gz.toString(), out.toString(), "--sample-lines", "2")
        .failed(1);
    assertEquals("dendrite: " + gz + ": line 3: not valid UTF-8: byte 0xFF at byte 17 of the line",
        error);
    assertFalse(Files.exists(out));

    Cli.run("convert", gz.toString(), out.toString(), "--sample-lines", "2", "--skip-invalid")
        .ok();
    assertEquals(List.of(1L, 2L, 4L, 5L), ids(out));

    // Whole lines as one VARIANT column: no sniffing, the writer names the line.
    error = Cli.run("convert", gz.toString(), dir.resolve("docs.parquet").toString(),
        "--variant", "*").failed(1);
    assertTrue(error.startsWith("dendrite: " + gz + ": line 3: not valid UTF-8"), error);
  }

  @Test
  void leadingByteOrderMarkIsAccepted() throws Exception {
    byte[] text = bytes("\uFEFF{\"id\": 1, \"s\": \"a\"}\r\n{\"id\": 2, \"s\": \"b\"}\r\n");
    Path in = Files.write(dir.resolve("bom.jsonl"), text);
    Path out = dir.resolve("bom.parquet");
    String printed = Cli.run("convert", in.toString(), out.toString()).ok();
    assertTrue(printed.contains("columns: id int64, s string"), printed);
    assertEquals(List.of(1L, 2L), ids(out));

    Path gz = gzip(dir.resolve("bom.jsonl.gz"), text);
    Cli.run("convert", gz.toString(), dir.resolve("bom-gz.parquet").toString(),
        "--sample-lines", "1").ok();
    assertEquals(List.of(1L, 2L), ids(dir.resolve("bom-gz.parquet")));

    String inferred = Cli.run("infer", in.toString(), "--variant", "*").ok();
    assertTrue(inferred.contains("v: {id: int8, s: string}"), inferred);
  }

  @Test
  void numbersBeyondTheDoubleRangeFailWithTheirLine() throws Exception {
    List<String> lines = List.of("{\"id\": 1, \"x\": 1.5}", "{\"id\": 2, \"x\": 2.5}",
        "{\"id\": 3, \"x\": 1e400}", "{\"id\": 4, \"x\": 1e-400}", "{\"id\": 5, \"x\": 0.5}");
    Path in = Files.write(dir.resolve("big.jsonl"), lines, StandardCharsets.UTF_8);
    Path out = dir.resolve("big.parquet");

    // x is sniffed as double: the double column refuses Infinity.
    String error = Cli.run("convert", in.toString(), out.toString()).failed(1);
    assertEquals("dendrite: " + in + ": line 3, field 'x': value 1E+400 is beyond the range of "
        + "double", error);
    assertFalse(Files.exists(out));

    // x as a VARIANT: no double and no decimal holds 1e400 exactly.
    error = Cli.run("convert", in.toString(), out.toString(), "--variant", "x").failed(1);
    assertTrue(error.startsWith("dendrite: " + in + ": line 3, field 'x': number 1E+400 is "
        + "beyond the range of a double"), error);

    String printed = Cli.run("convert", in.toString(), out.toString(), "--variant", "x",
        "--skip-invalid").ok();
    assertTrue(printed.contains("skipped 2 invalid lines"), printed);
    assertTrue(printed.contains("line 4, field 'x': number 1E-400"), printed);
    assertEquals(List.of(1L, 2L, 5L), ids(out));
  }

  @Test
  void inferNamesTheInvalidUtf8LineOrSkipsIt() throws Exception {
    Path in = Files.write(dir.resolve("bad.jsonl"), textWithBadLine3());
    String error = Cli.run("infer", in.toString(), "--variant", "*").failed(1);
    assertEquals("dendrite: " + in + ": line 3: not valid UTF-8: byte 0xFF at byte 17 of the line",
        error);
    error = Cli.run("infer", in.toString(), "--variant", "s").failed(1);
    assertTrue(error.startsWith("dendrite: " + in + ": line 3: not valid UTF-8"), error);
    String printed = Cli.run("infer", in.toString(), "--variant", "*", "--skip-invalid").ok();
    assertTrue(printed.contains("# shredding inferred from 4 rows"), printed);
  }

  private static List<Long> ids(Path file) throws Exception {
    List<Long> ids = new ArrayList<>();
    for (DendriteRow row : ConvertCommandTest.read(file)) {
      ids.add((Long) row.get("id"));
    }
    return ids;
  }

  private static Path gzip(Path file, byte[] text) throws IOException {
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(file))) {
      o.write(text);
    }
    return file;
  }

  /** Text parts as UTF-8, byte[] parts as they are. */
  private static byte[] bytes(Object... parts) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      out.write(p instanceof byte[] b ? b : ((String) p).getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }
}
