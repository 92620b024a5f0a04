package io.dendrite.parquet.cli;

import io.dendrite.parquet.write.DendriteWriter;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * The {@code dendrite} command. Subcommands each live in a class of their own.
 *
 * <p>Errors: one line {@code dendrite: <message>} on stderr and exit code 1 for a failed command
 * (missing file, not Parquet, malformed JSON, unknown column), 2 for a usage error (unknown
 * option, missing argument); {@code --verbose} prints the stack trace instead.
 */
@Command(name = "dendrite", mixinStandardHelpOptions = true,
    versionProvider = DendriteCli.Version.class,
    description = "Write, shred and read Parquet files with VARIANT columns.",
    footer = {"", "Example:",
        "  dendrite convert events.jsonl events.parquet --variant payload",
        "  dendrite inspect events.parquet",
        "  dendrite cat events.parquet --select id,payload.user --limit 5"})
public final class DendriteCli implements Runnable {
  /** {@code --version}: the library's version, the one our files' footers carry. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"parquet-dendrite " + DendriteWriter.version()};
    }
  }

  /** The subcommands by name, in the order the help lists them. */
  private static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  @Option(names = "--verbose", description = "Print stack traces on errors.",
      scope = CommandLine.ScopeType.INHERIT)
  boolean verbose;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("convert", ConvertCommand::new);
    m.put("cat", CatCommand::new);
    m.put("schema", SchemaCommand::new);
    m.put("inspect", InspectCommand::new);
    m.put("infer", InferCommand::new);
    m.put("demo", DemoCommand::new);
    return m;
  }

  /**
   * Builds the command line for {@code args}, with one-line error reporting (stack traces with
   * --verbose). Only the subcommands {@code args} need are built ({@link #subcommandsFor}):
   * picocli reflects over each command's annotations, which on a cold JVM is much of the
   * start-up. With no {@code args}, all are built.
   */
  public static CommandLine commandLine(String... args) {
    CommandLine cl = new CommandLine(new DendriteCli());
    for (String name : subcommandsFor(args)) {
      cl.addSubcommand(name, SUBCOMMANDS.get(name).get());
    }
    cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      PrintWriter err = commandLine.getErr();
      if (verbose(parseResult)) {
        e.printStackTrace(err);
      } else {
        err.println("dendrite: " + describe(e));
      }
      err.flush();
      return 1;
    });
    cl.setParameterExceptionHandler((e, badArgs) -> {
      CommandLine bad = e.getCommandLine();
      PrintWriter err = bad.getErr();
      if (verbose(bad.getParseResult())) {
        e.printStackTrace(err);
      }
      err.println("dendrite: " + oneLine(e.getMessage()) + " (see '"
          + bad.getCommandSpec().qualifiedName() + " --help')");
      err.flush();
      return bad.getCommandSpec().exitCodeOnInvalidInput();
    });
    return cl;
  }

  /**
   * The subcommands to build for {@code args}: the one they name; none for a version request
   * ({@code -V}, {@code --version}); all otherwise, so that the top-level help lists them and
   * the error for an unknown name suggests the nearest. The top-level options take no values,
   * so the first argument that is not an option names the subcommand.
   */
  static List<String> subcommandsFor(String... args) {
    List<String> all = List.copyOf(SUBCOMMANDS.keySet());
    boolean version = false;
    for (String a : args) {
      if (!a.startsWith("-")) {
        return SUBCOMMANDS.containsKey(a) ? List.of(a) : all;
      }
      if (a.equals("-h") || a.equals("--help")) {
        return all;
      }
      version |= a.equals("-V") || a.equals("--version");
    }
    return version ? List.of() : all;
  }

  /** Whether --verbose was given anywhere on the command line (it is inherited by subcommands). */
  private static boolean verbose(ParseResult result) {
    for (ParseResult r = result; r != null; r = r.subcommand()) {
      if (r.hasMatchedOption("--verbose")) {
        return true;
      }
    }
    return false;
  }

  /** The user-facing message of a failure: the file and problem, never a class name alone. */
  static String describe(Throwable e) {
    Throwable t = e;
    while ((t instanceof UncheckedIOException || t instanceof CommandLine.ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    String message;
    if (t instanceof NoSuchFileException) {
      message = t.getMessage() + ": no such file or directory";
    } else if (t instanceof AccessDeniedException) {
      message = t.getMessage() + ": permission denied";
    } else if (t instanceof FileAlreadyExistsException f) {
      message = f.getFile() + ": already exists (use --overwrite to replace it)";
    } else if (t.getMessage() == null || t.getMessage().isBlank()) {
      message = t.getClass().getSimpleName();
    } else {
      message = t.getMessage();
    }
    return oneLine(message);
  }

  /** Messages from libraries sometimes span lines; the CLI promises one. */
  static String oneLine(String message) {
    return message.strip().replaceAll("\\s*\\R\\s*", "; ");
  }

  public static void main(String[] args) {
    CommandLine cl = commandLine(args);
    // JSON and CSV output is UTF-8 whatever the platform's default charset is. Writing to the
    // file descriptor rather than System.out (a PrintStream that swallows errors) lets cat see
    // a closed pipe (dendrite cat big.parquet | head) and stop reading.
    cl.setOut(new PrintWriter(new BufferedWriter(new OutputStreamWriter(
        new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16), true));
    int code = cl.execute(args);
    cl.getOut().flush();
    System.exit(code);
  }
}
