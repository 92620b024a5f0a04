package io.dendrite.parquet.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code dendrite} command. Subcommands each live in a class of their own. */
@Command(name = "dendrite", mixinStandardHelpOptions = true, version = "parquet-dendrite 0.1.0",
    description = "Write, shred and read Parquet files with VARIANT columns.",
    subcommands = {DemoCommand.class})
public final class DendriteCli implements Runnable {

  @Option(names = "--verbose", description = "Print stack traces on errors.",
      scope = CommandLine.ScopeType.INHERIT)
  boolean verbose;

  @Override
  public void run() {
    new CommandLine(this).usage(System.out);
  }

  /** Builds the command line with one-line error reporting (stack traces with --verbose). */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new DendriteCli());
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      boolean verbose = parseResult.hasMatchedOption("--verbose");
      if (verbose) {
        e.printStackTrace(err);
      } else {
        err.println("dendrite: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
      }
      err.flush();
      return 1;
    });
    return cl;
  }

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }
}
