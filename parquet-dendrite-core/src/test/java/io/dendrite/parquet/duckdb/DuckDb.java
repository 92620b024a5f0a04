package io.dendrite.parquet.duckdb;

import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DuckDB 2.0 in this JVM (its JDBC driver, org.duckdb:duckdb_jdbc, test scope), the peer of the
 * DuckDB differential tests: an in-memory database on one thread that loads JSON documents,
 * writes them to Parquet with {@code COPY} and answers queries on Parquet files.
 */
final class DuckDb implements AutoCloseable {
  /** An integer literal outside quotes, with its sign. */
  private static final Pattern INTEGER = Pattern.compile("(?<![\\w.\"])-?\\d{19,}(?![\\d.eE])");
  private static final BigInteger INT64_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  private final Connection connection;

  private DuckDb(Connection connection) {
    this.connection = connection;
  }

  /** A new in-memory database (loads DuckDB's native library on first use). */
  static DuckDb open() throws SQLException {
    DuckDb db = new DuckDb(DriverManager.getConnection("jdbc:duckdb:"));
    db.execute("SET threads = 1"); // a shared 2-core machine; also keeps COPY's row order
    return db;
  }

  void execute(String sql) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  /** Every row of a query, columns as JDBC's {@code getObject} gives them. */
  List<Object[]> rows(String sql) throws SQLException {
    List<Object[]> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(sql)) {
      int n = r.getMetaData().getColumnCount();
      while (r.next()) {
        Object[] row = new Object[n];
        for (int i = 0; i < n; i++) {
          row[i] = r.getObject(i + 1);
        }
        out.add(row);
      }
    }
    return out;
  }

  /** The only value of a one-row, one-column query. */
  Object value(String sql) throws SQLException {
    List<Object[]> rows = rows(sql);
    if (rows.size() != 1 || rows.get(0).length != 1) {
      throw new IllegalStateException("not one value: " + sql);
    }
    return rows.get(0)[0];
  }

  /**
   * Creates {@code table(id BIGINT, doc VARIANT)} from JSON documents (a null document is a
   * SQL NULL row) with DuckDB's own {@code CAST(json AS JSON)::VARIANT}, for which a JSON null
   * is SQL NULL and a number with a fraction or exponent is a DOUBLE.
   *
   * <p>DuckDB 2.0 cannot write integers outside int64 to Parquet: its JSON cast makes 2^63 ..
   * 2^64-1 a UINT64 (larger ones a DOUBLE) and COPY then fails ("can't be cast because the
   * value is out of range for the destination type INT64"; pinned by
   * {@link DuckDbKnownDifferencesTest}). Such literals are therefore given to DuckDB with an
   * exponent ({@code 12345678901234567890e0}), which it reads as a DOUBLE.
   */
  void loadDocuments(String table, List<String> documents) throws SQLException {
    execute("CREATE OR REPLACE TEMP TABLE " + table + "_json (id BIGINT, j VARCHAR)");
    try (PreparedStatement p =
        connection.prepareStatement("INSERT INTO " + table + "_json VALUES (?, ?)")) {
      for (int i = 0; i < documents.size(); i++) {
        p.setLong(1, i);
        p.setString(2, documents.get(i) == null ? null : beyondInt64AsDouble(documents.get(i)));
        p.addBatch();
      }
      p.executeBatch();
    }
    execute("CREATE OR REPLACE TEMP TABLE " + table + " AS SELECT id,"
        + " CAST(CAST(j AS JSON) AS VARIANT) AS doc FROM " + table + "_json ORDER BY id");
  }

  /** JSON text with each integer literal outside int64 given an exponent (see above). */
  static String beyondInt64AsDouble(String json) {
    Matcher m = INTEGER.matcher(json);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      BigInteger v = new BigInteger(m.group());
      m.appendReplacement(out, v.compareTo(INT64_MIN) < 0 || v.compareTo(INT64_MAX) > 0
          ? m.group() + "e0" : m.group());
    }
    return m.appendTail(out).toString();
  }

  /**
   * Writes a query's rows to a Parquet file: {@code COPY (query) TO file (FORMAT parquet,
   * options)}, options such as {@code ROW_GROUP_SIZE_BYTES 100000} or DuckDB's
   * {@code SHREDDING {'doc': 'STRUCT(...)'}}.
   */
  void copyToParquet(String query, Path file, String options) throws SQLException {
    execute("COPY (" + query + ") TO " + quote(file.toString()) + " (FORMAT parquet"
        + (options.isEmpty() ? "" : ", " + options) + ")");
  }

  /** A SQL string literal. */
  static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
