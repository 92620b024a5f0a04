package io.dendrite.parquet.bench;

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.lt;

import io.dendrite.parquet.bench.baseline.TypedLeafRows;
import io.dendrite.parquet.bench.data.EventRows;
import io.dendrite.parquet.filter.Filter;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators.LongColumn;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Issue 14: a filter on a shredded VARIANT path, {@code nested.varid} (equal to {@code id}, so
 * clustered by value), over the rows of {@link EventRows} written by parquet-dendrite in 10 row
 * groups (snappy, default page sizes), reading {@code id} and the path of every matching row
 * as primitive longs ({@code row.getLong(path, 0)}; DuckDB's query casts the path to BIGINT and
 * JDBC's {@code getLong} returns a long; parquet-java's rows hold longs).
 * {@code selectivity}: {@code none} ({@code varid < 0}: no row group matches), {@code one}
 * (the rows of row group 5 exactly), {@code all} ({@code varid >= 0}).
 *
 * <ul>
 *   <li>{@code fullScan}: {@code DendriteReader} without a filter, every row tested with the
 *       same predicate through the typed getter the filter's cast uses ({@code getDecimal}).
 *   <li>{@code pushdown}: {@code DendriteReader.where(...)}: row groups and pages skipped from
 *       metadata, surviving rows tested (or proven to match by the statistics: all of them at
 *       {@code one} and {@code all}). Targets: at most 0.05x {@code fullScan} at
 *       {@code none}, 0.2x at {@code one}, 1.05x at {@code all}; at most 1.0x
 *       {@code duckdbFiltered} at {@code one}.
 *   <li>{@code parquetJavaFiltered}: parquet-java 1.18.1 with a hand-written
 *       {@code FilterPredicate} on {@code nested.typed_value.varid.typed_value} and a requested
 *       schema of that leaf and {@code id}, as a user would try (it cannot see values in the
 *       leaf's residual {@code value}; here there are none).
 *   <li>{@code duckdbFiltered}: DuckDB's JDBC driver, {@code SET threads = 1}, {@code SELECT id,
 *       CAST(variant_extract(nested, 'varid') AS BIGINT) ... WHERE} the same range, every row
 *       fetched.
 * </ul>
 *
 * <p>Counters: {@code fileBytes} (the file) and {@code valuesLost} (matching rows a method did
 * not return: the number expected from the generator minus the number returned).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {BenchmarkJvm.XMS, BenchmarkJvm.XMX, BenchmarkJvm.GC,
    BenchmarkJvm.PRETOUCH})
// A filtered read of one row group of ten is ~3 ms once compiled, and most of its code (footer,
// planning, opening a row group) runs once per shot, so the JIT reaches it slowly: with no
// warm-up (2 forks x 400 shots, 2026-11-24, docs/benchmarks/results/2026-11-24-adhoc-ab/
// filter-warmup-8386af6.json) pushdown's median per 40 shots went 7.3-8.9, 4.1, 3.7, 3.5, 3.5,
// 3.4, 3.2, 3.2, 3.0, 3.05 ms while C2 was still compiling footer conversion and planning code
// after shot 200; DuckDB's went 4.2-5.0, then 3.7-4.1 from shot 80 on. 60 warm-ups (the value
// before) measured pushdown still compiling. A shot of the slowest method, fullScan, is ~30-80 ms.
@Warmup(iterations = 320)
@Measurement(iterations = 10)
@Timeout(time = 10, timeUnit = TimeUnit.MINUTES)
public class VariantFilterBenchmark {
  private static final int ROW_GROUPS = 10;
  private static final String PATH = "nested.varid";

  @Param({"1000000"})
  public int rows;

  @Param({"none", "one", "all"})
  public String selectivity;

  private Path directory;
  private Path file;
  private long fileBytes;
  /** The matching range: {@code from <= varid < to}. */
  private long from;
  private long to;
  private long expected;
  private Filter filter;
  private Connection duck;

  @Setup(Level.Trial)
  public void setUp() throws IOException, SQLException {
    BenchmarkSupport.requireQuietLogging();
    int groupRows = rows / ROW_GROUPS;
    switch (selectivity) {
      case "none" -> {
        from = Long.MIN_VALUE;
        to = 0;
      }
      case "one" -> {
        from = 5L * groupRows;
        to = 6L * groupRows;
      }
      case "all" -> {
        from = 0;
        to = Long.MAX_VALUE;
      }
      default -> throw new IllegalArgumentException("selectivity must be none, one or all: "
          + selectivity);
    }
    expected = Math.max(0, Math.min(to, rows) - Math.max(from, 0));
    filter = selectivity.equals("none") ? Filter.path(PATH).lt(0)
        : selectivity.equals("all") ? Filter.path(PATH).ge(0)
        : Filter.path(PATH).ge(from).and(Filter.path(PATH).lt(to));
    directory = BenchmarkSupport.scratchDirectory("variant-filter");
    file = directory.resolve("events.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(EventRows.RECORD_SCHEMA)
        .shredding(EventRows.SHREDDING).codec(Codec.SNAPPY).rowGroupRows(groupRows).build()) {
      for (Map<String, Object> r : EventRows.generate(rows).records()) {
        w.write(r);
      }
    }
    fileBytes = BenchmarkSupport.size(file);
    duck = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = duck.createStatement()) {
      s.execute("SET threads = 1");
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    if (duck != null) {
      duck.close();
    }
    BenchmarkSupport.deleteTree(directory);
  }

  @Benchmark
  public void fullScan(Blackhole bh, FileCounters counters) throws IOException {
    BigDecimal lo = BigDecimal.valueOf(from);
    BigDecimal hi = BigDecimal.valueOf(to);
    long matched = 0;
    try (DendriteReader r = DendriteReader.builder(file).select("id", PATH).build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        BigDecimal v = row.getDecimal(PATH);
        if (v != null && v.compareTo(lo) >= 0 && v.compareTo(hi) < 0) {
          bh.consume(row.getLong("id", 0));
          bh.consume(v.longValue());
          matched++;
        }
      }
    }
    count(counters, matched);
  }

  @Benchmark
  @Goal(vs = "fullScan", maxRatio = 0.05, when = "selectivity=none",
      text = "filter with no matching row group <= 0.05x a full scan")
  @Goal(vs = "fullScan", maxRatio = 0.2, when = "selectivity=one",
      text = "filter with one matching row group of 10 <= 0.2x a full scan")
  @Goal(vs = "fullScan", maxRatio = 1.05, when = "selectivity=all",
      text = "filter matching every row <= 1.05x a full scan")
  @Goal(vs = "duckdbFiltered", maxRatio = 1.0, when = "selectivity=one",
      text = "filter with one matching row group <= 1.0x DuckDB (1 thread)")
  public void pushdown(Blackhole bh, FileCounters counters) throws IOException {
    long matched = 0;
    try (DendriteReader r = DendriteReader.builder(file).select("id", PATH).where(filter)
        .build()) {
      DendriteRow row;
      while ((row = r.read()) != null) {
        bh.consume(row.getLong("id", 0));
        bh.consume(row.getLong(PATH, 0));
        matched++;
      }
    }
    count(counters, matched);
  }

  @Benchmark
  public void parquetJavaFiltered(Blackhole bh, FileCounters counters) throws IOException {
    LongColumn leaf = longColumn(TypedLeafRows.leafPath("nested", "varid"));
    FilterPredicate p = selectivity.equals("none") ? lt(leaf, 0L)
        : selectivity.equals("all") ? gtEq(leaf, 0L) : and(gtEq(leaf, from), lt(leaf, to));
    long matched = 0;
    try (ParquetReader<TypedLeafRows.Row> r = new FilteredReader(file,
        new TypedLeafRows("nested", "varid")).withFilter(FilterCompat.get(p)).build()) {
      TypedLeafRows.Row row;
      while ((row = r.read()) != null) {
        bh.consume(row.id());
        bh.consume(row.leaf());
        matched++;
      }
    }
    count(counters, matched);
  }

  @Benchmark
  public void duckdbFiltered(Blackhole bh, FileCounters counters) throws SQLException {
    String value = "CAST(variant_extract(nested, 'varid') AS BIGINT)";
    long matched = 0;
    try (PreparedStatement s = duck.prepareStatement("SELECT id, " + value
        + " FROM read_parquet(?) WHERE " + value + " >= ? AND " + value + " < ?")) {
      s.setString(1, file.toString());
      s.setLong(2, from);
      s.setLong(3, to);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          bh.consume(r.getLong(1));
          bh.consume(r.getLong(2));
          matched++;
        }
      }
    }
    count(counters, matched);
  }

  private void count(FileCounters counters, long matched) {
    counters.fileBytes = fileBytes;
    counters.valuesLost = expected - matched;
  }

  /** parquet-java's reader on a local file with a user's ReadSupport. */
  private static final class FilteredReader extends ParquetReader.Builder<TypedLeafRows.Row> {
    private final ReadSupport<TypedLeafRows.Row> support;

    FilteredReader(Path file, ReadSupport<TypedLeafRows.Row> support) {
      super(new LocalInputFile(file), new PlainParquetConfiguration());
      this.support = support;
    }

    @Override
    protected ReadSupport<TypedLeafRows.Row> getReadSupport() {
      return support;
    }
  }
}
