package io.dendrite.parquet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The training run of the class-data sharing archive that {@code bin/dendrite} makes on first
 * use ({@code java -XX:DumpLoadedClassList=... -cp dendrite.jar ...CdsTraining DIR}, then
 * {@code -Xshare:dump} of the classes listed): runs every command but {@code demo} (whose
 * writer and reader {@code convert} and {@code cat} load) once on a few generated rows, so the
 * archive holds the classes each command loads at start-up. Not a command: users never need
 * it, and its output is discarded.
 */
public final class CdsTraining {
  private static final int ROWS = 200;

  private CdsTraining() {}

  /** {@code args[0]}: a directory for the training files. Exits 1 if a command fails. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: CdsTraining DIR");
      System.exit(2);
    }
    System.exit(train(Path.of(args[0])) == 0 ? 0 : 1);
  }

  /** Runs the commands with files in {@code dir}; returns how many failed (named on stderr). */
  static int train(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path json = dir.resolve("events.jsonl");
    Files.write(json, events(), StandardCharsets.UTF_8);
    String file = dir.resolve("events.parquet").toString();
    List<String[]> runs = List.of(
        new String[] {"--help"},
        new String[] {"--version"},
        new String[] {"convert", json.toString(), file, "--variant", "payload"},
        new String[] {"schema", file},
        new String[] {"inspect", file},
        new String[] {"cat", file, "--select", "id,payload.user", "--where",
            "payload.score >= 5", "--format", "table"},
        new String[] {"cat", file},
        new String[] {"infer", json.toString(), "--variant", "payload"},
        new String[] {"convert", "--help"});
    int failed = 0;
    for (String[] run : runs) {
      StringWriter out = new StringWriter();
      picocli.CommandLine cl = DendriteCli.commandLine(run);
      cl.setOut(new PrintWriter(out));
      cl.setErr(new PrintWriter(out));
      if (cl.execute(run) != 0) {
        System.err.println("CdsTraining: " + String.join(" ", run) + " failed: " + out);
        failed++;
      }
    }
    return failed;
  }

  /** The README tour's shape: an id, a kind and a payload object with a minority type. */
  private static List<String> events() {
    List<String> lines = new ArrayList<>();
    for (int i = 1; i <= ROWS; i++) {
      lines.add("{\"id\":" + i + ",\"kind\":\"k" + i % 5 + "\",\"payload\":{\"user\":{\"id\":"
          + i % 100 + ",\"name\":\"u" + i + "\"},\"score\":" + (i % 50 == 0 ? "\"n/a\"" : i % 10)
          + ",\"tags\":[\"t" + i % 3 + "\"]}}");
    }
    return lines;
  }
}
