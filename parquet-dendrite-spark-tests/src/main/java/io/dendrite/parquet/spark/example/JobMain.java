package io.dendrite.parquet.spark.example;

import java.io.PrintStream;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * The {@code main} both example jobs share: parse the arguments, start a session, run the job,
 * print its summary, turn the outcome into an exit status (0 the check passed, 1 it failed or
 * the job failed, 2 bad arguments) with the reason as one line on stderr. Spark's API and plain
 * Java only: it goes into the DataFrame job's jar, which holds none of our library.
 */
final class JobMain {
  /** One example job on a session it is given. */
  interface Job {
    Outcome run(SparkSession spark, JobOptions options) throws Exception;
  }

  /** What a job found: a few lines for stdout, and every way its cross-check failed. */
  interface Outcome {
    String summary();

    List<String> mismatches();
  }

  private JobMain() {}

  static int run(String name, Job job, String[] args, PrintStream out, PrintStream err) {
    JobOptions options;
    try {
      options = JobOptions.parse(args);
    } catch (IllegalArgumentException e) {
      err.println(name + ": " + e.getMessage() + " (" + JobOptions.USAGE + ")");
      return 2;
    }
    SparkSession spark = null;
    try {
      spark = session(name, options);
      Outcome outcome = job.run(spark, options);
      out.print(outcome.summary());
      List<String> mismatches = outcome.mismatches();
      if (!mismatches.isEmpty()) {
        err.println(name + ": check failed: " + String.join("; ", mismatches));
        return 1;
      }
      return 0;
    } catch (Exception e) {
      err.println(name + ": " + oneLine(e));
      return 1;
    } finally {
      if (spark != null) {
        spark.stop();
      }
    }
  }

  /**
   * A session for spark-submit: its --master wins unless --master was given here, and Spark's
   * logging is WARN unless the submitter chose a level with spark.log.level.
   */
  private static SparkSession session(String name, JobOptions options) {
    SparkSession.Builder b = SparkSession.builder().appName(name);
    if (options.master() != null) {
      b.master(options.master());
    }
    if (!new SparkConf().contains("spark.log.level")) {
      b.config("spark.log.level", "WARN");
    }
    return b.getOrCreate();
  }

  /** The innermost cause's first line: Spark wraps task failures in pages of stack trace. */
  static String oneLine(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String msg = t.getMessage() != null ? t.getMessage() : e.getMessage();
    if (msg == null) {
      return t.getClass().getName();
    }
    String first = msg.strip().lines().findFirst().orElse("");
    return t instanceof IllegalStateException || t instanceof IllegalArgumentException
        ? first : t.getClass().getSimpleName() + ": " + first;
  }
}
