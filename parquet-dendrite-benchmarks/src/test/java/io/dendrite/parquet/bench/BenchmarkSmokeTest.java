package io.dendrite.parquet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every {@code @Benchmark} method of every suite once, on tiny data, with its
 * {@code @Setup}/{@code @TearDown} methods, so that a broken benchmark fails the normal build
 * without anyone running benchmarks. Suites and methods are found by reflection: a new suite in
 * this module, or a new method, is covered without touching this test. Every {@code @Param}
 * combination is run, except that {@code rows} is {@value #SMOKE_ROWS}, {@code scale} is
 * {@value #SMOKE_SCALE}, a non-zero {@code rowGroupRows} is {@value #SMOKE_ROW_GROUP_ROWS}, and the dataset suites' {@link #ZIPPED} parameters are paired
 * round-robin instead of crossed (every value of each still runs; {@code DatasetFormatsTest}
 * checks every format on every dataset). The suites of {@link #FIRST_COMBINATION_ONLY} run
 * their first combination only. The real-document suite reads small stand-in documents written
 * here under the real names ({@link #standInDocuments}).
 */
class BenchmarkSmokeTest {
  static final String SMOKE_ROWS = "2000";
  static final String SMOKE_ROW_GROUP_ROWS = "500";
  static final String SMOKE_SCALE = "0.001";
  /** Parameters zipped together, longest first, rather than crossed. */
  static final List<String> ZIPPED = List.of("format", "query", "dataset");
  /**
   * Suites whose every combination costs seconds here for what another suite already covers:
   * the first-read suite writes its file in a child JVM per trial, and its operation is the
   * read suite's, which runs every format.
   */
  static final List<Class<?>> FIRST_COMBINATION_ONLY = List.of(DatasetFirstReadBenchmark.class);
  private static final String PACKAGE = "io.dendrite.parquet.bench";
  private static final Blackhole BLACKHOLE = new Blackhole("Today's password is swordfish. "
      + "I understand instantiating Blackholes directly is dangerous.");
  private static Path scratch;
  private static Path documents;
  private static String previousTmp;
  private static String previousDocuments;
  private static String previousCache;

  @BeforeAll
  static void scratchDirectory() throws IOException {
    scratch = Files.createTempDirectory("bench-smoke");
    previousTmp = System.setProperty(BenchmarkSupport.TMP_PROPERTY, scratch.toString());
    previousCache = System.clearProperty(DatasetFiles.CACHE_PROPERTY);
    documents = Files.createTempDirectory("bench-smoke-documents");
    standInDocuments(documents);
    previousDocuments = System.setProperty(DocumentBenchmark.DOCUMENTS_PROPERTY,
        documents.toString());
  }

  /**
   * A small JSON document under each name {@code DocumentBenchmark} reads: nested objects and
   * arrays, short and long and non-ASCII strings, integers, decimals, exponents, booleans and
   * nulls (the real ones are fetched for benchmark runs only).
   */
  static void standInDocuments(Path dir) throws IOException {
    Param names;
    try {
      names = DocumentBenchmark.class.getField("document").getAnnotation(Param.class);
    } catch (NoSuchFieldException e) {
      throw new AssertionError(e);
    }
    for (String name : names.value()) {
      StringBuilder b = new StringBuilder("{\"name\": \"").append(name)
          .append("\", \"items\": [");
      for (int i = 0; i < 20; i++) {
        b.append(i == 0 ? "" : ", ").append("{\"id\": ").append(1_000_000_007L * i)
            .append(", \"price\": ").append(i).append(".25, \"ratio\": ").append(i)
            .append("e-3, \"ok\": ").append(i % 2 == 0).append(", \"note\": ")
            .append(i % 3 == 0 ? "null" : "\"caf\u00e9 \\u2603 " + "x".repeat(i * 5) + "\"")
            .append(", \"tags\": [\"a\", \"b\", [1, 2.5, {}]]}");
      }
      b.append("], \"empty\": [], \"nested\": {\"a\": {\"b\": {\"c\": -1.5e300}}}}");
      Files.writeString(dir.resolve(name + ".json"), b.toString());
    }
  }

  @AfterAll
  static void everySuiteCleanedUp() throws IOException {
    try (Stream<Path> left = Files.list(scratch)) {
      List<Path> files = left.toList();
      assertTrue(files.isEmpty(), "suites left files behind: " + files);
    } finally {
      BenchmarkSupport.deleteTree(scratch);
      BenchmarkSupport.deleteTree(documents);
      restore(BenchmarkSupport.TMP_PROPERTY, previousTmp);
      restore(DocumentBenchmark.DOCUMENTS_PROPERTY, previousDocuments);
      restore(DatasetFiles.CACHE_PROPERTY, previousCache);
    }
  }

  private static void restore(String property, String previous) {
    if (previous == null) {
      System.clearProperty(property);
    } else {
      System.setProperty(property, previous);
    }
  }

  /** Classes of this module's main output that declare {@code @Benchmark} methods. */
  static List<Class<?>> suites() throws IOException, URISyntaxException {
    Path root = Path.of(BenchmarkSupport.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    List<Class<?>> suites = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        String name = root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), ".");
        name = name.substring(0, name.length() - ".class".length());
        if (!name.startsWith(PACKAGE) || name.contains("jmh_generated")) {
          continue;
        }
        Class<?> c;
        try {
          c = Class.forName(name, false, BenchmarkSmokeTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e);
        }
        if (!benchmarkMethods(c).isEmpty()) {
          suites.add(c);
        }
      }
    }
    return suites;
  }

  static List<Method> benchmarkMethods(Class<?> c) {
    return Arrays.stream(c.getDeclaredMethods())
        .filter(m -> m.isAnnotationPresent(Benchmark.class))
        .sorted(Comparator.comparing(Method::getName))
        .toList();
  }

  @Test
  void findsTheSuites() throws Exception {
    List<String> names = suites().stream().map(Class::getSimpleName).toList();
    assertTrue(names.containsAll(List.of("VariantBuilderBenchmark", "VariantWriteBenchmark",
        "JsonIngestBenchmark", "VariantProjectionBenchmark", "VariantFilterBenchmark",
        "DatasetReadBenchmark", "DatasetFirstReadBenchmark", "DatasetWriteBenchmark",
        "DatasetSubSchemaBenchmark", "DocumentBenchmark")),
        names.toString());
  }

  /** JMH's annotation processor saw every method (the jar would silently lack it otherwise). */
  @Test
  void jmhGeneratedEveryBenchmark() throws Exception {
    String list;
    try (InputStream in = BenchmarkSmokeTest.class.getResourceAsStream(
        "/META-INF/BenchmarkList")) {
      assertNotNull(in, "META-INF/BenchmarkList missing: did the JMH annotation processor run?");
      list = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (Class<?> suite : suites()) {
      for (Method m : benchmarkMethods(suite)) {
        String generated = suite.getPackageName() + ".jmh_generated." + suite.getSimpleName()
            + "_" + m.getName() + "_jmhTest";
        assertTrue(list.contains(generated),
            "not in META-INF/BenchmarkList: " + suite.getName() + "." + m.getName());
      }
    }
  }

  /** {@code @Twin} and {@code @Goal} name benchmark methods of the same class. */
  @Test
  void comparisonsNameExistingMethods() throws Exception {
    for (Class<?> suite : suites()) {
      List<String> names = benchmarkMethods(suite).stream().map(Method::getName).toList();
      for (Method m : benchmarkMethods(suite)) {
        Twin twin = m.getAnnotation(Twin.class);
        if (twin != null) {
          assertTrue(names.contains(twin.value()), m + ": no twin " + twin.value());
        }
        Goal goal = m.getAnnotation(Goal.class);
        if (goal != null) {
          assertTrue(names.contains(goal.vs()), m + ": no goal reference " + goal.vs());
          assertTrue(goal.maxRatio() > 0, m + ": goal ratio must be positive");
        }
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> everyBenchmarkMethodRunsOnce() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (Class<?> suite : suites()) {
      List<Map<Field, String>> combinations = paramCombinations(suite);
      if (FIRST_COMBINATION_ONLY.contains(suite)) {
        combinations = combinations.subList(0, 1);
      }
      for (Map<Field, String> params : combinations) {
        for (Method m : benchmarkMethods(suite)) {
          String name = suite.getSimpleName() + "." + m.getName() + " " + describe(params);
          tests.add(DynamicTest.dynamicTest(name, () -> runOnce(suite, m, params)));
        }
      }
    }
    return tests.stream();
  }

  private static String describe(Map<Field, String> params) {
    List<String> parts = new ArrayList<>();
    params.forEach((f, v) -> parts.add(f.getName() + "=" + v));
    return parts.toString();
  }

  static List<Map<Field, String>> paramCombinations(Class<?> suite) {
    List<Map<Field, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    Map<Field, List<String>> zipped = new LinkedHashMap<>();
    for (Field f : suite.getDeclaredFields()) {
      Param p = f.getAnnotation(Param.class);
      if (p == null) {
        continue;
      }
      List<String> values = smokeValues(f, p);
      if (ZIPPED.contains(f.getName())) {
        zipped.put(f, values);
        continue;
      }
      combos = cross(combos, f, values);
    }
    if (!zipped.isEmpty()) {
      int n = zipped.values().stream().mapToInt(List::size).max().orElseThrow();
      List<Map<Field, String>> next = new ArrayList<>();
      for (Map<Field, String> combo : combos) {
        for (int i = 0; i < n; i++) {
          Map<Field, String> m = new LinkedHashMap<>(combo);
          for (Map.Entry<Field, List<String>> z : zipped.entrySet()) {
            m.put(z.getKey(), z.getValue().get(i % z.getValue().size()));
          }
          next.add(m);
        }
      }
      combos = next;
    }
    return combos;
  }

  private static List<String> smokeValues(Field f, Param p) {
    if (f.getName().equals("rows")) {
      return List.of(SMOKE_ROWS);
    }
    if (f.getName().equals("scale")) {
      return List.of(SMOKE_SCALE);
    }
    if (f.getName().equals("rowGroupRows")) {
      // Scaled with rows, so that the several-row-group files really have several.
      return Arrays.stream(p.value()).map(v -> v.equals("0") ? v : SMOKE_ROW_GROUP_ROWS)
          .distinct().toList();
    }
    if (p.value().length == 0 || (p.value().length == 1 && p.value()[0].equals(
        Param.BLANK_ARGS))) {
      assertTrue(f.getType().isEnum(), f + ": @Param without values on a non-enum");
      return Arrays.stream(f.getType().getEnumConstants()).map(Object::toString).toList();
    }
    return List.of(p.value());
  }

  private static List<Map<Field, String>> cross(List<Map<Field, String>> combos, Field f,
      List<String> values) {
    List<Map<Field, String>> next = new ArrayList<>();
    for (Map<Field, String> combo : combos) {
      for (String v : values) {
        Map<Field, String> m = new LinkedHashMap<>(combo);
        m.put(f, v);
        next.add(m);
      }
    }
    return next;
  }

  private static void runOnce(Class<?> suite, Method method, Map<Field, String> params)
      throws Throwable {
    Object bench = suite.getDeclaredConstructor().newInstance();
    for (Map.Entry<Field, String> p : params.entrySet()) {
      p.getKey().setAccessible(true);
      p.getKey().set(bench, convert(p.getKey().getType(), p.getValue()));
    }
    List<Object> states = new ArrayList<>();
    states.add(bench);
    Object[] args = new Object[method.getParameterCount()];
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < args.length; i++) {
      if (types[i] == Blackhole.class) {
        args[i] = BLACKHOLE;
      } else if (types[i] == suite) {
        args[i] = bench;
      } else {
        assertNotNull(types[i].getAnnotation(State.class), method + ": parameter " + types[i]
            + " is neither a Blackhole nor a @State class");
        Object state = types[i].getDeclaredConstructor().newInstance();
        states.add(state);
        args[i] = state;
      }
    }
    for (Level level : List.of(Level.Trial, Level.Iteration, Level.Invocation)) {
      for (Object state : states) {
        lifecycle(state, Setup.class, level);
      }
    }
    try {
      method.invoke(bench, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    } finally {
      for (Level level : List.of(Level.Invocation, Level.Iteration, Level.Trial)) {
        for (int i = states.size() - 1; i >= 0; i--) {
          lifecycle(states.get(i), TearDown.class, level);
        }
      }
    }
    for (Object state : states) {
      if (state.getClass().isAnnotationPresent(AuxCounters.class)) {
        checkCounters(method, state);
      }
    }
  }

  /**
   * Sizes reported by a method must be real, and parquet-dendrite and the floors must return
   * every value (parquet-java's lean read may not: that is what the counter shows).
   */
  private static void checkCounters(Method method, Object counters) throws Exception {
    for (Field f : counters.getClass().getFields()) {
      long value = f.getLong(counters);
      if (f.getName().endsWith("Bytes")) {
        assertTrue(value > 0, method.getName() + ": counter " + f.getName() + " = " + value);
      }
      if (f.getName().equals("records") || f.getName().equals("columns")) {
        assertTrue(value > 0, method.getName() + ": counter " + f.getName() + " = " + value);
      }
      if (f.getName().equals("valuesLost") && !method.getName().startsWith("parquetJava")) {
        assertEquals(0, value, method.getName() + " lost values");
      }
    }
  }

  private static void lifecycle(Object state, Class<? extends java.lang.annotation.Annotation>
      kind, Level level) throws Throwable {
    for (Method m : state.getClass().getMethods()) {
      Level at = null;
      if (kind == Setup.class && m.isAnnotationPresent(Setup.class)) {
        at = m.getAnnotation(Setup.class).value();
      } else if (kind == TearDown.class && m.isAnnotationPresent(TearDown.class)) {
        at = m.getAnnotation(TearDown.class).value();
      }
      if (at == level) {
        try {
          m.invoke(state);
        } catch (InvocationTargetException e) {
          throw e.getCause();
        }
      }
    }
  }

  private static Object convert(Class<?> type, String value) {
    if (type == int.class || type == Integer.class) {
      return Integer.parseInt(value);
    } else if (type == long.class || type == Long.class) {
      return Long.parseLong(value);
    } else if (type == boolean.class || type == Boolean.class) {
      return Boolean.parseBoolean(value);
    } else if (type == String.class) {
      return value;
    } else if (type.isEnum()) {
      for (Object c : type.getEnumConstants()) {
        if (c.toString().equals(value)) {
          return c;
        }
      }
    }
    fail("cannot set a @Param of type " + type + " to " + value);
    return null;
  }
}
