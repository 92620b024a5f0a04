package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a whole: help with examples everywhere, usage errors, the demo. */
class CommandLineTest {
  @TempDir
  Path dir;

  @Test
  void everyCommandHasHelpWithAnExample() {
    for (String command : new String[] {"convert", "cat", "schema", "inspect", "infer", "demo"}) {
      String help = Cli.run(command, "--help").ok();
      assertTrue(help.contains("Usage: dendrite " + command), help);
      assertTrue(help.contains("Example"), command + " --help shows an example");
      assertTrue(help.contains("  dendrite " + command + " "), command + " example uses it");
    }
    String top = Cli.run("--help").ok();
    for (String command : new String[] {"convert", "cat", "schema", "inspect", "infer", "demo"}) {
      assertTrue(top.contains("  " + command + " "), "top-level help lists " + command);
    }
    assertTrue(Cli.run().ok().contains("Usage: dendrite [-hV]"));
  }

  @Test
  void usageErrorsExitWithTwoAndOneLine() {
    assertEquals("dendrite: Unknown option: '--frobnicate' (see 'dendrite cat --help')",
        Cli.run("cat", "--frobnicate", "x.parquet").failed(2));
    assertEquals("dendrite: Missing required parameter: 'FILE' (see 'dendrite inspect --help')",
        Cli.run("inspect").failed(2));
    assertEquals(2, Cli.run("nonsense").exitCode());
  }

  @Test
  void demoStillRuns() {
    String out = Cli.run("demo", "--rows", "300", "--dir", dir.toString()).ok();
    assertTrue(out.contains("read back 300 rows from each file; 0 rows differ"), out);
  }
}
