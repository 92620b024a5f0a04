package io.dendrite.parquet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
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
  void onlyTheCommandsNeededAreBuiltAndBehaveAsAmongAll() {
    // Cli.run builds what main builds: only the subcommand named. Built with all, the same.
    List<String> all = List.of("convert", "cat", "schema", "inspect", "infer", "demo");
    assertEquals(List.of("schema"), DendriteCli.subcommandsFor("--verbose", "schema", "cat"));
    assertEquals(all, DendriteCli.subcommandsFor("--help"));
    assertEquals(all, DendriteCli.subcommandsFor("--version", "-h"));
    assertEquals(all, DendriteCli.subcommandsFor("nonsense", "schema"));
    assertEquals(all, DendriteCli.subcommandsFor());
    assertEquals(List.of(), DendriteCli.subcommandsFor("--version"));
    assertEquals(List.of("schema"),
        List.copyOf(DendriteCli.commandLine("schema", "x").getSubcommands().keySet()));
    assertEquals(all, List.copyOf(DendriteCli.commandLine("--help").getSubcommands().keySet()));
    assertEquals(runWithAll("--version"), Cli.run("--version").ok());
    // The POM's version, the one the footers' created_by names (one source, the build's).
    assertEquals("parquet-dendrite " + System.getProperty("dendrite.project.version") + "\n",
        Cli.run("--version").ok().replace("\r", ""));
    assertEquals(runWithAll("-V"), Cli.run("-V").ok());
    assertEquals(runWithAll("nonsense"), Cli.run("nonsense").err());
    for (String command : new String[] {"convert", "cat", "schema", "inspect", "infer", "demo"}) {
      assertEquals(runWithAll(command, "--help"), Cli.run(command, "--help").ok());
    }
    String missing = dir.resolve("missing.parquet").toString();
    assertEquals(runWithAll("schema", missing), Cli.run("schema", missing).err());
    // The inherited --verbose reaches a command built alone: a stack trace, not one line.
    String verbose = Cli.run("schema", "--verbose", missing).err();
    assertEquals(runWithAll("schema", "--verbose", missing).lines().findFirst(),
        verbose.lines().findFirst());
    assertTrue(verbose.lines().count() > 1 && verbose.contains("NoSuchFileException"), verbose);
  }

  /** Runs with every subcommand built, as before start-up built only the one named. */
  private static String runWithAll(String... args) {
    picocli.CommandLine cl = DendriteCli.commandLine();
    StringWriter out = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(out, true));
    cl.execute(args);
    return out.toString();
  }

  @Test
  void cdsTrainingRunsEveryCommandWithoutFailure() throws Exception {
    // A failing training command would silently leave its classes out of the archive.
    assertEquals(0, CdsTraining.train(dir.resolve("training")));
  }

  @Test
  void demoStillRuns() {
    String out = Cli.run("demo", "--rows", "300", "--dir", dir.toString()).ok();
    assertTrue(out.contains("read back 300 rows from each file; 0 rows differ"), out);
  }
}
