package io.dendrite.parquet.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.bench.BenchmarkJvm;
import io.dendrite.parquet.bench.Floor;
import io.dendrite.parquet.bench.Goal;
import io.dendrite.parquet.bench.Twin;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Turns the JMH JSON files of one {@code dev/bench} run into {@code REPORT.md} (targets met or
 * missed with the measured ratios, ratios to the parquet-java twin and to the floor, every
 * measurement with its auxiliary counters) and one SVG bar chart per suite and reference.
 *
 * <p>Which method is compared with which comes from the suites' own annotations
 * ({@link Twin}, {@link Goal}, {@link Floor}), read by reflection, so the report follows the
 * code. Every ratio is between two results of the same run with the same parameters.
 *
 * <pre>
 *   java -cp benchmarks.jar io.dendrite.parquet.bench.report.BenchReport RUN_DIR
 *   java -cp benchmarks.jar io.dendrite.parquet.bench.report.BenchReport --jvm-flags
 * </pre>
 */
public final class BenchReport {
  static final String ENVIRONMENT_FILE = "environment.txt";
  static final String REPORT_FILE = "REPORT.md";
  private static final List<String> SUITE_ORDER = List.of("VariantBuilderBenchmark",
      "VariantWriteBenchmark", "JsonIngestBenchmark", "VariantProjectionBenchmark");
  private static final String FASTER = "#2e7d32";
  private static final String SLOWER = "#c62828";
  private static final String OURS = "#1565c0";
  private static final String THEIRS = "#9e9e9e";

  private BenchReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 1 && args[0].equals("--jvm-flags")) {
      System.out.println(BenchmarkJvm.flags());
      return;
    }
    if (args.length == 1 && args[0].equals("--dataset-jvm-flags")) {
      System.out.println(BenchmarkJvm.datasetFlags());
      return;
    }
    if (args.length != 1) {
      System.err.println("usage: BenchReport RUN_DIR   (renders RUN_DIR/*.json into "
          + REPORT_FILE + " and SVG charts)\n       BenchReport --jvm-flags\n"
          + "       BenchReport --dataset-jvm-flags");
      System.exit(2);
    }
    for (Path written : render(Path.of(args[0]))) {
      System.out.println("wrote " + written);
    }
  }

  // ================================================================ model

  /** One JMH result: a benchmark method with one combination of parameters. */
  record Result(String className, String method, Map<String, String> params, String mode,
      double score, double error, String unit, Map<String, Double> aux, JsonNode raw) {

    String suite() {
      return className.substring(className.lastIndexOf('.') + 1);
    }

    String paramsKey() {
      if (params.isEmpty()) {
        return "(no parameters)";
      }
      List<String> parts = new ArrayList<>();
      params.forEach((k, v) -> parts.add(k + "=" + v));
      return String.join(", ", parts);
    }

    boolean lowerIsBetter() {
      return !mode.equals("thrpt");
    }
  }

  /** A target of one method against another, under one parameter combination. */
  record Check(Result subject, Result reference, double maxRatio, String text, boolean named) {
    double ratio() {
      return BenchReport.ratioOf(subject, reference);
    }

    double error() {
      return BenchReport.ratioError(subject, reference);
    }

    String verdict() {
      double r = ratio();
      double e = error();
      boolean met = r <= maxRatio;
      boolean close = Double.isFinite(e) && Math.abs(r - maxRatio) <= e;
      if (met) {
        return close ? "met (within error)" : "met";
      }
      return close ? "missed (within error)" : "**missed**";
    }

    boolean met() {
      return ratio() <= maxRatio;
    }
  }

  static List<Result> parse(Path json) throws IOException {
    JsonNode root = new ObjectMapper().readTree(json.toFile());
    List<Result> out = new ArrayList<>();
    for (JsonNode n : root) {
      String benchmark = n.path("benchmark").asText();
      int dot = benchmark.lastIndexOf('.');
      Map<String, String> params = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : n.path("params").properties()) {
        params.put(e.getKey(), e.getValue().asText());
      }
      JsonNode primary = n.path("primaryMetric");
      Map<String, Double> aux = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : n.path("secondaryMetrics").properties()) {
        if (e.getKey().startsWith("\u00b7")) {
          continue; // profiler output (gc, stack...), not our counters
        }
        // Counters are set per operation and reset per iteration: one iteration's value is
        // the quantity; JMH's own score for them is the sum over iterations.
        double max = Double.NaN;
        for (JsonNode fork : e.getValue().path("rawData")) {
          for (JsonNode v : fork) {
            double d = number(v);
            max = Double.isNaN(max) ? d : Math.max(max, d);
          }
        }
        aux.put(e.getKey(), max);
      }
      out.add(new Result(benchmark.substring(0, dot), benchmark.substring(dot + 1), params,
          n.path("mode").asText(), number(primary.path("score")),
          number(primary.path("scoreError")), primary.path("scoreUnit").asText(), aux, n));
    }
    return out;
  }

  private static double number(JsonNode n) {
    if (n.isNumber()) {
      return n.asDouble();
    }
    try {
      return Double.parseDouble(n.asText());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  static double ratioOf(Result a, Result b) {
    return a.lowerIsBetter() ? a.score() / b.score() : b.score() / a.score();
  }

  /** Error of a ratio from both scores' errors (relative errors added in quadrature). */
  static double ratioError(Result a, Result b) {
    double ra = a.error() / a.score();
    double rb = b.error() / b.score();
    return ratioOf(a, b) * Math.sqrt(ra * ra + rb * rb);
  }

  private static Method method(Result r) {
    try {
      Class<?> c = Class.forName(r.className(), false, BenchReport.class.getClassLoader());
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(r.method())) {
          return m;
        }
      }
    } catch (ClassNotFoundException e) {
      // A result of a suite this jar no longer has: shown without comparisons.
    }
    return null;
  }

  /** Every {@link Goal} that applies to this result's parameters, in declaration order. */
  static List<Goal> goals(Result r) {
    Method m = method(r);
    if (m == null) {
      return List.of();
    }
    List<Goal> out = new ArrayList<>();
    for (Goal g : m.getAnnotationsByType(Goal.class)) {
      int eq = g.when().indexOf('=');
      if (g.when().isEmpty()
          || g.when().substring(eq + 1).equals(r.params().get(g.when().substring(0, eq)))) {
        out.add(g);
      }
    }
    return out;
  }

  /** The applicable {@link Goal} of this result against method {@code vs}, or null. */
  static Goal goalVs(Result r, String vs) {
    for (Goal g : goals(r)) {
      if (g.vs().equals(vs)) {
        return g;
      }
    }
    return null;
  }

  private static <A extends java.lang.annotation.Annotation> A annotation(Result r,
      Class<A> type) {
    Method m = method(r);
    return m == null ? null : m.getAnnotation(type);
  }

  // ================================================================ rendering

  /** Renders every {@code *.json} in {@code dir}; returns the files written. */
  public static List<Path> render(Path dir) throws IOException {
    List<Path> jsons;
    try (Stream<Path> files = Files.list(dir)) {
      jsons = files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    }
    List<Result> all = new ArrayList<>();
    for (Path json : jsons) {
      for (Result r : parse(json)) {
        if (!DatasetReport.SUITES.contains(r.suite())) {
          all.add(r); // the dataset suites have their own report (DatasetReport)
        }
      }
    }
    Map<String, List<Result>> bySuite = new LinkedHashMap<>();
    all.stream()
        .sorted(Comparator.comparingInt((Result r) -> suiteRank(r.suite())))
        .forEach(r -> bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(r));

    List<Path> written = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    md.append("# parquet-dendrite benchmark results: ").append(dir.getFileName()).append("\n\n");
    md.append("Generated by `dev/bench` from the JMH JSON files beside this report (")
        .append(String.join(", ", jsons.stream().map(p -> "`" + p.getFileName() + "`")
            .toList()))
        .append("). Every ratio compares two results of this run with the same parameters; "
            + "a ratio below 1 means the first is faster. Errors are JMH's 99.9% confidence "
            + "half-widths; a ratio's error combines both (relative errors in quadrature).\n\n");
    appendEnvironment(dir, all, md);

    List<Check> checks = new ArrayList<>();
    for (List<Result> suite : bySuite.values()) {
      checks.addAll(checks(suite));
    }
    md.append("## Targets\n\n");
    if (checks.isEmpty()) {
      md.append("No targets were measured in this run.\n\n");
    } else {
      long met = checks.stream().filter(Check::met).count();
      md.append(met).append(" of ").append(checks.size()).append(" targets met. Below: the "
          + "named targets of DESIGN.md section 5 and every target missed; each suite's section "
          + "lists all of its own.\n\n");
      appendChecks(checks.stream().filter(c -> c.named() || !c.met()).toList(), md, true);
    }

    for (Map.Entry<String, List<Result>> suite : bySuite.entrySet()) {
      written.addAll(appendSuite(dir, suite.getKey(), suite.getValue(), md));
    }
    Path report = dir.resolve(REPORT_FILE);
    Files.writeString(report, md.toString(), StandardCharsets.UTF_8);
    written.add(0, report);
    return written;
  }

  private static int suiteRank(String suite) {
    int i = SUITE_ORDER.indexOf(suite);
    return i < 0 ? SUITE_ORDER.size() : i;
  }

  static void appendEnvironment(Path dir, List<Result> all, StringBuilder md)
      throws IOException {
    md.append("## Environment\n\n");
    if (!all.isEmpty()) {
      JsonNode first = all.get(0).raw();
      List<String> args = new ArrayList<>();
      first.path("jvmArgs").forEach(a -> args.add(a.asText()));
      md.append("- JMH ").append(first.path("jmhVersion").asText()).append(", JDK ")
          .append(first.path("jdkVersion").asText()).append(" (")
          .append(first.path("vmName").asText()).append(' ')
          .append(first.path("vmVersion").asText()).append(")\n");
      md.append("- forked JVM arguments: `").append(String.join(" ", args)).append("`\n\n");
    }
    Path env = dir.resolve(ENVIRONMENT_FILE);
    if (Files.exists(env)) {
      md.append("Recorded by `dev/bench` (`").append(ENVIRONMENT_FILE).append("`):\n\n```\n")
          .append(Files.readString(env, StandardCharsets.UTF_8).strip()).append("\n```\n\n");
    } else {
      md.append("No `").append(ENVIRONMENT_FILE).append("` beside the results.\n\n");
    }
  }

  /** Targets of a suite: every {@link Twin} (at least as fast) and every {@link Goal}. */
  static List<Check> checks(List<Result> suite) {
    Map<String, Result> index = index(suite);
    List<Check> checks = new ArrayList<>();
    for (Result r : suite) {
      Twin twin = annotation(r, Twin.class);
      if (twin != null && goalVs(r, twin.value()) == null) {
        Result ref = index.get(key(twin.value(), r.paramsKey()));
        if (ref != null) {
          checks.add(new Check(r, ref, 1.0, "at least as fast as " + twin.value(), false));
        }
      }
      for (Goal goal : goals(r)) {
        Result ref = index.get(key(goal.vs(), r.paramsKey()));
        if (ref != null) {
          checks.add(new Check(r, ref, goal.maxRatio(), goal.text(), true));
        }
      }
    }
    return checks;
  }

  private static Map<String, Result> index(List<Result> suite) {
    Map<String, Result> index = new LinkedHashMap<>();
    for (Result r : suite) {
      index.put(key(r.method(), r.paramsKey()), r);
    }
    return index;
  }

  private static String key(String method, String params) {
    return method + "\u0000" + params;
  }

  private static void appendChecks(List<Check> checks, StringBuilder md, boolean withSuite) {
    md.append(withSuite ? "| suite | parameters | method | target | limit | measured | result |\n"
        + "|---|---|---|---|---:|---:|---|\n"
        : "| parameters | method | target | limit | measured | result |\n"
        + "|---|---|---|---:|---:|---|\n");
    for (Check c : checks) {
      md.append("| ");
      if (withSuite) {
        md.append(c.subject().suite()).append(" | ");
      }
      md.append(c.subject().paramsKey()).append(" | `").append(c.subject().method())
          .append("` | ").append(c.text()).append(" (vs `").append(c.reference().method())
          .append("`) | ").append(ratio(c.maxRatio())).append(" | ")
          .append(ratioWithError(c.ratio(), c.error())).append(" | ").append(c.verdict())
          .append(" |\n");
    }
    md.append('\n');
  }

  private static List<Path> appendSuite(Path dir, String suite, List<Result> results,
      StringBuilder md) throws IOException {
    List<Path> written = new ArrayList<>();
    Result first = results.get(0);
    md.append("## ").append(suite).append("\n\n");
    JsonNode raw = first.raw();
    md.append(String.format(Locale.ROOT, "Mode `%s` (%s); %s fork(s), %s warm-up and %s "
        + "measured iterations.%n%n", first.mode(), first.unit(), raw.path("forks").asText(),
        raw.path("warmupIterations").asText(), raw.path("measurementIterations").asText()));

    List<String> combos = new ArrayList<>(new LinkedHashSet<>(
        results.stream().map(Result::paramsKey).toList()));
    List<String> methods = orderedMethods(results);
    Map<String, Result> index = index(results);
    String floor = methods.stream()
        .filter(m -> results.stream().anyMatch(r -> r.method().equals(m)
            && annotation(r, Floor.class) != null))
        .findFirst().orElse(null);

    List<Check> checks = checks(results);
    if (!checks.isEmpty()) {
      md.append("### Targets\n\n");
      appendChecks(checks, md, false);
    }

    // Ratio to the parquet-java twin.
    List<String> twinned = methods.stream().filter(m -> twinOf(results, m) != null).toList();
    if (!twinned.isEmpty()) {
      md.append("### Time relative to the baseline twin (below 1 = parquet-dendrite faster)\n\n");
      md.append("| parameters |");
      for (String m : twinned) {
        md.append(" `").append(m).append("` / `").append(twinOf(results, m)).append("` |");
      }
      md.append("\n|---|").append("---:|".repeat(twinned.size())).append('\n');
      SvgBarChart chart = new SvgBarChart(suite + ": time relative to the baseline twin",
          "parquet-dendrite method / its parquet-java (or Jackson) twin, same parameters and "
              + "run; left of 1x = faster");
      for (String combo : combos) {
        md.append("| ").append(combo).append(" |");
        for (String m : twinned) {
          Result ours = index.get(key(m, combo));
          Result twin = index.get(key(twinOf(results, m), combo));
          if (ours == null || twin == null) {
            md.append(" — |");
            continue;
          }
          double r = ratioOf(ours, twin);
          double e = ratioError(ours, twin);
          md.append(' ').append(ratioWithError(r, e)).append(" |");
          Goal goal = goalVs(ours, twinOf(results, m));
          double target = goal != null ? goal.maxRatio() : 1.0;
          chart.add(new SvgBarChart.Bar(combo, m + " / " + twinOf(results, m), r, e, target,
              r <= target ? FASTER : SLOWER));
        }
        md.append('\n');
      }
      md.append('\n');
      if (!chart.isEmpty()) {
        Path svg = dir.resolve(suite + "-vs-baseline.svg");
        Files.writeString(svg, chart.render(), StandardCharsets.UTF_8);
        written.add(svg);
        md.append("![").append(suite).append(" relative to baseline](")
            .append(svg.getFileName()).append(")\n\n");
      }
    }

    // Multiples of the floor.
    if (floor != null) {
      md.append("### Time relative to the floor `").append(floor).append("`\n\n");
      List<String> others = methods.stream().filter(m -> !m.equals(floor)).toList();
      md.append("| parameters |");
      others.forEach(m -> md.append(" `").append(m).append("` |"));
      md.append("\n|---|").append("---:|".repeat(others.size())).append('\n');
      SvgBarChart chart = new SvgBarChart(suite + ": time relative to the plain-column floor",
          "each method / " + floor + " (same values as plain top-level columns), same "
              + "parameters and run; blue = parquet-dendrite, grey = parquet-java");
      for (String combo : combos) {
        md.append("| ").append(combo).append(" |");
        Result base = index.get(key(floor, combo));
        for (String m : others) {
          Result r = index.get(key(m, combo));
          if (r == null || base == null) {
            md.append(" — |");
            continue;
          }
          double ratio = ratioOf(r, base);
          double e = ratioError(r, base);
          md.append(' ').append(ratioWithError(ratio, e)).append(" |");
          Goal goal = goalVs(r, floor);
          double target = goal != null ? goal.maxRatio() : Double.NaN;
          chart.add(new SvgBarChart.Bar(combo, m, ratio, e, target,
              twinOf(results, m) != null ? OURS : THEIRS));
        }
        md.append('\n');
      }
      md.append('\n');
      if (!chart.isEmpty()) {
        Path svg = dir.resolve(suite + "-vs-floor.svg");
        Files.writeString(svg, chart.render(), StandardCharsets.UTF_8);
        written.add(svg);
        md.append("![").append(suite).append(" relative to the floor](")
            .append(svg.getFileName()).append(")\n\n");
      }
    }

    List<String> lost = new ArrayList<>();
    for (Result r : results) {
      Double v = r.aux().get("valuesLost");
      if (v != null && v > 0) {
        String rows = r.params().get("rows");
        lost.add("`" + r.method() + "` (" + r.paramsKey() + "): " + count("", v)
            + (rows == null ? "" : " of " + count("", Double.parseDouble(rows))) + " rows");
      }
    }
    if (!lost.isEmpty()) {
      md.append("**Wrong results:** these methods returned rows without the projected value "
          + "(their times are not comparable answers): ").append(String.join("; ", lost))
          .append(".\n\n");
    }
    appendMeasurements(results, combos, methods, index, md);
    return written;
  }

  private static String twinOf(List<Result> results, String method) {
    for (Result r : results) {
      if (r.method().equals(method)) {
        Twin t = annotation(r, Twin.class);
        return t == null ? null : t.value();
      }
    }
    return null;
  }

  /** Floor first, then baselines, then parquet-dendrite methods; by name within each. */
  private static List<String> orderedMethods(List<Result> results) {
    Set<String> names = new TreeSet<>(results.stream().map(Result::method).toList());
    List<String> floors = new ArrayList<>();
    List<String> baselines = new ArrayList<>();
    List<String> ours = new ArrayList<>();
    for (String m : names) {
      Result r = results.stream().filter(x -> x.method().equals(m)).findFirst().orElseThrow();
      if (annotation(r, Floor.class) != null) {
        floors.add(m);
      } else if (annotation(r, Twin.class) != null) {
        ours.add(m);
      } else {
        baselines.add(m);
      }
    }
    List<String> out = new ArrayList<>(floors);
    out.addAll(baselines);
    out.addAll(ours);
    return out;
  }

  private static void appendMeasurements(List<Result> results, List<String> combos,
      List<String> methods, Map<String, Result> index, StringBuilder md) {
    Set<String> aux = new LinkedHashSet<>();
    results.forEach(r -> aux.addAll(r.aux().keySet()));
    boolean sizeRatio = aux.contains("encodedBytes") && aux.contains("jsonBytes");
    md.append("### All measurements\n\n");
    if (!aux.isEmpty()) {
      md.append("Counters are per operation (one file, or one document); "
          + "`valuesLost` counts rows whose projected value came back missing.\n\n");
    }
    md.append("| parameters | method | time |");
    aux.forEach(a -> md.append(' ').append(a).append(" |"));
    if (sizeRatio) {
      md.append(" encoded / JSON |");
    }
    md.append("\n|---|---|---:|").append("---:|".repeat(aux.size() + (sizeRatio ? 1 : 0)))
        .append('\n');
    for (String combo : combos) {
      for (String m : methods) {
        Result r = index.get(key(m, combo));
        if (r == null) {
          continue;
        }
        md.append("| ").append(combo).append(" | `").append(m).append("` | ")
            .append(score(r)).append(" |");
        for (String a : aux) {
          Double v = r.aux().get(a);
          md.append(' ').append(v == null ? "" : count(a, v)).append(" |");
        }
        if (sizeRatio) {
          Double e = r.aux().get("encodedBytes");
          Double j = r.aux().get("jsonBytes");
          md.append(' ').append(e == null || j == null || j == 0 ? ""
              : String.format(Locale.ROOT, "%.2f", e / j)).append(" |");
        }
        md.append('\n');
      }
    }
    md.append('\n');
  }

  // ================================================================ formatting

  static String ratio(double r) {
    if (!Double.isFinite(r)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, r >= 10 ? "%.1fx" : r >= 0.1 ? "%.2fx" : "%.3fx", r);
  }

  static String ratioWithError(double r, double e) {
    if (!Double.isFinite(e)) {
      return ratio(r);
    }
    return ratio(r) + " ± " + ratio(e).replace("x", "");
  }

  private static String score(Result r) {
    String s = significant(r.score());
    if (Double.isFinite(r.error())) {
      s += " ± " + significant(r.error());
    }
    return s + " " + r.unit();
  }

  private static String significant(double v) {
    if (!Double.isFinite(v)) {
      return "n/a";
    }
    double a = Math.abs(v);
    return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f"
        : "%.3g", v);
  }

  private static String count(String name, double v) {
    if (!Double.isFinite(v)) {
      return "n/a";
    }
    String n = String.format(Locale.ROOT, "%,d", Math.round(v));
    if (name.endsWith("Bytes") && v >= 1 << 20) {
      n += String.format(Locale.ROOT, " (%.1f MiB)", v / (1 << 20));
    }
    return n;
  }
}
