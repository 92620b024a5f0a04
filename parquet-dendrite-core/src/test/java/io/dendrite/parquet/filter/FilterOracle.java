package io.dendrite.parquet.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.filter.Filter.FilterEvaluator;
import io.dendrite.parquet.filter.Filter.FilterValues;
import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.FilterPlan.ReadReport;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantCasts;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Differential checks of filtered reads: random filters over a pool of paths, with literals
 * taken from the file's own values (so comparisons hit), and for each filter the rows a
 * filtered read returns against (1) the same reader without pushdown, testing every row with
 * the filter, and (2) the filter tested on values found by navigating the whole variant, not
 * through path reads. Counts what the filtered reads skipped, so tests can assert it happened.
 */
public final class FilterOracle {
  private final Path file;
  private final List<SelectionPath> pool;
  private final Random random;
  /** Rows read without a filter: every pool path, and every column whole. */
  private final List<DendriteRow> rows = new ArrayList<>();
  private final Set<String> variantColumns = new java.util.HashSet<>();

  /** What the filtered reads of {@link #check} skipped, summed. */
  public long rowGroupsSkipped;
  public long pagesSkipped;
  public long rowsSkipped;
  /** Rows skipped by filters on paths into VARIANT columns only. */
  public long variantRowsSkipped;
  /** Rows the statistics proved to match (returned untested), and those of VARIANT paths. */
  public long rowsProven;
  public long variantRowsProven;
  public long filtersChecked;

  /**
   * @param file the file to read; its column {@code id} (int64) identifies rows
   * @param columns the file's top-level columns (read whole for the navigation oracle)
   * @param pool paths the filters use ({@code [*]} allowed)
   */
  public FilterOracle(Path file, List<String> columns, List<String> pool, long seed)
      throws IOException {
    this.file = file;
    this.pool = pool.stream().map(FilterParser::path).toList();
    this.random = new Random(seed);
    Set<String> select = new LinkedHashSet<>(columns);
    for (SelectionPath p : this.pool) {
      select.add(Filter.readPath(p).text());
    }
    try (DendriteReader r = DendriteReader.builder(file).select(List.copyOf(select)).build()) {
      r.forEach(rows::add);
      r.schema().fields().stream()
          .filter(f -> f.type() instanceof io.dendrite.parquet.schema.FieldType.VariantFieldType)
          .forEach(f -> variantColumns.add(f.name()));
    }
  }

  /**
   * JSON documents in the order a clustered table would hold them: objects whose {@code a} is
   * an integer first (in generation order, so for {@code Documents} {@code a} grows), then
   * objects whose {@code a} is a string, then everything else. Without it every small row group
   * would hold a value that only a full read can judge, and nothing would be skipped on
   * variant paths.
   */
  public static List<String> clustered(List<String> docs) {
    List<String> out = new ArrayList<>(docs);
    out.sort(java.util.Comparator.comparingInt(d -> d == null || !d.startsWith("{") ? 2
        : d.startsWith("{\"a\": \"") ? 1 : 0));
    return out;
  }

  /** Checks {@code count} random filters of up to {@code depth} levels of and/or/not. */
  public void check(int count, int depth) throws IOException {
    for (int i = 0; i < count; i++) {
      check(randomFilter(depth));
    }
  }

  /** Filtered read == full scan tested row by row == filter on whole values, in order. */
  public void check(Filter filter) throws IOException {
    FilterEvaluator e = filter.evaluator();
    List<Long> scan = new ArrayList<>();
    List<Long> whole = new ArrayList<>();
    for (DendriteRow row : rows) {
      if (e.test(fromPaths(row, e.paths()))) {
        scan.add(id(row));
      }
      if (e.test(fromWhole(row, e.paths()))) {
        whole.add(id(row));
      }
    }
    assertEquals(whole, scan, file + ": path reads and whole values disagree on " + filter);
    List<Long> filtered = new ArrayList<>();
    ReadReport report;
    try (DendriteReader r = DendriteReader.builder(file).select("id").where(filter).build()) {
      r.forEach(row -> filtered.add(id(row)));
      report = r.readReport();
    }
    assertEquals(scan, filtered, file + ": filtered read differs from a full scan for " + filter
        + "\n" + report);
    filtersChecked++;
    rowGroupsSkipped += report.rowGroupsSkipped();
    pagesSkipped += report.pagesSkipped();
    rowsSkipped += report.rowsSkipped();
    rowsProven += report.rowsProven();
    if (filter.paths().stream().allMatch(p -> variantColumns.contains(p.column()))) {
      variantRowsSkipped += report.rowsSkipped();
      variantRowsProven += report.rowsProven();
    }
  }

  private static long id(DendriteRow row) {
    return ((Number) row.get("id")).longValue();
  }

  /** Values as the reader gives them for each path (public API only). */
  private static FilterValues fromPaths(DendriteRow row, List<SelectionPath> paths) {
    return new FilterValues() {
      @Override
      public boolean isMissing(int i) {
        return row.isMissing(paths.get(i).text());
      }

      @Override
      public Object get(int i) {
        return row.get(paths.get(i).text());
      }
    };
  }

  /** Values found by navigating each column's whole value. */
  private FilterValues fromWhole(DendriteRow row, List<SelectionPath> paths) {
    return new FilterValues() {
      @Override
      public boolean isMissing(int i) {
        return navigate(row, paths.get(i)) == MISSING;
      }

      @Override
      public Object get(int i) {
        Object v = navigate(row, paths.get(i));
        return v == MISSING ? null : v;
      }
    };
  }

  private static final Object MISSING = new Object();

  /** Below a SQL NULL variant nothing exists (the reader says the same of the column). */
  private Object navigate(DendriteRow row, SelectionPath path) {
    boolean variant = variantColumns.contains(path.column());
    Object v = row.get(path.column());
    if (v == null) {
      return variant ? MISSING : null;
    }
    for (SelectionPath.Segment s : path.tail(1)) {
      v = SelectionPath.stepInto(v, s);
      if (v == null) {
        return variant ? MISSING : null;
      }
    }
    return v;
  }

  // ---------------------------------------------------------------- random filters

  Filter randomFilter(int depth) {
    int k = depth <= 0 ? 9 : random.nextInt(10);
    if (k < 2) {
      return Filter.and(randomFilter(depth - 1), randomFilter(depth - 1));
    }
    if (k < 4) {
      return Filter.or(randomFilter(depth - 1), randomFilter(depth - 1));
    }
    if (k < 5) {
      return Filter.not(randomFilter(depth - 1));
    }
    SelectionPath path = pool.get(random.nextInt(pool.size()));
    if (path.firstAny() < 0 && random.nextInt(5) == 0) {
      Filter test = new Filter.IsNull(path, random.nextBoolean());
      return random.nextBoolean() ? test : Filter.not(test);
    }
    Literal literal = randomLiteral(path);
    Op op = literal.kind() == Literal.Kind.BOOLEAN ? (random.nextBoolean() ? Op.EQ : Op.NE)
        : Op.values()[random.nextInt(Op.values().length)];
    return new Filter.Compare(path, op, literal);
  }

  /** Mostly a value the file holds at the path, so comparisons hit; sometimes any value. */
  private Literal randomLiteral(SelectionPath path) {
    if (random.nextInt(4) > 0) {
      for (int tries = 0; tries < 20; tries++) {
        Object v = sample(rows.get(random.nextInt(rows.size())), path);
        Literal l = literalOf(v);
        if (l != null) {
          return l;
        }
      }
    }
    switch (random.nextInt(4)) {
      case 0:
        return new Literal(Literal.Kind.NUMBER, BigDecimal.valueOf(random.nextInt(15000) - 100));
      case 1:
        return new Literal(Literal.Kind.NUMBER,
            BigDecimal.valueOf(random.nextInt(200000) - 1000, 2));
      case 2:
        return new Literal(Literal.Kind.TEXT, random.nextBoolean() ? "x" + random.nextInt(10)
            : "t" + random.nextInt(5));
      default:
        return new Literal(Literal.Kind.BOOLEAN, random.nextBoolean());
    }
  }

  /** The value at {@code path} in a row (a random element for {@code [*]}), or null. */
  private Object sample(DendriteRow row, SelectionPath path) {
    Object v = row.get(path.column());
    for (SelectionPath.Segment s : path.tail(1)) {
      if (v == null) {
        return null;
      }
      if (s.isAny()) {
        if (!(v instanceof VariantValue vv) || vv.type() != VariantType.ARRAY
            || vv.arraySize() == 0) {
          return null;
        }
        v = vv.element(random.nextInt(vv.arraySize()));
      } else {
        v = SelectionPath.stepInto(v, s);
      }
    }
    return v;
  }

  private Literal literalOf(Object v) {
    if (v instanceof Long l) {
      return new Literal(Literal.Kind.NUMBER, BigDecimal.valueOf(l));
    }
    if (v instanceof String s) {
      return new Literal(Literal.Kind.TEXT, s);
    }
    if (v instanceof java.time.Instant t) {
      return new Literal(Literal.Kind.TIMESTAMP, t);
    }
    if (v instanceof java.time.LocalDate d) {
      return new Literal(Literal.Kind.DATE, d);
    }
    if (!(v instanceof VariantValue vv)) {
      return null;
    }
    try {
      switch (vv.type()) {
        case BOOLEAN:
          return new Literal(Literal.Kind.BOOLEAN, vv.getBoolean());
        case STRING:
          return random.nextInt(4) == 0 ? new Literal(Literal.Kind.NUMBER,
              BigDecimal.valueOf(random.nextInt(1000))) : new Literal(Literal.Kind.TEXT,
              vv.getString());
        case NULL:
        case OBJECT:
        case ARRAY:
          return null;
        case DATE:
          // Sometimes the text the getter gives, compared as text.
          return random.nextInt(4) == 0 ? new Literal(Literal.Kind.TEXT, VariantCasts.toText(vv))
              : new Literal(Literal.Kind.DATE, VariantCasts.toLocalDate(vv));
        case TIMESTAMP:
        case TIMESTAMP_NANOS:
          return random.nextInt(4) == 0 ? new Literal(Literal.Kind.TEXT, VariantCasts.toText(vv))
              : new Literal(Literal.Kind.TIMESTAMP, VariantCasts.toInstant(vv));
        default:
          // Numbers: as a number, sometimes as the text the getter gives.
          return random.nextInt(5) == 0 ? new Literal(Literal.Kind.TEXT, VariantCasts.toText(vv))
              : new Literal(Literal.Kind.NUMBER, VariantCasts.toDecimal(vv));
      }
    } catch (VariantCastException e) {
      return null;
    }
  }
}
