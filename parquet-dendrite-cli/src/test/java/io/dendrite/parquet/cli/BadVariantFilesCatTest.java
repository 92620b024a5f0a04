package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.testing.BadVariantFiles;
import io.dendrite.parquet.testing.BadVariants;
import io.dendrite.parquet.testing.BadVariants.Sample;
import io.dendrite.parquet.testing.HangGuard;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code cat} on the core's hand-made bad files (issue 11, items 1, 3-6): an unsorted
 * DuckDB-style object prints the right values by path; every invalid value is one error line
 * naming the file, row group, row and column, exit 1, and never a hang or a flood of output.
 */
class BadVariantFilesCatTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern ROW_GROUP = Pattern.compile("row group \\d+");
  private static final Duration HANG_LIMIT = Duration.ofSeconds(15);

  @TempDir
  Path dir;

  static Stream<Named<Sample>> invalid() {
    return BadVariants.invalid().stream().map(s -> Named.of(s.name(), s));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalid")
  void invalidValueIsOneErrorLine(Sample s) throws Throwable {
    Path whole = BadVariantFiles.unshredded(dir, s);
    assertOneErrorLine(whole, "cat", whole.toString());
    assertOneErrorLine(whole, "cat", whole.toString(), "--select", "id,payload.a");
    Path inResidual = BadVariantFiles.shreddedResidualField(dir, s);
    assertOneErrorLine(inResidual, "cat", inResidual.toString());
    assertOneErrorLine(inResidual, "cat", inResidual.toString(), "--select", "id,payload.c");
  }

  @Test
  void unsortedObjectPrintsTheRightValuesByPath() throws Throwable {
    Path file = BadVariantFiles.unshredded(dir, BadVariants.unsortedObject());
    HangGuard.run(HANG_LIMIT, "cat " + file, () -> {
      List<String> lines = Cli.run("cat", file.toString(), "--select",
          "id,payload.zeta,payload.alpha,payload.user.name,payload.user.id").ok().lines().toList();
      assertEquals(JSON.readTree("{\"id\": 2, \"payload.zeta\": 1, \"payload.alpha\": \"x\","
          + " \"payload.user.name\": \"u1\", \"payload.user.id\": 7}"),
          JSON.readTree(lines.get(1)), "row 2 by path");
      List<String> whole = Cli.run("cat", file.toString()).ok().lines().toList();
      assertEquals(JSON.readTree("{\"id\": 2, \"payload\": {\"zeta\": 1, \"alpha\": \"x\","
          + " \"user\": {\"name\": \"u1\", \"id\": 7}}}"), JSON.readTree(whole.get(1)),
          "row 2 whole");
    });
  }

  /** Exit 1, one line on stderr naming file, row group, row 2 and the column; row 2 unprinted. */
  private static void assertOneErrorLine(Path file, String... args) throws Throwable {
    HangGuard.run(HANG_LIMIT, String.join(" ", args), () -> {
      Cli.Result r = Cli.run(args);
      String line = r.failed(1);
      assertTrue(line.contains(file.toString()), () -> "names the file: " + line);
      assertTrue(ROW_GROUP.matcher(line).find(), () -> "names the row group: " + line);
      assertTrue(line.contains("row " + BadVariantFiles.BAD_ROW), () -> "names row 2: " + line);
      assertTrue(line.contains(BadVariantFiles.COLUMN), () -> "names the column: " + line);
      for (String out : r.lines()) {
        assertFalse(JSON.readTree(out).path("id").asLong() == BadVariantFiles.BAD_ROW,
            () -> "row 2 was printed: " + out);
      }
    });
  }
}
