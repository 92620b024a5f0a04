package io.dendrite.parquet.spark.example;

/**
 * The example job's arguments. {@code master} is null when not given: spark-submit's
 * {@code --master} (or {@code spark.master}) then decides, as for any Spark application.
 */
public record JobOptions(String out, long rows, int partitions, String master, boolean overwrite) {

  static final String USAGE = "usage: --out DIR [--rows N (100000)] [--partitions P (4)]"
      + " [--master URL] [--overwrite]";

  public JobOptions {
    if (out == null || out.isBlank()) {
      throw new IllegalArgumentException("--out DIR is required");
    }
    if (rows < 1) {
      throw new IllegalArgumentException("--rows must be at least 1, got " + rows);
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("--partitions must be at least 1, got " + partitions);
    }
  }

  /** Parses {@code --name value} pairs; throws IllegalArgumentException with a one-line reason. */
  public static JobOptions parse(String... args) {
    String out = null;
    String master = null;
    long rows = 100_000;
    int partitions = 4;
    boolean overwrite = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--out" -> out = value(args, i++);
        case "--rows" -> rows = number(a, value(args, i++));
        case "--partitions" -> {
          long p = number(a, value(args, i++));
          if (p > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--partitions is too large: " + p);
          }
          partitions = (int) p;
        }
        case "--master" -> master = value(args, i++);
        case "--overwrite" -> overwrite = true;
        default -> throw new IllegalArgumentException("unknown argument '" + a + "'");
      }
    }
    return new JobOptions(out, rows, partitions, master, overwrite);
  }

  private static String value(String[] args, int i) {
    if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
      throw new IllegalArgumentException(args[i] + " needs a value");
    }
    return args[i + 1];
  }

  private static long number(String option, String text) {
    try {
      return Long.parseLong(text.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a whole number, got '" + text + "'");
    }
  }
}
