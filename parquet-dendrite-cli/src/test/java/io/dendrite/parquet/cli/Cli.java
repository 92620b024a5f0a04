package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/** Runs the real {@code dendrite} command line in-process with captured stdout and stderr. */
final class Cli {
  private Cli() {}

  /** The outcome of one run. */
  record Result(int exitCode, String out, String err) {
    List<String> lines() {
      return out.isEmpty() ? List.of() : Arrays.asList(out.split("\\R"));
    }

    /** Asserts success and returns stdout. */
    String ok() {
      assertEquals(0, exitCode, () -> "exit code " + exitCode + ", stderr: " + err);
      assertEquals("", err, "nothing on stderr");
      return out;
    }

    /** Asserts a failure with the given exit code and one line on stderr; returns that line. */
    String failed(int code) {
      assertEquals(code, exitCode, () -> "stdout: " + out + "\nstderr: " + err);
      String[] lines = err.split("\\R");
      assertEquals(1, lines.length, () -> "one line on stderr, got: " + err);
      if (!lines[0].startsWith("dendrite: ")) {
        fail("error line should start with 'dendrite: ': " + lines[0]);
      }
      return lines[0];
    }
  }

  static Result run(String... args) {
    CommandLine cl = DendriteCli.commandLine(args);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  /** The shredded-variant conformance corpus; fails when it is missing. */
  static Path conformance() {
    String dir = System.getProperty("dendrite.conformance.dir");
    if (dir == null) {
      fail("system property dendrite.conformance.dir is not set (surefire sets it)");
    }
    Path p = Path.of(dir, "shredded_variant");
    if (!Files.isRegularFile(p.resolve("cases.json"))) {
      fail("conformance corpus not found at " + p.toAbsolutePath());
    }
    return p;
  }
}
